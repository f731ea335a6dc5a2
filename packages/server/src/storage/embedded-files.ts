import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UploadFileWriter } from './embedded-upload-writer.ts';
import { HashingFileWriter } from './hashing-file-writer.ts';

/** S3's error codes with their HTTP status, raised by the embedded store. */
export class StorageError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/**
 * Streams `body` into a temporary file beside `destination`'s tree and renames it into place, so
 * a killed upload leaves a stray temp file (cleaned later) but never a half object. The MD5 is
 * computed on the way, never by buffering the body.
 */
export async function writeAtomically(
  tmpDir: string,
  destination: string,
  body: Readable,
  expectedSize?: number,
): Promise<{ md5: Buffer; size: number }> {
  let writer: HashingFileWriter | undefined;
  const { size } = await intoPlace(tmpDir, destination, expectedSize, async (temp) => {
    writer = new HashingFileWriter(temp);
    if (expectedSize === undefined) await pipeline(body, writer);
    else await pipeline(body, atMost(expectedSize), writer);
    return writer.size;
  });
  return { md5: (writer as HashingFileWriter).digest(), size };
}

/**
 * Stores the body of an upload (a presigned PUT or part) like writeAtomically, but past the page
 * cache and synced to disk before it is renamed into place, and without hashing it: upload ETags
 * are opaque (see receiveUpload in embedded-storage.ts). A body longer than `expectedSize` fails
 * before any byte past that size is written.
 */
export async function receiveAtomically(
  tmpDir: string,
  destination: string,
  body: Readable,
  expectedSize?: number,
): Promise<{ size: number }> {
  return intoPlace(tmpDir, destination, expectedSize, async (temp) => {
    const writer = new UploadFileWriter(temp, expectedSize);
    await pipeline(body, writer);
    return writer.size;
  });
}

/** Runs `write` into a temporary file, checks the size it wrote, renames it to `destination`. */
async function intoPlace(
  tmpDir: string,
  destination: string,
  expectedSize: number | undefined,
  write: (temp: string) => Promise<number>,
): Promise<{ size: number }> {
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const temp = path.join(tmpDir, randomBytes(12).toString('hex'));
  try {
    const size = await write(temp);
    if (expectedSize !== undefined && size !== expectedSize) {
      throw new StorageError(
        'IncompleteBody',
        400,
        `You did not provide the number of bytes specified by the Content-Length HTTP header (${size} of ${expectedSize})`,
      );
    }
    await fs.promises.mkdir(path.dirname(destination), { recursive: true });
    await fs.promises.rename(temp, destination);
    return { size };
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}

/**
 * Passes on at most `limit` bytes and fails as soon as more arrive: a body longer than its
 * Content-Length (the signed size) never reaches the disk beyond that size.
 */
function atMost(limit: number) {
  return async function* (source: AsyncIterable<Buffer>) {
    let seen = 0;
    for await (const chunk of source) {
      seen += chunk.length;
      if (seen > limit) {
        throw new StorageError(
          'IncompleteBody',
          400,
          `The request body is longer than the ${limit} bytes of its Content-Length header`,
        );
      }
      yield chunk;
    }
  };
}

/** Writes a small file atomically (metadata). */
export async function writeFileAtomically(tmpDir: string, destination: string, text: string) {
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const temp = path.join(tmpDir, randomBytes(12).toString('hex'));
  await fs.promises.writeFile(temp, text);
  await fs.promises.mkdir(path.dirname(destination), { recursive: true });
  await fs.promises.rename(temp, destination);
}

export async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function statOrNull(file: string): Promise<fs.Stats | null> {
  try {
    const stats = await fs.promises.stat(file);
    return stats.isFile() ? stats : null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

/** MD5 of a file, streamed; for objects whose metadata was lost. */
export async function md5OfFile(file: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under `dir`, as paths relative to `root` with '/' separators. */
export async function* walkFiles(root: string, dir: string): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (dir === root && entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* walkFiles(root, full);
    else if (entry.isFile()) yield path.relative(root, full).split(path.sep).join('/');
  }
}
