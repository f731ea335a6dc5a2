/** Texts of the annotations panel (the spec names none of them). */
export const ANNOTATIONS_TITLE = 'Annotations';
export const ADD_ANNOTATION = 'Add annotation';
export const ADD_ANNOTATION_NEEDS_SCAN = 'Focus a scan to add an annotation to it';
export const PICK_POINT_HINT =
  'Click the map where the annotation goes, or move the map with the arrow keys and press Enter to place it at the centre mark (Escape cancels)';
export const MOVE_POINT_HINT =
  'Click the map at the new position, or move the map with the arrow keys and press Enter to place it at the centre mark (Escape cancels)';
export const NO_ANNOTATIONS = 'No annotations in this project';
export const ANNOTATIONS_LOAD_FAILED = 'The annotations could not be loaded';
export const ANNOTATION_CREATE_TITLE = 'New Annotation';
export const ANNOTATION_EDIT_TITLE = 'Edit Annotation';
export const ANNOTATION_CREATED = 'Annotation created';
export const ANNOTATION_UPDATED = 'Annotation updated';
export const ANNOTATION_MOVED = 'Annotation moved';
export const ANNOTATION_DELETED = 'Annotation deleted';
export const ANNOTATION_DELETE_TITLE = 'Confirm Annotation Deletion';
export const annotationDeleteMessage = (title: string): string =>
  `Are you sure you want to delete annotation '${title}'?`;
export const SCAN_NOT_IN_PROJECT = 'Its scan is not in the current project list';
export const NOT_YOUR_ANNOTATION = 'Only the author, a Power User or an Admin can change it';
