/**
 * A uniform grid over points held in memory, for the neighbour stages (outlier): k nearest
 * neighbours and radius counts. Cells are sized for about `pointsPerCell` points on average;
 * points are sorted by cell (counting sort), so the grid costs two Uint32Arrays of n entries.
 */
export class NeighbourGrid {
  private readonly cell: number;
  private readonly dims: [number, number, number];
  private readonly min: [number, number, number];
  private readonly cellStart: Uint32Array;
  private readonly order: Uint32Array;

  constructor(
    private readonly x: Float64Array,
    private readonly y: Float64Array,
    private readonly z: Float64Array,
    n: number,
    pointsPerCell: number,
  ) {
    const min: [number, number, number] = [Infinity, Infinity, Infinity];
    const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < n; i++) {
      const p = [x[i]!, y[i]!, z[i]!];
      for (let a = 0; a < 3; a++) {
        if (p[a]! < min[a]!) min[a] = p[a]!;
        if (p[a]! > max[a]!) max[a] = p[a]!;
      }
    }
    const extent = [0, 1, 2].map((a) => Math.max(max[a]! - min[a]!, 0));
    const target = Math.max(1, Math.ceil(n / Math.max(1, pointsPerCell)));
    const cellsFor = (size: number) =>
      extent.reduce((product, e) => product * (Math.floor(e / size) + 1), 1);
    // Smallest cell (bisection on a log scale) whose grid stays within `target` cells.
    let low = 1e-9;
    let high = Math.max(...extent, 1e-9) * 2;
    for (let i = 0; i < 60; i++) {
      const mid = Math.sqrt(low * high);
      if (cellsFor(mid) > target) low = mid;
      else high = mid;
    }
    this.cell = high;
    this.min = min;
    this.dims = extent.map((e) => Math.floor(e / high) + 1) as [number, number, number];
    const cells = this.dims[0] * this.dims[1] * this.dims[2];
    const cellOf = new Uint32Array(n);
    this.cellStart = new Uint32Array(cells + 1);
    for (let i = 0; i < n; i++) {
      const c = this.cellIndex(x[i]!, y[i]!, z[i]!);
      cellOf[i] = c;
      this.cellStart[c + 1]!++;
    }
    for (let c = 0; c < cells; c++) this.cellStart[c + 1]! += this.cellStart[c]!;
    const fill = this.cellStart.slice(0, cells);
    this.order = new Uint32Array(n);
    for (let i = 0; i < n; i++) this.order[fill[cellOf[i]!]!++] = i;
  }

  private axisCell(value: number, axis: number): number {
    const c = Math.floor((value - this.min[axis]!) / this.cell);
    return Math.min(Math.max(c, 0), this.dims[axis]! - 1);
  }

  private cellIndex(x: number, y: number, z: number): number {
    const [nx, ny] = this.dims;
    return this.axisCell(x, 0) + nx * (this.axisCell(y, 1) + ny * this.axisCell(z, 2));
  }

  /** Calls visit(j, squaredDistance) for each point in the cells at Chebyshev ring r around i. */
  private ring(i: number, r: number, visit: (j: number, d2: number) => void): boolean {
    const [nx, ny, nz] = this.dims;
    const cx = this.axisCell(this.x[i]!, 0);
    const cy = this.axisCell(this.y[i]!, 1);
    const cz = this.axisCell(this.z[i]!, 2);
    let any = false;
    for (let gz = Math.max(0, cz - r); gz <= Math.min(nz - 1, cz + r); gz++) {
      for (let gy = Math.max(0, cy - r); gy <= Math.min(ny - 1, cy + r); gy++) {
        for (let gx = Math.max(0, cx - r); gx <= Math.min(nx - 1, cx + r); gx++) {
          if (Math.max(Math.abs(gx - cx), Math.abs(gy - cy), Math.abs(gz - cz)) !== r) continue;
          any = true;
          const c = gx + nx * (gy + ny * gz);
          for (let s = this.cellStart[c]!; s < this.cellStart[c + 1]!; s++) {
            const j = this.order[s]!;
            if (j === i) continue;
            const dx = this.x[j]! - this.x[i]!;
            const dy = this.y[j]! - this.y[i]!;
            const dz = this.z[j]! - this.z[i]!;
            visit(j, dx * dx + dy * dy + dz * dz);
          }
        }
      }
    }
    return any;
  }

  /** Mean distance from point i to its k nearest other points (NaN when there are none). */
  meanNeighbourDistance(i: number, k: number, best: Float64Array): number {
    let found = 0;
    const insert = (_j: number, d2: number) => {
      if (found < k) {
        let p = found++;
        while (p > 0 && best[p - 1]! > d2) best[p] = best[--p]!;
        best[p] = d2;
      } else if (d2 < best[k - 1]!) {
        let p = k - 1;
        while (p > 0 && best[p - 1]! > d2) best[p] = best[--p]!;
        best[p] = d2;
      }
    };
    for (let r = 0; ; r++) {
      const any = this.ring(i, r, insert);
      if (found === k && best[k - 1]! <= (r * this.cell) ** 2) break;
      if (!any && r > Math.max(...this.dims)) break;
    }
    if (found === 0) return Number.NaN;
    let sum = 0;
    for (let p = 0; p < found; p++) sum += Math.sqrt(best[p]!);
    return sum / found;
  }

  /** Number of other points within `radius` of point i. */
  countWithin(i: number, radius: number): number {
    const r2 = radius * radius;
    let count = 0;
    const rings = Math.ceil(radius / this.cell);
    for (let r = 0; r <= rings; r++) {
      this.ring(i, r, (_j, d2) => {
        if (d2 <= r2) count++;
      });
    }
    return count;
  }
}
