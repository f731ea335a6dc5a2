import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { StorageError, statOrNull } from './embedded-files.ts';
import { type ByteRange, type CompletedPart, MIN_PART_SIZE, quoteETag } from './storage.ts';

/**
 * A completed multipart object: its bytes stay in the part files `<number>.part` of one folder,
 * read one after another, so completing an upload of gigabytes does not rewrite it.
 */
export interface PartManifest {
  /** Folder name under the store's `.parts/`. */
  folder: string;
  numbers: number[];
  sizes: number[];
}

/**
 * Checks a completion request against the stored parts as S3 does (ascending numbers, known
 * parts with matching ETags, all but the last at least 5 MiB) and returns the part files in order
 * with the multipart ETag as S3 makes it: MD5 of the concatenated binary part ETags, '-', the part
 * count (a part's ETag here is opaque, 16 random bytes, not its MD5).
 */
export async function checkCompletedParts(
  uploadDir: string,
  parts: CompletedPart[],
): Promise<{ files: string[]; sizes: number[]; eTag: string }> {
  if (parts.length === 0) {
    throw new StorageError('MalformedXML', 400, 'You must specify at least one part');
  }
  const ascending = parts.every(
    (part, index) =>
      index === 0 || part.partNumber > (parts[index - 1] as CompletedPart).partNumber,
  );
  if (!ascending) {
    throw new StorageError(
      'InvalidPartOrder',
      400,
      'The list of parts was not in ascending order.',
    );
  }
  const files: string[] = [];
  const sizes: number[] = [];
  const partTags: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    const file = path.join(uploadDir, `${part.partNumber}.part`);
    const stored = await fs.promises
      .readFile(path.join(uploadDir, `${part.partNumber}.etag`), 'utf8')
      .catch(() => null);
    const stats = await statOrNull(file);
    if (!stored || !stats || stored !== quoteETag(part.eTag)) {
      throw new StorageError(
        'InvalidPart',
        400,
        `Part ${part.partNumber} was not found or its ETag does not match.`,
      );
    }
    if (index < parts.length - 1 && stats.size < MIN_PART_SIZE) {
      throw new StorageError(
        'EntityTooSmall',
        400,
        'Your proposed upload is smaller than the minimum allowed object size.',
      );
    }
    files.push(file);
    sizes.push(stats.size);
    partTags.push(Buffer.from(stored.replaceAll('"', ''), 'hex'));
  }
  const digest = createHash('md5').update(Buffer.concat(partTags)).digest('hex');
  return { files, sizes, eTag: quoteETag(`${digest}-${parts.length}`) };
}

export const manifestSize = (manifest: PartManifest) =>
  manifest.sizes.reduce((sum, size) => sum + size, 0);

/**
 * The bytes of a manifest object (or of `range` in it), streamed part after part. Every part the
 * range touches is opened before the first byte is read, so a reader keeps the version it
 * started with even if the object is replaced or deleted meanwhile (as with a single file).
 */
export async function openManifestStream(
  partsDir: string,
  manifest: PartManifest,
  range?: ByteRange,
): Promise<Readable> {
  const total = manifestSize(manifest);
  const first = range?.start ?? 0;
  const last = range?.end ?? total - 1;
  const pieces: { file: string; start: number; end: number }[] = [];
  let offset = 0;
  for (const [index, size] of manifest.sizes.entries()) {
    const partStart = offset;
    offset += size;
    if (size === 0 || offset <= first || partStart > last) continue;
    pieces.push({
      file: path.join(partsDir, `${manifest.numbers[index]}.part`),
      start: Math.max(first, partStart) - partStart,
      end: Math.min(last, offset - 1) - partStart,
    });
  }
  const handles: fs.promises.FileHandle[] = [];
  try {
    for (const piece of pieces) handles.push(await fs.promises.open(piece.file, 'r'));
  } catch (error) {
    await Promise.all(handles.map((handle) => handle.close()));
    throw error;
  }
  const unread = new Set(handles);
  async function* chunks(): AsyncGenerator<Buffer> {
    for (const [index, piece] of pieces.entries()) {
      const handle = handles[index] as fs.promises.FileHandle;
      unread.delete(handle);
      yield* fs.createReadStream('', { fd: handle, start: piece.start, end: piece.end });
    }
  }
  const stream = Readable.from(chunks());
  // A reader that stops early leaves parts it never reached open; close them with the stream.
  stream.once('close', () => {
    for (const handle of unread) void handle.close().catch(() => {});
    unread.clear();
  });
  return stream;
}
