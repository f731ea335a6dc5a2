import { copyFile, mkdtemp, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatHasGpsTime } from './las-point-formats.ts';
import { type LasPointChunk, readLasPoints } from './las-reader.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);

async function collect(file: string, chunkSize?: number) {
  const chunks: LasPointChunk[] = [];
  for await (const chunk of readLasPoints(path.join(FIXTURES, file), { chunkSize })) {
    chunks.push(chunk);
  }
  return chunks;
}

function extent(chunks: LasPointChunk[], axis: 'x' | 'y' | 'z') {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const chunk of chunks) {
    for (const value of chunk[axis]) {
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
  }
  return [min, max];
}

describe('readLasPoints', () => {
  it('streams every point of a format 3 file in chunks, inside the header bounds', async () => {
    const chunks = await collect('autzen_trim.las', 30_000);
    expect(chunks.map((c) => c.count)).toEqual([30_000, 30_000, 30_000, 20_000]);
    expect(chunks.map((c) => c.start)).toEqual([0, 30_000, 60_000, 90_000]);
    expect(extent(chunks, 'x')).toEqual([636001.76, 637179.22].map((v) => expect.closeTo(v, 6)));
    expect(extent(chunks, 'z')).toEqual([406.26, 520.51].map((v) => expect.closeTo(v, 6)));
    const first = chunks[0]!;
    expect(first.x[0]).toBeCloseTo(637177.98, 6);
    expect(first.y[0]).toBeCloseTo(849393.95, 6);
    expect(first.z[0]).toBeCloseTo(411.19, 6);
    expect(first.intensity[0]).toBe(4);
    expect(first.classification[0]).toBe(1);
    expect(first.gpsTime?.[0]).toBeCloseTo(245379.3984, 3);
  });

  it('reads the same points from LAS 1.4 format 7 as from LAS 1.2 format 3', async () => {
    const legacy = await collect('autzen_trim.las');
    const extended = await collect('autzen_trim_7.las');
    expect(extended.reduce((n, c) => n + c.count, 0)).toBe(110_000);
    for (const index of [0, 1234, 65_535]) {
      expect(extended[0]!.x[index]).toBe(legacy[0]!.x[index]);
      expect(extended[0]!.y[index]).toBe(legacy[0]!.y[index]);
      expect(extended[0]!.z[index]).toBe(legacy[0]!.z[index]);
      expect(extended[0]!.gpsTime![index]).toBe(legacy[0]!.gpsTime![index]);
      expect(extended[0]!.classification[index]).toBe(legacy[0]!.classification[index]);
    }
  });

  it('applies per-axis scale and offset (format 1)', async () => {
    const chunks = await collect('hexbin-crop.las');
    expect(chunks.reduce((n, c) => n + c.count, 0)).toBe(38_367);
    expect(extent(chunks, 'x')).toEqual([393775.823, 394069.238].map((v) => expect.closeTo(v, 2)));
    expect(extent(chunks, 'z')).toEqual([3107.8627, 3209.3205].map((v) => expect.closeTo(v, 3)));
    expect(chunks[0]!.gpsTime).not.toBeNull();
  });

  it('fails before yielding anything when the file is truncated', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'las-points-'));
    try {
      const copy = path.join(dir, 'cut.las');
      await copyFile(path.join(FIXTURES, 'hexbin-crop.las'), copy);
      await truncate(copy, 1733 + 28 * 100 + 5);
      const read = async () => {
        for await (const _chunk of readLasPoints(copy)) {
          throw new Error('yielded a chunk');
        }
      };
      await expect(read()).rejects.toThrow(
        'LAS header says 38367 points of 28 bytes but the file holds 2805 bytes',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads LAZ as it reads LAS: the same points from autzen_trim.laz as from autzen_trim.las', async () => {
    const [las, laz] = await Promise.all([collect('autzen_trim.las'), collect('autzen_trim.laz')]);
    const total = (chunks: LasPointChunk[]) => chunks.reduce((sum, chunk) => sum + chunk.count, 0);
    expect(total(laz)).toBe(total(las));
    for (const axis of ['x', 'y', 'z'] as const)
      expect(extent(laz, axis)).toEqual(extent(las, axis));
    expect(laz[0]!.x.slice(0, 100)).toEqual(las[0]!.x.slice(0, 100));
    expect(laz[0]!.classification.slice(0, 100)).toEqual(las[0]!.classification.slice(0, 100));
  });

  it('knows which formats carry GPS time', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(formatHasGpsTime)).toEqual([
      false,
      true,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});
