import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { PackageFormatError } from './manifest.ts';

/**
 * Streaming reader of `.luxlz` / `.luxiz` ZIP archives. Only the central directory is read when
 * the package is opened; entry data is streamed on demand, so a multi-GB package never sits in
 * memory. Every entry name and size is checked before anything is extracted.
 */

export interface PackageLimits {
  /** Largest allowed sum of uncompressed entry sizes (default 64 GiB). */
  maxTotalUncompressedBytes: number;
  /** Most entries allowed (default 100,000). */
  maxEntries: number;
  /** Highest uncompressed/compressed ratio of an entry larger than `ratioMinBytes` (100). */
  maxCompressionRatio: number;
  /** Entries up to this uncompressed size are not ratio-checked (1 MiB). */
  ratioMinBytes: number;
}

export const DEFAULT_PACKAGE_LIMITS: PackageLimits = {
  maxTotalUncompressedBytes: 64 * 1024 ** 3,
  maxEntries: 100_000,
  maxCompressionRatio: 100,
  ratioMinBytes: 1024 ** 2,
};

export interface PackageEntry {
  name: string;
  /** Uncompressed size in bytes. */
  size: number;
  compressedSize: number;
}

export interface OpenedPackage {
  path: string;
  /** File entries in archive order (directory entries are left out). */
  entries: PackageEntry[];
  /** Sum of the uncompressed sizes. */
  totalSize: number;
  has(name: string): boolean;
  entry(name: string): PackageEntry | undefined;
  /** Streams an entry's bytes; the stream errors if they disagree with the recorded size. */
  readEntry(name: string): Promise<Readable>;
  /**
   * The last `bytes` bytes of an entry (all of it when shorter): read directly for a stored
   * entry, streamed through for a compressed one.
   */
  readEntryTail(name: string, bytes: number): Promise<Buffer>;
  /** Reads a small entry as UTF-8 text; undefined when absent. Refuses entries over `maxBytes`. */
  readText(name: string, maxBytes?: number): Promise<string | undefined>;
  close(): void;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Returns why an entry name is unsafe, or null when it is a plain relative path. */
export function unsafeEntryNameReason(name: string): string | null {
  if (name.length === 0) return 'Package entry has an empty name';
  if (name.includes('\\')) return `Package entry ${name} contains a backslash`;
  if (name.includes('\0')) return `Package entry ${JSON.stringify(name)} contains a NUL character`;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) {
    return `Package entry ${name} has an absolute path`;
  }
  if (name.split('/').some((segment) => segment === '..')) {
    return `Package entry ${name} leaves the package folder ('..' in its path)`;
  }
  return null;
}

function isSymlink(entry: yauzl.Entry): boolean {
  const madeBy = entry.versionMadeBy >> 8;
  // Unix (3) and macOS (19) keep the file mode in the high 16 bits of the external attributes.
  if (madeBy !== 3 && madeBy !== 19) return false;
  return ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

function checkEntry(name: string, entry: yauzl.Entry, limits: PackageLimits): void {
  const reason = unsafeEntryNameReason(name);
  if (reason) throw new PackageFormatError(reason);
  if (isSymlink(entry)) {
    throw new PackageFormatError(`Package entry ${name} is a symbolic link, which is not allowed`);
  }
  if (entry.isEncrypted()) throw new PackageFormatError(`Package entry ${name} is encrypted`);
  const { uncompressedSize: size, compressedSize } = entry;
  if (size > limits.ratioMinBytes) {
    const ratio = compressedSize === 0 ? Number.POSITIVE_INFINITY : size / compressedSize;
    if (ratio > limits.maxCompressionRatio) {
      throw new PackageFormatError(
        `Package entry ${name} expands ${Number.isFinite(ratio) ? ratio.toFixed(0) : 'infinitely'} times (${size} bytes from ${compressedSize}); more than ${limits.maxCompressionRatio} times looks like a zip bomb`,
      );
    }
  }
}

function decodeName(entry: yauzl.Entry): string {
  // Names are decoded here (decodeStrings: false) so that our checks, not yauzl's generic error,
  // report unsafe names; strict mode keeps backslashes instead of turning them into '/'.
  return yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileName as unknown as Buffer,
    entry.extraFields,
    true,
  );
}

/**
 * Why the archive cannot be read, in the user's words: yauzl's most common message (a file of
 * another kind, or one cut short) is said plainly; others are kept as yauzl says them.
 */
function notAZip(error: Error): string {
  const reason = /end of central directory record signature not found/i.test(error.message)
    ? 'it is not a zip file, or it was cut short'
    : error.message;
  return `The package is not a valid ZIP archive: ${reason}`;
}

/** Opens a package, checks every entry and the limits, and lists the entries. */
export async function openPackage(
  path: string,
  limits: Partial<PackageLimits> = {},
): Promise<OpenedPackage> {
  const effective: PackageLimits = { ...DEFAULT_PACKAGE_LIMITS, ...limits };
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(
        path,
        { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
        (error, file) => (error ? reject(error) : resolve(file)),
      ),
    );
  } catch (error) {
    throw new PackageFormatError(notAZip(error as Error));
  }
  const raw = new Map<string, yauzl.Entry>();
  const entries: PackageEntry[] = [];
  let totalSize = 0;
  try {
    if (zip.entryCount > effective.maxEntries) {
      throw new PackageFormatError(
        `The package holds ${zip.entryCount} entries; at most ${effective.maxEntries} are allowed`,
      );
    }
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          const name = decodeName(entry);
          checkEntry(name, entry, effective);
          if (raw.has(name)) throw new PackageFormatError(`Package entry ${name} appears twice`);
          totalSize += entry.uncompressedSize;
          if (totalSize > effective.maxTotalUncompressedBytes) {
            throw new PackageFormatError(
              `The package expands to more than ${effective.maxTotalUncompressedBytes} bytes, the limit for one package`,
            );
          }
          if (!name.endsWith('/')) {
            raw.set(name, entry);
            entries.push({
              name,
              size: entry.uncompressedSize,
              compressedSize: entry.compressedSize,
            });
          }
          zip.readEntry();
        } catch (error) {
          reject(error);
        }
      });
      zip.once('end', () => resolve());
      zip.once('error', (error: Error) =>
        reject(
          error instanceof PackageFormatError ? error : new PackageFormatError(notAZip(error)),
        ),
      );
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }

  const readEntry = (name: string): Promise<Readable> => {
    const entry = raw.get(name);
    if (!entry) return Promise.reject(new PackageFormatError(`${name} is not in the package`));
    return new Promise((resolve, reject) =>
      zip.openReadStream(entry, (error, stream) =>
        error ? reject(asFormatError(name, error)) : resolve(guardedEntryStream(name, stream)),
      ),
    );
  };

  const readEntryTail = async (name: string, bytes: number): Promise<Buffer> => {
    const entry = raw.get(name);
    if (!entry) throw new PackageFormatError(`${name} is not in the package`);
    const size = entry.uncompressedSize;
    const start = Math.max(0, size - bytes);
    const stored = entry.compressionMethod === 0;
    const stream = await new Promise<Readable>((resolve, reject) => {
      const done = (error: Error | null, opened?: Readable) =>
        error || !opened ? reject(asFormatError(name, error!)) : resolve(opened);
      if (stored) zip.openReadStream(entry, { start, end: size }, done);
      else zip.openReadStream(entry, done);
    });
    const guarded = guardedEntryStream(name, stream);
    const tail = Buffer.alloc(size - start);
    let position = stored ? start : 0;
    for await (const chunk of guarded as AsyncIterable<Buffer>) {
      const from = Math.max(start, position);
      const to = position + chunk.length;
      if (to > from) chunk.copy(tail, from - start, from - position, to - position);
      position = to;
    }
    return tail;
  };

  return {
    path,
    entries,
    totalSize,
    has: (name) => raw.has(name),
    entry: (name) => entries.find((entry) => entry.name === name),
    readEntry,
    readEntryTail,
    async readText(name, maxBytes = 16 * 1024 ** 2) {
      const entry = raw.get(name);
      if (!entry) return undefined;
      if (entry.uncompressedSize > maxBytes) {
        throw new PackageFormatError(`${name} is larger than ${maxBytes} bytes`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of await readEntry(name)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    close: () => zip.close(),
  };
}

/**
 * An entry whose data does not inflate as its header says (a lying size, a broken deflate
 * stream) is a fault of the package, not of the machine: it fails the job at once, not after
 * five retries.
 */
function guardedEntryStream(name: string, stream: Readable): Readable {
  const guarded = new PassThrough();
  stream.once('error', (error) => guarded.destroy(asFormatError(name, error)));
  guarded.once('close', () => stream.destroy());
  return stream.pipe(guarded);
}

function asFormatError(name: string, error: Error): PackageFormatError {
  return error instanceof PackageFormatError
    ? error
    : new PackageFormatError(`Package entry ${name} is damaged: ${error.message}`);
}
