import { douglasPeuckerKeep, segmentDistanceSquared } from '@asset-portal/shared';
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

/** Web Mercator x of a longitude, as MapLibre's world square: 0 west, 1 east. */
function mercatorX(lon: number): number {
  return (lon + 180) / 360;
}

/** Web Mercator y of a latitude: 0 north, 1 south. */
function mercatorY(lat: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

/** Web Mercator of a WGS84 position, as MapLibre's world square: [0, 0] north-west, [1, 1] south-east. */
export function toMercator(lon: number, lat: number): [number, number] {
  return [mercatorX(lon), mercatorY(lat)];
}

/** The WGS84 position of a Web Mercator point (the inverse of `toMercator`). */
export function fromMercator(x: number, y: number): [number, number] {
  return [x * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI];
}

/**
 * Writes a path's drawable vertices in Mercator (x0, y0, x1, y1, …) into `out` from `at`, and
 * returns how many numbers it wrote: none when it has no vertex; a single vertex becomes a dot
 * (a zero-length line), as `drawablePath` makes it. `out` needs room for the path and 2 more.
 */
function projectInto(path: MapScan['path'], out: Float64Array, at: number): number {
  if (!path) return 0;
  let count = 0;
  for (let v = 0; v + 1 < path.length; v += 2) {
    const lon = path[v] as number;
    const lat = path[v + 1] as number;
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    out[at + count * 2] = mercatorX(lon);
    out[at + count * 2 + 1] = mercatorY(lat);
    count += 1;
  }
  if (count === 1) {
    out[at + 2] = out[at] as number;
    out[at + 3] = out[at + 1] as number;
    count = 2;
  }
  return count * 2;
}

/** A scan's drawable vertices in Mercator, or null when it has none (see `projectInto`). */
function mercatorPath(path: MapScan['path']): Float64Array | null {
  if (!path) return null;
  const out = new Float64Array(path.length + 2);
  const written = projectInto(path, out, 0);
  return written === 0 ? null : out.slice(0, written);
}

/**
 * Many paths projected to Mercator, as `ScanPathGeometry` projects them, each a view into one
 * buffer: the summary worker projects a project's paths ahead, off the page's main thread, and
 * hands the buffer over without a copy (`MapScan.mercator`).
 */
export function projectPaths(paths: readonly MapScan['path'][]): (Float64Array | null)[] {
  let room = 0;
  for (const path of paths) room += path ? path.length + 2 : 0;
  const out = new Float64Array(room);
  let at = 0;
  return paths.map((path) => {
    const written = projectInto(path, out, at);
    if (written === 0) return null;
    const view = out.subarray(at, at + written);
    at += written;
    return view;
  });
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

/** Interleaves the bits of two 16-bit numbers: nearby boxes get nearby codes. */
function morton(x: number, y: number): number {
  let code = 0;
  for (let bit = 15; bit >= 0; bit--) code = code * 4 + ((x >> bit) & 1) * 2 + ((y >> bit) & 1);
  return code;
}

/** How far, in Mercator units, a path may stray at a level: 0 at the last (every vertex). */
function toleranceAt(maxZoom: number): number {
  if (maxZoom === Infinity) return 0;
  return (LEVEL_TOLERANCE_PX * PIXEL_AT_ZOOM_0) / 2 ** maxZoom;
}

/**
 * One level: every path simplified at the level's tolerance (shared Douglas–Peucker, so a
 * straight stretch shrinks to its ends and a turn keeps its shape), in one vertex array.
 */
function buildLevel(
  paths: readonly Float64Array[],
  scanSlots: Uint8Array,
  maxZoom: number,
  chunkCount: number,
): PathLevel {
  const tolerance = toleranceAt(maxZoom);
  const kept = paths.map((path) => (tolerance === 0 ? null : douglasPeuckerKeep(path, tolerance)));
  let vertexCount = 0;
  paths.forEach((path, scan) => {
    const keep = kept[scan];
    if (!keep) vertexCount += path.length / 2;
    else for (let v = 0; v < keep.length; v++) vertexCount += keep[v] as number;
  });
  const vertices = new Float32Array(vertexCount * 4);
  const scanSegments = new Int32Array(paths.length * 2);
  const chunkSegments = new Int32Array(chunkCount * 2);
  const segmentCount = Math.max(0, vertexCount - 1);
  const slots = new Uint8Array(segmentCount);
  let vertex = 0;
  for (let scan = 0; scan < paths.length; scan++) {
    const path = paths[scan] as Float64Array;
    const keep = kept[scan];
    const first = vertex;
    for (let v = 0; v < path.length / 2; v++) {
      if (keep && !keep[v]) continue;
      const x = path[v * 2] as number;
      const y = path[v * 2 + 1] as number;
      const hx = Math.fround(x);
      const hy = Math.fround(y);
      vertices[vertex * 4] = hx;
      vertices[vertex * 4 + 1] = hy;
      vertices[vertex * 4 + 2] = x - hx;
      vertices[vertex * 4 + 3] = y - hy;
      vertex += 1;
    }
    scanSegments[scan * 2] = first;
    scanSegments[scan * 2 + 1] = vertex - first - 1;
    slots.fill(scanSlots[scan] as number, first, vertex - 1);
  }
  for (let chunk = 0; chunk < chunkCount; chunk++) {
    const firstScan = chunk * CHUNK_SCANS;
    const lastScan = Math.min(paths.length, firstScan + CHUNK_SCANS) - 1;
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
  /** Per chunk: west, north, east, south. */
  readonly chunkBoxes: Float64Array;
  /** Drawing position of each drawn scan. */
  private readonly order = new Map<string, number>();
  /** The drawn scans' ids in drawing order. */
  private readonly ids: string[];
  private readonly paths: Float64Array[];
  private readonly boxes: Float64Array;
  /** Per level: the highest zoom it is drawn at, the last Infinity. */
  private readonly levelZooms: number[];
  private readonly builtLevels = new Map<number, PathLevel>();
  private scanSlots: Uint8Array | null = null;

  constructor(scans: Iterable<MapScan>) {
    const byId = new Map<string, MapScan>();
    const drawn: { id: string; path: Float64Array; box: MercatorBox; code: number }[] = [];
    for (const scan of scans) {
      byId.set(scan.id, scan);
      const mercator = scan.mercator !== undefined ? scan.mercator : mercatorPath(scan.path);
      if (!mercator) continue;
      const box: MercatorBox = [Infinity, Infinity, -Infinity, -Infinity];
      for (let i = 0; i < mercator.length; i += 2) {
        const x = mercator[i] as number;
        const y = mercator[i + 1] as number;
        if (x < box[0]) box[0] = x;
        if (y < box[1]) box[1] = y;
        if (x > box[2]) box[2] = x;
        if (y > box[3]) box[3] = y;
      }
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
    this.levelZooms = drawn.length === 0 ? [Infinity] : [...LEVEL_MAX_ZOOMS, Infinity];
  }

  /** The number of levels of detail, coarsest first; the last has every vertex. */
  get levelCount(): number {
    return this.levelZooms.length;
  }

  /**
   * A level of detail, built when first asked for: opening a project draws one level, and
   * zooming builds the others as they are needed.
   */
  level(index: number): PathLevel {
    const zoom = this.levelZooms[index];
    if (zoom === undefined) return emptyLevel(Infinity);
    let level = this.builtLevels.get(index);
    if (!level) {
      this.scanSlots ??= Uint8Array.from(
        this.ids,
        (id) => STATUS_SLOTS[this.scans.get(id)?.status ?? 'Exception'] ?? STATUS_SLOTS.Exception,
      );
      level = buildLevel(this.paths, this.scanSlots, zoom, this.chunkBoxes.length / 4);
      this.builtLevels.set(index, level);
    }
    return level;
  }

  has(id: string): boolean {
    return this.order.has(id);
  }

  /** South-west and north-east corners around the paths of the given drawn scans, or null. */
  bounds(ids: Iterable<string>): [[number, number], [number, number]] | null {
    const box: MercatorBox = [Infinity, Infinity, -Infinity, -Infinity];
    for (const id of ids) {
      const scan = this.order.get(id);
      if (scan === undefined) continue;
      box[0] = Math.min(box[0], this.boxes[scan * 4] as number);
      box[1] = Math.min(box[1], this.boxes[scan * 4 + 1] as number);
      box[2] = Math.max(box[2], this.boxes[scan * 4 + 2] as number);
      box[3] = Math.max(box[3], this.boxes[scan * 4 + 3] as number);
    }
    if (box[0] === Infinity) return null;
    return [fromMercator(box[0], box[3]), fromMercator(box[2], box[1])];
  }

  /** The level drawn at a zoom. */
  levelAt(zoom: number): number {
    const index = this.levelZooms.findIndex((maxZoom) => zoom <= maxZoom);
    return index === -1 ? this.levelZooms.length - 1 : index;
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
    const { segmentCount, scanSegments } = this.level(level);
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
