import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { cloudProjection } from './cloud-crs.ts';
import { SceneFrame } from './scene-frame.ts';

const UTM_42N = '+proj=utm +zone=42 +datum=WGS84 +units=m +no_defs';
const UTM_41N = '+proj=utm +zone=41 +datum=WGS84 +units=m +no_defs';

describe('the frame of the 3D scene', () => {
  it('is anchored by the first cloud, at its lower corner', () => {
    const frame = new SceneFrame();
    const placed = frame.place(
      new Vector3(500_000, 3_500_000, 1_000),
      { x: 500_010, y: 3_500_020 },
      cloudProjection(UTM_42N),
    );
    expect(placed.toArray()).toEqual([-10, -20, 1_000]);
    expect(frame.origin?.toArray()).toEqual([500_010, 3_500_020, 0]);
    expect(frame.projection?.crs).toBe(UTM_42N);
  });

  it('keeps its CRS for a version in another projection that replaces the only cloud', () => {
    const utm42 = cloudProjection(UTM_42N)!;
    const utm41 = cloudProjection(UTM_41N)!;
    const frame = new SceneFrame();
    // A Kandahar cloud in 42N, then the same place as a version reprojected to 41N.
    frame.place(new Vector3(0, 0, 0), { x: 363_000, y: 3_497_000 }, utm42);
    const [lon, lat] = utm42.toLonLat(363_100, 3_497_100);
    const [x41, y41] = utm41.toCloud(lon, lat);
    const placed = frame.place(new Vector3(x41, y41, 900), { x: x41, y: y41 }, utm41);
    // The same spot of the world, 100 m from the anchor in each direction, not 500 km away.
    expect(placed.x).toBeCloseTo(100, 3);
    expect(placed.y).toBeCloseTo(100, 3);
    expect(placed.z).toBe(900);
    expect(frame.projection?.crs).toBe(UTM_42N);
  });

  it('places a cloud of the same CRS by subtraction alone', () => {
    const frame = new SceneFrame();
    frame.place(new Vector3(0, 0, 0), { x: 1_000, y: 2_000 }, cloudProjection(UTM_42N));
    const placed = frame.place(
      new Vector3(1_500.25, 2_500.5, 3),
      { x: 0, y: 0 },
      cloudProjection(UTM_42N),
    );
    expect(placed.toArray()).toEqual([500.25, 500.5, 3]);
  });
});
