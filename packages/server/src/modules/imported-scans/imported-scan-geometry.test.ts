import { describe, expect, it } from 'vitest';
import type { LasPointChunk } from '../../lib/las/las-reader.ts';
import { centreLine, convexHull, ScanGeometryAccumulator } from './imported-scan-geometry.ts';
import { stripPoints } from './imported-scan-test-kit.ts';

function chunk(points: number[][], withTime: boolean, start = 0): LasPointChunk {
  return {
    start,
    count: points.length,
    x: Float64Array.from(points.map((p) => p[0]!)),
    y: Float64Array.from(points.map((p) => p[1]!)),
    z: Float64Array.from(points.map((p) => p[2]!)),
    intensity: new Uint16Array(points.length),
    classification: new Uint8Array(points.length),
    gpsTime: withTime ? Float64Array.from(points.map((p) => p[3]!)) : null,
  };
}

function accumulate(points: number[][], withTime: boolean, chunkSize = 1000) {
  const xs = points.map((p) => p[0]!);
  const ys = points.map((p) => p[1]!);
  const acc = new ScanGeometryAccumulator({
    min: { x: Math.min(...xs), y: Math.min(...ys) },
    max: { x: Math.max(...xs), y: Math.max(...ys) },
  });
  for (let i = 0; i < points.length; i += chunkSize) {
    acc.add(chunk(points.slice(i, i + chunkSize), withTime, i));
  }
  return acc.result();
}

describe('imported scan geometry', () => {
  it('hulls a square with its inside points left out', () => {
    const hull = convexHull([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [5, 5],
      [2, 7],
    ]);
    expect(hull).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ]);
  });

  it('gathers bounds, a footprint and a time-ordered path in one pass', () => {
    const points = stripPoints({
      x0: 500_000,
      y0: 4_000_000,
      length: 1000,
      width: 20,
      angleDegrees: 30,
      count: 20_000,
      seconds: 300,
    });
    // Stored out of time order: the path must follow time, not file order.
    const shuffled = [...points.slice(10_000), ...points.slice(0, 10_000)];
    const geometry = accumulate(shuffled, true);
    expect(geometry.pointCount).toBe(20_000);
    expect(geometry.min[0]).toBeCloseTo(Math.min(...points.map((p) => p[0]!)), 6);
    expect(geometry.max[1]).toBeCloseTo(Math.max(...points.map((p) => p[1]!)), 6);
    // Every point lies inside (or on) the footprint.
    const hull = geometry.footprint;
    expect(hull.length).toBeGreaterThanOrEqual(5);
    expect(hull[0]).toEqual(hull.at(-1));
    // Bins of one second over 300 s, first at the start of the strip, last at its end.
    expect(geometry.timePath.length).toBeGreaterThan(250);
    const first = geometry.timePath[0]!;
    const last = geometry.timePath.at(-1)!;
    expect(Math.hypot(first[0] - 500_000, first[1] - 4_000_000)).toBeLessThan(5);
    expect(Math.hypot(last[0] - first[0], last[1] - first[1])).toBeGreaterThan(990);
    expect(geometry.firstGpsTime).toBe(0);
    expect(geometry.lastGpsTime).toBe(300);
  });

  it('keeps the time bins bounded by widening them', () => {
    const points = stripPoints({
      x0: 0,
      y0: 0,
      length: 100,
      width: 2,
      angleDegrees: 0,
      count: 50_000,
      seconds: 100_000,
    });
    const geometry = accumulate(points, true, 4096);
    expect(geometry.timePath.length).toBeLessThanOrEqual(20_000);
    expect(geometry.timePath.length).toBeGreaterThan(5_000);
  });

  it('has no time path without GPS time, or when every time is the same', () => {
    const points = stripPoints({ x0: 0, y0: 0, length: 50, width: 5, angleDegrees: 0, count: 500 });
    expect(accumulate(points, false).timePath).toEqual([]);
    expect(
      accumulate(
        points.map((p) => [p[0]!, p[1]!, p[2]!, 7]),
        true,
      ).timePath,
    ).toEqual([]);
  });

  it('draws the centre line of a footprint along its long axis', () => {
    const points = stripPoints({
      x0: 1000,
      y0: 2000,
      length: 400,
      width: 10,
      angleDegrees: 60,
      count: 5000,
    });
    const line = centreLine(accumulate(points, false).footprint);
    expect(line.length).toBeGreaterThan(10);
    const [a, b] = [line[0]!, line.at(-1)!];
    expect(Math.hypot(b[0] - a[0], b[1] - a[1])).toBeGreaterThan(390);
    const direction = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    expect(Math.abs(Math.abs(direction) - 60) < 1 || Math.abs(Math.abs(direction) - 120) < 1).toBe(
      true,
    );
    // Every vertex on the strip's axis, within a metre.
    for (const [x, y] of line) {
      const dx = x - 1000;
      const dy = y - 2000;
      const offAxis = Math.abs(-dx * Math.sin(Math.PI / 3) + dy * Math.cos(Math.PI / 3));
      expect(offAxis).toBeLessThan(1);
    }
  });
});
