import { describe, expect, it } from 'vitest';
import { findOutliers, outlierStage } from './outlier.ts';
import { optionErrors, pointsOf, runStage, syntheticChunk } from './synthetic-points.ts';

// A 3 × 3 grid at spacing 1 and one far point.
const grid = [0, 1, 2].flatMap((x) => [0, 1, 2].map((y) => ({ x, y, z: 0, Classification: 1 })));
const cloud = [...grid, { x: 100, y: 100, z: 0, Classification: 1 }];

describe('filters.outlier', () => {
  it('marks the statistical outlier with class 7 and removes nothing', () => {
    // Mean distance to the 2 nearest: 1 for the grid, 138.95 for the far point; μ = 14.80,
    // σ = 43.62, threshold μ + 2σ = 102.0.
    const out = runStage(outlierStage, { mean_k: 2, multiplier: 2 }, [
      syntheticChunk(cloud.slice(0, 4)),
      syntheticChunk(cloud.slice(4)),
    ]);
    const classes = pointsOf(out, ['Classification']).map((p) => p.Classification);
    expect(classes).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 7]);
  });

  it('marks points with too few neighbours within the radius (method radius)', () => {
    const out = runStage(outlierStage, { method: 'radius', radius: 1.5, min_k: 3, class: 18 }, [
      syntheticChunk(cloud, 6),
    ]);
    const classes = pointsOf(out, ['Classification']).map((p) => p.Classification);
    // Corners have 3 neighbours within 1.5 (two at 1, one at √2); the far point none.
    expect(classes).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 18]);
  });

  it('finds the same k nearest neighbours as a brute-force search', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const n = 400;
    const x = Float64Array.from({ length: n }, () => random() * 50);
    const y = Float64Array.from({ length: n }, () => random() * 50);
    const z = Float64Array.from({ length: n }, () => random() * random() * 5);
    const k = 6;
    const means = Array.from({ length: n }, (_, i) => {
      const d = Array.from({ length: n }, (_, j) =>
        Math.hypot(x[j]! - x[i]!, y[j]! - y[i]!, z[j]! - z[i]!),
      )
        .filter((_, j) => j !== i)
        .sort((a, b) => a - b);
      return d.slice(0, k).reduce((s, v) => s + v, 0) / k;
    });
    const mean = means.reduce((s, v) => s + v, 0) / n;
    const std = Math.sqrt(means.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
    const expected = means.map((m) => (m > mean + 1.5 * std ? 1 : 0));
    const flags = findOutliers(x, y, z, n, {
      method: 'statistical',
      meanK: k,
      multiplier: 1.5,
      classification: 7,
    });
    expect(Array.from(flags)).toEqual(expected);
    expect(expected.some(Boolean)).toBe(true);
  });

  it('refuses unknown methods and a class the point format cannot hold', () => {
    expect(optionErrors(outlierStage, { method: 'fancy' })).toEqual([
      'stage 1 (filters.outlier): option "method" must be "statistical" or "radius", got "fancy"',
    ]);
    expect(optionErrors(outlierStage, { radius: 2 })).toEqual([
      'stage 1 (filters.outlier): option "radius" is not supported by this engine',
    ]);
    expect(() => runStage(outlierStage, { class: 40 }, [syntheticChunk(cloud)])).toThrow(
      'class 40 does not fit Classification of point format 1 (0–31)',
    );
  });
});
