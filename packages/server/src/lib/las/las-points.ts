import { open } from 'node:fs/promises';
import {
  assertPointDataComplete,
  LasFormatError,
  type LasHeader,
  readLasHeader,
} from './las-header.ts';
import { gpsTimeOffset } from './las-point-formats.ts';

export { formatHasGpsTime } from './las-point-formats.ts';

/** A run of consecutive points, column by column; coordinates are scaled and offset. */
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

export interface LasPointOptions {
  /** Points per chunk (default 65,536). */
  chunkSize?: number;
}

/**
 * Streams the points of an uncompressed LAS file (point formats 0–10) in chunks, reading the
 * file piece by piece so memory stays bounded whatever the file size. Checks first that the file
 * holds every record the header promises.
 */
export async function* readLasPoints(
  path: string,
  options: LasPointOptions = {},
): AsyncGenerator<LasPointChunk, void, undefined> {
  const chunkSize = Math.max(1, options.chunkSize ?? 65_536);
  const handle = await open(path, 'r');
  try {
    const header = await readLasHeader(handle);
    if (header.compressed) {
      throw new LasFormatError(
        'Compressed LAZ point data cannot be read here; decompress it first',
      );
    }
    assertPointDataComplete(header, (await handle.stat()).size);
    const recordLength = header.pointRecordLength;
    const buffer = Buffer.alloc(Math.min(chunkSize, Math.max(1, header.pointCount)) * recordLength);
    for (let start = 0; start < header.pointCount; start += chunkSize) {
      const count = Math.min(chunkSize, header.pointCount - start);
      const length = count * recordLength;
      const position = header.offsetToPointData + start * recordLength;
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      if (bytesRead < length) {
        throw new LasFormatError(
          `LAS point data ended early: expected ${length} bytes at byte ${position}, read ${bytesRead}`,
        );
      }
      yield decodeChunk(header, buffer, start, count);
    }
  } finally {
    await handle.close();
  }
}

function decodeChunk(header: LasHeader, buffer: Buffer, start: number, count: number) {
  const { scale, offset, pointRecordLength: recordLength, pointFormat } = header;
  const extended = pointFormat >= 6;
  const gpsOffset = gpsTimeOffset(pointFormat) ?? null;
  const chunk: LasPointChunk = {
    start,
    count,
    x: new Float64Array(count),
    y: new Float64Array(count),
    z: new Float64Array(count),
    intensity: new Uint16Array(count),
    classification: new Uint8Array(count),
    gpsTime: gpsOffset === null ? null : new Float64Array(count),
  };
  for (let i = 0; i < count; i++) {
    const base = i * recordLength;
    chunk.x[i] = buffer.readInt32LE(base) * scale.x + offset.x;
    chunk.y[i] = buffer.readInt32LE(base + 4) * scale.y + offset.y;
    chunk.z[i] = buffer.readInt32LE(base + 8) * scale.z + offset.z;
    chunk.intensity[i] = buffer.readUInt16LE(base + 12);
    // Formats 0–5 keep the class in the low 5 bits (the top 3 are flags); 6–10 use a whole byte.
    chunk.classification[i] = extended
      ? buffer.readUInt8(base + 16)
      : buffer.readUInt8(base + 15) & 0x1f;
    if (chunk.gpsTime && gpsOffset !== null)
      chunk.gpsTime[i] = buffer.readDoubleLE(base + gpsOffset);
  }
  return chunk;
}
