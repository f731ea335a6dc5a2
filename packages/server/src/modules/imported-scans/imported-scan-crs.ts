import { epsgUtmZone, type FileCrs, fileCrs, parseUtm, wgs84UtmEpsg } from '@asset-portal/shared';
import { IMPORT_CRS_MISMATCH, utmZoneLabel } from './imported-scan-rules.ts';

export { type FileCrs, fileCrs };

/**
 * What a LAS file's CRS records say about its coordinates (`fileCrs` of `@asset-portal/shared`),
 * checked against the UTM zone the scan was created with: imported scans must be in UTM of that zone, on
 * any datum the portal knows (WGS 84, NAD83 and its realizations, ETRS89, GDA), so that the path
 * and the footprint are placed by the file's own CRS.
 */

export type CrsCheck =
  | { ok: true; epsg: number; declared: boolean; message: string }
  | { ok: false; message: string };

/**
 * Accepts the file when its CRS is UTM of the scan's zone (on a datum the portal knows), or when
 * it has none (the UTM given is trusted then, as WGS 84). Returns the EPSG code the scan is
 * recorded in: the file's own.
 */
export function checkCrs(crs: FileCrs, utm: string): CrsCheck {
  const given = parseUtm(utm);
  if (!given) return { ok: false, message: `The scan's UTM ${utm} is not a UTM zone` };
  if (crs.kind === 'none') {
    const epsg = wgs84UtmEpsg(given);
    return {
      ok: true,
      epsg,
      declared: false,
      message: `The file has no CRS records: its coordinates are taken as ${epsgUtmZone(epsg)?.name} (EPSG:${epsg}), the scan's UTM`,
    };
  }
  if (crs.kind === 'utm' && crs.zone === given.zone && crs.south === given.south) {
    return {
      ok: true,
      epsg: crs.epsg,
      declared: true,
      message: `The file's CRS is ${crs.name} (EPSG:${crs.epsg})`,
    };
  }
  const name = crs.kind === 'utm' ? `${crs.name} (EPSG:${crs.epsg})` : crs.name;
  return {
    ok: false,
    message: IMPORT_CRS_MISMATCH(name, utm, crs.kind === 'utm' ? utmZoneLabel(crs) : null),
  };
}
