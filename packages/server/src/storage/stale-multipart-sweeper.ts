import { EmbeddedObjectStorage } from './embedded-storage.ts';
import type { ObjectStorage } from './storage.ts';

export const STALE_MULTIPART_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Aborts multipart uploads started more than `olderThanMs` ago, freeing their parts: a crew that
 * walked away never finishes them, and S3 bills unfinished parts forever.
 */
export async function abortStaleMultipartUploads(
  storage: ObjectStorage,
  olderThanMs = STALE_MULTIPART_AGE_MS,
  now: Date = new Date(),
): Promise<{ aborted: number }> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  // The embedded store also holds partial writes and part folders of processes killed
  // mid-write.
  if (storage instanceof EmbeddedObjectStorage) {
    await storage.removeTempFilesOlderThan(cutoff);
    await storage.removeOrphanPartFoldersOlderThan(cutoff);
  }
  const stale = await storage.listMultipartUploads(cutoff);
  let aborted = 0;
  for (const upload of stale) {
    try {
      await storage.abortMultipart(upload.key, upload.uploadId);
      aborted += 1;
    } catch {
      // Completed or aborted meanwhile; the next run sees the rest.
    }
  }
  return { aborted };
}
