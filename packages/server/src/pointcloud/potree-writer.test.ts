import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPointCloudFile } from '../lib/las/las-reader.ts';
import { HIERARCHY_RECORD_SIZE } from './potree-format.ts';
import { directorySource, openPotree, type PotreeCloud } from './potree-reader.ts';
import { buildPotreeFromLas } from './potree-writer.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../shared/fixtures'),
  'pointcloud',
);
const GRID = 32;
const LEAF_CAPACITY = 4_000;
const MAX_NODE_POINTS = 6_000;

let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'potree-writer-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** One string per point holding every stored value, to compare clouds as multisets. */
async function sourceKeys(file: string): Promise<string[]> {
  const cloud = await openPointCloudFile(file);
  const keys: string[] = [];
  for await (const c of cloud.chunks()) {
    for (let i = 0; i < c.count; i++) {
      const rgb = c.rgb ? `${c.rgb[i * 3]},${c.rgb[i * 3 + 1]},${c.rgb[i * 3 + 2]}` : '';
      keys.push(
        `${c.x[i]} ${c.y[i]} ${c.z[i]} ${c.intensity[i]} ${c.classification[i]} ${c.gpsTime?.[i] ?? ''} ${rgb}`,
      );
    }
  }
  return keys.sort();
}

async function cloudKeys(cloud: PotreeCloud): Promise<string[]> {
  const keys: string[] = [];
  for (const node of await cloud.nodes()) {
    const p = await cloud.readNode(node);
    for (let i = 0; i < p.count; i++) {
      const rgb = p.rgb ? `${p.rgb[i * 3]},${p.rgb[i * 3 + 1]},${p.rgb[i * 3 + 2]}` : '';
      keys.push(
        `${p.rawX[i]} ${p.rawY[i]} ${p.rawZ[i]} ${p.intensity?.[i]} ${p.classification?.[i]} ${p.gpsTime?.[i] ?? ''} ${rgb}`,
      );
    }
  }
  return keys.sort();
}

describe.each([
  ['autzen_trim.laz', true],
  ['autzen_trim_7.las', true],
  ['lone-star.copc.laz', false],
])('Potree 2.0 build of %s', (fixture, hasRgb) => {
  const input = path.join(FIXTURES, fixture);
  let output: string;
  let cloud: PotreeCloud;

  beforeAll(async () => {
    output = path.join(work, fixture);
    // LAZ decoding takes a few seconds per fixture.
    await buildPotreeFromLas(input, output, {
      grid: GRID,
      leafCapacity: LEAF_CAPACITY,
      maxNodePoints: MAX_NODE_POINTS,
      projection: '+proj=longlat +datum=WGS84 +no_defs',
    });
    cloud = await openPotree(directorySource(output));
  }, 60_000);

  it('stores every input point exactly once, with its LAS integers and attributes', {
    timeout: 120_000,
  }, async () => {
    const expected = await sourceKeys(input);
    const actual = await cloudKeys(cloud);
    expect(actual.length).toBe(expected.length);
    expect(actual).toEqual(expected);
    expect(cloud.metadata.points).toBe(expected.length);
    expect(cloud.metadata.attributes.some((a) => a.name === 'rgb')).toBe(hasRgb);
  });

  it('keeps the LAS scale and offset, so positions decode to the LAS coordinates', async () => {
    const header = (await openPointCloudFile(input)).header;
    expect(cloud.metadata.scale).toEqual([header.scale.x, header.scale.y, header.scale.z]);
    expect(cloud.metadata.offset).toEqual([header.offset.x, header.offset.y, header.offset.z]);
    const position = cloud.metadata.attributes.find((a) => a.name === 'position');
    expect(position).toMatchObject({ type: 'int32', numElements: 3, size: 12 });
  });

  it('writes a consistent hierarchy: byte ranges tile octree.bin, points lie in their cubes', {
    timeout: 30_000,
  }, async () => {
    const nodes = await cloud.nodes();
    expect(nodes.length).toBeGreaterThan(1);
    expect(cloud.metadata.encoding).toBe('BROTLI');
    const hierarchySize = (await stat(path.join(output, 'hierarchy.bin'))).size;
    // One record per node, plus one per hierarchy chunk after the first (its proxy's record).
    expect(cloud.metadata.hierarchy.firstChunkSize).toBeLessThanOrEqual(hierarchySize);
    expect(hierarchySize).toBeGreaterThanOrEqual(nodes.length * HIERARCHY_RECORD_SIZE);
    let expectedOffset = 0;
    let maxLevel = 0;
    for (const node of [...nodes].sort((a, b) => a.byteOffset - b.byteOffset)) {
      expect(node.byteOffset).toBe(expectedOffset);
      expect(node.numPoints).toBeGreaterThan(0);
      expect(node.byteSize).toBeGreaterThan(0);
      expect(node.numPoints).toBeLessThanOrEqual(Math.max(LEAF_CAPACITY, MAX_NODE_POINTS));
      expectedOffset += node.byteSize;
      maxLevel = Math.max(maxLevel, node.level);
      const points = await cloud.readNode(node);
      expect(points.count).toBe(node.numPoints);
      const tolerance = 1e-6;
      const axes = [points.x, points.y, points.z];
      let outside = 0;
      for (let i = 0; i < points.count; i++) {
        for (let axis = 0; axis < 3; axis++) {
          const v = axes[axis]![i]!;
          if (v < node.box.min[axis]! - tolerance || v > node.box.max[axis]! + tolerance) outside++;
        }
      }
      expect(outside, `points outside node ${node.name}`).toBe(0);
    }
    expect(expectedOffset).toBe((await stat(path.join(output, 'octree.bin'))).size);
    expect(cloud.metadata.hierarchy.depth).toBe(maxLevel);
  });

  it('thins each inner node uniformly: at most one point per cell of its grid', {
    timeout: 30_000,
  }, async () => {
    for (const node of await cloud.nodes()) {
      if (node.childMask === 0) continue;
      const points = await cloud.readNode(node);
      const size = node.box.max[0] - node.box.min[0];
      const seen = new Set<number>();
      for (let i = 0; i < points.count; i++) {
        const cell = [points.x[i]!, points.y[i]!, points.z[i]!].map((v, axis) =>
          Math.min(GRID - 1, Math.floor(((v - node.box.min[axis]!) / size) * GRID)),
        );
        seen.add(cell[0]! + cell[1]! * GRID + cell[2]! * GRID * GRID);
      }
      expect(seen.size, `distinct cells of node ${node.name}`).toBe(points.count);
    }
  });
});

describe('Potree 2.0 build limits', () => {
  it('produces the same octree from a LAZ file and its LAS twin', { timeout: 30_000 }, async () => {
    await buildPotreeFromLas(path.join(FIXTURES, 'autzen_trim.laz'), path.join(work, 'a'));
    await buildPotreeFromLas(path.join(FIXTURES, 'autzen_trim.las'), path.join(work, 'b'));
    for (const file of ['octree.bin', 'hierarchy.bin']) {
      const a = await readFile(path.join(work, 'a', file));
      const b = await readFile(path.join(work, 'b', file));
      expect(a.equals(b)).toBe(true);
    }
  });
});
