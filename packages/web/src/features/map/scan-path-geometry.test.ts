import { describe, expect, it } from 'vitest';
import {
  fromMercator,
  projectPaths,
  ScanPathGeometry,
  STATUS_SLOTS,
  toMercator,
} from './scan-path-geometry.ts';
import { flatPath, type MapScan } from './types.ts';

const scan = (
  id: string,
  positions: [number, number][] | null,
  status: MapScan['status'] = 'Final',
): MapScan => ({ id, status, path: positions && flatPath(positions) });

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

  it('computes the bounds of the chosen drawn scans only, in degrees', () => {
    const geometry = new ScanPathGeometry([
      scan('A', [
        [-114, 51],
        [-113.5, 51.2],
      ]),
      scan('B', [
        [-120, 40],
        [-119, 41],
      ]),
      scan('C', null),
      scan('D', [[-100, -30]]),
    ]);
    const near = (box: ReturnType<typeof geometry.bounds>) =>
      box?.map(([lon, lat]) => [Number(lon.toFixed(9)), Number(lat.toFixed(9))]);
    expect(near(geometry.bounds(['A', 'C']))).toEqual([
      [-114, 51],
      [-113.5, 51.2],
    ]);
    expect(near(geometry.bounds(['A', 'B']))).toEqual([
      [-120, 40],
      [-113.5, 51.2],
    ]);
    // A single fix is a dot: its bounds are the point.
    expect(near(geometry.bounds(['D']))).toEqual([
      [-100, -30],
      [-100, -30],
    ]);
    expect(geometry.bounds(['C', 'missing'])).toBeNull();
    expect(fromMercator(...toMercator(-123.25, 49.125))).toEqual([
      expect.closeTo(-123.25, 12),
      expect.closeTo(49.125, 12),
    ]);
  });

  it('keeps full precision in the high and low float32 parts', () => {
    const geometry = new ScanPathGeometry([
      scan('A', [
        [-114.07190001, 51.04470001],
        [-114.0719, 51.0447],
      ]),
    ]);
    const [x] = toMercator(-114.07190001, 51.04470001);
    const vertices = geometry.level(geometry.levelCount - 1).vertices;
    const high = vertices[0] as number;
    const low = vertices[2] as number;
    expect(high).toBe(Math.fround(x));
    // A float32 alone is off by up to ~1 m here; high + low is within a micrometre.
    expect(Math.abs(high + low - x) * 40_075_016).toBeLessThan(1e-6);
  });

  it('lists the segments of shown scans with their status slot and never joins two scans', () => {
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
    const full = geometry.levelCount - 1;
    const level = geometry.level(full);
    expect(level.segmentCount).toBe(6);
    expect(geometry.scans.has('B')).toBe(true);
    expect(geometry.has('B')).toBe(false);
    const slotsOf = (ids: string[]) =>
      [...geometry.shownSegments(full, new Set(ids)).segments].map((s) => level.slots[s]);
    const all = slotsOf(['A', 'C', 'D']);
    expect(all).toHaveLength(4);
    expect(all.filter((slot) => slot === STATUS_SLOTS.Final)).toHaveLength(3);
    expect(all.filter((slot) => slot === STATUS_SLOTS.Provisional)).toHaveLength(1);
    // Joints carry no slot and are never listed.
    expect([...(level.slots ?? [])].filter((slot) => slot === 0)).toHaveLength(2);
    expect(slotsOf(['C', 'B', 'unknown'])).toEqual([STATUS_SLOTS.Provisional]);
    expect(slotsOf([])).toEqual([]);
  });

  it('simplifies a path to the vertices its shape needs at each zoom', () => {
    // A straight kilometre of 101 vertices, then a right angle and another straight stretch.
    const path: [number, number][] = [
      ...Array.from({ length: 101 }, (_, v): [number, number] => [-114 + v * 0.0001, 51]),
      ...Array.from({ length: 100 }, (_, v): [number, number] => [-113.99, 51 + (v + 1) * 0.0001]),
    ];
    const geometry = new ScanPathGeometry([scan('A', path)]);
    // At zoom 12 the two stretches are a few hundred pixels: the ends and the corner are enough.
    expect(geometry.level(geometry.levelAt(12)).segmentCount).toBe(2);
    // Every vertex at the highest zoom.
    expect(geometry.level(geometry.levelCount - 1).segmentCount).toBe(200);
    // A wiggle a pixel wide at zoom 17 is drawn there, not at zoom 12.
    const wiggle: [number, number][] = Array.from({ length: 101 }, (_, v) => [
      -114 + v * 0.0001,
      51 + (v % 2) * 0.000005,
    ]);
    const wiggly = new ScanPathGeometry([scan('W', wiggle)]);
    expect(wiggly.level(wiggly.levelAt(12)).segmentCount).toBe(1);
    expect(wiggly.level(wiggly.levelAt(17)).segmentCount).toBeGreaterThan(50);
    // Each level is built once, when first drawn, and nested in the finer ones.
    expect(wiggly.level(2)).toBe(wiggly.level(2));
    const counts = Array.from(
      { length: wiggly.levelCount },
      (_, i) => wiggly.level(i).segmentCount,
    );
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(100);
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
    const coarse = geometry.level(geometry.levelAt(3));
    const full = geometry.level(geometry.levelAt(18));
    expect(full.segmentCount).toBe(200 * 100 - 1);
    // Zoomed out, each path is its two ends.
    expect(coarse.segmentCount).toBe(200 * 2 - 1);
    expect(geometry.levelAt(3)).toBeLessThan(geometry.levelAt(12));
    // Four chunks of 64 scans or fewer; a view of the western group meets only its chunks.
    const chunks = geometry.chunkBoxes.length / 4;
    expect(chunks).toBe(4);
    const [west, north] = toMercator(-114.01, 51.01);
    const [east, south] = toMercator(-113.85, 50.99);
    const inView = geometry.chunksIn([west, north, east, south]);
    expect(inView.length).toBeGreaterThan(0);
    expect(inView.length).toBeLessThan(chunks);
    // The shown segments are listed chunk by chunk: S0's lie in a chunk in view.
    const shown = geometry.shownSegments(geometry.levelAt(18), new Set(['S0']));
    expect(shown.segments).toHaveLength(99);
    const covering = inView.filter((chunk) => (shown.chunkRanges[chunk * 2 + 1] as number) > 0);
    expect(covering).toHaveLength(1);
    const chunk = covering[0] as number;
    expect(shown.chunkRanges[chunk * 2]).toBe(0);
    const level = full as NonNullable<typeof full>;
    const start = level.chunkSegments[chunk * 2] as number;
    const end = start + (level.chunkSegments[chunk * 2 + 1] as number);
    for (const segment of shown.segments) {
      expect(segment).toBeGreaterThanOrEqual(start);
      expect(segment).toBeLessThan(end);
    }
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

  it('projects paths ahead into one buffer, and draws them as it would have projected them', () => {
    const scans = [
      scan('A', [
        [-114, 51],
        [Number.NaN, 51.1],
        [-113.5, 51.2],
      ]),
      scan('B', null),
      scan('C', [[-100, -30]]),
      ...Array.from({ length: 150 }, (_, i) =>
        scan(`S-${i}`, [
          [-120 + i * 0.01, 40],
          [-120 + i * 0.01, 40.01],
        ]),
      ),
    ];
    const projected = projectPaths(scans.map((s) => s.path));
    expect(projected[1]).toBeNull();
    expect(projected[0]?.buffer).toBe(projected[2]?.buffer);
    // Non-numbers dropped, a single fix drawn as a dot.
    expect([...(projected[0] ?? [])]).toEqual([
      ...toMercator(-114, 51),
      ...toMercator(-113.5, 51.2),
    ]);
    expect([...(projected[2] ?? [])]).toEqual([...toMercator(-100, -30), ...toMercator(-100, -30)]);
    const ahead = new ScanPathGeometry(scans.map((s, i) => ({ ...s, mercator: projected[i] })));
    const here = new ScanPathGeometry(scans);
    expect(ahead.chunkBoxes).toEqual(here.chunkBoxes);
    for (const index of [0, here.levelCount - 1]) {
      const [a, b] = [ahead.level(index), here.level(index)];
      expect(a.vertices).toEqual(b.vertices);
      expect(a.scanSegments).toEqual(b.scanSegments);
    }
    expect(ahead.bounds(['A', 'C'])).toEqual(here.bounds(['A', 'C']));
  });
});
