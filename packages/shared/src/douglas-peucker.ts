/**
 * Douglas–Peucker line simplification, the one implementation: ingestion simplifies a scan's
 * trajectory with it, the map its levels of detail. The line is interleaved plane coordinates
 * (x0, y0, x1, y1, …); the answer flags the vertices to keep so that the simplified line stays
 * within `tolerance` of every dropped vertex. The ends are always kept. Iterative, so a line of
 * any length is safe.
 */
export function douglasPeuckerKeep(xy: ArrayLike<number>, tolerance: number): Uint8Array {
  const count = Math.floor(xy.length / 2);
  const keep = new Uint8Array(count);
  if (count === 0) return keep;
  keep[0] = 1;
  keep[count - 1] = 1;
  if (count <= 2) return keep;
  if (tolerance <= 0) return keep.fill(1);
  const limit = tolerance * tolerance;
  const stack = [0, count - 1];
  while (stack.length > 0) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    const ax = xy[first * 2]!;
    const ay = xy[first * 2 + 1]!;
    const bx = xy[last * 2]!;
    const by = xy[last * 2 + 1]!;
    let farthest = -1;
    let farthestDistance = limit;
    for (let v = first + 1; v < last; v++) {
      const d = segmentDistanceSquared(xy[v * 2]!, xy[v * 2 + 1]!, ax, ay, bx, by);
      if (d > farthestDistance) {
        farthest = v;
        farthestDistance = d;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push(first, farthest, farthest, last);
  }
  return keep;
}

/** Squared distance from point p to the segment a–b (also the map's hit test). */
export function segmentDistanceSquared(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}
