import { fileCrs, lasCrsRecordsOfHead } from '@asset-portal/shared';

/** Enough of a LAS file for its header and the records after it, where the CRS usually is. */
const HEAD_BYTES = 256 * 1024;

/** A UTM zone a picked file declares, as the UTM field takes it, with the CRS's name. */
export interface FileUtm {
  utm: string;
  crs: string;
}

/**
 * The UTM zone a LAS file's CRS records name (GeoTIFF keys or WKT, read by the shared LAS CRS
 * reader from the file's first bytes), so the dialog can fill it in; null when the file has none,
 * another kind of CRS, or cannot be read.
 */
export async function utmOfLasFile(file: Blob): Promise<FileUtm | null> {
  try {
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    const records = lasCrsRecordsOfHead(head);
    const crs = records ? fileCrs(records) : null;
    if (crs?.kind !== 'utm') return null;
    return { utm: `${crs.zone}${crs.south ? 'S' : 'N'}`, crs: `${crs.name} (EPSG:${crs.epsg})` };
  } catch {
    return null;
  }
}

/** Under the UTM field once it holds the zone the file gave. */
export const utmFromFileHint = (crs: string): string => `From the file's CRS: ${crs}`;
