import { importedScanFailureReason } from '@asset-portal/shared';

/** The fields the status and format helpers read. */
export interface ImportedScanState {
  status: string;
  processingStatus: string | null;
  processingMessage: string | null;
  sourceS3Url: string | null;
  metadata: unknown;
}

type ChipColor = 'default' | 'success' | 'info' | 'error' | 'warning';

export interface StatusChip {
  label: string;
  color: ChipColor;
  /** The processing message, shown as the chip's tooltip. */
  tooltip: string | null;
}

const RUNNING = new Set(['Submitted', 'Started']);
const FAILED = new Set(['Failed', 'Error', 'Hung']);

function metadataObject(metadata: unknown): Record<string, unknown> {
  if (typeof metadata === 'string') {
    try {
      return metadataObject(JSON.parse(metadata));
    } catch {
      return {};
    }
  }
  return metadata && typeof metadata === 'object' && !Array.isArray(metadata)
    ? (metadata as Record<string, unknown>)
    : {};
}

/** The metadata as an object (stored JSON may arrive as text), for merging on edit. */
export function metadataRecord(metadata: unknown): Record<string, unknown> {
  return { ...metadataObject(metadata) };
}

/** The scan's UTM zone as entered, '' without one. */
export function utmOf(metadata: unknown): string {
  const utm = metadataObject(metadata).utm;
  return typeof utm === 'string' ? utm : '';
}

/** The point count the processing found, null before it ran. */
export function pointCountOf(metadata: unknown): number | null {
  const count = metadataObject(metadata).pointCount;
  return typeof count === 'number' && Number.isFinite(count) ? count : null;
}

/** '38,367'; empty before processing. */
export function formatPointCount(metadata: unknown): string {
  const count = pointCountOf(metadata);
  return count === null ? '' : count.toLocaleString('en-US');
}

/** Completed (green) with an artifact, else Pending (spec §2). */
export function statusChip(scan: ImportedScanState): StatusChip {
  return {
    label: scan.status,
    color: scan.status === 'Completed' ? 'success' : 'default',
    tooltip: null,
  };
}

/**
 * The state of the last processing run when it tells the user something: running, or failed
 * with its reason. A finished run adds nothing to 'Completed'.
 */
export function processingChip(scan: ImportedScanState): StatusChip | null {
  const status = scan.processingStatus;
  if (!status) return null;
  if (RUNNING.has(status)) {
    return { label: 'Processing', color: 'info', tooltip: scan.processingMessage };
  }
  if (FAILED.has(status)) {
    // Beside 'Pending' (the spec's status of a scan with no artifact yet): what failed.
    return { label: 'Processing failed', color: 'error', tooltip: failureReason(scan) };
  }
  return null;
}

/** Why the last run failed, said of the row's scan (without its id); null unless it failed. */
export function failureReason(scan: ImportedScanState): string | null {
  if (!scan.processingStatus || !FAILED.has(scan.processingStatus)) return null;
  return scan.processingMessage ? importedScanFailureReason(scan.processingMessage) : null;
}

/**
 * A failed run can be tried again with the file already stored, once its cause is mended
 * (the UTM zone corrected, say): the spec reprocesses on edit only scans with an artifact.
 */
export function canProcessAgain(scan: ImportedScanState): boolean {
  return failureReason(scan) !== null && scan.sourceS3Url !== null;
}

/**
 * Whether the row may still change by itself: a run is queued or running, or a file was just
 * submitted and its run not yet logged. A failed scan waits for the user, so it is not polled.
 */
export function isImportedScanActive(scan: ImportedScanState): boolean {
  if (scan.processingStatus && RUNNING.has(scan.processingStatus)) return true;
  return scan.status === 'Pending' && !scan.processingStatus && scan.sourceS3Url !== null;
}
