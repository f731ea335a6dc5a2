import type { FileHandle } from 'node:fs/promises';
import {
  GEOKEY_ASCII_RECORD,
  GEOKEY_DIRECTORY_RECORD,
  type LasCrsRecords,
  PROJECTION_USER_ID,
  utf8Text,
  WKT_ENCODING_BIT,
  WKT_RECORD,
} from '@asset-portal/shared';
import type { LasHeader } from './las-header.ts';

/**
 * A LAS file's coordinate-system records (LAS 1.4 R15 §2.5), read from the file: the GeoTIFF keys
 * and the OGC WKT. What they say is read by `@asset-portal/shared`'s las-crs (also in the
 * browser); what a CRS means for a feature (a proj4 definition, a UTM zone) is the feature's.
 */

export {
  GEOKEY_ASCII_RECORD,
  GEOKEY_DIRECTORY_RECORD,
  GEOKEY_DOUBLE_RECORD,
  type GeoKeyCrs,
  geoKeyCrs,
  type LasCrsRecords,
  PROJECTION_USER_ID,
  WKT_MATH_TRANSFORM_RECORD,
  WKT_RECORD,
} from '@asset-portal/shared';

/** Larger records are not a CRS but a damaged or hostile header; they are not read. */
const MAX_RECORD_BYTES = 1 << 20;

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
    if (vlr.recordId === WKT_RECORD) records.wkt = utf8Text(data);
  }
  return records;
}
