import { type PointChunk, selectPoints } from '../point-chunk.ts';
import { type StageDefinition, streamingStage } from '../stage-definition.ts';

/**
 * filters.crop: keeps the points inside (or, with `outside`, outside) a box or a polygon. Bounds
 * are PDAL's `([xmin, xmax], [ymin, ymax])` or `([xmin, xmax], [ymin, ymax], [zmin, zmax])`,
 * the form the bounding-box placeholders fill; polygons are WKT (POLYGON, MULTIPOLYGON) or GeoJSON
 * (Polygon, MultiPolygon, or a Feature of one), tested in X/Y with holes.
 */

export interface CropBounds {
  minx: number;
  maxx: number;
  miny: number;
  maxy: number;
  /** ±Infinity for 2D bounds. */
  minz: number;
  maxz: number;
}

/** Polygons, each a list of rings, each ring flat [x0, y0, x1, y1, …]. */
export type Polygons = Float64Array[][];

export interface CropOptions {
  bounds: CropBounds | null;
  polygons: Polygons | null;
  outside: boolean;
  text: string;
}

const NUMBER = String.raw`\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*`;
const PAIR = String.raw`\s*\[${NUMBER},${NUMBER}\]\s*`;
const BOUNDS = new RegExp(String.raw`^\s*\(${PAIR},${PAIR}(?:,${PAIR})?\)\s*$`);

/** Parses PDAL bounds; throws with a message saying what form is expected. */
export function parseBounds(text: string): CropBounds {
  const match = BOUNDS.exec(text);
  if (!match) {
    throw new Error(
      `"${text}" is not PDAL bounds like "([xmin, xmax], [ymin, ymax])" or "([xmin, xmax], [ymin, ymax], [zmin, zmax])"`,
    );
  }
  const v = match.slice(1).map((s) => (s === undefined ? undefined : Number(s)));
  const bounds: CropBounds = {
    minx: v[0]!,
    maxx: v[1]!,
    miny: v[2]!,
    maxy: v[3]!,
    minz: v[4] ?? Number.NEGATIVE_INFINITY,
    maxz: v[5] ?? Number.POSITIVE_INFINITY,
  };
  if (bounds.minx > bounds.maxx || bounds.miny > bounds.maxy || bounds.minz > bounds.maxz) {
    throw new Error(`"${text}" has a minimum above its maximum`);
  }
  return bounds;
}

function ring(points: number[][], where: string): Float64Array {
  if (points.length < 3) throw new Error(`${where}: a ring needs at least 3 points`);
  const flat = new Float64Array(points.length * 2);
  for (const [i, p] of points.entries()) {
    if (p.length < 2 || !p.every((n) => Number.isFinite(n))) {
      throw new Error(`${where}: "${p.join(' ')}" is not a point`);
    }
    flat[i * 2] = p[0]!;
    flat[i * 2 + 1] = p[1]!;
  }
  return flat;
}

/** Parses WKT POLYGON / MULTIPOLYGON (Z/M coordinates allowed, ignored). */
export function parseWktPolygons(text: string): Polygons {
  const match = /^\s*(MULTIPOLYGON|POLYGON)\s*(?:Z|M|ZM)?\s*(\(.*\))\s*$/is.exec(text);
  if (!match) throw new Error('is not a WKT POLYGON or MULTIPOLYGON');
  const body = match[2]!;
  const multi = match[1]!.toUpperCase() === 'MULTIPOLYGON';
  // Nesting: MULTIPOLYGON (( (ring), (ring) ), ( (ring) )); POLYGON ( (ring), (ring) ).
  const polygons: Polygons = [];
  let depth = 0;
  let current: Float64Array[] = [];
  let ringStart = -1;
  const ringDepth = multi ? 3 : 2;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '(') {
      depth++;
      if (depth === ringDepth) ringStart = i + 1;
    } else if (c === ')') {
      if (depth === ringDepth) {
        const coordinates = body
          .slice(ringStart, i)
          .split(',')
          .map((p) => p.trim().split(/\s+/).map(Number));
        current.push(ring(coordinates, 'WKT'));
      }
      if (depth === ringDepth - 1) {
        polygons.push(current);
        current = [];
      }
      depth--;
    } else if (c !== ',' && c !== ' ' && depth < ringDepth && !/\s/.test(c!)) {
      throw new Error(`has an unexpected "${c}"`);
    }
  }
  if (depth !== 0 || polygons.length === 0) throw new Error('has unbalanced parentheses');
  return polygons;
}

/** Parses a GeoJSON Polygon, MultiPolygon or Feature of one (object or JSON text). */
export function parseGeoJsonPolygons(value: unknown): Polygons {
  const geometry = (
    value && typeof value === 'object' && (value as { type?: string }).type === 'Feature'
      ? (value as { geometry?: unknown }).geometry
      : value
  ) as { type?: string; coordinates?: unknown } | null;
  const rings = (coordinates: unknown): Float64Array[] => {
    if (!Array.isArray(coordinates)) throw new Error('GeoJSON: coordinates must be arrays');
    return coordinates.map((r) => {
      if (!Array.isArray(r)) throw new Error('GeoJSON: a ring must be an array of points');
      return ring(r as number[][], 'GeoJSON');
    });
  };
  if (geometry?.type === 'Polygon') return [rings(geometry.coordinates)];
  if (geometry?.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)) {
    return geometry.coordinates.map(rings);
  }
  throw new Error('is not a GeoJSON Polygon or MultiPolygon');
}

/** Even-odd test of (x, y) against every ring of a polygon (holes included). */
function insidePolygon(rings: Float64Array[], x: number, y: number): boolean {
  let inside = false;
  for (const r of rings) {
    const n = r.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = r[i * 2]!;
      const yi = r[i * 2 + 1]!;
      const xj = r[j * 2]!;
      const yj = r[j * 2 + 1]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** The keep flags of a crop for a chunk. */
export function cropKeep(chunk: PointChunk, o: CropOptions): Uint8Array {
  const keep = new Uint8Array(chunk.count);
  const want = o.outside ? 0 : 1;
  const { x, y, z } = chunk;
  if (o.bounds) {
    const b = o.bounds;
    for (let i = 0; i < chunk.count; i++) {
      const xi = x[i]!;
      const yi = y[i]!;
      const zi = z[i]!;
      const inside =
        xi >= b.minx &&
        xi <= b.maxx &&
        yi >= b.miny &&
        yi <= b.maxy &&
        zi >= b.minz &&
        zi <= b.maxz;
      keep[i] = inside ? want : 1 - want;
    }
    return keep;
  }
  const polygons = o.polygons ?? [];
  const boxes = polygons.map((rings) => {
    const outer = rings[0]!;
    let minx = Number.POSITIVE_INFINITY;
    let maxx = Number.NEGATIVE_INFINITY;
    let miny = Number.POSITIVE_INFINITY;
    let maxy = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < outer.length; i += 2) {
      minx = Math.min(minx, outer[i]!);
      maxx = Math.max(maxx, outer[i]!);
      miny = Math.min(miny, outer[i + 1]!);
      maxy = Math.max(maxy, outer[i + 1]!);
    }
    return { minx, maxx, miny, maxy };
  });
  for (let i = 0; i < chunk.count; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    let inside = false;
    for (let p = 0; p < polygons.length && !inside; p++) {
      const b = boxes[p]!;
      if (xi < b.minx || xi > b.maxx || yi < b.miny || yi > b.maxy) continue;
      inside = insidePolygon(polygons[p]!, xi, yi);
    }
    keep[i] = inside ? want : 1 - want;
  }
  return keep;
}

function parsePolygon(value: unknown): Polygons {
  if (typeof value === 'string') {
    const text = value.trim();
    return text.startsWith('{') ? parseGeoJsonPolygons(JSON.parse(text)) : parseWktPolygons(text);
  }
  return parseGeoJsonPolygons(value);
}

/** filters.crop. */
export const cropStage: StageDefinition<CropOptions> = {
  type: 'filters.crop',
  parse(options) {
    const outside = options.boolean('outside') ?? false;
    const boundsValue = options.value('bounds');
    const polygonValue = options.value('polygon');
    if ((boundsValue === undefined) === (polygonValue === undefined)) {
      options.error('bounds', 'or "polygon" is required (exactly one of them)');
      return null;
    }
    try {
      if (boundsValue !== undefined) {
        if (typeof boundsValue !== 'string') throw new Error('must be one bounds string');
        return { bounds: parseBounds(boundsValue), polygons: null, outside, text: boundsValue };
      }
    } catch (error) {
      options.error('bounds', (error as Error).message);
      return null;
    }
    try {
      const text = typeof polygonValue === 'string' ? polygonValue : JSON.stringify(polygonValue);
      return { bounds: null, polygons: parsePolygon(polygonValue), outside, text };
    } catch (error) {
      options.error('polygon', (error as Error).message);
      return null;
    }
  },
  summary: (o) => {
    const shape = o.bounds ? `bounds ${o.text}` : `polygon (${o.polygons!.length} part(s))`;
    return `keeps points ${o.outside ? 'outside' : 'inside'} ${shape}`;
  },
  create: (o) => streamingStage((chunk) => selectPoints(chunk, cropKeep(chunk, o))),
};
