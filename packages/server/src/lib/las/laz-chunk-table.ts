import type { FileHandle } from 'node:fs/promises';
import { readAt } from './file-reads.ts';
import type { LasHeader } from './las-header.ts';
import {
  ArithmeticDecoder,
  ArithmeticEncoder,
  ByteReader,
  IntegerCoder,
} from './laz-arithmetic.ts';

/**
 * The LAZ chunk table: where each independently decodable chunk of compressed points starts and
 * how many points it holds. With it a LAZ file is decoded one chunk at a time, so the decoder
 * needs only a chunk's bytes (typically under 1 MB) instead of the whole file. LASzip writes
 * the table after the point data, points to it from the 8 bytes that open the point data (or,
 * when it wrote to a stream, from the file's last 8 bytes), and codes its entries with its
 * arithmetic integer coder: each chunk's byte length (and, for chunks of varying size, its
 * point count) predicted from the previous chunk's.
 */

const LASZIP_USER_ID = 'laszip encoded';
const LASZIP_RECORD_ID = 22204;
/** Chunks of varying size (COPC, LAS 1.4 writers that chunk by space) carry their counts. */
export const VARIABLE_CHUNK_SIZE = 0xffffffff;
/** Compressors that write chunks: pointwise chunked (formats 0–5), layered chunked (6–10). */
const CHUNKED_COMPRESSORS = new Set([2, 3]);

export interface LazChunk {
  /** File offset of the chunk's first byte. */
  offset: number;
  byteLength: number;
  pointCount: number;
}

export interface LazChunkLayout {
  chunkSize: number;
  chunks: LazChunk[];
}

/**
 * Where the chunk table starts, as the first 8 bytes of the point data say; -1 there (a file
 * written to a stream) means the file's last 8 bytes say. Not checked against the file.
 */
export async function lazChunkTableStart(
  handle: FileHandle,
  header: LasHeader,
  fileSize: number,
): Promise<number> {
  const start = Number((await readAt(handle, header.offsetToPointData, 8)).readBigInt64LE(0));
  if (start !== -1 || fileSize < 8) return start;
  return Number((await readAt(handle, fileSize - 8, 8)).readBigInt64LE(0));
}

/**
 * The file's chunks, in order, or the reason they cannot be listed (no LASzip record, a
 * compressor without chunks, no table, or a table that contradicts the header); the caller
 * then decodes the file whole, as before.
 */
export async function readLazChunkLayout(
  handle: FileHandle,
  header: LasHeader,
  fileSize: number,
): Promise<LazChunkLayout | { unavailable: string }> {
  const vlr = header.vlrs.find(
    (record) => record.userId === LASZIP_USER_ID && record.recordId === LASZIP_RECORD_ID,
  );
  if (!vlr || vlr.length < 34) return { unavailable: 'no LASzip record' };
  const info = await readAt(handle, vlr.dataOffset, 16);
  const compressor = info.readUInt16LE(0);
  const chunkSize = info.readUInt32LE(12);
  if (!CHUNKED_COMPRESSORS.has(compressor) || chunkSize === 0) {
    return { unavailable: `compressor ${compressor} writes no chunks` };
  }
  const chunksStart = header.offsetToPointData + 8;
  const tableStart = await lazChunkTableStart(handle, header, fileSize);
  if (!(tableStart >= chunksStart && tableStart + 8 <= fileSize)) {
    return { unavailable: 'no chunk table' };
  }
  const tableHead = await readAt(handle, tableStart, 8);
  const version = tableHead.readUInt32LE(0);
  const chunkCount = tableHead.readUInt32LE(4);
  if (version !== 0) return { unavailable: `chunk table version ${version}` };
  // Each entry codes in a few bytes; more than 16 would mean a corrupt count.
  const coded = await readAt(
    handle,
    tableStart + 8,
    Math.min(fileSize - tableStart - 8, chunkCount * 16 + 16),
  );
  const entries = decodeChunkTable(coded, chunkCount, chunkSize === VARIABLE_CHUNK_SIZE);
  const chunks: LazChunk[] = [];
  let offset = chunksStart;
  let points = 0;
  for (let i = 0; i < chunkCount; i++) {
    const { byteLength } = entries[i]!;
    const pointCount =
      chunkSize === VARIABLE_CHUNK_SIZE
        ? entries[i]!.pointCount
        : Math.min(chunkSize, header.pointCount - points);
    if (byteLength <= 0 || pointCount <= 0 || offset + byteLength > tableStart) {
      return { unavailable: `chunk ${i} of the table lies outside the point data` };
    }
    chunks.push({ offset, byteLength, pointCount });
    offset += byteLength;
    points += pointCount;
  }
  if (points !== header.pointCount) {
    return {
      unavailable: `the chunk table holds ${points} points, the header ${header.pointCount}`,
    };
  }
  return { chunkSize, chunks };
}

/** The coded entries of a chunk table (after its version and count). */
export function decodeChunkTable(
  coded: Uint8Array,
  chunkCount: number,
  variable: boolean,
): { byteLength: number; pointCount: number }[] {
  const entries: { byteLength: number; pointCount: number }[] = [];
  if (chunkCount === 0) return entries;
  const decoder = new ArithmeticDecoder(new ByteReader(coded));
  const coder = new IntegerCoder(2, true);
  let previousCount = 0;
  let previousBytes = 0;
  for (let i = 0; i < chunkCount; i++) {
    // Entries are signed 32-bit in LASzip; a chunk over 2 GB would read negative and be refused.
    if (variable) previousCount = coder.decode(decoder, previousCount, 0);
    previousBytes = coder.decode(decoder, previousBytes, 1);
    entries.push({ byteLength: previousBytes, pointCount: previousCount });
  }
  return entries;
}

/** A whole chunk table as LASzip writes it: version 0, the chunk count, the coded entries. */
export function encodeChunkTable(
  entries: readonly { byteLength: number; pointCount: number }[],
  variable: boolean,
): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32LE(0, 0);
  head.writeUInt32LE(entries.length, 4);
  if (entries.length === 0) return head;
  const encoder = new ArithmeticEncoder();
  const coder = new IntegerCoder(2, false);
  for (let i = 0; i < entries.length; i++) {
    const previous = entries[i - 1];
    if (variable) coder.encode(encoder, previous?.pointCount ?? 0, entries[i]!.pointCount, 0);
    coder.encode(encoder, previous?.byteLength ?? 0, entries[i]!.byteLength, 1);
  }
  return Buffer.concat([head, encoder.finish()]);
}
