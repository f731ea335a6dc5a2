/**
 * The sampling rule of the level-of-detail octree. Each node keeps at most one point per cell of
 * a GRID³ grid over its cube (the first point, in a fixed pseudo-random order, to reach an empty
 * cell); the others go down to the child cube holding them. Every level is therefore a uniform
 * thinning of the cloud with cells half the size of its parent's, as with PotreeConverter.
 * A node whose cube holds at most `leafCapacity` points keeps them all and has no children.
 *
 * The order is `pointRank` of each point's index in the file, so any part of the cloud can be
 * sampled on its own: a node's grid cell never straddles two chunks of the out-of-core build
 * (chunks are cubes of level ≤ 7 and a root cell is 1/128 of the cube), so a chunk decides
 * alone which of its points the nodes above it keep (`chunkLevel`), and the top levels are then
 * sampled again from those candidates only (`isChunk`), with the node cap applied.
 */

export interface OctreeOptions {
  /** Cells per cube edge of a node's sampling grid (a power of two, default 128). */
  grid?: number;
  /** A cube with at most this many points becomes a leaf holding all of them (default 20,000). */
  leafCapacity?: number;
  /** The most points a node other than a deepest-level leaf keeps (default 65,536). */
  maxNodePoints?: number;
}

export interface SamplingRules {
  grid: number;
  gridBits: number;
  leafCapacity: number;
  maxNodePoints: number;
  /** Deepest level: the quantisation has no finer cells below it. */
  maxLevel: number;
}

/** Bits of the quantized position per axis: grid (7 bits) + at most 20 levels of subdivision. */
export const QUANTIZE_BITS = 27;

export function samplingRules(options: OctreeOptions = {}): SamplingRules {
  const grid = options.grid ?? 128;
  const gridBits = Math.log2(grid);
  if (!Number.isInteger(gridBits) || gridBits < 1 || gridBits > 8) {
    throw new RangeError('The sampling grid must be a power of two between 2 and 256');
  }
  return {
    grid,
    gridBits,
    leafCapacity: Math.max(1, options.leafCapacity ?? 20_000),
    maxNodePoints: Math.max(1, options.maxNodePoints ?? 65_536),
    maxLevel: QUANTIZE_BITS - gridBits,
  };
}

export type Vec3 = [number, number, number];

/** The cube the nodes subdivide (world coordinates): its minimum corner and edge. */
export interface Cube {
  min: Vec3;
  size: number;
}

/** The octree cube of a cloud: the bounds' minimum, edge = the largest extent. */
export function octreeCube(
  bounds: { min: readonly number[]; max: readonly number[] },
  scale: readonly number[],
): Cube {
  const size = Math.max(
    bounds.max[0]! - bounds.min[0]!,
    bounds.max[1]! - bounds.min[1]!,
    bounds.max[2]! - bounds.min[2]!,
    Math.max(...scale),
  );
  return { min: [bounds.min[0]!, bounds.min[1]!, bounds.min[2]!], size };
}

/** Quantized positions of points listed in sampling order (`order[k]` = input index). */
export interface QuantizedPoints {
  count: number;
  qx: Uint32Array;
  qy: Uint32Array;
  qz: Uint32Array;
}

export function quantizePoints(
  raw: { x: Int32Array; y: Int32Array; z: Int32Array },
  order: Uint32Array,
  cube: Cube,
  scale: readonly number[],
  offset: readonly number[],
): QuantizedPoints {
  const axes = [raw.x, raw.y, raw.z] as const;
  const levels = 2 ** QUANTIZE_BITS;
  const top = levels - 1;
  const factor = levels / cube.size;
  const out = [0, 1, 2].map((axis) => {
    // (raw × scale + offset − min) × factor: partition.ts computes the very same expression.
    const values = axes[axis]!;
    const s = scale[axis]!;
    const o = offset[axis]!;
    const min = cube.min[axis]!;
    const column = new Uint32Array(order.length);
    for (let k = 0; k < order.length; k++) {
      const q = Math.floor((values[order[k]!]! * s + o - min) * factor);
      column[k] = q < 0 ? 0 : Math.min(q, top);
    }
    return column;
  });
  return { count: order.length, qx: out[0]!, qy: out[1]!, qz: out[2]! };
}

export interface OctreeNode {
  /** 'r', then one digit 0–7 per level (Potree naming). */
  name: string;
  level: number;
  /** Indices of the input points stored in this node. */
  points: Uint32Array;
  children: (OctreeNode | null)[];
}

export interface SamplingScope {
  /**
   * The points are one chunk: the cube of this level holding them. Nodes above it keep one
   * point per cell without the cap and are never leaves (their cubes hold other chunks' points
   * too); what they keep is returned as `above`, the candidates for the top levels.
   */
  chunkLevel?: number;
  /**
   * The points are the candidates of the top levels: no node is a leaf, and a child cube that
   * is a chunk (this returns true) takes none of them: they stay in the parent, over the cap.
   */
  isChunk?: (level: number, nx: number, ny: number, nz: number) => boolean;
}

export interface SampledOctree {
  /** The node of the chunk's cube (or the root); null when no point reached it. */
  root: OctreeNode | null;
  /** Input indices kept by the nodes above `chunkLevel`. */
  above: Uint32Array;
  nodeCount: number;
  depth: number;
}

interface Pending {
  name: string;
  level: number;
  nx: number;
  ny: number;
  nz: number;
  /** Positions in the sampling order, ascending. */
  positions: Uint32Array;
  parent: OctreeNode | null;
  childIndex: number;
}

/** Samples `points` (in their sampling order; `order[k]` = input index) into nodes. */
export function sampleOctree(
  points: QuantizedPoints,
  order: Uint32Array,
  rules: SamplingRules,
  scope: SamplingScope = {},
): SampledOctree {
  const { grid, gridBits, leafCapacity, maxNodePoints, maxLevel } = rules;
  const { qx, qy, qz } = points;
  const chunkLevel = scope.chunkLevel ?? 0;
  const isChunk = scope.isChunk;
  const cells = new Uint32Array(grid * grid * grid);
  const half = grid >>> 1;
  const mask = grid - 1;
  let stamp = 0;
  let depth = 0;
  let nodeCount = 0;
  let root: OctreeNode | null = null;
  const above: Uint32Array[] = [];
  const stack: Pending[] = [
    {
      name: 'r',
      level: 0,
      nx: 0,
      ny: 0,
      nz: 0,
      positions: identity(points.count),
      parent: null,
      childIndex: 0,
    },
  ];

  while (stack.length > 0) {
    const { name, level, nx, ny, nz, positions, parent, childIndex } = stack.pop()!;
    const isAbove = level < chunkLevel;
    let node: OctreeNode | null = null;
    if (!isAbove) {
      node = { name, level, points: new Uint32Array(0), children: [] };
      node.children = [null, null, null, null, null, null, null, null];
      if (parent) parent.children[childIndex] = node;
      else root = node;
      nodeCount++;
      depth = Math.max(depth, level);
    }
    const mayBeLeaf = !isAbove && !isChunk;
    if ((mayBeLeaf && positions.length <= leafCapacity) || level >= maxLevel) {
      if (node) node.points = toInputIndices(positions, order);
      else above.push(toInputIndices(positions, order));
      continue;
    }
    stamp++;
    const cap = isAbove ? Number.POSITIVE_INFINITY : maxNodePoints;
    const closed = new Uint8Array(8);
    if (isChunk) {
      for (let c = 0; c < 8; c++) {
        closed[c] = isChunk(level + 1, ...childCoordinates(nx, ny, nz, c)) ? 1 : 0;
      }
    }
    const shift = maxLevel - level;
    const baseX = nx * grid;
    const baseY = ny * grid;
    const baseZ = nz * grid;
    const n = positions.length;
    const destination = new Uint8Array(n);
    const counts = new Uint32Array(9);
    let kept = 0;
    for (let k = 0; k < n; k++) {
      const i = positions[k]!;
      const cx = ((qx[i]! >>> shift) - baseX) & mask;
      const cy = ((qy[i]! >>> shift) - baseY) & mask;
      const cz = ((qz[i]! >>> shift) - baseZ) & mask;
      const cell = cx | (cy << gridBits) | (cz << (2 * gridBits));
      let target: number;
      if (cells[cell] !== stamp && kept < cap) {
        cells[cell] = stamp;
        kept++;
        target = 8;
      } else {
        target = (cx >= half ? 4 : 0) | (cy >= half ? 2 : 0) | (cz >= half ? 1 : 0);
        if (closed[target]) target = 8;
      }
      destination[k] = target;
      counts[target]!++;
    }
    const parts = Array.from(counts, (c) => new Uint32Array(c));
    const filled = new Uint32Array(9);
    for (let k = 0; k < n; k++) {
      const target = destination[k]!;
      parts[target]![filled[target]!++] = positions[k]!;
    }
    if (node) node.points = toInputIndices(parts[8]!, order);
    else above.push(toInputIndices(parts[8]!, order));
    for (let child = 7; child >= 0; child--) {
      if (counts[child] === 0) continue;
      const [cx, cy, cz] = childCoordinates(nx, ny, nz, child);
      stack.push({
        name: name + child,
        level: level + 1,
        nx: cx,
        ny: cy,
        nz: cz,
        positions: parts[child]!,
        parent: node,
        childIndex: child,
      });
    }
  }
  return { root, above: concat(above), nodeCount, depth };
}

export function childCoordinates(
  nx: number,
  ny: number,
  nz: number,
  child: number,
): [number, number, number] {
  return [nx * 2 + ((child >> 2) & 1), ny * 2 + ((child >> 1) & 1), nz * 2 + (child & 1)];
}

function identity(count: number): Uint32Array {
  const indices = new Uint32Array(count);
  for (let i = 0; i < count; i++) indices[i] = i;
  return indices;
}

/** Positions in the sampling order → indices of the input points (in place). */
function toInputIndices(positions: Uint32Array, order: Uint32Array): Uint32Array {
  for (let k = 0; k < positions.length; k++) positions[k] = order[positions[k]!]!;
  return positions;
}

function concat(parts: Uint32Array[]): Uint32Array {
  const out = new Uint32Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
