import { MIB } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { TransferError } from '../../lib/transfer-error.ts';
import {
  IMPORT_CONTENT_TYPE,
  IMPORT_MULTIPART_THRESHOLD,
  type ImportUploadApi,
  uploadImportedScanFile,
} from './imported-scan-upload.ts';

/** A file of `size` bytes without allocating them: only size, name and slice are read. */
function fakeFile(size: number, name = 'cloud.las'): Blob & { name: string } {
  const blob = {
    size,
    name,
    slice(start = 0, end = size) {
      return { size: end - start, start, end } as unknown as Blob;
    },
  };
  return blob as unknown as Blob & { name: string };
}

interface Recorded {
  puts: { url: string; size: number; contentType: string | undefined }[];
  calls: string[];
  sleeps: number[];
  inFlight: number;
  maxInFlight: number;
}

function fakeApi(failures: Map<string, unknown[]> = new Map()): ImportUploadApi & Recorded {
  const recorded: Recorded = { puts: [], calls: [], sleeps: [], inFlight: 0, maxInFlight: 0 };
  return Object.assign(recorded, {
    async signedUrl(filename: string, size: number) {
      recorded.calls.push(`signedUrl ${filename} ${size}`);
      return { s3Uri: `s3://bucket/${filename}`, uploadUrl: 'https://store/single' };
    },
    async multipartInfo(filename: string, numberOfParts: number, size: number) {
      recorded.calls.push(`multipartInfo ${filename} ${numberOfParts} ${size}`);
      return {
        s3Uri: `s3://bucket/${filename}`,
        uploadId: 'upload-1',
        parts: Array.from({ length: numberOfParts }, (_, index) => ({
          partNumber: index + 1,
          signedUrl: `https://store/part-${index + 1}`,
        })),
      };
    },
    async completeMultipart(filename: string, uploadId: string, eTags: string) {
      recorded.calls.push(`complete ${filename} ${uploadId} ${eTags}`);
    },
    async put(
      url: string,
      body: Blob,
      contentType: string | undefined,
      onProgress: (percent: number) => void,
    ) {
      recorded.inFlight += 1;
      recorded.maxInFlight = Math.max(recorded.maxInFlight, recorded.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      recorded.inFlight -= 1;
      const failure = failures.get(url)?.shift();
      if (failure) throw failure;
      recorded.puts.push({ url, size: body.size, contentType });
      onProgress(100);
      return { eTag: `"etag-${url.split('-').pop()}"` };
    },
    async sleep(ms: number) {
      recorded.sleeps.push(ms);
    },
  });
}

describe('uploadImportedScanFile', () => {
  it('sends a file up to 64 MiB in one PUT with the signed content type', async () => {
    const api = fakeApi();
    const progress: number[] = [];
    const s3Uri = await uploadImportedScanFile(
      fakeFile(IMPORT_MULTIPART_THRESHOLD),
      api,
      (percent) => progress.push(percent),
    );
    expect(s3Uri).toBe('s3://bucket/cloud.las');
    // The link is asked for the file's exact size.
    expect(api.calls).toEqual([`signedUrl cloud.las ${IMPORT_MULTIPART_THRESHOLD}`]);
    expect(api.puts).toEqual([
      {
        url: 'https://store/single',
        size: IMPORT_MULTIPART_THRESHOLD,
        contentType: IMPORT_CONTENT_TYPE,
      },
    ]);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
  });

  it('sends a larger file in parts, three at a time, and completes with the ETags in order', async () => {
    const api = fakeApi();
    const size = 100 * MIB;
    const s3Uri = await uploadImportedScanFile(fakeFile(size), api, () => {});
    expect(s3Uri).toBe('s3://bucket/cloud.las');
    // 8 MiB parts: 13 of them.
    expect(api.calls[0]).toBe(`multipartInfo cloud.las 13 ${size}`);
    expect(api.puts).toHaveLength(13);
    expect(api.puts.reduce((sum, put) => sum + put.size, 0)).toBe(size);
    expect(api.puts.every((put) => put.contentType === undefined)).toBe(true);
    expect(api.maxInFlight).toBe(3);
    const eTags = Array.from({ length: 13 }, (_, index) => `"etag-${index + 1}"`).join(',');
    expect(api.calls.at(-1)).toBe(`complete cloud.las upload-1 ${eTags}`);
  });

  it('retries a part after a network failure or a 5xx answer, with growing waits', async () => {
    const api = fakeApi(
      new Map([
        ['https://store/part-2', [new TransferError('Network'), new TransferError('x', 503)]],
      ]),
    );
    await uploadImportedScanFile(fakeFile(70 * MIB), api, () => {});
    expect(api.sleeps).toEqual([500, 1000]);
    expect(api.calls.at(-1)).toMatch(/^complete /);
  });

  it('gives up on a refused part without completing the upload', async () => {
    const api = fakeApi(new Map([['https://store/part-1', [new TransferError('Forbidden', 403)]]]));
    await expect(uploadImportedScanFile(fakeFile(70 * MIB), api, () => {})).rejects.toThrow(
      'Forbidden',
    );
    expect(api.sleeps).toEqual([]);
    expect(api.calls.some((call) => call.startsWith('complete'))).toBe(false);
  });

  it('fails a single PUT answered with an error', async () => {
    const api = fakeApi(new Map([['https://store/single', [new TransferError('HTTP 500', 500)]]]));
    await expect(uploadImportedScanFile(fakeFile(1000), api, () => {})).rejects.toThrow('HTTP 500');
  });
});
