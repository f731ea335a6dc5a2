/**
 * The fixed pseudo-random order in which a node's sampling grid takes points: a point's rank is
 * a bijective 32-bit mix of its index in the file (MurmurHash3's finalizer), so every point has a
 * distinct rank, any subset of the cloud can be put in order on its own (a chunk, the candidates
 * for the top levels), and a build repeats exactly.
 */
export function pointRank(index: number): number {
  let h = (index ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Positions 0…count−1 sorted by ascending rank of `indices[position]` (a two-pass radix sort on
 * 16-bit digits: linear time, no comparator calls).
 */
export function rankOrder(indices: Uint32Array, count: number): Uint32Array {
  const ranks = new Uint32Array(count);
  for (let i = 0; i < count; i++) ranks[i] = pointRank(indices[i]!);
  let order = new Uint32Array(count);
  let next = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  const buckets = new Uint32Array(65_537);
  for (const shift of [0, 16]) {
    buckets.fill(0);
    for (let i = 0; i < count; i++) buckets[((ranks[i]! >>> shift) & 0xffff) + 1]!++;
    for (let b = 1; b < buckets.length; b++) buckets[b]! += buckets[b - 1]!;
    for (let k = 0; k < count; k++) {
      const position = order[k]!;
      next[buckets[(ranks[position]! >>> shift) & 0xffff]!++] = position;
    }
    [order, next] = [next, order];
  }
  return order;
}
