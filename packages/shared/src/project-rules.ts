/** Texts of the Projects screen that the spec leaves to the product (spec §2 Projects, §8). */

export const PROJECT_CREATE_TITLE = 'New Project';
export const PROJECT_EDIT_TITLE = 'Edit Project';
export const PROJECT_CREATED = 'Project created';
export const PROJECT_UPDATED = 'Project updated';
export const PROJECT_DELETED = 'Project deleted';
/** The From column of a project without device assignments. */
export const NO_DEVICE_ASSIGNMENT = 'no device assignment';
/** Why a save did nothing: the UTM does not end in N or S (spec §5). */
export const PROJECT_UTM_INVALID = 'UTM must be a zone number followed by N or S, e.g. 10N';
export const PROJECTION_INVALID = (projection: string): string =>
  `Projection is not a valid proj4 definition: '${projection}'`;
