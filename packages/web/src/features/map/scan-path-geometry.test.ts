import { describe, expect, it } from 'vitest';
import { ScanPathGeometry, STATUS_SLOTS, toMercator } from './scan-path-geometry.ts';
import type { MapScan } from './types.ts';

const scan = (id: string, path: MapScan['path'], status: MapScan['status'] = 'Final') => ({
  id,
  status,
  path,
});

describe('scan path geometry', () => {
  it('projects to Web Mercator as MapLibre does', () => {
    expect(toMercator(-180, 0)).toEqual([0, 0.5]);
    expect(toMercator(0, 0)).toEqual([0.5, 0.5]);
    // MapLibre's MercatorCoordinate.fromLngLat, written as its source writes it.
    const lat = 51.0447;
    const expectedY =
      (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / 360;
    const [x, y] = toMercator(-114.0719, lat);
    expect(x).toBeCloseTo((180 - 114.0719) / 360, 12);
    expect(y).toBeCloseTo(expectedY, 12);
    // Beyond the Mercator limit positions are clamped, never infinite.
    expect(Number.isFinite(toMercator(0, 90)[1])).toBe(true);
  });

  it('keeps full precision in the high and low float32 parts', () => {
    const geometry = new ScanPathGeometry([
      scan('A', [
        [-114.07190001, 51.04470001],
        [-114.0719, 51.0447],
      ]),
    ]);
    const [x] = toMercator(-114.07190001, 51.04470001);
    const vertices = geometry.levels.at(-1)?.vertices ?? new Float32Array();
    const high = vertices[0] as number;
    const low = vertices[2] as number;
    expect(high).toBe(Math.fround(x));
    // A float32 alone is off by up to ~1 m here; high + low is within a micrometre.
    expect(Math.abs(high + low - x) * 40_075_016).toBeLessThan(1e-6);
  });

  it('marks the segments of shown scans with their status slot and never joins two scans', () => {
    const geometry = new ScanPathGeometry([
      scan('A', [
        [0, 0],
        [1, 0],
        [2, 0],
      ]),
      scan('B', null, 'Exception'),
      scan('C', [[5, 5]], 'Provisional'),
      scan('D', [
        [7, 7],
        [8, 8],
      ]),
    ]);
    // Vertices: A 3, C 2 (a dot), D 2; segments between them: 6, two of them joints.
    const full = geometry.levels.length - 1;
    expect(geometry.levels[full]?.segmentCount).toBe(6);
    expect(geometry.scans.has('B')).toBe(true);
    expect(geometry.has('B')).toBe(false);
    const count = (flags: Uint8Array, slot: number) => flags.filter((f) => f === slot).length;
    const all = geometry.flagsFor(full, ['A', 'C', 'D']);
    expect(count(all, STATUS_SLOTS.Final)).toBe(3);
    expect(count(all, STATUS_SLOTS.Provisional)).toBe(1);
    expect(count(all, 0)).toBe(2);
    const onlyC = geometry.flagsFor(full, ['C', 'B', 'unknown']);
    expect(count(onlyC, STATUS_SLOTS.Provisional)).toBe(1);
    expect(count(onlyC, 0)).toBe(5);
  });

  it('draws fewer vertices when zoomed out and only the chunks in view', () => {
    // 200 paths of 100 vertices a metre apart, in two groups 50 km apart.
    const scans = Array.from({ length: 200 }, (_, i) => {
      const lon = i < 100 ? -114 + i * 0.001 : -113.3 + i * 0.001;
      return scan(
        `S${i}`,
        Array.from({ length: 100 }, (_, v): [number, number] => [lon, 51 + v * 0.00001]),
      );
    });
    const geometry = new ScanPathGeometry(scans);
    const coarse = geometry.levels[geometry.levelAt(3)];
    const full = geometry.levels[geometry.levelAt(18)];
    expect(full?.segmentCount).toBe(200 * 100 - 1);
    // Zoomed out, each path is its two ends.
    expect(coarse?.segmentCount).toBe(200 * 2 - 1);
    expect(geometry.levelAt(3)).toBeLessThan(geometry.levelAt(12));
    // Four chunks of 64 scans or fewer; a view of the western group meets only its chunks.
    const chunks = geometry.chunkBoxes.length / 4;
    expect(chunks).toBe(4);
    const [west, north] = toMercator(-114.01, 51.01);
    const [east, south] = toMercator(-113.85, 50.99);
    const inView = geometry.chunksIn([west, north, east, south]);
    expect(inView.length).toBeGreaterThan(0);
    expect(inView.length).toBeLessThan(chunks);
    // Every shown segment of the level lies within the chunks' ranges.
    const level = full as NonNullable<typeof full>;
    const flags = geometry.flagsFor(geometry.levelAt(18), ['S0']);
    const first = flags.indexOf(STATUS_SLOTS.Final);
    const covering = inView.some((chunk) => {
      const start = level.chunkSegments[chunk * 2] as number;
      return first >= start && first < start + (level.chunkSegments[chunk * 2 + 1] as number);
    });
    expect(covering).toBe(true);
  });

  it('picks the nearest shown path within the tolerance, a dot included', () => {
    const geometry = new ScanPathGeometry([
      scan('A', [
        [0, 0],
        [1, 0],
      ]),
      scan('B', [
        [0, 0.001],
        [1, 0.001],
      ]),
      scan('C', [[3, 3]]),
    ]);
    const near = toMercator(0.5, 0.0009);
    expect(geometry.nearest(near, 1e-5, new Set(['A', 'B']))).toBe('B');
    expect(geometry.nearest(near, 1e-5, new Set(['A']))).toBe('A');
    expect(geometry.nearest(near, 1e-9, new Set(['A']))).toBeNull();
    expect(geometry.nearest(toMercator(3, 3), 1e-9, new Set(['A', 'B', 'C']))).toBe('C');
  });
});
