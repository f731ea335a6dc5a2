import { type PointChunk, selectPoints } from '../point-chunk.ts';
import { holdingStage, holdsUpTo, type StageDefinition } from '../stage-definition.ts';

/**
 * Voxel thinning. filters.voxeldownsize keeps the first point of each cubic voxel (grid origin:
 * the first point), with mode "center" moving it to the voxel's centre (PDAL's default) or
 * "first" keeping its coordinates; it streams, holding one key per occupied voxel.
 * filters.voxelcenternearestneighbor keeps in each voxel (grid origin: the minimum of the
 * bounds) the point nearest the voxel's centre; it holds every point.
 */

const KEY_BYTES = 80; // a short string key in a Set, measured order of magnitude

function voxelKey(ix: number, iy: number, iz: number): string {
  return `${ix},${iy},${iz}`;
}

export const voxelDownsizeStage: StageDefinition<{ cell: number; mode: 'center' | 'first' }> = {
  type: 'filters.voxeldownsize',
  parse(options) {
    const cell = options.number('cell', { positive: true }) ?? 0.001;
    const mode = options.string('mode') ?? 'center';
    if (mode !== 'center' && mode !== 'first') {
      options.error('mode', `must be "center" or "first", got "${mode}"`);
      return null;
    }
    return options.errors.length ? null : { cell, mode };
  },
  summary: (o) => `keeps the first point of each ${o.cell} voxel (mode ${o.mode})`,
  memory: (_o, points) => `${holdsUpTo(points, KEY_BYTES, 'voxel keys')} (one per occupied voxel)`,
  create({ cell, mode }) {
    const seen = new Set<string>();
    let origin: [number, number, number] | null = null;
    return {
      push(chunk: PointChunk) {
        origin ??= [chunk.x[0]!, chunk.y[0]!, chunk.z[0]!];
        const [ox, oy, oz] = origin;
        const keep = new Uint8Array(chunk.count);
        for (let i = 0; i < chunk.count; i++) {
          const ix = Math.floor((chunk.x[i]! - ox) / cell);
          const iy = Math.floor((chunk.y[i]! - oy) / cell);
          const iz = Math.floor((chunk.z[i]! - oz) / cell);
          const key = voxelKey(ix, iy, iz);
          if (seen.has(key)) continue;
          seen.add(key);
          keep[i] = 1;
          if (mode === 'center') {
            chunk.x[i] = ox + (ix + 0.5) * cell;
            chunk.y[i] = oy + (iy + 0.5) * cell;
            chunk.z[i] = oz + (iz + 0.5) * cell;
          }
        }
        const out = selectPoints(chunk, keep);
        return out.count ? [out] : [];
      },
      finish: () => [],
    };
  },
};

export const voxelCenterNearestNeighborStage: StageDefinition<{ cell: number }> = {
  type: 'filters.voxelcenternearestneighbor',
  parse(options) {
    const cell = options.number('cell', { positive: true }) ?? 1;
    return options.errors.length ? null : { cell };
  },
  summary: (o) => `keeps the point nearest the centre of each ${o.cell} voxel`,
  memory: (_o, points, recordLength) => holdsUpTo(points, recordLength + 24 + 4 + KEY_BYTES),
  create({ cell }) {
    return holdingStage(function* (store) {
      const n = store.count;
      if (n === 0) return;
      const { x, y, z } = store;
      let [minx, miny, minz] = [x[0]!, y[0]!, z[0]!];
      for (let i = 1; i < n; i++) {
        minx = Math.min(minx, x[i]!);
        miny = Math.min(miny, y[i]!);
        minz = Math.min(minz, z[i]!);
      }
      const best = new Map<string, { index: number; distance: number }>();
      for (let i = 0; i < n; i++) {
        const ix = Math.floor((x[i]! - minx) / cell);
        const iy = Math.floor((y[i]! - miny) / cell);
        const iz = Math.floor((z[i]! - minz) / cell);
        const dx = x[i]! - (minx + (ix + 0.5) * cell);
        const dy = y[i]! - (miny + (iy + 0.5) * cell);
        const dz = z[i]! - (minz + (iz + 0.5) * cell);
        const distance = dx * dx + dy * dy + dz * dz;
        const key = voxelKey(ix, iy, iz);
        const current = best.get(key);
        if (!current || distance < current.distance) best.set(key, { index: i, distance });
      }
      const keep = new Uint8Array(n);
      for (const { index } of best.values()) keep[index] = 1;
      yield* store.chunks(65_536, keep);
    });
  },
};
