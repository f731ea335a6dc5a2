import { describe, expect, it } from 'vitest';
import { pointsOf, runStage, syntheticChunk } from './synthetic-points.ts';
import { voxelCenterNearestNeighborStage, voxelDownsizeStage } from './voxel.ts';

const round = (points: { x: number; y: number; z: number }[]) =>
  points.map((p) => [p.x, p.y, p.z].map((v) => Math.round(v * 1e9) / 1e9));

describe('filters.voxeldownsize', () => {
  const points = [
    { x: 0.1, y: 0.1, z: 0.1 },
    { x: 0.9, y: 0.9, z: 0.9 },
    { x: 1.2, y: 0.2, z: 0.2 },
    { x: 0.5, y: 0.5, z: 0.5 },
  ];
  // Grid origin: the first point; voxels (0,0,0) and (1,0,0).
  it('keeps the first point of each voxel (mode first), across chunks', () => {
    const chunks = [syntheticChunk(points.slice(0, 2)), syntheticChunk(points.slice(2))];
    const out = runStage(voxelDownsizeStage, { cell: 1, mode: 'first' }, chunks);
    expect(round(pointsOf(out))).toEqual([
      [0.1, 0.1, 0.1],
      [1.2, 0.2, 0.2],
    ]);
  });

  it('moves the kept points to the voxel centres (mode center, the default)', () => {
    const out = runStage(voxelDownsizeStage, { cell: 1 }, [syntheticChunk(points)]);
    expect(round(pointsOf(out))).toEqual([
      [0.6, 0.6, 0.6],
      [1.6, 0.6, 0.6],
    ]);
  });
});

describe('filters.voxelcenternearestneighbor', () => {
  it('keeps the point nearest each voxel centre, in input order', () => {
    // Grid origin: the minimum (0, 0, 0); centres (0.5, 0.5, 0.5) and (1.5, 0.5, 0.5).
    const points = [
      { x: 0, y: 0, z: 0 },
      { x: 0.4, y: 0.4, z: 0.4 },
      { x: 0.9, y: 0.9, z: 0.9 },
      { x: 1.5, y: 0.5, z: 0.5 },
      { x: 1.9, y: 0.1, z: 0.1 },
    ];
    const out = runStage(voxelCenterNearestNeighborStage, { cell: 1 }, [
      syntheticChunk(points.slice(0, 3)),
      syntheticChunk(points.slice(3)),
    ]);
    expect(round(pointsOf(out))).toEqual([
      [0.4, 0.4, 0.4],
      [1.5, 0.5, 0.5],
    ]);
  });
});
