import { describe, expect, it } from 'vitest';
import { isNearClouds, orbitDistanceForZoom } from './camera-math.ts';

describe('camera sync', () => {
  it('halves the orbit distance for each map zoom level', () => {
    const at17 = orbitDistanceForZoom(17, 45, 800, 60);
    expect(orbitDistanceForZoom(18, 45, 800, 60)).toBeCloseTo(at17 / 2, 6);
    // 800 px at zoom 17 and 45° is about 675 m of ground: the camera sits ~585 m away.
    expect(at17).toBeGreaterThan(550);
    expect(at17).toBeLessThan(620);
  });

  it('follows the map only near the clouds', () => {
    const bounds = { minX: 0, minY: 0, maxX: 100, maxY: 50 };
    expect(isNearClouds(bounds, 50, 25)).toBe(true);
    expect(isNearClouds(bounds, 140, 60)).toBe(true);
    expect(isNearClouds(bounds, 500, 25)).toBe(false);
  });
});
