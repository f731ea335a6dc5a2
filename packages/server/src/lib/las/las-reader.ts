import { open } from 'node:fs/promises';
import { readExactlyInto } from './file-reads.ts';
import { assertPointDataComplete, type LasHeader, readLasHeader } from './las-header.ts';
import {
  classificationField,
  formatHasGpsTime,
  gpsTimeOffset,
  rgbOffset,
} from './las-point-formats.ts';
import { type LazRecordReader, openLazRecords } from './laz-records.ts';

/**
 * Streams the points of a LAS or LAZ file (LAS 1.2–1.4, point formats 0–10) as column chunks
 * that keep the raw integer coordinates, so nothing downstream loses the file's precision.
 * Plain LAS is read piece by piece; LAZ is decoded by laz-perf one compressed chunk at a time
 * (`laz-records.ts`).
 */

export interface PointColumns {
  count: number;
  /** Raw LAS integers: world = raw × scale + offset. */
  x: Int32Array;
  y: Int32Array;
  z: Int32Array;
  intensity: Uint16Array;
  classification: Uint8Array;
  /** Null when the point format has no GPS time (formats 0 and 2). */
  gpsTime: Float64Array | null;
  /** Red, green, blue per point (3 values each); null when the format has no colour. */
  rgb: Uint16Array | null;
}

/** Zeroed columns for `count` points, with GPS time and colour when asked for. */
export function allocatePointColumns(
  count: number,
  optional: { gpsTime: boolean; rgb: boolean },
): PointColumns {
  return {
    count,
    x: new Int32Array(count),
    y: new Int32Array(count),
    z: new Int32Array(count),
    intensity: new Uint16Array(count),
    classification: new Uint8Array(count),
    gpsTime: optional.gpsTime ? new Float64Array(count) : null,
    rgb: optional.rgb ? new Uint16Array(count * 3) : null,
  };
}

export interface PointCloudFile {
  header: LasHeader;
  hasGpsTime: boolean;
  hasRgb: boolean;
  /** Yields every point once, in file order, in chunks of `chunkSize` points. */
  chunks(chunkSize?: number): AsyncGenerator<PointColumns, void, undefined>;
}

const DEFAULT_CHUNK = 65_536;

/** Reads the header of a LAS or LAZ file and prepares a point stream over it. */
export async function openPointCloudFile(path: string): Promise<PointCloudFile> {
  const handle = await open(path, 'r');
  let header: LasHeader;
  try {
    header = await readLasHeader(handle);
    assertPointDataComplete(header, (await handle.stat()).size);
  } finally {
    await handle.close();
  }
  const format = header.pointFormat;
  return {
    header,
    hasGpsTime: formatHasGpsTime(format),
    hasRgb: rgbOffset(format) !== undefined,
    chunks: (chunkSize = DEFAULT_CHUNK) => decodedChunks(path, header, chunkSize),
  };
}

async function* decodedChunks(path: string, header: LasHeader, chunkSize: number) {
  for await (const chunk of pointRecordChunks(path, header, chunkSize)) {
    yield decodeRecords(chunk.pointFormat, chunk.recordLength, chunk.bytes, chunk.count);
  }
}

/** A run of consecutive point records exactly as stored (LAS) or decoded (LAZ). */
export interface PointRecordChunk {
  /** Index of the chunk's first point in the file. */
  start: number;
  count: number;
  /** The records' format and length: the header's for LAS, the decoder's for LAZ. */
  pointFormat: number;
  recordLength: number;
  /** count × recordLength bytes; reused by the next chunk, so copy what must outlive it. */
  bytes: Buffer;
}

/**
 * Streams the raw point records of a LAS or LAZ file in chunks, memory bounded by the chunk
 * (plus, for LAZ, one compressed LAZ chunk in laz-perf's memory). The one reader of point
 * records: decoding to columns (`chunks`) and byte-for-byte rewriting (the PPK correction)
 * build on it.
 */
export async function* pointRecordChunks(
  path: string,
  header: LasHeader,
  chunkSize = DEFAULT_CHUNK,
): AsyncGenerator<PointRecordChunk, void, undefined> {
  const handle = await open(path, 'r');
  let laz: LazRecordReader | null = null;
  try {
    if (header.compressed) laz = await openLazRecords(handle, header);
    const recordLength = laz ? laz.recordLength : header.pointRecordLength;
    const pointFormat = laz ? laz.pointFormat : header.pointFormat;
    const bytes = Buffer.alloc(Math.max(1, Math.min(chunkSize, header.pointCount)) * recordLength);
    for (let start = 0; start < header.pointCount; start += chunkSize) {
      const count = Math.min(chunkSize, header.pointCount - start);
      const length = count * recordLength;
      if (laz) await laz.read(bytes, count, start);
      else
        await readExactlyInto(
          handle,
          bytes,
          length,
          header.offsetToPointData + start * recordLength,
        );
      yield { start, count, pointFormat, recordLength, bytes: bytes.subarray(0, length) };
    }
  } finally {
    laz?.close();
    await handle.close();
  }
}

/** Splits `count` LAS records of one point format into columns. */
export function decodeRecords(
  format: number,
  recordLength: number,
  bytes: Uint8Array,
  count: number,
): PointColumns {
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * recordLength);
  const gpsOffset = gpsTimeOffset(format);
  const rgbAt = rgbOffset(format);
  const classAt = classificationField(format);
  const columns = allocatePointColumns(count, {
    gpsTime: gpsOffset !== undefined,
    rgb: rgbAt !== undefined,
  });
  const { x, y, z, intensity, classification, gpsTime, rgb } = columns;
  for (let i = 0, base = 0; i < count; i++, base += recordLength) {
    x[i] = view.getInt32(base, true);
    y[i] = view.getInt32(base + 4, true);
    z[i] = view.getInt32(base + 8, true);
    intensity[i] = view.getUint16(base + 12, true);
    classification[i] = bytes[base + classAt.at]! & classAt.mask;
    if (gpsTime) gpsTime[i] = view.getFloat64(base + gpsOffset!, true);
    if (rgb) {
      const at = base + rgbAt!;
      rgb[i * 3] = view.getUint16(at, true);
      rgb[i * 3 + 1] = view.getUint16(at + 2, true);
      rgb[i * 3 + 2] = view.getUint16(at + 4, true);
    }
  }
  return columns;
}

/** A chunk of points in world coordinates (scaled and offset), with GPS time when present. */
export interface WorldColumns {
  count: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  gpsTime: Float64Array | null;
}

/**
 * Scales the reader's raw LAS integers into world coordinates, in arrays reused from one chunk
 * to the next (`scratch`), so that the pass allocates nothing per chunk.
 */
export function toWorldColumns(
  raw: PointColumns,
  header: Pick<LasHeader, 'scale' | 'offset'>,
  scratch: { x: Float64Array; y: Float64Array; z: Float64Array } | null,
): WorldColumns {
  const size = raw.count;
  const arrays =
    scratch && scratch.x.length >= size
      ? scratch
      : { x: new Float64Array(size), y: new Float64Array(size), z: new Float64Array(size) };
  const { scale, offset } = header;
  for (let i = 0; i < size; i++) {
    arrays.x[i] = raw.x[i]! * scale.x + offset.x;
    arrays.y[i] = raw.y[i]! * scale.y + offset.y;
    arrays.z[i] = raw.z[i]! * scale.z + offset.z;
  }
  return { count: size, x: arrays.x, y: arrays.y, z: arrays.z, gpsTime: raw.gpsTime };
}

/** A run of consecutive points in world coordinates, with the attributes most readers need. */
export interface LasPointChunk {
  /** Index of the chunk's first point in the file. */
  start: number;
  count: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  intensity: Uint16Array;
  classification: Uint8Array;
  /** GPS time per point; null when the point format has none (formats 0 and 2). */
  gpsTime: Float64Array | null;
}

/**
 * Streams the points of a LAS or LAZ file in world coordinates, chunk by chunk, in bounded
 * memory; for readers that need neither the raw integers nor the colours.
 */
export async function* readLasPoints(
  path: string,
  options: { chunkSize?: number } = {},
): AsyncGenerator<LasPointChunk, void, undefined> {
  const file = await openPointCloudFile(path);
  let start = 0;
  for await (const raw of file.chunks(Math.max(1, options.chunkSize ?? DEFAULT_CHUNK))) {
    const world = toWorldColumns(raw, file.header, null);
    yield {
      start,
      count: raw.count,
      x: world.x,
      y: world.y,
      z: world.z,
      intensity: raw.intensity,
      classification: raw.classification,
      gpsTime: raw.gpsTime,
    };
    start += raw.count;
  }
}
