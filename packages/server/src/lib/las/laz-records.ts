import type { FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { LasFormatError, type LasHeader } from './las-header.ts';
import { type LazChunk, readLazChunkLayout } from './laz-chunk-table.ts';

/**
 * Decodes the point records of a LAZ file with laz-perf. When the file has a chunk table (every
 * LASzip, laz-perf, PDAL or COPC writer makes one) each chunk is read and decoded on its own, so
 * laz-perf's memory holds one chunk's bytes whatever the file's size. A file without a usable
 * table is decoded from one copy of the whole file in laz-perf's memory, as LASzip does for
 * files written without chunks.
 */

interface LazModule {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
  LASZip: new () => {
    open(pointer: number, length: number): void;
    getPoint(pointer: number): void;
    getCount(): number;
    getPointLength(): number;
    getPointFormat(): number;
    delete(): void;
  };
  ChunkDecoder: new () => {
    open(pointFormat: number, recordLength: number, pointer: number): void;
    getPoint(pointer: number): void;
    delete(): void;
  };
}

let lazModule: Promise<LazModule> | null = null;

function loadLazPerf(): Promise<LazModule> {
  if (!lazModule) {
    const require = createRequire(import.meta.url);
    const { createLazPerf } = require('laz-perf') as {
      createLazPerf: () => Promise<LazModule>;
    };
    lazModule = createLazPerf();
  }
  return lazModule;
}

/**
 * laz-perf is built without C++ exception catching: a decoder error unwinds nothing and may leak
 * its memory, so the module is dropped and the next file gets a fresh one.
 */
function decodeFailure(message: string, cause: unknown): LasFormatError {
  lazModule = null;
  return new LasFormatError(message, { cause });
}

/** Sequential reader of decoded point records. */
export interface LazRecordReader {
  pointFormat: number;
  recordLength: number;
  /** True when the file is decoded chunk by chunk, false when held whole. */
  chunked: boolean;
  /** Decodes the next `count` records into `target` (which holds count × recordLength bytes). */
  read(target: Buffer, count: number, start: number): Promise<void>;
  close(): void;
}

/** The decoded records of one read, in laz-perf's memory, grown as reads get larger. */
class RecordBuffer {
  private pointer = 0;
  private capacity = 0;
  constructor(
    private readonly laz: LazModule,
    private readonly recordLength: number,
  ) {}

  /** Room for `count` records; the address stays valid until the next call. */
  atLeast(count: number): number {
    if (count > this.capacity) {
      this.free();
      this.pointer = this.laz._malloc(count * this.recordLength);
      this.capacity = count;
    }
    return this.pointer;
  }

  free(): void {
    if (this.pointer) this.laz._free(this.pointer);
    this.pointer = 0;
    this.capacity = 0;
  }
}

/** Bytes a chunk buffer keeps past the chunk, zeroed, for a decoder that reads ahead. */
const READ_AHEAD = 64;

export async function openLazRecords(
  handle: FileHandle,
  header: LasHeader,
  options: { whole?: boolean } = {},
): Promise<LazRecordReader> {
  const fileSize = (await handle.stat()).size;
  const layout = options.whole ? null : await readLazChunkLayout(handle, header, fileSize);
  if (layout && !('unavailable' in layout)) {
    return chunkedReader(await loadLazPerf(), handle, recordFormat(header), layout.chunks);
  }
  return wholeFileReader(await loadLazPerf(), handle, header, fileSize);
}

/** The point format and record length the decoder is opened with. */
export interface LazRecordFormat {
  pointFormat: number;
  recordLength: number;
}

/** The records a LAZ file's header describes. */
export const recordFormat = (header: LasHeader): LazRecordFormat => ({
  pointFormat: header.pointFormat,
  recordLength: header.pointRecordLength,
});

/**
 * Decodes the given whole chunks of a LAZ file, in order, into one buffer of records: one
 * thread's run of a file (`point-runs.ts`).
 */
export async function decodeLazChunks(
  handle: FileHandle,
  format: LazRecordFormat,
  chunks: readonly LazChunk[],
): Promise<Uint8Array> {
  const count = chunks.reduce((sum, chunk) => sum + chunk.pointCount, 0);
  const reader = chunkedReader(await loadLazPerf(), handle, format, chunks);
  try {
    const records = new Uint8Array(count * format.recordLength);
    await reader.read(Buffer.from(records.buffer), count, 0);
    return records;
  } finally {
    reader.close();
  }
}

function chunkedReader(
  laz: LazModule,
  handle: FileHandle,
  { pointFormat, recordLength }: LazRecordFormat,
  chunks: readonly LazChunk[],
): LazRecordReader {
  const largest = chunks.reduce((most, chunk) => Math.max(most, chunk.byteLength), 0) + READ_AHEAD;
  const chunkBytes = Buffer.alloc(largest);
  const chunkPointer = laz._malloc(largest);
  const records = new RecordBuffer(laz, recordLength);
  let decoder: InstanceType<LazModule['ChunkDecoder']> | null = null;
  let next = 0;
  let leftInChunk = 0;

  async function openChunk(index: number) {
    const chunk = chunks[index]!;
    const { bytesRead } = await handle.read(chunkBytes, 0, chunk.byteLength, chunk.offset);
    if (bytesRead < chunk.byteLength) {
      throw new LasFormatError(
        `LAZ chunk ${index + 1} of ${chunks.length} ends early: expected ${chunk.byteLength} bytes at byte ${chunk.offset}, read ${bytesRead}`,
      );
    }
    chunkBytes.fill(0, chunk.byteLength, chunk.byteLength + READ_AHEAD);
    laz.HEAPU8.set(chunkBytes.subarray(0, chunk.byteLength + READ_AHEAD), chunkPointer);
    decoder?.delete();
    decoder = new laz.ChunkDecoder();
    try {
      decoder.open(pointFormat, recordLength, chunkPointer);
    } catch (error) {
      throw decodeFailure(`LAZ chunk ${index + 1} of ${chunks.length} cannot be decoded`, error);
    }
    leftInChunk = chunk.pointCount;
  }

  return {
    pointFormat,
    recordLength,
    chunked: true,
    async read(target, count, start) {
      const recordsPointer = records.atLeast(count);
      let done = 0;
      while (done < count) {
        if (leftInChunk === 0) await openChunk(next++);
        const run = Math.min(leftInChunk, count - done);
        try {
          for (let i = 0; i < run; i++)
            decoder!.getPoint(recordsPointer + (done + i) * recordLength);
        } catch (error) {
          throw decodeFailure(`The LAZ point data is corrupt near point ${start + done}`, error);
        }
        done += run;
        leftInChunk -= run;
      }
      // The heap may have grown (and moved) on malloc: the view is taken after.
      target.set(laz.HEAPU8.subarray(recordsPointer, recordsPointer + count * recordLength));
    },
    close() {
      decoder?.delete();
      laz._free(chunkPointer);
      records.free();
    },
  };
}

async function wholeFileReader(
  laz: LazModule,
  handle: FileHandle,
  header: LasHeader,
  fileSize: number,
): Promise<LazRecordReader> {
  const filePointer = laz._malloc(fileSize);
  let reader: InstanceType<LazModule['LASZip']> | null = null;
  try {
    const piece = Buffer.alloc(Math.min(fileSize, 64 * 1024 * 1024));
    for (let position = 0; position < fileSize; position += piece.length) {
      const length = Math.min(piece.length, fileSize - position);
      const { bytesRead } = await handle.read(piece, 0, length, position);
      if (bytesRead < length) throw new LasFormatError('The LAZ file ended while being read');
      laz.HEAPU8.set(piece.subarray(0, length), filePointer + position);
    }
    reader = new laz.LASZip();
    try {
      reader.open(filePointer, fileSize);
    } catch (error) {
      throw decodeFailure(
        'The LAZ point data cannot be decoded (corrupt or truncated file)',
        error,
      );
    }
    if (reader.getCount() !== header.pointCount) {
      throw new LasFormatError(
        `The LAZ file holds ${reader.getCount()} points but its header says ${header.pointCount}`,
      );
    }
  } catch (error) {
    reader?.delete();
    laz._free(filePointer);
    throw error;
  }
  const opened = reader;
  const recordLength = opened.getPointLength();
  const records = new RecordBuffer(laz, recordLength);
  return {
    pointFormat: opened.getPointFormat() & 0x3f,
    recordLength,
    chunked: false,
    async read(target, count, start) {
      const recordsPointer = records.atLeast(count);
      try {
        for (let i = 0; i < count; i++) opened.getPoint(recordsPointer + i * recordLength);
      } catch (error) {
        throw decodeFailure(`The LAZ point data is corrupt near point ${start}`, error);
      }
      target.set(laz.HEAPU8.subarray(recordsPointer, recordsPointer + count * recordLength));
    },
    close() {
      opened.delete();
      laz._free(filePointer);
      records.free();
    },
  };
}

/** The size of laz-perf's memory (it grows and never shrinks), 0 before its first use. */
export async function lazPerfMemoryBytes(): Promise<number> {
  return lazModule ? (await lazModule).HEAPU8.length : 0;
}
