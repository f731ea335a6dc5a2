/** [west, south, east, north] in longitude and latitude. */
export type LonLatBox = [west: number, south: number, east: number, north: number];

function extend(box: LonLatBox, position: unknown): void {
  if (!Array.isArray(position)) return;
  if (typeof position[0] === 'number' && typeof position[1] === 'number') {
    const [lon, lat] = position;
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return;
    box[0] = Math.min(box[0], lon);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lon);
    box[3] = Math.max(box[3], lat);
    return;
  }
  for (const inner of position) extend(box, inner);
}

// Walks what a layer may hold: a collection, a feature or a bare geometry. The text was
// written by a person or another program, so nothing in it is trusted to have its shape.
function extendGeoJson(box: LonLatBox, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const record = value as {
    features?: unknown;
    geometry?: unknown;
    geometries?: unknown;
    coordinates?: unknown;
  };
  if (Array.isArray(record.features)) {
    for (const feature of record.features) extendGeoJson(box, feature);
  } else if ('geometry' in record) {
    extendGeoJson(box, record.geometry);
  } else if (Array.isArray(record.geometries)) {
    for (const part of record.geometries) extendGeoJson(box, part);
  } else {
    extend(box, record.coordinates);
  }
}

/**
 * The box around every coordinate of a GeoJSON collection, feature or geometry, or null when it
 * has none. Coordinates that are not finite numbers are skipped.
 */
export function geojsonBox(data: unknown): LonLatBox | null {
  const box: LonLatBox = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  extendGeoJson(box, data);
  return Number.isFinite(box[0]) ? box : null;
}
