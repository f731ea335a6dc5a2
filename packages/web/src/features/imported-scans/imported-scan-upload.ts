import { MIB, numberOfPartsFor, partRange } from '@asset-portal/shared';
import { TransferError } from '../../lib/transfer-error.ts';
import {
  isRetryable,
  isVisibleProgress,
  MAX_ATTEMPTS,
  retryDelayMs,
} from '../uploads/multipart-plan.ts';

/** Files above this size go in parts; smaller ones in one PUT. */
export const IMPORT_MULTIPART_THRESHOLD = 64 * MIB;
/** Parts sent at the same time (spec §9: three multipart workers). */
export const IMPORT_PART_CONCURRENCY = 3;
/** The content type the single PUT URL is signed for. */
export const IMPORT_CONTENT_TYPE = 'application/octet-stream';

export interface ImportPartUrl {
  partNumber: number;
  signedUrl: string;
}

/** The server calls and the transfer the upload needs; tests give fakes. */
export interface ImportUploadApi {
  /** A PUT link for the whole file; it takes exactly `size` bytes. */
  signedUrl(filename: string, size: number): Promise<{ s3Uri: string; uploadUrl: string }>;
  /** Part links of the shared plan for a file of `size` bytes, each for its part's bytes. */
  multipartInfo(
    filename: string,
    numberOfParts: number,
    size: number,
  ): Promise<{ s3Uri: string; uploadId: string; parts: ImportPartUrl[] }>;
  completeMultipart(filename: string, uploadId: string, eTags: string): Promise<void>;
  put(
    url: string,
    body: Blob,
    contentType: string | undefined,
    onProgress: (percent: number) => void,
  ): Promise<{ eTag: string }>;
  sleep?(ms: number): Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A part URL cannot be signed again here, so an expired one (403) is final; network failures
 * and 5xx answers are retried with backoff.
 */
function isPartRetryable(error: unknown): boolean {
  return isRetryable(error) && !(error instanceof TransferError && error.status === 403);
}

/**
 * Sends the scan's LAS file and answers its s3:// address: one PUT up to 64 MiB, above that a
 * multipart upload, three parts at a time, each retried with backoff. `onProgress` gets the
 * overall percent, changes under 0.1 % left out.
 */
export async function uploadImportedScanFile(
  file: Blob & { name: string },
  api: ImportUploadApi,
  onProgress: (percent: number) => void,
): Promise<string> {
  let shown = -1;
  const report = (percent: number) => {
    if (!isVisibleProgress(shown, percent)) return;
    shown = percent;
    onProgress(percent);
  };
  report(0);

  if (file.size <= IMPORT_MULTIPART_THRESHOLD) {
    const { s3Uri, uploadUrl } = await api.signedUrl(file.name, file.size);
    await api.put(uploadUrl, file, IMPORT_CONTENT_TYPE, report);
    report(100);
    return s3Uri;
  }

  const count = numberOfPartsFor(file.size);
  const { s3Uri, uploadId, parts } = await api.multipartInfo(file.name, count, file.size);
  const urls = new Map(parts.map((part) => [part.partNumber, part.signedUrl]));
  const loaded = new Array<number>(count).fill(0);
  const eTags = new Array<string>(count).fill('');
  const sleep = api.sleep ?? wait;

  const sendPart = async (partNumber: number) => {
    const url = urls.get(partNumber);
    if (!url) throw new Error(`No upload link for part ${partNumber}`);
    const { start, end } = partRange(file.size, partNumber);
    const body = file.slice(start, end);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { eTag } = await api.put(url, body, undefined, (percent) => {
          loaded[partNumber - 1] = (body.size * percent) / 100;
          report((loaded.reduce((sum, bytes) => sum + bytes, 0) / file.size) * 100);
        });
        eTags[partNumber - 1] = eTag;
        return;
      } catch (error) {
        loaded[partNumber - 1] = 0;
        if (attempt >= MAX_ATTEMPTS || !isPartRetryable(error)) throw error;
        await sleep(retryDelayMs(attempt));
      }
    }
  };

  let next = 1;
  let failed = false;
  const lane = async () => {
    while (!failed && next <= count) {
      const partNumber = next;
      next += 1;
      try {
        await sendPart(partNumber);
      } catch (error) {
        // The other lanes stop taking parts; the first failure is the one reported.
        failed = true;
        throw error;
      }
    }
  };
  const lanes = Array.from({ length: Math.min(IMPORT_PART_CONCURRENCY, count) }, lane);
  const results = await Promise.allSettled(lanes);
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;

  await api.completeMultipart(file.name, uploadId, eTags.join(','));
  report(100);
  return s3Uri;
}
