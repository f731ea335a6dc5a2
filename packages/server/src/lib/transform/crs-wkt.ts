import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { epsgOfDefinition } from '@asset-portal/shared';
import { findProgram } from '../programs.ts';

/**
 * The OGC WKT of a coordinate system, as PROJ writes it (`projinfo -o WKT1_GDAL`): what a LAS file
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

/** What projinfo is given for a CRS: an EPSG code, a proj4 definition (as a CRS) or a WKT. */
function projinfoInput(crs: string): string | null {
  if (/^EPSG:\d+$/i.test(crs)) return crs.toUpperCase();
  if (crs.startsWith('+')) return /(^|\s)\+type=crs(\s|$)/.test(crs) ? crs : `${crs} +type=crs`;
  if (/^[A-Z_]+\[/i.test(crs)) return crs;
  return null;
}

/**
 * PROJ's WKT1 of a CRS given as an EPSG code, a proj4 definition or a WKT (any version), or why
 * there is none: projinfo missing, or a CRS PROJ does not take (never guessed).
 */
export async function crsWkt(crs: string): Promise<CrsWkt> {
  const text = crs.trim();
  // Passed as one argument, never through a shell; only these forms, so never as an option.
  const input = projinfoInput(text);
  if (!input) {
    return {
      wkt: null,
      note: `'${text}' is neither an EPSG code, a proj4 definition nor a WKT, so no WKT record was written`,
    };
  }
  const projinfo = await findProjinfo();
  if (!projinfo) return { wkt: null, note: PROJINFO_MISSING_NOTE };
  const cached = known.get(input);
  if (cached) return { wkt: cached, note: null };
  try {
    const { stdout } = await run(projinfo, ['-o', 'WKT1_GDAL', '-q', '--single-line', input], {
      timeout: TIME_LIMIT_MS,
      maxBuffer: 1 << 20,
    });
    const wkt = stdout.trim();
    if (!/^(PROJCS|GEOGCS|GEOCCS|COMPD_CS)\[/.test(wkt)) throw new Error(wkt || 'no output');
    known.set(input, wkt);
    return { wkt, note: null };
  } catch (error) {
    return {
      wkt: null,
      note: `PROJ could not write a WKT of the coordinate system (${projinfoFailure(error)}), so the LAS file has no WKT record of it`,
    };
  }
}

/**
 * Why projinfo failed, fit for an activity log that the organization's users read: PROJ's first
 * line, with any path on the worker cut to its file name, never the command line (it repeats
 * the whole definition and the program's path).
 */
export function projinfoFailure(error: unknown): string {
  const failed = error as { stderr?: unknown; killed?: boolean; code?: unknown };
  if (failed.killed) return `it took longer than ${TIME_LIMIT_MS / 1000} s`;
  const stderr = typeof failed.stderr === 'string' ? failed.stderr : '';
  const line = stderr
    .split('\n')
    .find((text) => text.trim() !== '')
    ?.trim();
  if (!line) return typeof failed.code === 'number' ? `exit code ${failed.code}` : 'no output';
  const withoutPaths = line.replace(/(?:\/[\w.@+-]+)+\/([\w.@+-]+)/g, '$1');
  return withoutPaths.length > 200 ? `${withoutPaths.slice(0, 199)}…` : withoutPaths;
}

/** A job's Completed message with the CRS note, when there is one, as its last sentence. */
export function withCrsNote(message: string, note: string | null | undefined): string {
  return note ? `${message}. Note: ${note}.` : message;
}

/** The coordinate-system records of a LAS file written in a CRS (horizontal only). */
export interface LasCrs {
  /** The EPSG code, written as GeoTIFF keys; null when the CRS is not exactly one code's. */
  epsg: number | null;
  /** PROJ's WKT, written as the OGC WKT record; null when it could not be had. */
  wkt: string | null;
  /** Why there is no WKT record, else null. */
  note: string | null;
}

/**
 * The records a LAS file in this CRS gets (an EPSG code, a proj4 definition or a WKT): PROJ's WKT,
 * and the EPSG code when it is given as one or is exactly one known code's definition, for the
 * readers that know only GeoTIFF keys. With a code the WKT is the code's, which carries its name
 * ('RGF93 v1 / Lambert-93' rather than 'unknown').
 */
export async function lasCrsOf(crs: string): Promise<LasCrs> {
  const text = crs.trim();
  const code = /^EPSG:(\d+)$/i.exec(text);
  const epsg = code ? Number(code[1]) : text.startsWith('+') ? epsgOfDefinition(text) : null;
  const { wkt, note } = await crsWkt(epsg === null ? text : `EPSG:${epsg}`);
  return { epsg, wkt, note };
}
