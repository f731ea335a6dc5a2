import type { WorldColumns } from '../../lib/las/las-reader.ts';

/**
 * What one pass over an imported cloud's points gathers, in memory that does not grow with the
 * point count: bounds, the extreme points of narrow strips (a thinned sample whose convex hull
 * is the footprint), moments for the long axis, and GPS-time bins for the path.
 */

type XY = [number, number];

/** Strips across each axis: the hull is drawn from at most 4 × STRIPS candidate points. */
const STRIPS = 512;
/** Bins kept at once; past this the bins are merged two by two (wider bins). */
const MAX_TIME_BINS = 20_000;
const INITIAL_BIN_SECONDS = 1;

export interface ScanGeometry {
  pointCount: number;
  min: [number, number, number];
  max: [number, number, number];
  /** Counter-clockwise convex hull, closed (first vertex repeated), projected coordinates. */
  footprint: XY[];
  /** Time-ordered bin centroids (projected), empty when the points carry no varying GPS time. */
  timePath: XY[];
  firstGpsTime: number | null;
  lastGpsTime: number | null;
}

interface TimeBin {
  sx: number;
  sy: number;
  n: number;
}

export class ScanGeometryAccumulator {
  private count = 0;
  private readonly min: [number, number, number] = [Infinity, Infinity, Infinity];
  private readonly max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  // Per strip: the lowest and highest point across it (columns by y, rows by x).
  private readonly columnLow = new Float64Array(STRIPS * 2).fill(NaN);
  private readonly columnHigh = new Float64Array(STRIPS * 2).fill(NaN);
  private readonly rowLow = new Float64Array(STRIPS * 2).fill(NaN);
  private readonly rowHigh = new Float64Array(STRIPS * 2).fill(NaN);
  private readonly x0: number;
  private readonly y0: number;
  /** Strips per metre (a multiply per point is cheaper than a divide). */
  private readonly columnsPerUnit: number;
  private readonly rowsPerUnit: number;
  private binSeconds = INITIAL_BIN_SECONDS;
  private bins = new Map<number, TimeBin>();
  private firstTime = Infinity;
  private lastTime = -Infinity;

  /** `extent`: the header's bounds, used only to size the strips (points outside are clamped). */
  constructor(extent: { min: { x: number; y: number }; max: { x: number; y: number } }) {
    this.x0 = extent.min.x;
    this.y0 = extent.min.y;
    this.columnsPerUnit = STRIPS / Math.max(extent.max.x - extent.min.x, 1e-9);
    this.rowsPerUnit = STRIPS / Math.max(extent.max.y - extent.min.y, 1e-9);
  }

  add(chunk: WorldColumns): void {
    const { x, y, z, gpsTime, count } = chunk;
    const {
      min,
      max,
      columnLow,
      columnHigh,
      rowLow,
      rowHigh,
      x0,
      y0,
      columnsPerUnit,
      rowsPerUnit,
    } = this;
    const last = STRIPS - 1;
    let binKey = Number.NaN;
    let bin: TimeBin | undefined;
    for (let i = 0; i < count; i++) {
      const px = x[i]!;
      const py = y[i]!;
      const pz = z[i]!;
      if (px < min[0]) min[0] = px;
      if (px > max[0]) max[0] = px;
      if (py < min[1]) min[1] = py;
      if (py > max[1]) max[1] = py;
      if (pz < min[2]) min[2] = pz;
      if (pz > max[2]) max[2] = pz;

      let c = Math.floor((px - x0) * columnsPerUnit);
      c = c < 0 ? 0 : Math.min(c, last);
      const cy = c * 2 + 1;
      if (!(py >= columnLow[cy]!)) {
        columnLow[cy - 1] = px;
        columnLow[cy] = py;
      }
      if (!(py <= columnHigh[cy]!)) {
        columnHigh[cy - 1] = px;
        columnHigh[cy] = py;
      }
      let r = Math.floor((py - y0) * rowsPerUnit);
      r = r < 0 ? 0 : Math.min(r, last);
      const rx = r * 2;
      if (!(px >= rowLow[rx]!)) {
        rowLow[rx] = px;
        rowLow[rx + 1] = py;
      }
      if (!(px <= rowHigh[rx]!)) {
        rowHigh[rx] = px;
        rowHigh[rx + 1] = py;
      }

      if (gpsTime) {
        const t = gpsTime[i]!;
        if (t < this.firstTime) this.firstTime = t;
        if (t > this.lastTime) this.lastTime = t;
        // Files are mostly in time order: the bin of the previous point is usually this one's.
        const key = Math.floor(t / this.binSeconds);
        if (key !== binKey) {
          binKey = key;
          bin = this.bins.get(key);
          if (!bin) {
            bin = { sx: 0, sy: 0, n: 0 };
            this.bins.set(key, bin);
            if (this.bins.size > MAX_TIME_BINS) {
              this.widenBins();
              binKey = Number.NaN;
              bin = this.bins.get(Math.floor(t / this.binSeconds))!;
            }
          }
        }
        bin!.sx += px - x0;
        bin!.sy += py - y0;
        bin!.n++;
      }
    }
    this.count += count;
  }

  private widenBins(): void {
    this.binSeconds *= 2;
    const merged = new Map<number, TimeBin>();
    for (const [key, bin] of this.bins) {
      const wider = Math.floor(key / 2);
      const into = merged.get(wider);
      if (into) {
        into.sx += bin.sx;
        into.sy += bin.sy;
        into.n += bin.n;
      } else merged.set(wider, { ...bin });
    }
    this.bins = merged;
  }

  result(): ScanGeometry {
    const candidates: XY[] = [];
    for (const strips of [this.columnLow, this.columnHigh, this.rowLow, this.rowHigh]) {
      for (let k = 0; k < STRIPS; k++) {
        const px = strips[k * 2]!;
        if (!Number.isNaN(px)) candidates.push([px, strips[k * 2 + 1]!]);
      }
    }
    const varying = this.count > 0 && this.lastTime > this.firstTime;
    const timePath: XY[] = varying
      ? [...this.bins.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([, bin]) => [bin.sx / bin.n + this.x0, bin.sy / bin.n + this.y0])
      : [];
    const hasTime = Number.isFinite(this.firstTime);
    return {
      pointCount: this.count,
      min: [...this.min],
      max: [...this.max],
      footprint: convexHull(candidates),
      timePath,
      firstGpsTime: hasTime ? this.firstTime : null,
      lastGpsTime: hasTime ? this.lastTime : null,
    };
  }
}

const cross = (o: XY, a: XY, b: XY) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Andrew's monotone chain: the counter-clockwise hull, closed; fewer than 3 points as given. */
export function convexHull(points: readonly XY[]): XY[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const unique = sorted.filter(
    (p, i) => i === 0 || p[0] !== sorted[i - 1]![0] || p[1] !== sorted[i - 1]![1],
  );
  if (unique.length < 3) return unique;
  const lower: XY[] = [];
  for (const p of unique) {
    while (lower.length >= 2 && cross(lower.at(-2)!, lower.at(-1)!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: XY[] = [];
  for (const p of [...unique].reverse()) {
    while (upper.length >= 2 && cross(upper.at(-2)!, upper.at(-1)!, p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return [...hull, hull[0]!];
}

/** Stations along the long axis where the centre line is measured. */
const CENTRE_LINE_STATIONS = 16;

/**
 * The footprint's centre line along its long axis: the axis is the hull's principal direction,
 * and each vertex is the middle of the hull's cross-section at one station along it.
 */
export function centreLine(hull: readonly XY[]): XY[] {
  const ring = hull.length > 1 && samePoint(hull[0]!, hull.at(-1)!) ? hull.slice(0, -1) : hull;
  if (ring.length === 0) return [];
  if (ring.length < 3) return ring.length === 1 ? [ring[0]!, ring[0]!] : [ring[0]!, ring[1]!];
  const cx = ring.reduce((s, p) => s + p[0], 0) / ring.length;
  const cy = ring.reduce((s, p) => s + p[1], 0) / ring.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const [x, y] of ring) {
    sxx += (x - cx) ** 2;
    syy += (y - cy) ** 2;
    sxy += (x - cx) * (y - cy);
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const u: XY = [Math.cos(angle), Math.sin(angle)];
  const local = ring.map(
    ([x, y]): XY => [(x - cx) * u[0] + (y - cy) * u[1], -(x - cx) * u[1] + (y - cy) * u[0]],
  );
  const along = local.map((p) => p[0]);
  const start = Math.min(...along);
  const end = Math.max(...along);
  const line: XY[] = [];
  for (let k = 0; k <= CENTRE_LINE_STATIONS; k++) {
    // Ends nudged inside, where the cross-section is not a single vertex.
    const s = start + (end - start) * Math.min(0.999, Math.max(0.001, k / CENTRE_LINE_STATIONS));
    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i < local.length; i++) {
      const a = local[i]!;
      const b = local[(i + 1) % local.length]!;
      if ((a[0] - s) * (b[0] - s) > 0 || a[0] === b[0]) continue;
      const t = a[1] + ((s - a[0]) / (b[0] - a[0])) * (b[1] - a[1]);
      low = Math.min(low, t);
      high = Math.max(high, t);
    }
    if (!Number.isFinite(low)) continue;
    const across = (low + high) / 2;
    line.push([cx + s * u[0] - across * u[1], cy + s * u[1] + across * u[0]]);
  }
  return line;
}

function samePoint(a: XY, b: XY): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
