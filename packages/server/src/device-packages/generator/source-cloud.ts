import { open } from 'node:fs/promises';
import path from 'node:path';
import { assertPointDataComplete, readLasHeader } from '../../lib/las/las-header.ts';
import { formatHasGpsTime, rgbOffset } from '../../lib/las/las-point-formats.ts';

/**
 * A fixture point cloud prepared for the generator: its records repacked to LAS point format 1
 * or 3, and its positions in metres relative to its own centre (x, y) and lowest point (z).
 */
export interface SourceCloud {
  path: string;
  count: number;
  /** Output point format: 3 when the source has colour, else 1. */
  format: 1 | 3;
  recordLength: 28 | 34;
  /** Records in the output format; X, Y, Z and GPS time are rewritten per copy. */
  records: Buffer;
  dx: Float64Array;
  dy: Float64Array;
  dz: Float64Array;
  intensity: Uint16Array;
  /** Acquisition order mapped to 0..1 (GPS time, or file order when the times are all equal). */
  time: Float64Array;
  extent: { minX: number; maxX: number; minY: number; maxY: number; maxZ: number };
}

/** Linear units of the fixtures whose CRS is in feet (from their CRS records, see SOURCES.md). */
const UNIT_METRES: Record<string, number> = {
  'autzen_trim.las': 0.3048,
  'autzen_trim_7.las': 0.3048,
  'file_with_both_wkt_and_geotiff_vlrs.las': 1200 / 3937,
};

const SOURCE_LIMIT_BYTES = 512 * 1024 ** 2;

export async function loadSourceCloud(file: string): Promise<SourceCloud> {
  const handle = await open(file, 'r');
  try {
    const header = await readLasHeader(handle);
    if (header.compressed) {
      throw new Error(`${file} is LAZ; the generator reads uncompressed LAS only`);
    }
    if (!formatHasGpsTime(header.pointFormat)) {
      throw new Error(`${file} uses LAS point format ${header.pointFormat}, which has no GPS time`);
    }
    assertPointDataComplete(header, (await handle.stat()).size);
    const bytes = header.pointCount * header.pointRecordLength;
    if (bytes > SOURCE_LIMIT_BYTES) {
      throw new Error(`${file} holds more than ${SOURCE_LIMIT_BYTES} bytes of points`);
    }
    const raw = Buffer.alloc(bytes);
    await handle.read(raw, 0, bytes, header.offsetToPointData);
    const unit = UNIT_METRES[path.basename(file)] ?? 1;
    return prepare(file, raw, header.pointCount, header.pointRecordLength, header.pointFormat, {
      scale: header.scale,
      offset: header.offset,
      unit,
    });
  } finally {
    await handle.close();
  }
}

function prepare(
  file: string,
  raw: Buffer,
  count: number,
  sourceLength: number,
  sourceFormat: number,
  geo: { scale: { x: number; y: number; z: number }; offset: typeof geo.scale; unit: number },
): SourceCloud {
  const rgbAt = rgbOffset(sourceFormat);
  const format = rgbAt === undefined ? 1 : 3;
  const recordLength = format === 3 ? 34 : 28;
  const records = Buffer.alloc(count * recordLength);
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  const z = new Float64Array(count);
  const gps = new Float64Array(count);
  const intensity = new Uint16Array(count);
  const extended = sourceFormat >= 6;
  for (let i = 0; i < count; i++) {
    const s = i * sourceLength;
    const o = i * recordLength;
    x[i] = raw.readInt32LE(s) * geo.scale.x + geo.offset.x;
    y[i] = raw.readInt32LE(s + 4) * geo.scale.y + geo.offset.y;
    z[i] = raw.readInt32LE(s + 8) * geo.scale.z + geo.offset.z;
    intensity[i] = raw.readUInt16LE(s + 12);
    records.writeUInt16LE(intensity[i]!, o + 12);
    if (extended) {
      // LAS 1.4 formats 6–10 → legacy bit fields of formats 0–5.
      const returns = raw[s + 14]!;
      const flags = raw[s + 15]!;
      records[o + 14] =
        (returns & 0x07) | (((returns >> 4) & 0x07) << 3) | (flags & 0x40) | (flags & 0x80);
      records[o + 15] = Math.min(raw[s + 16]!, 31) | ((flags & 0x07) << 5);
      const angle = Math.round(raw.readInt16LE(s + 18) * 0.006);
      records.writeInt8(Math.max(-90, Math.min(90, angle)), o + 16);
      records[o + 17] = raw[s + 17]!;
      records.writeUInt16LE(raw.readUInt16LE(s + 20), o + 18);
      gps[i] = raw.readDoubleLE(s + 22);
    } else {
      raw.copy(records, o + 14, s + 14, s + 20);
      gps[i] = raw.readDoubleLE(s + 20);
    }
    if (rgbAt !== undefined) raw.copy(records, o + 28, s + rgbAt, s + rgbAt + 6);
  }
  return {
    path: file,
    format,
    recordLength,
    records,
    intensity,
    ...normalise(x, y, z, gps, geo.unit),
  };
}

function normalise(
  x: Float64Array,
  y: Float64Array,
  z: Float64Array,
  gps: Float64Array,
  unit: number,
) {
  const count = x.length;
  let sx = 0;
  let sy = 0;
  let minZ = Number.POSITIVE_INFINITY;
  let minT = Number.POSITIVE_INFINITY;
  let maxT = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    sx += x[i]!;
    sy += y[i]!;
    minZ = Math.min(minZ, z[i]!);
    minT = Math.min(minT, gps[i]!);
    maxT = Math.max(maxT, gps[i]!);
  }
  const cx = sx / count;
  const cy = sy / count;
  const dx = new Float64Array(count);
  const dy = new Float64Array(count);
  const dz = new Float64Array(count);
  const time = new Float64Array(count);
  const extent = {
    minX: Number.POSITIVE_INFINITY,
    maxX: Number.NEGATIVE_INFINITY,
    minY: Number.POSITIVE_INFINITY,
    maxY: Number.NEGATIVE_INFINITY,
    maxZ: 0,
  };
  const hasTime = maxT > minT;
  for (let i = 0; i < count; i++) {
    dx[i] = (x[i]! - cx) * unit;
    dy[i] = (y[i]! - cy) * unit;
    dz[i] = (z[i]! - minZ) * unit;
    time[i] = hasTime ? (gps[i]! - minT) / (maxT - minT) : count > 1 ? i / (count - 1) : 0;
    extent.minX = Math.min(extent.minX, dx[i]!);
    extent.maxX = Math.max(extent.maxX, dx[i]!);
    extent.minY = Math.min(extent.minY, dy[i]!);
    extent.maxY = Math.max(extent.maxY, dy[i]!);
    extent.maxZ = Math.max(extent.maxZ, dz[i]!);
  }
  return { count, dx, dy, dz, time, extent };
}
