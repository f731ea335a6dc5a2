import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { StorageError, statOrNull } from './embedded-files.ts';
import { type CompletedPart, MIN_PART_SIZE, quoteETag } from './storage.ts';

/**
 * Checks a completion request against the stored parts as S3 does (ascending numbers, known
 * parts with matching ETags, all but the last at least 5 MiB) and returns the part files in order
 * with the multipart ETag: MD5 of the concatenated binary part MD5s, '-', the part count.
 */
export async function checkCompletedParts(
  uploadDir: string,
  parts: CompletedPart[],
): Promise<{ files: string[]; eTag: string }> {
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
  const md5s: Buffer[] = [];
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
    md5s.push(Buffer.from(stored.replaceAll('"', ''), 'hex'));
  }
  const digest = createHash('md5').update(Buffer.concat(md5s)).digest('hex');
  return { files, eTag: quoteETag(`${digest}-${parts.length}`) };
}

/** The parts' bytes one after another, streamed. */
export function concatFiles(files: string[]): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    for (const file of files) yield* fs.createReadStream(file);
  }
  return Readable.from(chunks());
}
