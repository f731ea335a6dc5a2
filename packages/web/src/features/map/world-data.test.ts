import type { Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import countriesJson from 'world-atlas/countries-110m.json';
import landJson from 'world-atlas/land-110m.json';
import { unwrapRing, worldDataFromTopology, worldGeoJson } from './world-data.ts';

const land = landJson as unknown as Topology;
const countries = countriesJson as unknown as Topology;

function maxJump(line: number[][]): number {
  let max = 0;
  for (let i = 1; i < line.length; i++) {
    // The closing edge of a polar ring runs along the pole itself.
    if (Math.abs(line[i]?.[1] ?? 0) === 90 && Math.abs(line[i - 1]?.[1] ?? 0) === 90) continue;
    max = Math.max(max, Math.abs((line[i]?.[0] ?? 0) - (line[i - 1]?.[0] ?? 0)));
  }
  return max;
}

describe('world data for the base map', () => {
  const world = worldDataFromTopology(land, countries);

  it('turns the bundled TopoJSON into land polygons and border lines', () => {
    expect(world.land.features.length).toBeGreaterThan(0);
    expect(world.borders.geometry.coordinates.length).toBeGreaterThan(100);
  });

  it('leaves no ring or border jumping across the antimeridian', () => {
    for (const item of world.land.features) {
      const polygons =
        item.geometry.type === 'Polygon' ? [item.geometry.coordinates] : item.geometry.coordinates;
      for (const ring of polygons.flat()) expect(maxJump(ring)).toBeLessThan(180);
    }
    for (const line of world.borders.geometry.coordinates) expect(maxJump(line)).toBeLessThan(180);
  });

  it('writes the files the app ships: the same features, coordinates to 0.0001°', () => {
    const files = worldGeoJson(land, countries);
    const shipped = { land: JSON.parse(files.land), borders: JSON.parse(files.borders) };
    expect(shipped.land.features).toHaveLength(world.land.features.length);
    expect(shipped.borders.geometry.coordinates).toHaveLength(
      world.borders.geometry.coordinates.length,
    );
    const numbers = files.land.match(/-?\d+\.\d+/g) ?? [];
    expect(numbers.length).toBeGreaterThan(1000);
    for (const number of numbers) expect(number.split('.')[1]?.length).toBeLessThanOrEqual(4);
    const exact = world.land.features[0]?.geometry.coordinates.flat(3) as number[];
    const rounded = shipped.land.features[0].geometry.coordinates.flat(3) as number[];
    for (const [i, value] of rounded.entries()) expect(value).toBeCloseTo(exact[i] as number, 4);
  });

  it('keeps a ring that crosses the antimeridian continuous', () => {
    const ring = unwrapRing([
      [179, -16],
      [-179, -16],
      [-179, -17],
      [179, -17],
      [179, -16],
    ]);
    expect(ring).toEqual([
      [179, -16],
      [181, -16],
      [181, -17],
      [179, -17],
      [179, -16],
    ]);
  });

  it('closes a ring that circles the south pole along the pole', () => {
    const ring = unwrapRing([
      [-180, -70],
      [-60, -65],
      [60, -68],
      [179, -70],
      [-180, -70],
    ]);
    expect(ring.slice(-3)).toEqual([
      [180, -90],
      [-180, -90],
      [-180, -70],
    ]);
  });
});
