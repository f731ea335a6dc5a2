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

/** Converts the bundled world-atlas TopoJSON into the base map's GeoJSON. */
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

/** The base map's two sources as addresses of their GeoJSON, for `GeoJSONSource.setData`. */
export interface WorldSources {
  land: string;
  borders: string;
}

let loaded: Promise<WorldSources> | undefined;

/**
 * Loads the base map data that ships with the app (served as static assets, never from the
 * internet), once a page: every map shares it. Loaded after the first render so the page is not
 * held up by it; a failed load is tried again by the next map.
 *
 * The converted GeoJSON is kept as blob addresses, not objects: given objects, MapLibre walks
 * and copies every coordinate on the page's main thread to send them to its worker (about
 * 200 ms for the 50m land on a slow machine, in the frame that would draw a project's paths);
 * given an address, its worker reads the data itself.
 */
export function loadWorldSources(): Promise<WorldSources> {
  loaded ??= fetchWorldData()
    .then((world) => ({ land: jsonAddress(world.land), borders: jsonAddress(world.borders) }))
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}

/** A page-lifetime blob address of a value as JSON (every map of the page may read it). */
function jsonAddress(value: unknown): string {
  return URL.createObjectURL(new Blob([JSON.stringify(value)], { type: 'application/json' }));
}

async function fetchWorldData(): Promise<WorldData> {
  const [{ default: landUrl }, { default: countriesUrl }] = await Promise.all([
    import('world-atlas/land-50m.json?url'),
    import('world-atlas/countries-50m.json?url'),
  ]);
  const [land, countries] = await Promise.all([fetchJson(landUrl), fetchJson(countriesUrl)]);
  return worldDataFromTopology(land as Topology, countries as Topology);
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}
