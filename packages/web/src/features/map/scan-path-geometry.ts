import { douglasPeuckerKeep, segmentDistanceSquared } from '@asset-portal/shared';
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
 * How far, in pixels at the highest zoom a level is drawn at, a simplified path may stray from
 * the real one. Software WebGL draws about a million segments a second, so a zoomed-out project
 * must not send every vertex: a drive line a few pixels long is then one or two segments.
 */
const LEVEL_TOLERANCE_PX = 0.5;
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
  /** Per segment: the status slot of its scan, 0 for the joint between two scans. */
  slots: Uint8Array;
}

/** The segments of the shown scans at one level, the list the layer draws from. */
export interface ShownSegments {
  /** Segment indices of the shown scans, in drawing order. */
  segments: Uint32Array;
  /** Per chunk: its first entry in `segments` and its number of entries. */
  chunkRanges: Int32Array;
}

function emptyLevel(maxZoom: number): PathLevel {
  return {
    maxZoom,
    vertices: new Float32Array(0),
    segmentCount: 0,
    scanSegments: new Int32Array(0),
    chunkSegments: new Int32Array(0),
    slots: new Uint8Array(0),
  };
}

/** Squared distance from (px, py) to the segment from (ax, ay) to (bx, by). */

/**
 * The path at a level of detail: straight stretches shrink to their ends and turns keep their
 * shape, within `tolerance` (shared Douglas–Peucker).
 */
function simplify(path: Float64Array, tolerance: number): Float64Array {
  const count = path.length / 2;
  if (tolerance === 0 || count <= 2) return path;
  const keep = douglasPeuckerKeep(path, tolerance);
  let kept = 0;
  for (let v = 0; v < count; v++) kept += keep[v] as number;
  const out = new Float64Array(kept * 2);
  let o = 0;
  for (let v = 0; v < count; v++) {
    if (!keep[v]) continue;
    out[o++] = path[v * 2] as number;
    out[o++] = path[v * 2 + 1] as number;
  }
  return out;
}

/** Interleaves the bits of two 16-bit numbers: nearby boxes get nearby codes. */
function morton(x: number, y: number): number {
  let code = 0;
  for (let bit = 15; bit >= 0; bit--) code = code * 4 + ((x >> bit) & 1) * 2 + ((y >> bit) & 1);
  return code;
}

function toleranceAt(maxZoom: number): number {
  if (maxZoom === Infinity) return 0;
  return (LEVEL_TOLERANCE_PX * PIXEL_AT_ZOOM_0) / 2 ** maxZoom;
}

function buildLevel(
  simplified: Float64Array[],
  scanSlots: Uint8Array,
  maxZoom: number,
  chunkCount: number,
): PathLevel {
  const vertexCount = simplified.reduce((sum, path) => sum + path.length / 2, 0);
  const vertices = new Float32Array(vertexCount * 4);
  const scanSegments = new Int32Array(simplified.length * 2);
  const chunkSegments = new Int32Array(chunkCount * 2);
  const segmentCount = Math.max(0, vertexCount - 1);
  const slots = new Uint8Array(segmentCount);
  let vertex = 0;
  simplified.forEach((path, scan) => {
    scanSegments[scan * 2] = vertex;
    scanSegments[scan * 2 + 1] = path.length / 2 - 1;
    slots.fill(scanSlots[scan] as number, vertex, vertex + path.length / 2 - 1);
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
  for (let chunk = 0; chunk < chunkCount; chunk++) {
    const firstScan = chunk * CHUNK_SCANS;
    const lastScan = Math.min(simplified.length, firstScan + CHUNK_SCANS) - 1;
    const first = scanSegments[firstScan * 2] as number;
    const end = (scanSegments[lastScan * 2] as number) + (scanSegments[lastScan * 2 + 1] as number);
    chunkSegments[chunk * 2] = first;
    chunkSegments[chunk * 2 + 1] = Math.min(end, segmentCount) - first;
  }
  return { maxZoom, vertices, segmentCount, scanSegments, chunkSegments, slots };
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
  /** The drawn scans' ids in drawing order. */
  private readonly ids: string[];
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
    this.ids = drawn.map((d) => d.id);
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
    const scanSlots = Uint8Array.from(
      this.ids,
      (id) => STATUS_SLOTS[this.scans.get(id)?.status ?? 'Exception'] ?? STATUS_SLOTS.Exception,
    );
    const levels: PathLevel[] = [];
    let paths = this.paths;
    for (const zoom of [Infinity, ...[...LEVEL_MAX_ZOOMS].reverse()]) {
      const tolerance = toleranceAt(zoom);
      paths = paths.map((path) => simplify(path, tolerance));
      levels.unshift(buildLevel(paths, scanSlots, zoom, chunkCount));
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

  /**
   * The segments of the shown scans at one level, chunk by chunk in drawing order: what a
   * frame draws after a filter change, so hidden scans cost the GPU nothing.
   */
  shownSegments(level: number, shown: { has(id: string): boolean }): ShownSegments {
    const { segmentCount, scanSegments } = this.levels[level] ?? emptyLevel(Infinity);
    const chunkCount = this.chunkBoxes.length / 4;
    const segments = new Uint32Array(segmentCount);
    const chunkRanges = new Int32Array(chunkCount * 2);
    let count = 0;
    for (let chunk = 0; chunk < chunkCount; chunk++) {
      chunkRanges[chunk * 2] = count;
      const end = Math.min(this.ids.length, (chunk + 1) * CHUNK_SCANS);
      for (let scan = chunk * CHUNK_SCANS; scan < end; scan++) {
        if (!shown.has(this.ids[scan] as string)) continue;
        const first = scanSegments[scan * 2] as number;
        const last = first + (scanSegments[scan * 2 + 1] as number);
        for (let segment = first; segment < last; segment++) segments[count++] = segment;
      }
      chunkRanges[chunk * 2 + 1] = count - (chunkRanges[chunk * 2] as number);
    }
    return { segments: segments.subarray(0, count), chunkRanges };
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
    best = Math.min(best, segmentDistanceSquared(px, py, ax, ay, bx, by));
  }
  return best;
}
