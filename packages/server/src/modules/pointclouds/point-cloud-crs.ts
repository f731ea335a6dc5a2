import { open } from 'node:fs/promises';
import { epsgDefinition } from '@asset-portal/shared';
import proj4 from 'proj4';
import type { LasHeader } from '../../lib/las/las-header.ts';

/**
 * The proj4 definition of a point cloud's coordinates, for the viewer and the elevation profile:
 * from the scan's declared CRS ('EPSG:32610'), else from the file's own CRS records (GeoTIFF
 * projected CS key, or OGC WKT, which proj4 reads as is).
 */

const GEOKEY_PROJECTED_CS = 3072;
const GEOKEY_DIRECTORY = 34735;
const WKT_RECORD = 2112;

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

/** The CRS written in a LAS/LAZ file's header records, as a proj4 definition. */
export async function proj4FromLasFile(path: string, header: LasHeader): Promise<string | null> {
  const handle = await open(path, 'r');
  try {
    for (const vlr of header.vlrs) {
      if (vlr.userId !== 'LASF_Projection') continue;
      const bytes = Buffer.alloc(vlr.length);
      await handle.read(bytes, 0, vlr.length, vlr.dataOffset);
      if (vlr.recordId === GEOKEY_DIRECTORY) {
        const count = bytes.length >= 8 ? bytes.readUInt16LE(6) : 0;
        for (let k = 0; k < count && 8 + k * 8 + 8 <= bytes.length; k++) {
          const at = 8 + k * 8;
          if (bytes.readUInt16LE(at) === GEOKEY_PROJECTED_CS && bytes.readUInt16LE(at + 2) === 0) {
            const found = epsgDefinition(bytes.readUInt16LE(at + 6));
            if (found) return found;
          }
        }
      }
      if (vlr.recordId === WKT_RECORD) {
        const wkt = bytes.toString('utf8').replace(/\0+$/, '').trim();
        if (wkt && isUsable(wkt)) return wkt;
      }
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** Metres per horizontal coordinate unit of a definition (1 for metres, 0.3048 for feet). */
export function metresPerUnit(definition: string): number {
  const parsed = proj4.Proj(definition) as unknown as { to_meter?: number; units?: string };
  if (parsed.to_meter) return parsed.to_meter;
  if (parsed.units === 'ft') return 0.3048;
  if (parsed.units === 'us-ft') return 1200 / 3937;
  return 1;
}
