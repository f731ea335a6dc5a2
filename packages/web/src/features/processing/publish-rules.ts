/** Publish form rules of spec §5 and the publishing contract, applied before the API call. */
import {
  normalizePublishFolder,
  PUBLISH_BULK,
  PUBLISH_FOLDER_INVALID,
  VALUE_REQUIRED,
} from '@asset-portal/shared';
import type { PublishTarget } from './types.ts';

/**
 * The folder under '<project name>/' the scans are written to: required ('Value is required'),
 * then the shared folder rule the server applies too.
 */
export function validatePublishFolder(folder: string | null | undefined): string | null {
  const value = (folder ?? '').trim();
  if (value === '') return VALUE_REQUIRED;
  return normalizePublishFolder(value) === null ? PUBLISH_FOLDER_INVALID : null;
}

/** The line under the title: 'Publish N scans' in bulk, the scan id for one scan. */
export function publishSubtitle(scans: readonly PublishTarget[]): string {
  const [only] = scans;
  return scans.length === 1 && only ? only.id : PUBLISH_BULK(scans.length);
}

/** The scan and session pairs publishScans takes. */
export function publishScanInputs(
  scans: readonly PublishTarget[],
): { scanId: string; sessionId: string | null }[] {
  return scans.map((scan) => ({ scanId: scan.id, sessionId: scan.sessionId }));
}
