import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findProgram } from '../programs.ts';

/**
 * The OGC WKT of a proj4 definition, as PROJ writes it (`projinfo -o WKT1_GDAL`): what a LAS file
 * carries so that GIS tools know its coordinates. proj4js reads WKT but does not write it, and a
 * WKT of our own would be a second, partial PROJ; PROJ's is the reference. WKT1 as GDAL writes it
 * is what LAS readers (PDAL, LAStools, CloudCompare) read.
 */

export const PROJINFO_MISSING_NOTE =
  "PROJ's projinfo is not installed on the server (Debian package proj-bin), so the LAS file has no WKT record of its coordinate system";

const TIME_LIMIT_MS = 10_000;
const run = promisify(execFile);
const known = new Map<string, string>();

export type CrsWkt = { wkt: string; note: null } | { wkt: null; note: string };

/** The projinfo to run: `PROJINFO_PATH` when set, else the first on PATH; null when none. */
export function findProjinfo(): Promise<string | null> {
  return findProgram('projinfo', 'PROJINFO_PATH');
}

/**
 * PROJ's WKT1 of a proj4 CRS definition, or why there is none: projinfo missing, or the
 * definition one PROJ does not take as a CRS (never guessed).
 */
export async function crsWktOfProj4(definition: string): Promise<CrsWkt> {
  const text = definition.trim();
  // A definition is passed as one argument, never through a shell; one starting otherwise than
  // with '+' would be read as an option.
  if (!text.startsWith('+')) {
    return { wkt: null, note: `'${text}' is not a proj4 definition, so no WKT record was written` };
  }
  const projinfo = await findProjinfo();
  if (!projinfo) return { wkt: null, note: PROJINFO_MISSING_NOTE };
  const cached = known.get(text);
  if (cached) return { wkt: cached, note: null };
  const asCrs = /(^|\s)\+type=crs(\s|$)/.test(text) ? text : `${text} +type=crs`;
  try {
    const { stdout } = await run(projinfo, ['-o', 'WKT1_GDAL', '-q', '--single-line', asCrs], {
      timeout: TIME_LIMIT_MS,
      maxBuffer: 1 << 20,
    });
    const wkt = stdout.trim();
    if (!/^(PROJCS|GEOGCS|GEOCCS|COMPD_CS)\[/.test(wkt)) throw new Error(wkt || 'no output');
    known.set(text, wkt);
    return { wkt, note: null };
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    const reason = stderr || (error as Error).message;
    return {
      wkt: null,
      note: `PROJ could not write a WKT of the projection (${reason}), so the LAS file has no WKT record of its coordinate system`,
    };
  }
}
