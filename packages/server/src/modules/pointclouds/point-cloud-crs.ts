import { open } from 'node:fs/promises';
import { epsgDefinition } from '@asset-portal/shared';
import proj4 from 'proj4';
import { geoKeyCrs, type LasCrsRecords, readLasCrsRecords } from '../../lib/las/las-crs-records.ts';
import type { LasHeader } from '../../lib/las/las-header.ts';

/**
 * The proj4 definition of a point cloud's coordinates, for the viewer and the elevation profile:
 * from the scan's declared CRS ('EPSG:32610'), else from the file's own CRS records (GeoTIFF
 * projected CS key, or OGC WKT, which proj4 reads as is).
 */

/** 'EPSG:32610', 'epsg:32610' or a proj4/WKT definition → a definition proj4 accepts. */
export function proj4ForCrsText(crs: string | null | undefined): string | null {
  if (!crs) return null;
  const epsg = /^\s*epsg:(\d+)\s*$/i.exec(crs);
  if (epsg) return epsgDefinition(Number(epsg[1]));
  return isUsable(crs) ? crs : null;
}

function isUsable(definition: string): boolean {
  try {
    proj4('WGS84', definition);
    return true;
  } catch {
    return false;
  }
}

/**
 * The CRS a cloud version's coordinates are in, as declared: the output CRS a pipeline recorded
 * (`srs`: a reprojection's out_srs, else the scan's), before the scan's own; null when neither is
 * declared, and the file's records decide. A reprojected version is not in the scan's CRS.
 */
export function declaredCloudCrs(
  parameters: unknown,
  scanMetadata: Record<string, unknown> | null | undefined,
): string | null {
  const srs =
    parameters && typeof parameters === 'object' && 'srs' in parameters
      ? (parameters as { srs: unknown }).srs
      : null;
  return (
    proj4ForCrsText(typeof srs === 'string' ? srs : null) ??
    proj4ForCrsText(typeof scanMetadata?.crs === 'string' ? scanMetadata.crs : null)
  );
}

/**
 * The CRS written in a LAS/LAZ file's records, as a proj4 definition: the WKT when the header says
 * it is the CRS, else the GeoTIFF keys' EPSG code when the portal knows it, else the WKT.
 */
export async function proj4FromLasFile(path: string, header: LasHeader): Promise<string | null> {
  const handle = await open(path, 'r');
  try {
    return proj4FromCrsRecords(await readLasCrsRecords(handle, header));
  } finally {
    await handle.close();
  }
}

export function proj4FromCrsRecords(records: LasCrsRecords): string | null {
  const wkt = records.wkt && isUsable(records.wkt) ? records.wkt : null;
  if (records.wktPreferred && wkt) return wkt;
  const code = geoKeyCrs(records)?.epsg;
  return (code ? epsgDefinition(code) : null) ?? wkt;
}

/** Metres per horizontal coordinate unit of a definition (1 for metres, 0.3048 for feet). */
export function metresPerUnit(definition: string): number {
  const parsed = proj4.Proj(definition) as unknown as { to_meter?: number; units?: string };
  if (parsed.to_meter) return parsed.to_meter;
  if (parsed.units === 'ft') return 0.3048;
  if (parsed.units === 'us-ft') return 1200 / 3937;
  return 1;
}
