import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFixturesDir } from '../../../device-packages/generator/options.ts';
import { readLasFileHeader } from '../../../lib/las/las-header.ts';
import { readLasPoints } from '../../../lib/las/las-reader.ts';
import type { TrajectorySample } from './device-trajectory.ts';
import type { PosEpoch } from './pos-file.ts';
import {
  buildCorrection,
  type Correction,
  correctionAt,
  correctPointCloud,
  correctTrajectoryCsv,
  gpsWeekSecondsConverter,
} from './trajectory-correction.ts';

const UTM54 = '+proj=utm +zone=54 +datum=WGS84 +units=m +no_defs';
const FIXTURES = defaultFixturesDir();
const T = 796_780_830; // GPS seconds, 2005-04-02 00:00:17 UTC

// GNSS site 0759: the RINEX header position and the PPK (surveyed) one; their UTM 54 coordinates
// by PROJ's cs2cs 9.1.1: header 373754.236428 3891763.272516, surveyed 373754.356876
// 3891763.268952.
const HEADER = { lat: 35.1608750388, lon: 139.6138372528, height: 70.15 };
const SURVEYED = { lat: 35.1608750218, lon: 139.6138385755, height: 70.2763 };

function sample(gpsSeconds: number, at = HEADER): TrajectorySample {
  return { gpsSeconds, ...at, roll: 0, pitch: 0, yaw: 0 };
}

function epoch(gpsSeconds: number, q: number, at = SURVEYED): PosEpoch {
  return {
    gpsSeconds,
    time: new Date(0),
    ...at,
    q,
    ns: 7,
    sdn: 0,
    sde: 0,
    sdu: 0,
    ratio: 10,
  };
}

/** A correction by hand: Δ at T, T+10 and T+30. */
const HAND: Correction = {
  gpsSeconds: Float64Array.from([T, T + 10, T + 30]),
  dE: Float64Array.from([1, 2, 4]),
  dN: Float64Array.from([-1, -1, 0]),
  dU: Float64Array.from([0.1, 0.2, 0.2]),
};

describe('buildCorrection and correctionAt', () => {
  it('takes PPK − device in UTM at the fixed epochs the device covers', () => {
    const c = buildCorrection(
      [epoch(T - 30, 1), epoch(T, 1), epoch(T + 30, 2), epoch(T + 60, 1), epoch(T + 200, 1)],
      [sample(T - 10), sample(T + 100)],
      UTM54,
    );
    expect([...c.gpsSeconds]).toEqual([T, T + 60]); // T−30 and T+200 lie outside, T+30 is float
    expect(c.dE[0]).toBeCloseTo(373754.356876 - 373754.236428, 5);
    expect(c.dN[0]).toBeCloseTo(3891763.268952 - 3891763.272516, 5);
    expect(c.dU[0]).toBeCloseTo(0.1263, 9);
  });

  it('interpolates linearly and holds the ends', () => {
    expect(correctionAt(HAND, T + 5)).toEqual([1.5, -1, 0.15000000000000002]);
    expect(correctionAt(HAND, T + 20)).toEqual([3, -0.5, 0.2]);
    expect(correctionAt(HAND, T - 100)).toEqual([1, -1, 0.1]);
    expect(correctionAt(HAND, T + 1000)).toEqual([4, 0, 0.2]);
    const empty = buildCorrection([], [sample(T)], UTM54);
    expect(() => correctionAt(empty, T)).toThrow('no fixed epoch');
  });
});

describe('correctTrajectoryCsv', () => {
  it('moves each row by the correction at its time and keeps the other fields', () => {
    const csv = [
      'gps_time,lat,lon,ellipsoidal_height,roll,pitch,yaw',
      `${T + 5}.000,35.160875039,139.613837253,70.150,0.500,-0.250,123.456`,
      `${T + 20}.000,35.160875039,139.613837253,70.150,0.000,0.000,0.000`,
      '',
    ].join('\n');
    const out = correctTrajectoryCsv(csv, HAND, UTM54).split('\n');
    expect(out[0]).toBe('gps_time,lat,lon,ellipsoidal_height,roll,pitch,yaw');
    const utm = proj4('WGS84', UTM54);
    const [e0, n0] = utm.forward([139.613837253, 35.160875039]);
    for (const [row, [dE, dN, dU]] of [
      [out[1]!, [1.5, -1, 0.15]],
      [out[2]!, [3, -0.5, 0.2]],
    ] as const) {
      const [time, lat, lon, height, ...angles] = row.split(',');
      const [e, n] = utm.forward([Number(lon), Number(lat)]);
      expect(e! - e0!).toBeCloseTo(dE, 3); // 9 decimals of a degree ≈ 0.1 mm
      expect(n! - n0!).toBeCloseTo(dN, 3);
      expect(Number(height)).toBeCloseTo(70.15 + dU, 9);
      expect(lat).toMatch(/^35\.\d{9}$/);
      expect(Number(time)).toBeGreaterThan(T);
      if (row === out[1]) expect(angles).toEqual(['0.500', '-0.250', '123.456']);
    }
    expect(out[3]).toBe('');
  });
});

// --- point clouds -------------------------------------------------------------------------

interface TestPoint {
  x: number;
  y: number;
  z: number;
  /** The record's GPS time field as stored. */
  t: number;
}

/**
 * A LAS 1.4 file, point format 6 with 4 extra bytes per record, one VLR, one EVLR, random bytes
 * in every record field other than X/Y/Z/GPS time; or a LAS 1.2 file of point format 0 or 1.
 */
function testLas(options: {
  version: '1.2' | '1.4';
  format: number;
  globalEncoding: number;
  points: TestPoint[];
}): Buffer {
  const is14 = options.version === '1.4';
  const headerSize = is14 ? 375 : 227;
  const recordLength = options.format === 6 ? 34 : options.format === 1 ? 28 : 20;
  const gpsAt = options.format === 6 ? 22 : 20;
  const vlr = Buffer.alloc(54 + 10, 0x11);
  vlr.write('test\0\0\0\0\0\0\0\0\0\0\0\0', 2, 'latin1');
  vlr.writeUInt16LE(7, 18);
  vlr.writeUInt16LE(10, 20);
  const evlr = Buffer.alloc(is14 ? 60 + 20 : 0, 0x22);
  if (is14) {
    evlr.write('test\0\0\0\0\0\0\0\0\0\0\0\0', 2, 'latin1');
    evlr.writeUInt16LE(8, 18);
    evlr.writeBigUInt64LE(20n, 20);
  }
  const header = Buffer.alloc(headerSize);
  header.write('LASF', 0, 'latin1');
  header.writeUInt16LE(options.globalEncoding, 6);
  header.write('ABCDEFGH', 8, 'latin1'); // project id, kept as is
  header[24] = 1;
  header[25] = is14 ? 4 : 2;
  header.write('ppk test', 26, 'latin1');
  header.writeUInt16LE(headerSize, 94);
  header.writeUInt32LE(headerSize + vlr.length, 96);
  header.writeUInt32LE(1, 100);
  header[104] = options.format;
  header.writeUInt16LE(recordLength, 105);
  const n = options.points.length;
  header.writeUInt32LE(is14 ? 0 : n, 107);
  for (const [i, v] of [0.001, 0.001, 0.001, 373000, 3891000, 0].entries()) {
    header.writeDoubleLE(v, 131 + i * 8);
  }
  for (let at = 179; at < 227; at += 8) header.writeDoubleLE(1234.5, at); // stale bounds
  const records = Buffer.alloc(n * recordLength);
  let seed = 7;
  for (let i = 0; i < records.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    records[i] = seed >>> 24;
  }
  options.points.forEach((p, i) => {
    records.writeInt32LE(p.x, i * recordLength);
    records.writeInt32LE(p.y, i * recordLength + 4);
    records.writeInt32LE(p.z, i * recordLength + 8);
    if (options.format !== 0) records.writeDoubleLE(p.t, i * recordLength + gpsAt);
  });
  if (is14) {
    header.writeBigUInt64LE(BigInt(headerSize + vlr.length + records.length), 235);
    header.writeUInt32LE(1, 243);
    header.writeBigUInt64LE(BigInt(n), 247);
  }
  return Buffer.concat([header, vlr, records, evlr]);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ppk-correction-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('correctPointCloud', () => {
  it('moves X/Y/Z of a LAS 1.4 file to the scale and keeps every other byte', async () => {
    // Adjusted standard GPS time (global encoding bit 0; bit 4 = WKT, kept): stored t + 1e9.
    const adjusted = (gps: number) => gps - 1e9;
    const points: TestPoint[] = [
      { x: 754236, y: 763272, z: 70150, t: adjusted(T + 5) },
      { x: 754236, y: 763272, z: 70150, t: adjusted(T + 20) },
      { x: -1000, y: 0, z: -5, t: adjusted(T - 50) },
      { x: 2000, y: 1, z: 7, t: adjusted(T + 99) },
      { x: 10, y: 20, z: 30, t: adjusted(T + 2.5) },
    ];
    const source = testLas({ version: '1.4', format: 6, globalEncoding: 17, points });
    const input = path.join(dir, 'in14.las');
    const output = path.join(dir, 'out14.las');
    await writeFile(input, source);
    const progress: number[] = [];
    const result = await correctPointCloud(input, output, HAND, {
      onProgress: (done, total) => progress.push(done / total),
    });
    const out = await readFile(output);
    expect(result).toEqual({
      points: 5,
      bytes: source.length,
      maxShiftMetres: Math.hypot(4, 0, 0.2),
    });
    expect(progress.at(-1)).toBe(1);
    expect(out.length).toBe(source.length);

    // By hand, scale 0.001 m: Δ(T+5) = (1.5, −1, 0.15), Δ(T+20) = (3, −0.5, 0.2), before T:
    // (1, −1, 0.1), after T+30: (4, 0, 0.2), Δ(T+2.5) = (1.25, −1, 0.125).
    const expected = [
      [755736, 762272, 70300],
      [757236, 762772, 70350],
      [0, -1000, 95],
      [6000, 1, 207],
      [1260, -980, 155],
    ];
    const start = 375 + 64;
    expected.forEach(([x, y, z], i) => {
      const at = start + i * 34;
      expect([out.readInt32LE(at), out.readInt32LE(at + 4), out.readInt32LE(at + 8)]).toEqual([
        x,
        y,
        z,
      ]);
      out.fill(0, at, at + 12);
      source.fill(0, at, at + 12);
    });
    // Bounds (max x, min x, max y, min y, max z, min z) from the moved points.
    const bounds = Array.from({ length: 6 }, (_, i) => out.readDoubleLE(179 + i * 8));
    expect(bounds[0]).toBeCloseTo(373000 + 757.236, 6);
    expect(bounds[1]).toBeCloseTo(373000 + 0, 6);
    expect(bounds[2]).toBeCloseTo(3891000 + 762.772, 6);
    expect(bounds[3]).toBeCloseTo(3891000 - 1, 6);
    expect(bounds[4]).toBeCloseTo(70.35, 6);
    expect(bounds[5]).toBeCloseTo(0.095, 6);
    out.fill(0, 179, 227);
    source.fill(0, 179, 227);
    expect(out.equals(source)).toBe(true); // every other byte: header, VLR, records, EVLR
    const header = await readLasFileHeader(output);
    expect(header.vlrs.map((v) => [v.userId, v.extended])).toEqual([
      ['test', false],
      ['test', true],
    ]);
  });

  it('refuses a format without GPS time, and week seconds without the week', async () => {
    const p = { x: 1, y: 2, z: 3, t: 245_380 };
    const f0 = path.join(dir, 'f0.las');
    await writeFile(f0, testLas({ version: '1.2', format: 0, globalEncoding: 0, points: [p] }));
    await expect(correctPointCloud(f0, path.join(dir, 'x.las'), HAND)).rejects.toThrow(
      'LAS point format 0 has no GPS time per point',
    );
    const week = path.join(dir, 'week.las');
    await writeFile(week, testLas({ version: '1.2', format: 1, globalEncoding: 0, points: [p] }));
    const out = path.join(dir, 'week-out.las');
    await expect(correctPointCloud(week, out, HAND)).rejects.toThrow(
      'stores GPS week seconds (LAS global-encoding bit 0 is clear)',
    );
    // With the week: 1316 × 604800 + 245380 s lies before T, so Δ = (1, −1, 0.1).
    await correctPointCloud(week, out, HAND, {
      pointGpsToGpsSeconds: gpsWeekSecondsConverter(1316),
    });
    const bytes = await readFile(out);
    expect([
      bytes.readInt32LE(227 + 64),
      bytes.readInt32LE(231 + 64),
      bytes.readInt32LE(235 + 64),
    ]).toEqual([1001, -998, 103]);
  });

  it('writes a LAZ file as the LAS of its decoded records, corrected', async () => {
    const laz = path.join(FIXTURES, 'pointcloud/autzen_trim.laz');
    const las = path.join(FIXTURES, 'pointcloud/autzen_trim.las'); // the same points, uncompressed
    const week = 1316;
    const toGps = gpsWeekSecondsConverter(week);
    // autzen_trim's points span week seconds 245379.4–245385.9; Δ changes over that span.
    const c: Correction = {
      gpsSeconds: Float64Array.from([toGps(245_380), toGps(245_385)]),
      dE: Float64Array.from([1.5, 2.5]),
      dN: Float64Array.from([-2.25, -2.25]),
      dU: Float64Array.from([0.12, 0.32]),
    };
    const fromLaz = path.join(dir, 'autzen-from-laz.las');
    const fromLas = path.join(dir, 'autzen-from-las.las');
    const options = { pointGpsToGpsSeconds: toGps };
    const result = await correctPointCloud(laz, fromLaz, c, options);
    await correctPointCloud(las, fromLas, c, options);
    expect(result.points).toBe(110_000);
    // The LAZ's header differs from the LAS's only by compression fields: the outputs agree.
    const [a, b] = [await readFile(fromLaz), await readFile(fromLas)];
    expect(a.equals(b)).toBe(true);
    expect(result.bytes).toBe(a.length);
    const header = await readLasFileHeader(fromLaz);
    expect(header).toMatchObject({
      version: '1.2',
      pointFormat: 3,
      compressed: false,
      pointRecordLength: 34,
    });
    expect(header.vlrs.some((v) => v.userId === 'laszip encoded')).toBe(false);

    // Each point moved by Δ at its own time, to the 0.01 m scale; bounds are the moved extent.
    const original = readLasPoints(las, { chunkSize: 50_000 });
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    let checked = 0;
    let worst = 0;
    let otherFieldsDiffer = 0;
    for await (const moved of readLasPoints(fromLaz, { chunkSize: 50_000 })) {
      const before = (await original.next()).value!;
      for (let i = 0; i < moved.count; i++) {
        const t = toGps(before.gpsTime![i]!);
        const f = Math.min(1, Math.max(0, (t - toGps(245_380)) / 5));
        const delta = [1.5 + f, -2.25, 0.12 + 0.2 * f];
        const xyz = [moved.x[i]!, moved.y[i]!, moved.z[i]!];
        const old = [before.x[i]!, before.y[i]!, before.z[i]!];
        for (let k = 0; k < 3; k++) {
          worst = Math.max(worst, Math.abs(xyz[k]! - (old[k]! + delta[k]!)));
          min[k] = Math.min(min[k]!, xyz[k]!);
          max[k] = Math.max(max[k]!, xyz[k]!);
        }
        if (
          moved.gpsTime![i] !== before.gpsTime![i] ||
          moved.intensity[i] !== before.intensity[i] ||
          moved.classification[i] !== before.classification[i]
        ) {
          otherFieldsDiffer++;
        }
        checked++;
      }
    }
    expect(worst).toBeLessThanOrEqual(0.005 + 1e-9); // half the 0.01 m scale
    expect(otherFieldsDiffer).toBe(0);
    expect(checked).toBe(110_000);
    expect([header.min.x, header.min.y, header.min.z]).toEqual(min);
    expect([header.max.x, header.max.y, header.max.z]).toEqual(max);
  });
});
