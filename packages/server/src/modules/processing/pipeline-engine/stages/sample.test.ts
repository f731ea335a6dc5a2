import { describe, expect, it } from 'vitest';
import { sampleStage } from './sample.ts';
import { optionErrors, pointsOf, runStage, syntheticChunk } from './synthetic-points.ts';

describe('filters.sample', () => {
  it('keeps a point only when no kept point lies closer than the radius, across chunks', () => {
    const points = [0, 0.5, 1, 1.2, 2.5].map((x) => ({ x, y: 0, z: 0 }));
    points.push({ x: 0, y: 0.99, z: 0 });
    const out = runStage(sampleStage, { radius: 1 }, [
      syntheticChunk(points.slice(0, 3)),
      syntheticChunk(points.slice(3)),
    ]);
    expect(pointsOf(out).map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [1, 0],
      [2.5, 0],
    ]);
  });

  it('needs a positive radius', () => {
    expect(optionErrors(sampleStage, {})).toEqual([
      'stage 1 (filters.sample): option "radius" is required',
    ]);
  });
});
