import { epsgUtmZone, parseUtm } from '@asset-portal/shared';
import { geoKeyCrs, type LasCrsRecords } from '../../lib/las/las-crs-records.ts';
import { IMPORT_CRS_MISMATCH, wgs84UtmEpsg } from './imported-scan-rules.ts';

/**
 * What a LAS file's CRS records say about its coordinates (GeoTIFF keys or OGC WKT), checked
 * against the UTM zone the scan was created with: imported scans must be in UTM of that zone, on
 * any datum the portal knows (WGS 84, NAD83 and its realizations, ETRS89, GDA), so that the path
 * and the footprint are placed by the file's own CRS.
 */

export type FileCrs =
  | { kind: 'none' }
  | { kind: 'utm'; epsg: number; zone: number; south: boolean; name: string }
  | { kind: 'other'; name: string };

function fromEpsg(code: number, name: string | null): FileCrs {
  const utm = epsgUtmZone(code);
  if (utm)
    return { kind: 'utm', epsg: code, zone: utm.zone, south: utm.south, name: name ?? utm.name };
  return { kind: 'other', name: name ? `${name} (EPSG:${code})` : `EPSG:${code}` };
}

/** The keys' CRS; `definite` when they name an EPSG code (not user-defined). */
function fromGeoKeys(records: LasCrsRecords): { crs: FileCrs; definite: boolean } | null {
  const keys = geoKeyCrs(records);
  if (!keys) return null;
  if (keys.epsg !== null) return { crs: fromEpsg(keys.epsg, keys.name), definite: true };
  return {
    crs: { kind: 'other', name: keys.name ?? 'a user-defined GeoTIFF CRS' },
    definite: false,
  };
}

function fromWkt(wkt: string): FileCrs {
  const projected = /^\s*(?:PROJCS|PROJCRS)\s*\[\s*"([^"]*)"/i.exec(wkt);
  const name = projected?.[1] ?? /^\s*\w+\s*\[\s*"([^"]*)"/.exec(wkt)?.[1] ?? 'an unnamed WKT CRS';
  if (!projected) return { kind: 'other', name };
  // The projected CRS's own authority closes its text (the inner ones name its parts).
  const body = wkt.trimEnd().replace(/\]$/, '');
  const own = /(?:AUTHORITY|ID)\s*\[\s*"EPSG"\s*,\s*"?(\d+)"?\s*\]\s*$/i.exec(body);
  if (own) return fromEpsg(Number(own[1]), name);
  const utm = /UTM[ _]zone[ _](\d{1,2})\s*([NS])/i.exec(name);
  const datum = WKT_UTM_DATUMS.find(({ pattern }) => pattern.test(wkt));
  if (utm && datum) {
    const zone = Number(utm[1]);
    const south = utm[2]!.toUpperCase() === 'S';
    // Only a code the portal knows as UTM (NAD83 has no southern zones, nor any past 23).
    const code = datum.epsg(zone, south);
    if (code !== null && epsgUtmZone(code)) return fromEpsg(code, name);
  }
  return { kind: 'other', name };
}

/**
 * Datums a projected WKT without an EPSG authority may name (OGC and ESRI spellings, the whole
 * name: NAD83(CSRS) and other realizations are not plain NAD83), with their UTM zones' codes.
 */
const WKT_UTM_DATUMS: {
  pattern: RegExp;
  epsg: (zone: number, south: boolean) => number | null;
}[] = [
  {
    pattern:
      /GEOG(?:CS|CRS)\s*\[\s*"(?:WGS[ _]?84|WGS[ _]1984)"|DATUM\s*\[\s*"(?:WGS_1984|D_WGS_1984|World Geodetic System 1984)"/i,
    epsg: (zone, south) => wgs84UtmEpsg({ zone, south }),
  },
  {
    pattern:
      /DATUM\s*\[\s*"(?:North_American_Datum_1983|D_North_American_1983|North American Datum 1983)"/i,
    epsg: (zone, south) => (south ? null : 26900 + zone),
  },
  {
    pattern:
      /DATUM\s*\[\s*"(?:European_Terrestrial_Reference_System_1989|D_ETRS_1989|European Terrestrial Reference System 1989)"/i,
    epsg: (zone, south) => (south ? null : 25800 + zone),
  },
];

/**
 * The file's CRS: the WKT when the header says so (LAS 1.4), else the GeoTIFF keys when they name
 * an EPSG code, else the WKT, else whatever the user-defined keys call themselves.
 */
export function fileCrs(records: LasCrsRecords): FileCrs {
  if (records.wktPreferred && records.wkt) return fromWkt(records.wkt);
  const keys = fromGeoKeys(records);
  if (keys?.definite) return keys.crs;
  if (records.wkt) return fromWkt(records.wkt);
  return keys?.crs ?? { kind: 'none' };
}

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
  return { ok: false, message: IMPORT_CRS_MISMATCH(name, utm) };
}
