import { drawablePath } from './scan-features.ts';
import type { MapScan, MapScanStatus } from './types.ts';

/** Colour slots of the path shader; 0 marks a segment that is not drawn. */
export const STATUS_SLOTS: Record<MapScanStatus, number> = {
  Final: 1,
  Provisional: 2,
  Exception: 3,
};

const MAX_LATITUDE = 85.051129;
/** Mercator units per CSS pixel at zoom 0 (MapLibre's world is 512 pixels wide there). */
const PIXEL_AT_ZOOM_0 = 1 / 512;
/** Each simplified level is drawn over two zooms up to these; above the last, every vertex. */
const LEVEL_MAX_ZOOMS = [3, 5, 7, 9, 11, 13, 15, 17];
/**
 * Vertices closer than this to the last one kept are dropped, in pixels at the lowest zoom a
 * level is drawn at (four times that at its highest). Software WebGL draws about a million
 * segments a second, so a zoomed-out project must not send every vertex.
 */
const LEVEL_TOLERANCE_PX = 0.5;
const LEVEL_ZOOM_SPAN = 2;
/** Scans per spatial chunk: the unit the layer skips when it lies outside the view. */
const CHUNK_SCANS = 64;

/** Web Mercator of a WGS84 position, as MapLibre's world square: [0, 0] north-west, [1, 1] south-east. */
export function toMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return [(lon + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

/** Mercator bounds: west, north, east, south. */
export type MercatorBox = [number, number, number, number];

/**
 * The paths at one level of detail in one vertex array, ready for the GPU: segment i joins
 * vertex i to vertex i + 1, and the segment from one scan's last vertex to the next scan's first
 * is never drawn. Positions are split into a float32 high part and the remainder, so that the
 * shader subtracts the camera centre without losing the centimetres a float32 drops.
 */
export interface PathLevel {
  /** Drawn up to this zoom; the last level has Infinity. */
  maxZoom: number;
  /** Per vertex: high x, high y, low x, low y. */
  vertices: Float32Array;
  segmentCount: number;
  /** Per scan, in drawing order: its first segment and its number of segments. */
  scanSegments: Int32Array;
  /** Per chunk: its first segment and its number of segments, the joints included. */
  chunkSegments: Int32Array;
}

function emptyLevel(maxZoom: number): PathLevel {
  return {
    maxZoom,
    vertices: new Float32Array(0),
    segmentCount: 0,
    scanSegments: new Int32Array(0),
    chunkSegments: new Int32Array(0),
  };
}

/** Keeps the first and last vertex and every vertex at least `tolerance` from the last kept. */
function decimate(path: Float64Array, tolerance: number): Float64Array {
  const count = path.length / 2;
  if (tolerance === 0 || count <= 2) return path;
  const kept: number[] = [path[0] as number, path[1] as number];
  let lx = path[0] as number;
  let ly = path[1] as number;
  const limit = tolerance * tolerance;
  for (let v = 1; v < count - 1; v++) {
    const x = path[v * 2] as number;
    const y = path[v * 2 + 1] as number;
    if ((x - lx) ** 2 + (y - ly) ** 2 < limit) continue;
    kept.push(x, y);
    lx = x;
    ly = y;
  }
  kept.push(path[count * 2 - 2] as number, path[count * 2 - 1] as number);
  return Float64Array.from(kept);
}

/** Interleaves the bits of two 16-bit numbers: nearby boxes get nearby codes. */
function morton(x: number, y: number): number {
  let code = 0;
  for (let bit = 15; bit >= 0; bit--) code = code * 4 + ((x >> bit) & 1) * 2 + ((y >> bit) & 1);
  return code;
}

function toleranceAt(maxZoom: number): number {
  if (maxZoom === Infinity) return 0;
  return (LEVEL_TOLERANCE_PX * PIXEL_AT_ZOOM_0) / 2 ** (maxZoom - LEVEL_ZOOM_SPAN);
}

function buildLevel(simplified: Float64Array[], maxZoom: number, chunkCount: number): PathLevel {
  const vertexCount = simplified.reduce((sum, path) => sum + path.length / 2, 0);
  const vertices = new Float32Array(vertexCount * 4);
  const scanSegments = new Int32Array(simplified.length * 2);
  const chunkSegments = new Int32Array(chunkCount * 2);
  let vertex = 0;
  simplified.forEach((path, scan) => {
    scanSegments[scan * 2] = vertex;
    scanSegments[scan * 2 + 1] = path.length / 2 - 1;
    for (let i = 0; i < path.length; i += 2) {
      const x = path[i] as number;
      const y = path[i + 1] as number;
      const hx = Math.fround(x);
      const hy = Math.fround(y);
      vertices[vertex * 4] = hx;
      vertices[vertex * 4 + 1] = hy;
      vertices[vertex * 4 + 2] = x - hx;
      vertices[vertex * 4 + 3] = y - hy;
      vertex += 1;
    }
  });
  const segmentCount = Math.max(0, vertexCount - 1);
  for (let chunk = 0; chunk < chunkCount; chunk++) {
    const firstScan = chunk * CHUNK_SCANS;
    const lastScan = Math.min(simplified.length, firstScan + CHUNK_SCANS) - 1;
    const first = scanSegments[firstScan * 2] as number;
    const end = (scanSegments[lastScan * 2] as number) + (scanSegments[lastScan * 2 + 1] as number);
    chunkSegments[chunk * 2] = first;
    chunkSegments[chunk * 2 + 1] = Math.min(end, segmentCount) - first;
  }
  return { maxZoom, vertices, segmentCount, scanSegments, chunkSegments };
}

/**
 * Every drawable path of a set of scans, ordered so that neighbouring scans sit together, at
 * several levels of detail (a path a few pixels long needs a few vertices), in chunks of scans
 * with their bounds (the layer draws only the chunks in view). Full-precision Mercator is kept
 * for picking on the CPU.
 */
export class ScanPathGeometry {
  /** Every scan given, with a drawable path or not. */
  readonly scans: ReadonlyMap<string, MapScan>;
  readonly levels: PathLevel[];
  /** Per chunk: west, north, east, south. */
  readonly chunkBoxes: Float64Array;
  /** Drawing position of each drawn scan. */
  private readonly order = new Map<string, number>();
  private readonly paths: Float64Array[];
  private readonly boxes: Float64Array;

  constructor(scans: Iterable<MapScan>) {
    const byId = new Map<string, MapScan>();
    const drawn: { id: string; path: Float64Array; box: MercatorBox; code: number }[] = [];
    for (const scan of scans) {
      byId.set(scan.id, scan);
      const path = drawablePath(scan.path);
      if (!path) continue;
      const mercator = new Float64Array(path.length * 2);
      const box: MercatorBox = [Infinity, Infinity, -Infinity, -Infinity];
      path.forEach(([lon, lat], v) => {
        const [x, y] = toMercator(lon, lat);
        mercator[v * 2] = x;
        mercator[v * 2 + 1] = y;
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
      });
      const code = morton(((box[0] + box[2]) / 2) * 65535, ((box[1] + box[3]) / 2) * 65535);
      drawn.push({ id: scan.id, path: mercator, box, code });
    }
    drawn.sort((a, b) => a.code - b.code);
    this.scans = byId;
    this.paths = drawn.map((d) => d.path);
    this.boxes = new Float64Array(drawn.length * 4);
    drawn.forEach((d, i) => {
      this.order.set(d.id, i);
      this.boxes.set(d.box, i * 4);
    });
    const chunkCount = Math.ceil(drawn.length / CHUNK_SCANS);
    this.chunkBoxes = new Float64Array(chunkCount * 4);
    for (let chunk = 0; chunk < chunkCount; chunk++) {
      const box: MercatorBox = [Infinity, Infinity, -Infinity, -Infinity];
      for (
        let i = chunk * CHUNK_SCANS;
        i < Math.min(drawn.length, (chunk + 1) * CHUNK_SCANS);
        i++
      ) {
        box[0] = Math.min(box[0], this.boxes[i * 4] as number);
        box[1] = Math.min(box[1], this.boxes[i * 4 + 1] as number);
        box[2] = Math.max(box[2], this.boxes[i * 4 + 2] as number);
        box[3] = Math.max(box[3], this.boxes[i * 4 + 3] as number);
      }
      this.chunkBoxes.set(box, chunk * 4);
    }
    this.levels = drawn.length === 0 ? [emptyLevel(Infinity)] : this.buildLevels(chunkCount);
  }

  /** Finest first, each level simplified from the one before it; returned coarsest first. */
  private buildLevels(chunkCount: number): PathLevel[] {
    const levels: PathLevel[] = [];
    let paths = this.paths;
    for (const zoom of [Infinity, ...[...LEVEL_MAX_ZOOMS].reverse()]) {
      const tolerance = toleranceAt(zoom);
      paths = paths.map((path) => decimate(path, tolerance));
      levels.unshift(buildLevel(paths, zoom, chunkCount));
    }
    return levels;
  }

  has(id: string): boolean {
    return this.order.has(id);
  }

  /** The level drawn at a zoom. */
  levelAt(zoom: number): number {
    const index = this.levels.findIndex((level) => zoom <= level.maxZoom);
    return index === -1 ? this.levels.length - 1 : index;
  }

  /** Chunks whose bounds meet a Mercator box. */
  chunksIn([west, north, east, south]: MercatorBox): number[] {
    const found: number[] = [];
    const b = this.chunkBoxes;
    for (let chunk = 0; chunk < b.length / 4; chunk++) {
      if ((b[chunk * 4] as number) > east || (b[chunk * 4 + 2] as number) < west) continue;
      if ((b[chunk * 4 + 1] as number) > south || (b[chunk * 4 + 3] as number) < north) continue;
      found.push(chunk);
    }
    return found;
  }

  /** For one level, one byte per segment: the status slot of shown scans' segments, 0 elsewhere. */
  flagsFor(level: number, shownIds: Iterable<string>): Uint8Array {
    const { segmentCount, scanSegments } = this.levels[level] ?? emptyLevel(Infinity);
    const flags = new Uint8Array(segmentCount);
    for (const id of shownIds) {
      const scan = this.order.get(id);
      if (scan === undefined) continue;
      const first = scanSegments[scan * 2] as number;
      const slot =
        STATUS_SLOTS[this.scans.get(id)?.status ?? 'Exception'] ?? STATUS_SLOTS.Exception;
      flags.fill(slot, first, first + (scanSegments[scan * 2 + 1] as number));
    }
    return flags;
  }

  /**
   * The shown scan whose path passes nearest a Mercator point, within a tolerance in Mercator
   * units; the later scan wins a tie, as it is drawn on top.
   */
  nearest(
    point: [number, number],
    tolerance: number,
    shown: { has(id: string): boolean },
  ): string | null {
    const [px, py] = point;
    const b = this.boxes;
    let best: string | null = null;
    let bestDistance = tolerance * tolerance;
    // In drawing order, boxes first: a pointer move costs one pass over the scans' bounds.
    for (const [id, scan] of this.order) {
      if (px < (b[scan * 4] as number) - tolerance || px > (b[scan * 4 + 2] as number) + tolerance)
        continue;
      if (
        py < (b[scan * 4 + 1] as number) - tolerance ||
        py > (b[scan * 4 + 3] as number) + tolerance
      )
        continue;
      if (!shown.has(id)) continue;
      const distance = distanceToPath(this.paths[scan] as Float64Array, px, py);
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = id;
      }
    }
    return best;
  }
}

/** Squared distance from a point to the nearest segment of a path (a dot included). */
function distanceToPath(path: Float64Array, px: number, py: number): number {
  let best = Infinity;
  const count = path.length / 2;
  for (let v = 0; v < count; v++) {
    const ax = path[v * 2] as number;
    const ay = path[v * 2 + 1] as number;
    const bx = v + 1 < count ? (path[v * 2 + 2] as number) : ax;
    const by = v + 1 < count ? (path[v * 2 + 3] as number) : ay;
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t =
      lengthSquared === 0
        ? 0
        : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
    const ex = ax + t * dx - px;
    const ey = ay + t * dy - py;
    best = Math.min(best, ex * ex + ey * ey);
  }
  return best;
}
