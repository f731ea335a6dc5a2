import { type PointChunk, selectPoints } from '../point-chunk.ts';
import { holdsUpTo, type StageDefinition } from '../stage-definition.ts';

/**
 * filters.sample: Poisson-disk thinning. Points are taken in order; a point is kept when no kept
 * point lies within `radius` of it (3D). Streams: kept points leave at once, only their
 * coordinates stay, in a hash of cells of size `radius`.
 */

const BYTES_PER_KEPT = 24 + 60; // coordinates + share of a cell entry

export const sampleStage: StageDefinition<{ radius: number }> = {
  type: 'filters.sample',
  parse(options) {
    const radius = options.number('radius', { positive: true, required: true });
    return radius === undefined ? null : { radius };
  },
  summary: (o) => `keeps points at least ${o.radius} apart (Poisson sampling)`,
  memory: (_o, points) => holdsUpTo(points, BYTES_PER_KEPT, 'kept point coordinates'),
  create({ radius }) {
    const cells = new Map<string, number[]>();
    const r2 = radius * radius;
    const tooClose = (x: number, y: number, z: number, ix: number, iy: number, iz: number) => {
      for (let dz = -1; dz <= 1; dz++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const kept = cells.get(`${ix + dx},${iy + dy},${iz + dz}`);
            if (!kept) continue;
            for (let k = 0; k < kept.length; k += 3) {
              const ex = kept[k]! - x;
              const ey = kept[k + 1]! - y;
              const ez = kept[k + 2]! - z;
              if (ex * ex + ey * ey + ez * ez < r2) return true;
            }
          }
        }
      }
      return false;
    };
    return {
      push(chunk: PointChunk) {
        const keep = new Uint8Array(chunk.count);
        for (let i = 0; i < chunk.count; i++) {
          const x = chunk.x[i]!;
          const y = chunk.y[i]!;
          const z = chunk.z[i]!;
          const ix = Math.floor(x / radius);
          const iy = Math.floor(y / radius);
          const iz = Math.floor(z / radius);
          if (tooClose(x, y, z, ix, iy, iz)) continue;
          keep[i] = 1;
          const key = `${ix},${iy},${iz}`;
          const list = cells.get(key);
          if (list) list.push(x, y, z);
          else cells.set(key, [x, y, z]);
        }
        const out = selectPoints(chunk, keep);
        return out.count ? [out] : [];
      },
      finish: () => [],
    };
  },
};
