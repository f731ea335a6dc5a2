import { canModifyAnnotation, type UserType } from '@asset-portal/shared';

/** The kinds of annotation offered in the dialog; an older annotation may carry another. */
export const ANNOTATION_TYPES = ['Note', 'Issue', 'Defect', 'Measurement'] as const;
export const DEFAULT_ANNOTATION_TYPE = ANNOTATION_TYPES[0];

/** An annotation as the panel lists it. */
export interface AnnotationItem {
  id: string;
  scanId: string;
  title: string;
  type: string | null;
  comment: string | null;
  point: { type: string; coordinates: number[] };
  created: string;
  lastModified: string;
  /** The author; null when that user was deleted. */
  user: { id: string; name: string } | null;
  scan: { id: string; friendlyName: string | null } | null;
}

/** What the annotation dialog edits. */
export interface AnnotationFormValues {
  title: string;
  type: string;
  comment: string;
}

/** Spec §4: annotations are listed by id descending (ids are numbers sent as text). */
/**
 * Which scan an annotation is on, as its row says it: the friendly name with the scan id (names
 * repeat across sessions: 'Scan 1' of one drive and of the next), or the id alone.
 */
export function annotationScanLabel(annotation: {
  scanId: string;
  scan?: { friendlyName?: string | null } | null;
}): string {
  const name = annotation.scan?.friendlyName?.trim();
  return name && name !== annotation.scanId
    ? `${name} (${annotation.scanId})`
    : `Scan ${annotation.scanId}`;
}

export function sortAnnotationsByIdDesc<T extends { id: string }>(annotations: readonly T[]): T[] {
  return [...annotations].sort((a, b) => Number(b.id) - Number(a.id));
}

/** The type choices for the dialog: the standard ones plus the annotation's own, if different. */
export function annotationTypeOptions(current: string | null | undefined): string[] {
  const options: string[] = [...ANNOTATION_TYPES];
  if (current && !options.includes(current)) options.push(current);
  return options;
}

export function initialAnnotationValues(annotation: AnnotationItem | null): AnnotationFormValues {
  return {
    title: annotation?.title ?? '',
    type: annotation?.type ?? DEFAULT_ANNOTATION_TYPE,
    comment: annotation?.comment ?? '',
  };
}

/** The GeoJSON point sent to the server for a clicked map position. */
export function pointOf([lon, lat]: [number, number]): { type: 'Point'; coordinates: number[] } {
  return { type: 'Point', coordinates: [lon, lat] };
}

/**
 * Whether the viewer may edit or delete the annotation. The server decides; this only keeps
 * the buttons of annotations a Standard user did not write from promising what it will refuse.
 */
export function canChangeAnnotation(
  viewer: { id: string; userType: UserType } | null,
  annotation: Pick<AnnotationItem, 'user'>,
): boolean {
  return viewer !== null && canModifyAnnotation(viewer, annotation.user?.id);
}

/** The map overlay: one point feature per annotation, with its id, title, type and selection. */
export function annotationFeatures(
  annotations: readonly AnnotationItem[],
  selectedIds: ReadonlySet<string>,
): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: annotations.map((annotation) => ({
      type: 'Feature',
      id: Number(annotation.id),
      geometry: { type: 'Point', coordinates: annotation.point.coordinates.slice(0, 2) },
      properties: {
        id: annotation.id,
        scanId: annotation.scanId,
        title: annotation.title,
        type: annotation.type ?? '',
        selected: selectedIds.has(annotation.id),
      },
    })),
  };
}
