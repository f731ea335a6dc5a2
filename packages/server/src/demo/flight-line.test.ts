import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAD83_UTM_10N } from './demo-catalog.ts';
import { flightLineFromLas, geodesicDistance, pathLength, splitFlightLine } from './flight-line.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../shared/fixtures'),
);

describe('geodesicDistance', () => {
  it("matches Vincenty's published Flinders Peak to Buninyong example", () => {
    const flinders = [144 + 25 / 60 + 29.5244 / 3600, -(37 + 57 / 60 + 3.7203 / 3600)];
    const buninyong = [143 + 55 / 60 + 35.3839 / 3600, -(37 + 39 / 60 + 10.1561 / 3600)];
    expect(geodesicDistance(flinders, buninyong)).toBeCloseTo(54_972.271, 2);
  });

  it('gives one degree of latitude at the equator and 0 for equal points', () => {
    expect(geodesicDistance([0, 0], [0, 1])).toBeCloseTo(110_574.389, 2);
    expect(geodesicDistance([10, 10], [10, 10])).toBe(0);
    expect(
      pathLength([
        [0, 0],
        [0, 1],
        [0, 2],
      ]),
    ).toBeCloseTo(221_149.45, 0);
  });
});

describe('splitFlightLine', () => {
  it('cuts a path into consecutive pieces sharing their ends', () => {
    const pieces = splitFlightLine([...Array(40).keys()], 4);
    expect(pieces.map((p) => [p[0], p.at(-1), p.length])).toEqual([
      [0, 10, 11],
      [10, 20, 11],
      [20, 29, 10],
      [29, 39, 11],
    ]);
  });
});

describe('flightLineFromLas', () => {
  it('turns the Autzen UTM cloud into a time-ordered path near Eugene', async () => {
    const line = await flightLineFromLas(
      path.join(FIXTURES, 'pointcloud/autzen-utm.las'),
      NAD83_UTM_10N,
    );
    expect(line.vertices).toHaveLength(40);
    expect(line.pointCount).toBe(1065);
    expect(line.fileSize).toBe(37_417);
    expect(line.gpsSpanSeconds).toBeCloseTo(4412.745, 2);
    for (const vertex of line.vertices) {
      expect(vertex.lon).toBeGreaterThan(-123.076);
      expect(vertex.lon).toBeLessThan(-123.062);
      expect(vertex.lat).toBeGreaterThan(44.049);
      expect(vertex.lat).toBeLessThan(44.063);
    }
    const seconds = line.vertices.map((v) => v.seconds);
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
  });
});
