/**
 * In-core octree for level-of-detail streaming. Each node keeps at most one point per cell of a
 * GRID³ grid over its cube (the first point, in a fixed pseudo-random order, to reach an empty
 * cell); the others go down to the child cube holding them. Every level is therefore a uniform
 * thinning of the cloud with cells half the size of its parent's, as with PotreeConverter.
 * A node whose cube holds at most `leafCapacity` points keeps them all and has no children.
 */

export interface OctreeInput {
  count: number;
  /** Raw LAS integers; world = raw × scale + offset. */
  x: Int32Array;
  y: Int32Array;
  z: Int32Array;
  scale: readonly [number, number, number];
  offset: readonly [number, number, number];
}

export interface OctreeOptions {
  /** Cells per cube edge of a node's sampling grid (a power of two, default 128). */
  grid?: number;
  /** A cube with at most this many points becomes a leaf holding all of them (default 20,000). */
  leafCapacity?: number;
  /** The most points a node other than a deepest-level leaf keeps (default 65,536). */
  maxNodePoints?: number;
}

export interface OctreeNode {
  /** 'r', then one digit 0–7 per level (Potree naming). */
  name: string;
  level: number;
  /** Indices of the input points stored in this node. */
  points: Uint32Array;
  children: (OctreeNode | null)[];
}

export interface Octree {
  root: OctreeNode;
  /** The cube the nodes subdivide (world coordinates). */
  cube: { min: [number, number, number]; max: [number, number, number] };
  /** Tight bounds of the points (world coordinates). */
  bounds: { min: [number, number, number]; max: [number, number, number] };
  /** Cell size of the root's grid; each level halves it. */
  spacing: number;
  depth: number;
  nodeCount: number;
}

/** Bits of the quantized position per axis: grid (7 bits) + at most 20 levels of subdivision. */
const QUANTIZE_BITS = 27;

export function buildOctree(input: OctreeInput, options: OctreeOptions = {}): Octree {
  const grid = options.grid ?? 128;
  const gridBits = Math.log2(grid);
  if (!Number.isInteger(gridBits) || gridBits < 1 || gridBits > 8) {
    throw new RangeError('The sampling grid must be a power of two between 2 and 256');
  }
  const leafCapacity = Math.max(1, options.leafCapacity ?? 20_000);
  const maxNodePoints = Math.max(1, options.maxNodePoints ?? 65_536);
  const maxLevel = QUANTIZE_BITS - gridBits;
  const { count } = input;

  const bounds = tightBounds(input);
  const size = Math.max(
    bounds.max[0] - bounds.min[0],
    bounds.max[1] - bounds.min[1],
    bounds.max[2] - bounds.min[2],
    Math.max(...input.scale),
  );
  const cube = {
    min: [...bounds.min] as [number, number, number],
    max: [bounds.min[0] + size, bounds.min[1] + size, bounds.min[2] + size] as [
      number,
      number,
      number,
    ],
  };
  // Positions are gathered once in a fixed pseudo-random order; node lists then hold ascending
  // positions in that order, so every pass over them reads memory almost sequentially.
  const order = shuffledIndices(count);
  const qx = quantize(input.x, order, input.scale[0], input.offset[0], cube.min[0], size);
  const qy = quantize(input.y, order, input.scale[1], input.offset[1], cube.min[1], size);
  const qz = quantize(input.z, order, input.scale[2], input.offset[2], cube.min[2], size);

  const cells = new Uint32Array(grid * grid * grid);
  let stamp = 0;
  let depth = 0;
  let nodeCount = 0;
  const root: OctreeNode = { name: 'r', level: 0, points: new Uint32Array(0), children: [] };
  const stack: { node: OctreeNode; indices: Uint32Array; nx: number; ny: number; nz: number }[] = [
    { node: root, indices: identity(count), nx: 0, ny: 0, nz: 0 },
  ];
  const half = grid >>> 1;
  const mask = grid - 1;

  while (stack.length > 0) {
    const { node, indices, nx, ny, nz } = stack.pop()!;
    nodeCount++;
    depth = Math.max(depth, node.level);
    node.children = [null, null, null, null, null, null, null, null];
    if (indices.length <= leafCapacity || node.level >= maxLevel) {
      node.points = toInputIndices(indices, order);
      continue;
    }
    stamp++;
    const shift = maxLevel - node.level;
    const baseX = nx * grid;
    const baseY = ny * grid;
    const baseZ = nz * grid;
    const n = indices.length;
    const destination = new Uint8Array(n);
    const counts = new Uint32Array(9);
    let kept = 0;
    for (let k = 0; k < n; k++) {
      const i = indices[k]!;
      const cx = ((qx[i]! >>> shift) - baseX) & mask;
      const cy = ((qy[i]! >>> shift) - baseY) & mask;
      const cz = ((qz[i]! >>> shift) - baseZ) & mask;
      const cell = cx | (cy << gridBits) | (cz << (2 * gridBits));
      let target: number;
      if (cells[cell] !== stamp && kept < maxNodePoints) {
        cells[cell] = stamp;
        kept++;
        target = 8;
      } else {
        target = (cx >= half ? 4 : 0) | (cy >= half ? 2 : 0) | (cz >= half ? 1 : 0);
      }
      destination[k] = target;
      counts[target]!++;
    }
    const parts = Array.from(counts, (c) => new Uint32Array(c));
    const filled = new Uint32Array(9);
    for (let k = 0; k < n; k++) {
      const target = destination[k]!;
      parts[target]![filled[target]!++] = indices[k]!;
    }
    node.points = toInputIndices(parts[8]!, order);
    for (let child = 7; child >= 0; child--) {
      if (counts[child] === 0) continue;
      const childNode: OctreeNode = {
        name: node.name + child,
        level: node.level + 1,
        points: new Uint32Array(0),
        children: [],
      };
      node.children[child] = childNode;
      stack.push({
        node: childNode,
        indices: parts[child]!,
        nx: nx * 2 + ((child >> 2) & 1),
        ny: ny * 2 + ((child >> 1) & 1),
        nz: nz * 2 + (child & 1),
      });
    }
  }
  return { root, cube, bounds, spacing: size / grid, depth, nodeCount };
}

function tightBounds(input: OctreeInput) {
  const axes = [input.x, input.y, input.z] as const;
  const min: [number, number, number] = [0, 0, 0];
  const max: [number, number, number] = [0, 0, 0];
  for (let axis = 0; axis < 3; axis++) {
    const values = axes[axis]!;
    let lo = 2147483647;
    let hi = -2147483648;
    for (let i = 0; i < input.count; i++) {
      const v = values[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (input.count === 0) lo = hi = 0;
    min[axis] = lo * input.scale[axis]! + input.offset[axis]!;
    max[axis] = hi * input.scale[axis]! + input.offset[axis]!;
  }
  return { min, max };
}

function quantize(
  raw: Int32Array,
  order: Uint32Array,
  scale: number,
  offset: number,
  min: number,
  size: number,
) {
  const levels = 2 ** QUANTIZE_BITS;
  const top = levels - 1;
  const factor = levels / size;
  const out = new Uint32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const q = Math.floor((raw[order[i]!]! * scale + offset - min) * factor);
    out[i] = Math.max(0, Math.min(top, q));
  }
  return out;
}

function identity(count: number): Uint32Array {
  const indices = new Uint32Array(count);
  for (let i = 0; i < count; i++) indices[i] = i;
  return indices;
}

/** Positions in the shuffled order → indices of the input points (in place). */
function toInputIndices(positions: Uint32Array, order: Uint32Array): Uint32Array {
  for (let k = 0; k < positions.length; k++) positions[k] = order[positions[k]!]!;
  return positions;
}

/** A fixed pseudo-random order, so sampling is free of file-order bias and builds repeat. */
function shuffledIndices(count: number): Uint32Array {
  const indices = new Uint32Array(count);
  for (let i = 0; i < count; i++) indices[i] = i;
  let state = 0x9e3779b9;
  for (let i = count - 1; i > 0; i--) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const j = Math.floor(((state >>> 0) / 4_294_967_296) * (i + 1));
    const t = indices[i]!;
    indices[i] = indices[j]!;
    indices[j] = t;
  }
  return indices;
}
