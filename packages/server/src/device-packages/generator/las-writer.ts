import { Readable } from 'node:stream';
import { LAS_ADJUSTED_GPS_OFFSET } from '../gps-time.ts';
import type { SourceCloud } from './source-cloud.ts';

/**
 * Writes one scan's LAS 1.2 file (point format 1 or 3, GeoTIFF keys for the UTM zone, adjusted
 * standard GPS time) as a stream of chunks: the source cloud is copied as often as needed to
 * reach the point count, every copy after the first jittered by up to `jitter` metres, so memory
 * stays at one chunk whatever the size.
 */
export interface ScanCloudPlan {
  source: SourceCloud;
  pointCount: number;
  /** UTM position of the source's centre and lowest point. */
  originEasting: number;
  originNorthing: number;
  originHeight: number;
  /** GPS seconds of the first and last point. */
  startGps: number;
  durationSeconds: number;
  epsg: number;
  jitter: number;
  seed: number;
}

const HEADER_SIZE = 227;
const VLR_HEADER_SIZE = 54;
const GEOKEYS = (epsg: number) => [
  1,
  1,
  0,
  4,
  1024,
  0,
  1,
  1,
  1025,
  0,
  1,
  1,
  3072,
  0,
  1,
  epsg,
  3076,
  0,
  1,
  9001,
];
const GEOKEY_BYTES = GEOKEYS(0).length * 2;
export const LAS_SCALE = 0.001;
const CHUNK_POINTS = 32_768;

export function lasFileSize(recordLength: number, pointCount: number): number {
  return HEADER_SIZE + VLR_HEADER_SIZE + GEOKEY_BYTES + recordLength * pointCount;
}

function writeText(buffer: Buffer, text: string, at: number, length: number) {
  buffer.write(text.slice(0, length), at, length, 'latin1');
}

function lasOffset(plan: ScanCloudPlan) {
  // Offsets rounded to whole kilometres keep millimetre integers far inside the int32 range.
  return {
    x: Math.round(plan.originEasting / 1000) * 1000,
    y: Math.round(plan.originNorthing / 1000) * 1000,
    z: 0,
  };
}

export function lasHeader(plan: ScanCloudPlan): Buffer {
  const { source, pointCount } = plan;
  if (pointCount > 0xffffffff) throw new Error('A LAS 1.2 file holds at most 4,294,967,295 points');
  const header = Buffer.alloc(HEADER_SIZE + VLR_HEADER_SIZE + GEOKEY_BYTES);
  header.write('LASF', 0, 'latin1');
  header.writeUInt16LE(1, 6); // adjusted standard GPS time
  header[24] = 1;
  header[25] = 2;
  writeText(header, 'LuxGear package generator', 26, 32);
  writeText(header, 'asset-portal make-package', 58, 32);
  const now = new Date();
  const dayOfYear =
    Math.floor((now.getTime() - Date.UTC(now.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  header.writeUInt16LE(dayOfYear, 90);
  header.writeUInt16LE(now.getUTCFullYear(), 92);
  header.writeUInt16LE(HEADER_SIZE, 94);
  header.writeUInt32LE(HEADER_SIZE + VLR_HEADER_SIZE + GEOKEY_BYTES, 96);
  header.writeUInt32LE(1, 100);
  header[104] = source.format;
  header.writeUInt16LE(source.recordLength, 105);
  header.writeUInt32LE(pointCount, 107);
  header.writeUInt32LE(pointCount, 111); // every point is reported as a first return
  const offset = lasOffset(plan);
  for (const [i, value] of [LAS_SCALE, LAS_SCALE, LAS_SCALE].entries()) {
    header.writeDoubleLE(value, 131 + i * 8);
  }
  header.writeDoubleLE(offset.x, 155);
  header.writeDoubleLE(offset.y, 163);
  header.writeDoubleLE(offset.z, 171);
  // Bounds of the copies: the source extent plus the jitter margin when there is more than one.
  const margin = (pointCount > source.count ? plan.jitter : 0) + LAS_SCALE;
  const e = source.extent;
  header.writeDoubleLE(plan.originEasting + e.maxX + margin, 179);
  header.writeDoubleLE(plan.originEasting + e.minX - margin, 187);
  header.writeDoubleLE(plan.originNorthing + e.maxY + margin, 195);
  header.writeDoubleLE(plan.originNorthing + e.minY - margin, 203);
  header.writeDoubleLE(plan.originHeight + e.maxZ + margin, 211);
  header.writeDoubleLE(plan.originHeight - margin, 219);
  const vlr = HEADER_SIZE;
  writeText(header, 'LASF_Projection', vlr + 2, 16);
  header.writeUInt16LE(34735, vlr + 18);
  header.writeUInt16LE(GEOKEY_BYTES, vlr + 20);
  writeText(header, 'GeoKeyDirectoryTag', vlr + 22, 32);
  for (const [i, key] of GEOKEYS(plan.epsg).entries()) {
    header.writeUInt16LE(key, vlr + VLR_HEADER_SIZE + i * 2);
  }
  return header;
}

/** Small deterministic generator (mulberry32) so a seed reproduces a package. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function* lasChunks(plan: ScanCloudPlan): AsyncGenerator<Buffer> {
  yield lasHeader(plan);
  const { source } = plan;
  const offset = lasOffset(plan);
  const next = random(plan.seed);
  const length = source.recordLength;
  const baseX = plan.originEasting - offset.x;
  const baseY = plan.originNorthing - offset.y;
  const baseZ = plan.originHeight - offset.z;
  // A scan of fewer points than the source takes every n-th of them, so that it still covers
  // the whole drive its trajectory and header describe, not the drive's first metres.
  const perCopy = Math.min(source.count, plan.pointCount);
  const sourceIndex = (j: number) => Math.floor((j * source.count) / perCopy);
  let written = 0;
  for (let copy = 0; written < plan.pointCount; copy++) {
    const jitter = copy === 0 ? 0 : plan.jitter;
    for (let start = 0; start < perCopy && written < plan.pointCount; start += CHUNK_POINTS) {
      const count = Math.min(CHUNK_POINTS, perCopy - start, plan.pointCount - written);
      const chunk =
        perCopy === source.count
          ? Buffer.from(source.records.subarray(start * length, (start + count) * length))
          : subsampledRecords(source.records, length, start, count, sourceIndex);
      for (let k = 0; k < count; k++) {
        const i = sourceIndex(start + k);
        const o = k * length;
        const jx = jitter === 0 ? 0 : (next() * 2 - 1) * jitter;
        const jy = jitter === 0 ? 0 : (next() * 2 - 1) * jitter;
        const jz = jitter === 0 ? 0 : (next() * 2 - 1) * jitter;
        chunk.writeInt32LE(Math.round((baseX + source.dx[i]! + jx) / LAS_SCALE), o);
        chunk.writeInt32LE(Math.round((baseY + source.dy[i]! + jy) / LAS_SCALE), o + 4);
        chunk.writeInt32LE(Math.round((baseZ + source.dz[i]! + jz) / LAS_SCALE), o + 8);
        const gps = plan.startGps + source.time[i]! * plan.durationSeconds;
        chunk.writeDoubleLE(gps - LAS_ADJUSTED_GPS_OFFSET, o + 20);
      }
      written += count;
      yield chunk;
    }
  }
}

function subsampledRecords(
  records: Buffer,
  length: number,
  start: number,
  count: number,
  sourceIndex: (j: number) => number,
): Buffer {
  const chunk = Buffer.allocUnsafe(count * length);
  for (let k = 0; k < count; k++) {
    const i = sourceIndex(start + k);
    records.copy(chunk, k * length, i * length, (i + 1) * length);
  }
  return chunk;
}

/** The scan's LAS file as a readable stream of exactly `lasFileSize(...)` bytes. */
export function lasStream(plan: ScanCloudPlan): Readable {
  return Readable.from(lasChunks(plan), { objectMode: false });
}
