import { epsgUtmZone } from './epsg.ts';

/**
 * A LAS file's coordinate-system records (LAS 1.4 R15 §2.5: the GeoTIFF keys and the OGC WKT) and
 * what they say. The one reading of them, for the server (which reads the records from a file)
 * and the browser (which reads them from the head of a file being picked, to fill in its UTM zone).
 */

export const PROJECTION_USER_ID = 'LASF_Projection';
export const GEOKEY_DIRECTORY_RECORD = 34735;
export const GEOKEY_DOUBLE_RECORD = 34736;
export const GEOKEY_ASCII_RECORD = 34737;
export const WKT_MATH_TRANSFORM_RECORD = 2111;
export const WKT_RECORD = 2112;

const PROJECTED_CS_KEY = 3072;
const PCS_CITATION_KEY = 3073;
const GT_CITATION_KEY = 1026;
const USER_DEFINED = 32767;
/** Global encoding bit 4: the CRS is the WKT record (LAS 1.4). */
export const WKT_ENCODING_BIT = 16;

export interface LasCrsRecords {
  /** The GeoKeyDirectory's bytes. */
  geoKeys: Uint8Array | null;
  /** The GeoAsciiParams text. */
  geoAscii: string | null;
  wkt: string | null;
  /** The header says the WKT record is the CRS. */
  wktPreferred: boolean;
}

interface GeoKey {
  id: number;
  location: number;
  count: number;
  value: number;
}

function geoKeyEntries(bytes: Uint8Array): GeoKey[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = bytes.length >= 8 ? view.getUint16(6, true) : 0;
  const keys: GeoKey[] = [];
  for (let k = 0; k < count && 16 + k * 8 <= bytes.length; k++) {
    const at = 8 + k * 8;
    keys.push({
      id: view.getUint16(at, true),
      location: view.getUint16(at + 2, true),
      count: view.getUint16(at + 4, true),
      value: view.getUint16(at + 6, true),
    });
  }
  return keys;
}

function asciiParam(key: GeoKey | undefined, ascii: string | null): string | null {
  if (!key || key.location !== GEOKEY_ASCII_RECORD || !ascii) return null;
  const text = ascii
    .slice(key.value, key.value + key.count)
    .replace(/[|\0]+$/, '')
    .trim();
  return text || null;
}

export interface GeoKeyCrs {
  /** The projected CS's EPSG code; null when user-defined or absent. */
  epsg: number | null;
  /** The citation the keys give (the projected CS's, else the GeoTIFF's). */
  name: string | null;
}

/** What the GeoTIFF keys say; null when the file has none. */
export function geoKeyCrs(records: LasCrsRecords): GeoKeyCrs | null {
  if (!records.geoKeys) return null;
  const keys = geoKeyEntries(records.geoKeys);
  const citation = (id: number) =>
    asciiParam(
      keys.find((key) => key.id === id),
      records.geoAscii,
    );
  const projected = keys.find((key) => key.id === PROJECTED_CS_KEY && key.location === 0);
  const code = projected?.value ?? 0;
  return {
    epsg: code !== 0 && code !== USER_DEFINED ? code : null,
    name: citation(PCS_CITATION_KEY) ?? citation(GT_CITATION_KEY),
  };
}

/** The EPSG code of WGS 84 / UTM of the zone: 326zz north, 327zz south. */
export function wgs84UtmEpsg(utm: { zone: number; south: boolean }): number {
  return (utm.south ? 32700 : 32600) + utm.zone;
}

/** What a file's CRS records say its coordinates are: UTM of a zone (on a known datum), or not. */
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

const LEGACY_HEADER_SIZE = 227;
const VLR_HEADER_SIZE = 54;
const latin1 = (bytes: Uint8Array, start: number, length: number) => {
  let text = '';
  for (let i = start; i < start + length && i < bytes.length && bytes[i] !== 0; i++) {
    text += String.fromCharCode(bytes[i]!);
  }
  return text.trim();
};

/**
 * The CRS records among the VLRs held by the first bytes of a LAS file (the header and the VLRs
 * that follow it; a LAS 1.4 WKT kept in an extended VLR at the end is not there). Null when the
 * bytes are not a LAS header.
 */
export function lasCrsRecordsOfHead(bytes: Uint8Array): LasCrsRecords | null {
  if (bytes.length < LEGACY_HEADER_SIZE || latin1(bytes, 0, 4) !== 'LASF') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: LasCrsRecords = {
    geoKeys: null,
    geoAscii: null,
    wkt: null,
    wktPreferred: (view.getUint16(6, true) & WKT_ENCODING_BIT) !== 0,
  };
  const vlrCount = view.getUint32(100, true);
  const end = Math.min(view.getUint32(96, true), bytes.length);
  let position = view.getUint16(94, true);
  for (let i = 0; i < vlrCount && position + VLR_HEADER_SIZE <= end; i++) {
    const userId = latin1(bytes, position + 2, 16);
    const recordId = view.getUint16(position + 18, true);
    const start = position + VLR_HEADER_SIZE;
    position = start + view.getUint16(position + 20, true);
    if (userId !== PROJECTION_USER_ID || position > bytes.length) continue;
    const data = bytes.subarray(start, position);
    if (recordId === GEOKEY_DIRECTORY_RECORD) records.geoKeys = data;
    if (recordId === GEOKEY_ASCII_RECORD) records.geoAscii = latin1Text(data);
    if (recordId === WKT_RECORD) records.wkt = utf8Text(data);
  }
  return records;
}

function latin1Text(data: Uint8Array): string {
  let text = '';
  for (const byte of data) text += String.fromCharCode(byte);
  return text;
}

/** A WKT record's text, its padding NULs taken off; null when empty. */
export function utf8Text(data: Uint8Array): string | null {
  return new TextDecoder().decode(data).replace(/\0+$/, '').trim() || null;
}
