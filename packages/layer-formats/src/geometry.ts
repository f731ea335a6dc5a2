import { LAYER_MESSAGES } from '@asset-portal/shared';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { fail } from './errors.ts';

/** Maps one source position (x, y[, z]) to WGS 84 lon/lat. */
export type PositionTransform = (x: number, y: number) => [number, number];

const XY_FACTOR = 1e7; // 7 decimals of a degree is about 1 cm: finer only bloats the JSON
const Z_FACTOR = 1e3;

const roundXY = (value: number): number => Math.round(value * XY_FACTOR) / XY_FACTOR;

/**
 * Reprojects (when `transform` is given) and rounds every position of the collection in place,
 * splitting GeometryCollections (which MapLibre does not draw) into one feature per geometry
 * family. Fails with the §8 text when a geometry is malformed or leaves the lon/lat range.
 */
export function normalizeFeatures(
  features: readonly unknown[],
  transform?: PositionTransform,
): FeatureCollection {
  const out: Feature[] = [];
  for (const candidate of features) {
    if (typeof candidate !== 'object' || candidate === null) fail(LAYER_MESSAGES.invalidGeometry);
    const feature = candidate as Feature;
    if (feature.type !== 'Feature') fail(LAYER_MESSAGES.invalidGeometry);
    const properties = feature.properties ?? {};
    if (feature.geometry === null || feature.geometry === undefined) {
      out.push(withGeometry(feature, properties, null));
      continue;
    }
    for (const geometry of flatten(feature.geometry, 0)) {
      normalizeGeometry(geometry, transform);
      out.push(withGeometry(feature, properties, geometry));
    }
  }
  return { type: 'FeatureCollection', features: out };
}

function withGeometry(
  source: Feature,
  properties: NonNullable<Feature['properties']>,
  geometry: Geometry | null,
): Feature {
  const feature: Feature = { type: 'Feature', geometry: geometry as Geometry, properties };
  if (source.id !== undefined) feature.id = source.id;
  return feature;
}

const MAX_COLLECTION_DEPTH = 8;

/** Splits a GeometryCollection into at most one Multi* geometry per family. */
function flatten(geometry: Geometry, depth: number): Geometry[] {
  if (typeof geometry !== 'object' || geometry === null) fail(LAYER_MESSAGES.invalidGeometry);
  if (geometry.type !== 'GeometryCollection') return [geometry];
  if (depth > MAX_COLLECTION_DEPTH || !Array.isArray(geometry.geometries)) {
    fail(LAYER_MESSAGES.invalidGeometry);
  }
  const points: Position[] = [];
  const lines: Position[][] = [];
  const polygons: Position[][][] = [];
  for (const part of geometry.geometries.flatMap((inner) => flatten(inner, depth + 1))) {
    switch (part.type) {
      case 'Point':
        points.push(part.coordinates);
        break;
      case 'MultiPoint':
        points.push(...part.coordinates);
        break;
      case 'LineString':
        lines.push(part.coordinates);
        break;
      case 'MultiLineString':
        lines.push(...part.coordinates);
        break;
      case 'Polygon':
        polygons.push(part.coordinates);
        break;
      case 'MultiPolygon':
        polygons.push(...part.coordinates);
        break;
      default:
        fail(LAYER_MESSAGES.invalidGeometry);
    }
  }
  const out: Geometry[] = [];
  if (polygons.length === 1)
    out.push({ type: 'Polygon', coordinates: polygons[0] as Position[][] });
  else if (polygons.length > 1) out.push({ type: 'MultiPolygon', coordinates: polygons });
  if (lines.length === 1) out.push({ type: 'LineString', coordinates: lines[0] as Position[] });
  else if (lines.length > 1) out.push({ type: 'MultiLineString', coordinates: lines });
  if (points.length === 1) out.push({ type: 'Point', coordinates: points[0] as Position });
  else if (points.length > 1) out.push({ type: 'MultiPoint', coordinates: points });
  return out;
}

/** Nesting depth of `coordinates` per geometry type (0 = a single position). */
const COORDINATE_DEPTH: Record<string, number> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

function normalizeGeometry(geometry: Geometry, transform: PositionTransform | undefined): void {
  const depth = COORDINATE_DEPTH[geometry.type];
  if (depth === undefined || geometry.type === 'GeometryCollection') {
    fail(LAYER_MESSAGES.invalidGeometry);
  }
  const withCoordinates = geometry as { coordinates: unknown; bbox?: unknown };
  withCoordinates.coordinates = normalizeNested(withCoordinates.coordinates, depth, transform);
  // Computed on the positions as they came (a shapefile's in its own projection): no longer true.
  delete withCoordinates.bbox;
}

function normalizeNested(
  value: unknown,
  depth: number,
  transform: PositionTransform | undefined,
): unknown {
  if (!Array.isArray(value)) fail(LAYER_MESSAGES.invalidGeometry);
  if (depth === 0) return normalizePosition(value, transform);
  const out = new Array(value.length);
  for (let i = 0; i < value.length; i++) out[i] = normalizeNested(value[i], depth - 1, transform);
  return out;
}

function normalizePosition(
  position: unknown[],
  transform: PositionTransform | undefined,
): Position {
  const [x, y, z] = position;
  if (typeof x !== 'number' || typeof y !== 'number' || position.length < 2) {
    fail(LAYER_MESSAGES.invalidGeometry);
  }
  const [lon, lat] = transform ? transform(x, y) : [x, y];
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) fail(LAYER_MESSAGES.invalidGeometry);
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) fail(LAYER_MESSAGES.notLonLat);
  const out: Position = [roundXY(lon), roundXY(lat)];
  if (typeof z === 'number' && Number.isFinite(z)) out.push(Math.round(z * Z_FACTOR) / Z_FACTOR);
  return out;
}
