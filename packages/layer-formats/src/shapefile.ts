/**
 * Zipped ESRI Shapefile: every .shp in the archive with its .dbf (attributes), .cpg (attribute
 * encoding) and .prj (projection). shpjs parses; proj4 reprojects from the .prj to WGS 84.
 * Several shapefiles in one archive are merged into one layer, with a warning naming them.
 */
import { LAYER_MESSAGES, LAYER_WARNINGS } from '@asset-portal/shared';
import type { Feature, Geometry } from 'geojson';
import proj4 from 'proj4';
import { parseDbf, parseShp } from 'shpjs';
import { fail, LayerConversionError } from './errors.ts';
import { normalizeFeatures, type PositionTransform } from './geometry.ts';
import { decodeText } from './text.ts';
import type { LayerConversion } from './types.ts';
import {
  createBudget,
  type InflateBudget,
  listZipEntries,
  readZipEntry,
  type ZipEntry,
  type ZipLimits,
} from './zip.ts';

const WGS84 = 'EPSG:4326';

export function convertShapefileZip(bytes: Uint8Array, limits: ZipLimits): LayerConversion {
  const entries = listZipEntries(bytes, limits).filter(
    (entry) => !entry.name.startsWith('__MACOSX/') && !entry.name.endsWith('/'),
  );
  const byName = new Map(entries.map((entry) => [entry.name.toLowerCase(), entry]));
  const shps = entries.filter((entry) => entry.name.toLowerCase().endsWith('.shp'));
  if (shps.length === 0) fail(LAYER_MESSAGES.noShpInZip);

  const budget = createBudget(limits);
  const warnings: string[] = [];
  const features: Feature[] = [];
  const crsNames: string[] = [];
  let missingPrj = false;
  for (const shp of shps) {
    const base = shp.name.slice(0, -4).toLowerCase();
    const sidecar = (extension: string): ZipEntry | undefined => byName.get(base + extension);
    const prjEntry = sidecar('.prj');
    const prj = prjEntry ? decodeText(readZipEntry(bytes, prjEntry, budget)).trim() : '';
    if (!prj) missingPrj = true;
    const layer = readLayer(bytes, shp, sidecar('.dbf'), sidecar('.cpg'), prj, budget);
    crsNames.push(prj ? prjName(prj) : WGS84);
    features.push(...layer);
  }
  if (missingPrj) warnings.push(LAYER_WARNINGS.noPrj);
  if (shps.length > 1) warnings.push(LAYER_WARNINGS.shapefilesMerged(shps.map((s) => s.name)));
  if (!features.some((feature) => feature.geometry !== null)) {
    fail(LAYER_MESSAGES.emptyConversion);
  }
  return {
    kind: 'shapefile',
    featureCollection: { type: 'FeatureCollection', features },
    styles: [],
    warnings,
    crs: [...new Set(crsNames)].join(', '),
  };
}

/** A lone .shp: geometry only, taken as WGS 84 since its .prj cannot come with it. */
export function convertBareShapefile(bytes: Uint8Array): LayerConversion {
  let geometries: Array<Geometry | null>;
  try {
    geometries = parseShp(bytes);
  } catch {
    fail(LAYER_MESSAGES.invalidShapefile);
  }
  const features = geometries.map(
    (geometry): Feature => ({ type: 'Feature', geometry: geometry as Geometry, properties: {} }),
  );
  if (!features.some((feature) => feature.geometry !== null)) {
    fail(LAYER_MESSAGES.emptyConversion);
  }
  return {
    kind: 'shapefile',
    featureCollection: normalizeFeatures(features),
    styles: [],
    warnings: [LAYER_WARNINGS.noPrj],
    crs: WGS84,
  };
}

function readLayer(
  bytes: Uint8Array,
  shp: ZipEntry,
  dbf: ZipEntry | undefined,
  cpg: ZipEntry | undefined,
  prj: string,
  budget: InflateBudget,
): Feature[] {
  const transform = prj ? prjTransform(prj) : undefined;
  const shpBytes = readZipEntry(bytes, shp, budget);
  const encoding = cpg ? decodeText(readZipEntry(bytes, cpg, budget)).trim() : undefined;
  let geometries: Array<Geometry | null>;
  let rows: Array<Record<string, unknown>> = [];
  try {
    geometries = parseShp(shpBytes);
    if (dbf) rows = parseDbf(readZipEntry(bytes, dbf, budget), encoding || undefined);
  } catch (error) {
    if (error instanceof LayerConversionError) throw error;
    fail(LAYER_MESSAGES.invalidShapefile);
  }
  const features = geometries.map(
    (geometry, index): Feature => ({
      type: 'Feature',
      geometry: geometry as Geometry,
      properties: rows[index] ?? {},
    }),
  );
  return normalizeFeatures(features, transform).features;
}

function prjTransform(prj: string): PositionTransform | undefined {
  let converter: proj4.Converter;
  try {
    converter = proj4(prj, WGS84);
  } catch {
    fail(LAYER_MESSAGES.invalidPrj);
  }
  return (x, y) => converter.forward([x, y]) as [number, number];
}

/** The name a WKT .prj gives its coordinate system, e.g. NAD_1983_StatePlane_…. */
function prjName(prj: string): string {
  return /^\s*[A-Z_]+\s*\[\s*"([^"]*)"/.exec(prj)?.[1] ?? 'custom (.prj)';
}
