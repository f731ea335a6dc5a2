import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { PackageFormatError } from './manifest.ts';
import { unsafeEntryNameReason } from './package-reader.ts';

/**
 * Streaming writer of `.luxlz` / `.luxiz` archives (yazl; ZIP64 is used automatically beyond
 * 4 GiB). Entries are written in the order they are added; a stream entry is pulled only when
 * its turn comes, so large point clouds pass through in chunks.
 */
export interface PackageWriter {
  /** Adds a small entry held in memory; `compress` defaults to true. */
  addBuffer(name: string, data: Buffer | string, options?: { compress?: boolean }): void;
  /**
   * Adds an entry produced lazily by `open()`. `size` is the exact byte count (checked by the
   * writer); point clouds and JPEGs are stored uncompressed, as they gain little from deflate.
   */
  addStream(
    name: string,
    size: number,
    open: () => Readable,
    options?: { compress?: boolean },
  ): void;
  /** Finishes the archive and resolves with its size in bytes once it is on disk. */
  finish(): Promise<number>;
}

const FIXED_TIME = new Date('2020-01-01T00:00:00Z');

function checkedName(name: string): string {
  const reason = unsafeEntryNameReason(name);
  if (reason) throw new PackageFormatError(reason);
  return name;
}

export function createPackageWriter(path: string): PackageWriter {
  const zip = new yazl.ZipFile();
  let bytes = 0;
  const output = zip.outputStream;
  output.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  const done = pipeline(output, createWriteStream(path));
  return {
    addBuffer(name, data, options = {}) {
      const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      zip.addBuffer(buffer, checkedName(name), {
        compress: options.compress ?? true,
        mtime: FIXED_TIME,
      });
    },
    addStream(name, size, open, options = {}) {
      zip.addReadStreamLazy(
        checkedName(name),
        { size, compress: options.compress ?? false, mtime: FIXED_TIME },
        (callback: (error: Error | null, stream: Readable) => void) => {
          try {
            callback(null, open());
          } catch (error) {
            callback(error as Error, undefined as unknown as Readable);
          }
        },
      );
    },
    async finish() {
      zip.end();
      await done;
      return bytes;
    },
  };
}
