import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geodesicDistance } from '../../demo/flight-line.ts';
import { readLasFileHeader } from '../../lib/las/las-header.ts';
import { readLasPoints } from '../../lib/las/las-reader.ts';
import { LAS_ADJUSTED_GPS_OFFSET } from '../gps-time.ts';
import { assertLuxlzFilesPresent, parseLuxizManifest, parseLuxlzManifest } from '../manifest.ts';
import { openPackage } from '../package-reader.ts';
import { GNSS_SITES } from './gnss-sites.ts';
import { type GeneratedPackage, makePackage } from './make-package.ts';
import { parseGeneratorArgs } from './options.ts';

let dir: string;
let result: GeneratedPackage;
const target = 4_000_000;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'make-package-'));
  const options = parseGeneratorArgs([
    '--out',
    dir,
    '--scans',
    '2',
    '--target-size',
    '4MB',
    '--scan-seconds',
    '6',
    '--images',
  ]);
  result = await makePackage(options);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('make-package', () => {
  it('writes a .luxlz of the target size whose manifest validates', async () => {
    expect(Math.abs(result.luxlzBytes - target) / target).toBeLessThan(0.1);
    const pkg = await openPackage(result.luxlzPath);
    try {
      const manifest = parseLuxlzManifest(await pkg.readText('manifest.json'));
      assertLuxlzFilesPresent(manifest, new Set(pkg.entries.map((e) => e.name)));
      expect(manifest.scans).toHaveLength(2);
      expect(manifest.generator).toContain('moved to the GNSS site');
      expect(manifest.gnss.map((g) => g.kind)).toEqual(['observation', 'navigation']);
    } finally {
      pkg.close();
    }
  });

  it('writes LAS files that agree with their size, lie at the site and in its GNSS window', async () => {
    const site = GNSS_SITES[0]!;
    const pkg = await openPackage(result.luxlzPath);
    try {
      for (const scan of result.manifest.scans) {
        const file = path.join(dir, `${scan.id}.las`);
        await pipeline(await pkg.readEntry(scan.pointCloud), createWriteStream(file));
        const header = await readLasFileHeader(file);
        expect(header.pointCount).toBe(scan.pointCount);
        expect(header.hasGeoTiffKeys).toBe(true);
        const points = readLasPoints(file, { chunkSize: 5000 });
        const first = (await points.next()).value!;
        await points.return();
        for (let i = 0; i < first.count; i += 500) {
          const gps = first.gpsTime![i]! + LAS_ADJUSTED_GPS_OFFSET;
          expect(gps).toBeGreaterThanOrEqual(site.windowStart);
          expect(gps).toBeLessThanOrEqual(site.windowEnd);
        }
        const csv = await pkg.readText(scan.trajectory);
        const rows = csv!.trim().split('\n');
        expect(rows[0]).toBe('gps_time,lat,lon,ellipsoidal_height,roll,pitch,yaw');
        expect(rows).toHaveLength(1 + 6 * 10 + 1); // 10 Hz over 6 s, both ends
        const [, lat, lon] = rows[1]!.split(',').map(Number);
        expect(geodesicDistance([lon!, lat!], [site.lon, site.lat])).toBeLessThan(1000);
      }
    } finally {
      pkg.close();
    }
  });

  it('spreads a scan of fewer points than its source over the whole drive and its header bounds', async () => {
    const pkg = await openPackage(result.luxlzPath);
    try {
      const scan = result.manifest.scans[0]!;
      const file = path.join(dir, `${scan.id}-spread.las`);
      await pipeline(await pkg.readEntry(scan.pointCloud), createWriteStream(file));
      const header = await readLasFileHeader(file);
      let [minX, minY, minT] = [Infinity, Infinity, Infinity];
      let [maxX, maxY, maxT] = [-Infinity, -Infinity, -Infinity];
      for await (const chunk of readLasPoints(file)) {
        for (let i = 0; i < chunk.count; i++) {
          minX = Math.min(minX, chunk.x[i]!);
          maxX = Math.max(maxX, chunk.x[i]!);
          minY = Math.min(minY, chunk.y[i]!);
          maxY = Math.max(maxY, chunk.y[i]!);
          minT = Math.min(minT, chunk.gpsTime![i]!);
          maxT = Math.max(maxT, chunk.gpsTime![i]!);
        }
      }
      // The source has more points than the scan: the scan is a sample of all of it.
      expect(header.pointCount).toBeLessThan(110_000);
      expect(maxT - minT).toBeGreaterThan(6 * 0.95);
      expect((maxX - minX) / (header.max.x - header.min.x)).toBeGreaterThan(0.95);
      expect((maxY - minY) / (header.max.y - header.min.y)).toBeGreaterThan(0.95);
    } finally {
      pkg.close();
    }
  });

  it('writes a .luxiz whose images.csv rows point at JPEGs that decode', async () => {
    const pkg = await openPackage(result.luxizPath!);
    try {
      const manifest = parseLuxizManifest(await pkg.readText('manifest.json'));
      expect(manifest.scans.map((s) => s.id)).toEqual(result.manifest.scans.map((s) => s.id));
      const rows = (await pkg.readText('images.csv'))!.trim().split('\n');
      expect(rows[0]).toBe('scan_id,frame_id,gps_time,x,y,z,lat,lon,camera,jpeg_rotation');
      expect(rows).toHaveLength(1 + result.imageCount);
      const drawnShares: number[] = [];
      for (const row of rows.slice(1, 7)) {
        const [scanId, frameId, , , , , , , camera, rotation] = row.split(',');
        const name = `images/${scanId}/${camera}/${frameId}.jpg`;
        expect(pkg.has(name)).toBe(true);
        const chunks: Buffer[] = [];
        for await (const chunk of await pkg.readEntry(name)) chunks.push(chunk as Buffer);
        const image = jpeg.decode(Buffer.concat(chunks), { useTArray: true });
        const upright = rotation === '0';
        expect([image.width, image.height]).toEqual(upright ? [640, 400] : [400, 640]);
        // The cloud is visible: a good share of pixels differ from the plain background.
        let drawn = 0;
        for (let p = 0; p < image.width * image.height; p++) {
          const [r, g, b] = [image.data[p * 4]!, image.data[p * 4 + 1]!, image.data[p * 4 + 2]!];
          const sky = Math.abs(r - 196) + Math.abs(g - 214) + Math.abs(b - 232) < 40;
          const ground = Math.abs(r - 40) + Math.abs(g - 42) + Math.abs(b - 46) < 40;
          if (!sky && !ground) drawn++;
        }
        drawnShares.push(drawn / (image.width * image.height));
      }
      expect(Math.max(...drawnShares)).toBeGreaterThan(0.05);
    } finally {
      pkg.close();
    }
  });
});
