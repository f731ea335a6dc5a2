import { PROGRESS_THRESHOLD_PERCENT } from '@asset-portal/shared';
import { TransferError } from '../../lib/transfer-error.ts';

/** The agreed part size (8 MiB; more for files over 256 MiB, see upload-rules.ts). */
export { partSizeFor } from '@asset-portal/shared';

export function partCount(fileSize: number, partSize: number): number {
  return Math.max(1, Math.ceil(fileSize / partSize));
}

/** Byte range [start, end) of a 1-based part. */
export function partRange(partNumber: number, partSize: number, fileSize: number) {
  const start = (partNumber - 1) * partSize;
  return { start, end: Math.min(fileSize, start + partSize) };
}

/**
 * Eight attempts, waiting 0.5, 1, 2, 4, 8, 8 and 8 s between them: a part rides out about half a
 * minute of an unreachable server, the time the portal may take to restart on a busy machine.
 */
export const MAX_ATTEMPTS = 8;
export const BASE_RETRY_DELAY_MS = 500;
/** The wait stops doubling at 16 × the base delay (8 s). */
const MAX_BACKOFF_FACTOR = 16;

/** Network failures, 5xx answers and expired URLs (403; a fresh URL is signed) are retried. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof TransferError)) return false;
  return error.status === undefined || error.status >= 500 || error.status === 403;
}

/** Delay before attempt `attempt + 1`: 0.5 s, 1 s, 2 s, 4 s, then 8 s each time. */
export function retryDelayMs(attempt: number, baseMs = BASE_RETRY_DELAY_MS): number {
  return baseMs * Math.min(2 ** (attempt - 1), MAX_BACKOFF_FACTOR);
}

/** Whether a progress change is big enough to show (changes under 0.1 % are ignored). */
export function isVisibleProgress(previousPercent: number, nextPercent: number): boolean {
  return nextPercent >= 100 || nextPercent - previousPercent >= PROGRESS_THRESHOLD_PERCENT - 1e-9;
}
