import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLasFileHeader } from '../../lib/las/las-header.ts';
import { openPackage } from '../package-reader.ts';
import { GNSS_SITES, utmZoneFor } from './gnss-sites.ts';
import { type GeneratedPackage, makePackage } from './make-package.ts';
import { parseGeneratorArgs } from './options.ts';

/**
 * `--ppk-offset E,N,U`: a static session at the surveyed rover position plus the offset, the
 * clouds moved by the same offset, so that PPK recovers −offset (docs/trajectory-processing.md).
 */

const OFFSET = [0.5, -0.25, 0.1] as const;
let dir: string;
let moved: GeneratedPackage;
let plain: GeneratedPackage;

// Scans of more points than the source (110,000): each is the source in order, then jittered
// copies, so two scans differ only in how far they go. (A smaller scan is a sample spread over
// the source, which depends on its count.)
const args = (out: string) => [
  ...['--out', out, '--scans', '2', '--scan-seconds', '6', '--target-size', '10MB'],
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ppk-offset-'));
  moved = await makePackage(
    parseGeneratorArgs([...args(path.join(dir, 'moved')), '--ppk-offset', OFFSET.join(',')]),
  );
  plain = await makePackage(parseGeneratorArgs(args(path.join(dir, 'plain'))));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function extract(pkg: GeneratedPackage, scanIndex: number): Promise<Buffer> {
  const reader = await openPackage(pkg.luxlzPath);
  try {
    const scan = pkg.manifest.scans[scanIndex]!;
    const file = path.join(dir, `${path.basename(pkg.luxlzPath)}-${scan.id}.las`);
    await pipeline(await reader.readEntry(scan.pointCloud), createWriteStream(file));
    await readLasFileHeader(file); // a valid LAS
    return readFile(file);
  } finally {
    reader.close();
  }
}

describe('make-package --ppk-offset', () => {
  it('writes a static trajectory at the surveyed position plus the offset', async () => {
    const site = GNSS_SITES[0]!;
    const utm = proj4('WGS84', utmZoneFor(site.lon).proj);
    const [e0, n0] = utm.forward([site.surveyed!.lon, site.surveyed!.lat]) as [number, number];
    expect(moved.manifest.generator).toContain('static session at the surveyed rover position');
    const reader = await openPackage(moved.luxlzPath);
    try {
      for (const scan of moved.manifest.scans) {
        const rows = (await reader.readText(scan.trajectory))!.trim().split('\n').slice(1);
        expect(rows).toHaveLength(61); // 10 Hz over 6 s, both ends
        const times = rows.map((row) => Number(row.split(',')[0]));
        expect(times[1]! - times[0]!).toBeCloseTo(0.1, 6);
        for (const row of rows) {
          const [, lat, lon, height, roll, pitch, yaw] = row.split(',').map(Number);
          const [e, n] = utm.forward([lon!, lat!]) as [number, number];
          expect(e - e0).toBeCloseTo(OFFSET[0], 3); // 9 decimals of a degree ≈ 0.1 mm
          expect(n - n0).toBeCloseTo(OFFSET[1], 3);
          expect(height).toBeCloseTo(site.surveyed!.ellipsoidalHeight + OFFSET[2], 3); // mm
          expect([roll, pitch, yaw]).toEqual([0, 0, 0]);
        }
      }
    } finally {
      reader.close();
    }
    expect(moved.scanLengths).toEqual([0, 0]);
  });

  it('moves every point of the cloud by the offset and changes nothing else', async () => {
    for (const scanIndex of [0, 1]) {
      const a = await extract(moved, scanIndex);
      const b = await extract(plain, scanIndex);
      // The static trajectory deflates better, so the moved package holds a few more points; the
      // clouds are the same sequence of points, so their common part is compared.
      const offsetToPoints = a.readUInt32LE(96);
      const recordLength = a.readUInt16LE(105);
      const count = Math.min(a.readUInt32LE(107), b.readUInt32LE(107));
      expect(count).toBeGreaterThan(110_000);
      // The header: the same but for the bounds (max/min X, Y, Z at bytes 179–226) and the date.
      const bounds = (buffer: Buffer) =>
        Array.from({ length: 6 }, (_, i) => buffer.readDoubleLE(179 + i * 8));
      const [ba, bb] = [bounds(a), bounds(b)];
      for (const [i, k] of [0, 0, 1, 1, 2, 2].entries()) {
        expect(ba[i]! - bb[i]!).toBeCloseTo(OFFSET[k]!, 6);
      }
      let worst = 0;
      let otherBytes = 0;
      for (let p = 0; p < count; p++) {
        const at = offsetToPoints + p * recordLength;
        for (const k of [0, 1, 2]) {
          const shift = (a.readInt32LE(at + 4 * k) - b.readInt32LE(at + 4 * k)) * 0.001;
          worst = Math.max(worst, Math.abs(shift - OFFSET[k]!));
        }
        if (
          !a.subarray(at + 12, at + recordLength).equals(b.subarray(at + 12, at + recordLength))
        ) {
          otherBytes++;
        }
      }
      // Each coordinate is rounded to the millimetre on its own: at most 1 mm apart.
      expect(worst).toBeLessThanOrEqual(0.001 + 1e-9);
      expect(otherBytes).toBe(0);
    }
  });

  it('refuses the offset for a site without a surveyed position', async () => {
    await expect(
      makePackage(
        parseGeneratorArgs([
          ...args(path.join(dir, 'phone')),
          '--session-start',
          '2024-04-01T08:31:20Z',
          '--ppk-offset',
          '1,1,1',
        ]),
      ),
    ).rejects.toThrow(
      '--ppk-offset needs a site with a surveyed rover position; Geo++ phone log GEOP has none',
    );
  });
});
