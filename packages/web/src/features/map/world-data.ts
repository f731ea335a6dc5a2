import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface WorldData {
  land: FeatureCollection<Polygon | MultiPolygon>;
  /** Borders between countries (coastlines excluded: the land fill draws those). */
  borders: Feature<MultiLineString>;
}

/**
 * Natural Earth rings are spherical: a ring crossing the antimeridian jumps from +180 to −180,
 * which a flat renderer draws as a band across the world. Unwrapping keeps each ring continuous
 * (longitudes may pass ±180, which MapLibre draws on the next world copy); a ring that circles
 * a pole (Antarctica) is closed along that pole.
 */
export function unwrapRing(ring: readonly number[][]): number[][] {
  if (ring.length === 0) return [];
  const out: number[][] = [];
  let offset = 0;
  let previous = ring[0]?.[0] ?? 0;
  for (const point of ring) {
    const [lon = 0, lat = 0] = point;
    const delta = lon - previous;
    if (delta > 180) offset -= 360;
    else if (delta < -180) offset += 360;
    previous = lon;
    out.push([lon + offset, lat]);
  }
  const first = out[0] as number[];
  const last = out[out.length - 1] as number[];
  if (Math.abs((last[0] ?? 0) - (first[0] ?? 0)) >= 180) {
    const pole = (first[1] ?? 0) + (last[1] ?? 0) < 0 ? -90 : 90;
    out.push([last[0] ?? 0, pole], [first[0] ?? 0, pole], [first[0] ?? 0, first[1] ?? 0]);
  }
  return out;
}

function unwrapPolygons(collection: FeatureCollection<Polygon | MultiPolygon>) {
  return {
    ...collection,
    features: collection.features.map((item) => {
      const geometry = item.geometry;
      const unwrapped: Polygon | MultiPolygon =
        geometry.type === 'Polygon'
          ? { type: 'Polygon', coordinates: geometry.coordinates.map(unwrapRing) }
          : {
              type: 'MultiPolygon',
              coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)),
            };
      return { ...item, geometry: unwrapped };
    }),
  };
}

function unwrapLines(line: MultiLineString): MultiLineString {
  return {
    type: 'MultiLineString',
    // A border crossing the antimeridian is cut there instead of closed around a pole.
    coordinates: line.coordinates.flatMap((part) => splitAtAntimeridian(part)),
  };
}

function splitAtAntimeridian(line: readonly number[][]): number[][][] {
  const parts: number[][][] = [];
  let current: number[][] = [];
  let previous: number[] | undefined;
  for (const point of line) {
    if (previous && Math.abs((point[0] ?? 0) - (previous[0] ?? 0)) > 180) {
      if (current.length > 1) parts.push(current);
      current = [];
    }
    current.push(point);
    previous = point;
  }
  if (current.length > 1) parts.push(current);
  return parts;
}

/** Converts the bundled world-atlas TopoJSON into the base map's GeoJSON (at build time). */
export function worldDataFromTopology(
  landTopology: Topology,
  countriesTopology: Topology,
): WorldData {
  const landObject = landTopology.objects.land as GeometryCollection;
  const countriesObject = countriesTopology.objects.countries as GeometryCollection;
  const land = feature(landTopology, landObject) as FeatureCollection<Polygon | MultiPolygon>;
  const borders = mesh(countriesTopology, countriesObject, (a, b) => a !== b);
  return {
    land: unwrapPolygons(land),
    borders: { type: 'Feature', properties: {}, geometry: unwrapLines(borders) },
  };
}

/** Decimal places kept in the files: 0.0001° is at most 11 m, finer than the 1:50m data. */
const DECIMALS = 1e4;

/**
 * The base map's land and borders as GeoJSON text, made at build time (see `base-map-plugin.ts`)
 * with coordinates rounded to the data's own precision: half the size of the unrounded text.
 */
export function worldGeoJson(
  landTopology: Topology,
  countriesTopology: Topology,
): { land: string; borders: string } {
  const world = worldDataFromTopology(landTopology, countriesTopology);
  const rounded = (_key: string, value: unknown) =>
    typeof value === 'number' ? Math.round(value * DECIMALS) / DECIMALS : value;
  return {
    land: JSON.stringify(world.land, rounded),
    borders: JSON.stringify(world.borders, rounded),
  };
}
