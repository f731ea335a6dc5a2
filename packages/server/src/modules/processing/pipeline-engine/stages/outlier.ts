import { lasDimension } from '../../../../lib/las/las-dimensions.ts';
import { holdingStage, holdsUpTo, type StageDefinition } from '../stage-definition.ts';
import { NeighbourGrid } from './neighbour-grid.ts';

/**
 * filters.outlier, as PDAL: marks outliers with Classification `class` (default 7, low noise);
 * it removes nothing (follow it with filters.range "Classification![7:7]" to drop them). Method "statistical": a point is an outlier when the mean
 * distance to its `mean_k` nearest neighbours exceeds μ + `multiplier`·σ of those means over the
 * cloud. Method "radius": when fewer than `min_k` other points lie within `radius`. Holds every
 * point in memory.
 */

export type OutlierOptions =
  | { method: 'statistical'; meanK: number; multiplier: number; classification: number }
  | { method: 'radius'; radius: number; minK: number; classification: number };

/** Outlier flags of n points (1 = outlier). */
export function findOutliers(
  x: Float64Array,
  y: Float64Array,
  z: Float64Array,
  n: number,
  o: OutlierOptions,
): Uint8Array {
  const outlier = new Uint8Array(n);
  if (n === 0) return outlier;
  if (o.method === 'radius') {
    const grid = new NeighbourGrid(x, y, z, n, 8);
    for (let i = 0; i < n; i++) outlier[i] = grid.countWithin(i, o.radius) < o.minK ? 1 : 0;
    return outlier;
  }
  const grid = new NeighbourGrid(x, y, z, n, Math.max(2, o.meanK));
  const means = new Float64Array(n);
  const best = new Float64Array(o.meanK);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    means[i] = grid.meanNeighbourDistance(i, o.meanK, best);
    if (!Number.isNaN(means[i]!)) {
      sum += means[i]!;
      count++;
    }
  }
  if (count === 0) return outlier;
  const mean = sum / count;
  let squares = 0;
  for (let i = 0; i < n; i++) if (!Number.isNaN(means[i]!)) squares += (means[i]! - mean) ** 2;
  const std = count > 1 ? Math.sqrt(squares / (count - 1)) : 0;
  const threshold = mean + o.multiplier * std;
  for (let i = 0; i < n; i++) outlier[i] = means[i]! > threshold ? 1 : 0;
  return outlier;
}

export const outlierStage: StageDefinition<OutlierOptions> = {
  type: 'filters.outlier',
  parse(options) {
    const method = options.string('method') ?? 'statistical';
    const classification = options.number('class', { integer: true, min: 0 }) ?? 7;
    if (method === 'statistical') {
      const meanK = options.number('mean_k', { integer: true, positive: true }) ?? 8;
      const multiplier = options.number('multiplier', { positive: true }) ?? 2;
      return options.errors.length ? null : { method, meanK, multiplier, classification };
    }
    if (method === 'radius') {
      const radius = options.number('radius', { positive: true }) ?? 1;
      const minK = options.number('min_k', { integer: true, min: 0 }) ?? 2;
      return options.errors.length ? null : { method, radius, minK, classification };
    }
    options.error('method', `must be "statistical" or "radius", got "${method}"`);
    return null;
  },
  summary: (o) =>
    o.method === 'statistical'
      ? `marks statistical outliers (mean_k ${o.meanK}, multiplier ${o.multiplier}) as class ${o.classification}`
      : `marks points with fewer than ${o.minK} neighbours within ${o.radius} as class ${o.classification}`,
  memory: (_o, points, recordLength) => holdsUpTo(points, recordLength + 24 + 8 + 8 + 1),
  create(o, setup) {
    const accessor = lasDimension('Classification', setup.pointFormat)!;
    if (o.classification > accessor.max) {
      throw new RangeError(
        `class ${o.classification} does not fit Classification of point format ${setup.pointFormat} (0–${accessor.max})`,
      );
    }
    return holdingStage(function* (store) {
      const flags = findOutliers(store.x, store.y, store.z, store.count, o);
      const view = new DataView(store.records.buffer, store.records.byteOffset);
      for (let i = 0; i < store.count; i++) {
        if (flags[i]) accessor.set(view, i * store.recordLength, o.classification);
      }
      yield* store.chunks(65_536);
    });
  },
};
