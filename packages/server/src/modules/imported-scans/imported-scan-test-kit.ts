import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { geoKeyDirectoryVlr } from '../../lib/las/las-output-header.ts';

/** Test files: the shared fixtures and small LAS 1.2 files written for a case. */

export const POINTCLOUD_FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);
/** WGS 84 / UTM zone 42N (GeoTIFF keys and WKT), point format 1, 38,367 points, GPS times all 0. */
export const UTM_42N_CLOUD = path.join(POINTCLOUD_FIXTURES, 'hexbin-crop.las');
/** NAD83 / UTM zone 10N (EPSG:26910). */
export const NAD83_UTM_CLOUD = path.join(POINTCLOUD_FIXTURES, 'autzen-utm.las');
/** Oregon Lambert (user-defined GeoTIFF keys and an ESRI WKT). */
export const LAMBERT_CLOUD = path.join(POINTCLOUD_FIXTURES, 'autzen_trim.las');
/** Oregon Lambert as WKT only (LAS 1.4, WKT global-encoding bit). */
export const LAMBERT_WKT_CLOUD = path.join(POINTCLOUD_FIXTURES, 'autzen_trim_7.las');

export interface TestLasOptions {
  /** 0: no GPS time; 1: GPS time. */
  format: 0 | 1;
  /** [x, y, z] or [x, y, z, gpsTime]. */
  points: readonly (readonly number[])[];
  epsg?: number;
  /** Global encoding bit 0: adjusted standard GPS time. */
  adjustedGpsTime?: boolean;
}

/** Writes a LAS 1.2 file of the points (scale 1 mm), with a GeoTIFF key VLR when epsg is given. */
export async function writeTestLas(file: string, options: TestLasOptions): Promise<void> {
  const headerSize = 227;
  const recordLength = options.format === 0 ? 20 : 28;
  const vlr = options.epsg ? geoKeyDirectoryVlr(options.epsg, false) : Buffer.alloc(0);
  const header = Buffer.alloc(headerSize);
  header.write('LASF', 0, 'latin1');
  header.writeUInt16LE(options.adjustedGpsTime ? 1 : 0, 6);
  header[24] = 1;
  header[25] = 2;
  header.writeUInt16LE(headerSize, 94);
  header.writeUInt32LE(headerSize + vlr.length, 96);
  header.writeUInt32LE(vlr.length > 0 ? 1 : 0, 100);
  header[104] = options.format;
  header.writeUInt16LE(recordLength, 105);
  header.writeUInt32LE(options.points.length, 107);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of options.points) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, p[k]!);
      max[k] = Math.max(max[k]!, p[k]!);
    }
  }
  const offset = min.map((v) => (Number.isFinite(v) ? Math.floor(v) : 0));
  for (let k = 0; k < 3; k++) {
    header.writeDoubleLE(0.001, 131 + k * 8);
    header.writeDoubleLE(offset[k]!, 155 + k * 8);
    header.writeDoubleLE(Number.isFinite(max[k]!) ? max[k]! : 0, 179 + k * 16);
    header.writeDoubleLE(Number.isFinite(min[k]!) ? min[k]! : 0, 187 + k * 16);
  }
  const records = Buffer.alloc(recordLength * options.points.length);
  options.points.forEach((p, i) => {
    const at = i * recordLength;
    for (let k = 0; k < 3; k++) {
      records.writeInt32LE(Math.round((p[k]! - offset[k]!) / 0.001), at + k * 4);
    }
    if (options.format === 1) records.writeDoubleLE(p[3] ?? 0, at + 20);
  });
  await writeFile(file, Buffer.concat([header, vlr, records]));
}

/**
 * A strip of points along a straight line from (x0, y0), `length` metres long at `bearing`
 * degrees from east, `width` metres wide, its GPS times rising along it over `seconds`.
 */
export function stripPoints(options: {
  x0: number;
  y0: number;
  length: number;
  width: number;
  angleDegrees: number;
  count: number;
  startTime?: number;
  seconds?: number;
}): number[][] {
  const angle = (options.angleDegrees * Math.PI) / 180;
  const points: number[][] = [];
  for (let i = 0; i < options.count; i++) {
    const along = (i / (options.count - 1)) * options.length;
    // A zigzag across the strip, the way a scanner sweeps it.
    const across = (((i * 7919) % 101) / 100 - 0.5) * options.width;
    points.push([
      options.x0 + along * Math.cos(angle) - across * Math.sin(angle),
      options.y0 + along * Math.sin(angle) + across * Math.cos(angle),
      100 + (i % 13) * 0.1,
      (options.startTime ?? 0) + (i / (options.count - 1)) * (options.seconds ?? 60),
    ]);
  }
  return points;
}
