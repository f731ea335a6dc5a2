import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { epsgDefinition } from '@asset-portal/shared';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lasStream } from '../../device-packages/generator/las-writer.ts';
import { loadSourceCloud } from '../../device-packages/generator/source-cloud.ts';
import { openPointCloudFile } from '../../lib/las/las-reader.ts';
import {
  directorySource,
  openPotree,
  type PotreeCloud,
  type PotreeSource,
} from '../../pointcloud/potree-reader.ts';
import { buildPotreeFromLas } from '../../pointcloud/potree-writer.ts';
import { finishProfile, ProfileTooLargeError, profileCloud } from './elevation-profile.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
);
const UTM = epsgDefinition(32610)!;
let work: string;
let lasPath: string;
let cloud: PotreeCloud;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'profile-'));
  lasPath = path.join(work, 'cloud.las');
  // The Autzen fixture placed in UTM zone 10N (metres), as the package generator does.
  const source = await loadSourceCloud(path.join(FIXTURES, 'pointcloud/autzen_trim.las'));
  await pipeline(
    lasStream({
      source,
      pointCount: 150_000,
      originEasting: 492_000,
      originNorthing: 4_880_000,
      originHeight: 120,
      startGps: 1.4e9,
      durationSeconds: 30,
      epsg: 32610,
      jitter: 0.3,
      seed: 7,
    }),
    createWriteStream(lasPath),
  );
  // Two levels per hierarchy chunk, so a profile goes through proxy nodes as on a large cloud.
  await buildPotreeFromLas(lasPath, path.join(work, 'lod'), {
    grid: 32,
    leafCapacity: 3_000,
    hierarchyStep: 2,
  });
  cloud = await openPotree(directorySource(path.join(work, 'lod')));
}, 60_000);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The built cloud, counting its hierarchy chunk reads. */
function countingSource() {
  const inner = directorySource(path.join(work, 'lod'));
  const counts = { hierarchy: 0 };
  const source: PotreeSource = {
    read(file, range) {
      if (file === 'hierarchy.bin') counts.hierarchy++;
      return inner.read(file, range);
    },
  };
  return { source, counts };
}

/** Every source point within the corridor, found by brute force over the LAS file. */
async function expectedProfile(a: [number, number], b: [number, number], width: number) {
  const file = await openPointCloudFile(lasPath);
  const { scale, offset } = file.header;
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = Math.hypot(dx, dy);
  const found: [number, number][] = [];
  for await (const chunk of file.chunks()) {
    for (let i = 0; i < chunk.count; i++) {
      const x = chunk.x[i]! * scale.x + offset.x;
      const y = chunk.y[i]! * scale.y + offset.y;
      const t = ((x - a[0]) * dx + (y - a[1]) * dy) / (length * length);
      if (t < 0 || t > 1) continue;
      const distance = Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy);
      if (distance <= width / 2) found.push([t * length, chunk.z[i]! * scale.z + offset.z]);
    }
  }
  return found.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

describe('elevation profile across a real cloud', () => {
  it('returns exactly the source points within the corridor, with their elevations', async () => {
    const { min, max } = cloud.metadata.attributes.find((a) => a.name === 'position')!;
    const a: [number, number] = [
      min[0]! + 0.1 * (max[0]! - min[0]!),
      min[1]! + 0.3 * (max[1]! - min[1]!),
    ];
    const b: [number, number] = [
      max[0]! - 0.1 * (max[0]! - min[0]!),
      max[1]! - 0.3 * (max[1]! - min[1]!),
    ];
    const toLonLat = proj4(UTM, 'WGS84');
    const line = [a, b].map((p) => toLonLat.forward(p) as [number, number]);
    // The line is given in lon/lat; the expected corridor uses the same projected vertices.
    const toUtm = proj4('WGS84', UTM);
    const [pa, pb] = line.map((p) => toUtm.forward(p) as [number, number]) as [
      [number, number],
      [number, number],
    ];

    const result = finishProfile([await profileCloud(cloud, UTM, line, 2)]);
    const expected = await expectedProfile(pa, pb, 2);
    expect(expected.length).toBeGreaterThan(200);
    expect(result.truncated).toBe(false);
    expect(result.points).toHaveLength(expected.length);
    for (let i = 0; i < expected.length; i++) {
      const [along, elevation] = result.points[i]!;
      expect(along).toBeCloseTo(expected[i]![0], 6);
      expect(elevation).toBeCloseTo(expected[i]![1], 6);
    }
    const [, , lon, lat] = result.points[0]!;
    const back = toUtm.forward([lon, lat]) as [number, number];
    expect(Math.hypot(back[0] - pa[0], back[1] - pa[1])).toBeLessThan(1.5);
  });

  it('reads only the hierarchy chunks along the line, with the points of a full load', async () => {
    const { min, max } = cloud.metadata.attributes.find((a) => a.name === 'position')!;
    const toLonLat = proj4(UTM, 'WGS84');
    const y = min[1]! + 0.4 * (max[1]! - min[1]!);
    const line = [toLonLat.forward([min[0]!, y]), toLonLat.forward([max[0]!, y])] as [
      number,
      number,
    ][];
    const lazy = countingSource();
    const profile = await profileCloud(await openPotree(lazy.source), UTM, line, 1);

    const full = countingSource();
    const loaded = await openPotree(full.source);
    await loaded.nodes();
    const reference = await profileCloud(loaded, UTM, line, 1);
    expect(full.counts.hierarchy).toBeGreaterThan(4);
    expect(lazy.counts.hierarchy).toBeGreaterThan(1);
    expect(lazy.counts.hierarchy).toBeLessThan(full.counts.hierarchy);
    expect(profile.points.length).toBeGreaterThan(100);
    expect(profile.points).toEqual(reference.points);
  });

  it('thins evenly along the line when the point limit is reached', async () => {
    const { min, max } = cloud.metadata.attributes.find((a) => a.name === 'position')!;
    const toLonLat = proj4(UTM, 'WGS84');
    const line = [
      toLonLat.forward([min[0]!, (min[1]! + max[1]!) / 2]),
      toLonLat.forward([max[0]!, (min[1]! + max[1]!) / 2]),
    ] as [number, number][];
    const profile = await profileCloud(cloud, UTM, line, 10);
    const full = finishProfile([profile], Number.POSITIVE_INFINITY);
    const thinned = finishProfile([profile], 100);
    expect(full.points.length).toBeGreaterThan(1000);
    expect(thinned.truncated).toBe(true);
    expect(thinned.points).toHaveLength(100);
    const step = full.points.length / 100;
    for (let k = 0; k < 100; k++) {
      expect(thinned.points[k]![0]).toBe(full.points[Math.floor(k * step)]![0]);
    }
  });

  it('refuses a profile that would read more points than allowed', async () => {
    const toLonLat = proj4(UTM, 'WGS84');
    const { min, max } = cloud.metadata.boundingBox;
    const line = [toLonLat.forward([min[0], min[1]]), toLonLat.forward([max[0], max[1]])] as [
      number,
      number,
    ][];
    await expect(profileCloud(cloud, UTM, line, 50, { points: 1_000 })).rejects.toThrow(
      ProfileTooLargeError,
    );
  });
});
