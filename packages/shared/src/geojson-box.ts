/** [west, south, east, north] in longitude and latitude. */
export type LonLatBox = [west: number, south: number, east: number, north: number];

type Visit = (lon: number, lat: number) => void;

function visitPositions(position: unknown, visit: Visit): void {
  if (!Array.isArray(position)) return;
  if (typeof position[0] === 'number' && typeof position[1] === 'number') {
    const [lon, lat] = position;
    if (Number.isFinite(lon) && Number.isFinite(lat)) visit(lon, lat);
    return;
  }
  for (const inner of position) visitPositions(inner, visit);
}

// Walks what a layer may hold: a collection, a feature or a bare geometry. The text was
// written by a person or another program, so nothing in it is trusted to have its shape.
function visitGeoJson(value: unknown, visit: Visit): void {
  if (typeof value !== 'object' || value === null) return;
  const record = value as {
    features?: unknown;
    geometry?: unknown;
    geometries?: unknown;
    coordinates?: unknown;
  };
  if (Array.isArray(record.features)) {
    for (const feature of record.features) visitGeoJson(feature, visit);
  } else if ('geometry' in record) {
    visitGeoJson(record.geometry, visit);
  } else if (Array.isArray(record.geometries)) {
    for (const part of record.geometries) visitGeoJson(part, visit);
  } else {
    visitPositions(record.coordinates, visit);
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
  visitGeoJson(data, (lon, lat) => {
    box[0] = Math.min(box[0], lon);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lon);
    box[3] = Math.max(box[3], lat);
  });
  return Number.isFinite(box[0]) ? box : null;
}

/**
 * The coordinate of the GeoJSON nearest to [lon, lat] (east-west distances shrunk with the
 * latitude, as on the ground), or null when it has none.
 */
export function geojsonNearest(
  data: unknown,
  [lon, lat]: [number, number],
): [number, number] | null {
  const shrink = Math.cos((lat * Math.PI) / 180);
  let nearest: [number, number] | null = null;
  let best = Number.POSITIVE_INFINITY;
  visitGeoJson(data, (x, y) => {
    const distance = ((x - lon) * shrink) ** 2 + (y - lat) ** 2;
    if (distance < best) {
      best = distance;
      nearest = [x, y];
    }
  });
  return nearest;
}
