import { normalizeUtm, parseUtm } from '@asset-portal/shared';

export const IMPORTED_SCAN_CREATE_TITLE = 'Create Imported Scan';
export const IMPORTED_SCAN_EDIT_TITLE = 'Edit Imported Scan';
export const IMPORTED_SCAN_UPDATED = 'Imported scan updated';
export const IMPORTED_SCAN_DELETED = 'Imported scan deleted';
export const CONFIRM_IMPORTED_SCAN_DELETION_TITLE = 'Confirm Imported Scan Deletion';
export const CONFIRM_IMPORTED_SCAN_DELETION = (name: string): string =>
  `Are you sure you want to delete imported scan '${name}'?`;
export const PROCESS_AGAIN = 'Process again';
export const PROCESS_AGAIN_LABEL = (name: string): string => `Process imported scan ${name} again`;
export const DETERMINE_TRAJECTORY_LABEL = 'Determine trajectory';
export const IMPORTED_SCAN_DIALOG_WIDTH = 600;

/** '42n ' → '42N', as stored. */
export const normalizeUtmInput = (value: string): string => value.trim().toUpperCase();

/** A datetime-local value ('2024-05-01T10:30') as an ISO instant; null when blank. */
export function localInputToIso(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** '09n' → '9N'; null when the value is not a UTM zone. */
function utmZoneKey(value: unknown): string | null {
  const utm = parseUtm(normalizeUtm(value) ?? '');
  return utm ? `${utm.zone}${utm.south ? 'S' : 'N'}` : null;
}

/**
 * A scan placed in another zone than its project's is most often a typing slip, and it lands
 * hundreds of kilometres away: the dialog says so. Null when they agree or either is unknown.
 */
export function utmZoneWarning(scanUtm: string, projectUtm: unknown): string | null {
  const scan = utmZoneKey(scanUtm);
  const project = utmZoneKey(projectUtm);
  if (scan === null || project === null || scan === project) return null;
  return `The project's UTM zone is ${project}. Check the zone: this scan will be placed in zone ${scan}.`;
}
