import type { FileHandle } from 'node:fs/promises';
import type { LasHeader } from './las-header.ts';

/**
 * A LAS file's coordinate-system records (LAS 1.4 R15 §2.5): the GeoTIFF keys and the OGC WKT.
 * The one reader of them; what a CRS means for a feature (a proj4 definition, a UTM zone) is the
 * feature's.
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
const WKT_ENCODING_BIT = 16;
/** Larger records are not a CRS but a damaged or hostile header; they are not read. */
const MAX_RECORD_BYTES = 1 << 20;

export interface LasCrsRecords {
  /** The GeoKeyDirectory's bytes. */
  geoKeys: Buffer | null;
  /** The GeoAsciiParams text. */
  geoAscii: string | null;
  wkt: string | null;
  /** The header says the WKT record is the CRS. */
  wktPreferred: boolean;
}

/** Reads the projection records of an open LAS file. */
export async function readLasCrsRecords(
  handle: FileHandle,
  header: LasHeader,
): Promise<LasCrsRecords> {
  const records: LasCrsRecords = {
    geoKeys: null,
    geoAscii: null,
    wkt: null,
    wktPreferred: (header.globalEncoding & WKT_ENCODING_BIT) !== 0,
  };
  for (const vlr of header.vlrs) {
    if (vlr.userId !== PROJECTION_USER_ID || vlr.length > MAX_RECORD_BYTES) continue;
    if (![GEOKEY_DIRECTORY_RECORD, GEOKEY_ASCII_RECORD, WKT_RECORD].includes(vlr.recordId))
      continue;
    const bytes = Buffer.alloc(vlr.length);
    const { bytesRead } = await handle.read(bytes, 0, vlr.length, vlr.dataOffset);
    const data = bytes.subarray(0, bytesRead);
    if (vlr.recordId === GEOKEY_DIRECTORY_RECORD) records.geoKeys = data;
    if (vlr.recordId === GEOKEY_ASCII_RECORD) records.geoAscii = data.toString('latin1');
    if (vlr.recordId === WKT_RECORD) {
      records.wkt = data.toString('utf8').replace(/\0+$/, '').trim() || null;
    }
  }
  return records;
}

interface GeoKey {
  id: number;
  location: number;
  count: number;
  value: number;
}

function geoKeyEntries(bytes: Buffer): GeoKey[] {
  const count = bytes.length >= 8 ? bytes.readUInt16LE(6) : 0;
  const keys: GeoKey[] = [];
  for (let k = 0; k < count && 16 + k * 8 <= bytes.length; k++) {
    const at = 8 + k * 8;
    keys.push({
      id: bytes.readUInt16LE(at),
      location: bytes.readUInt16LE(at + 2),
      count: bytes.readUInt16LE(at + 4),
      value: bytes.readUInt16LE(at + 6),
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
