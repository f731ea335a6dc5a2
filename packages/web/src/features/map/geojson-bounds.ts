import type { LngLatBox } from './scan-features.ts';

function extend(bounds: number[], position: unknown): void {
  if (!Array.isArray(position)) return;
  if (typeof position[0] === 'number' && typeof position[1] === 'number') {
    const [lon, lat] = position;
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return;
    bounds[0] = Math.min(bounds[0] as number, lon);
    bounds[1] = Math.min(bounds[1] as number, lat);
    bounds[2] = Math.max(bounds[2] as number, lon);
    bounds[3] = Math.max(bounds[3] as number, lat);
    return;
  }
  for (const inner of position) extend(bounds, inner);
}

// Walks what a layer's source may be: a collection, a feature or a bare geometry. The text was
// written by a person or another program, so nothing in it is trusted to have its shape.
function extendGeoJson(bounds: number[], value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const record = value as {
    features?: unknown;
    geometry?: unknown;
    geometries?: unknown;
    coordinates?: unknown;
  };
  if (Array.isArray(record.features)) {
    for (const feature of record.features) extendGeoJson(bounds, feature);
  } else if ('geometry' in record) {
    extendGeoJson(bounds, record.geometry);
  } else if (Array.isArray(record.geometries)) {
    for (const part of record.geometries) extendGeoJson(bounds, part);
  } else {
    extend(bounds, record.coordinates);
  }
}

/** The lon/lat box around every coordinate of the GeoJSON, or null when it has none. */
export function geojsonBounds(data: unknown): LngLatBox | null {
  const bounds = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  extendGeoJson(bounds, data);
  const [west, south, east, north] = bounds as [number, number, number, number];
  if (!Number.isFinite(west)) return null;
  return [
    [west, south],
    [east, north],
  ];
}
