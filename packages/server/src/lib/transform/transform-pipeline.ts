/**
 * The publishing transform (DESIGN 'Publishing and transforms'): points of a scan in WGS84 / UTM
 * go to the project's proj4 projection, through its Helmert parameters at the scan's epoch and
 * its geoid grid:
 *
 *   source projected → geodetic (proj4, source ellipsoid) → ECEF → Helmert at epoch → geodetic
 *   (target ellipsoid) → height minus geoid undulation → target projection (proj4).
 *
 * Only the Helmert parameters change the datum: a `+towgs84` or `+nadgrids` in either proj4 text
 * is not applied (proj4's own datum shift would otherwise be applied on top of, or instead of,
 * the project's parameters). Without Helmert parameters the ECEF position is kept, so a change of
 * ellipsoid alone (WGS84 → GRS80) moves heights by at most 0.1 mm.
 *
 * The pipeline engine's `filters.reprojection` has no Helmert parameters: it asks for
 * `datumShift: 'towgs84'`, which applies the `+towgs84` of both definitions as PROJ and proj4js
 * do, so a PDAL pipeline moving between datums gives PDAL's answer.
 */
import { type HelmertParameters, isEmptyHelmert, isValidUtmZone } from '@asset-portal/shared';
import proj4 from 'proj4';
import { type Ellipsoid, ecefToGeodetic, geodeticToEcef } from '../geodesy/geodesy.ts';
import type { GeoidGrid } from './geoid-grid.ts';
import {
  type EcefTransform,
  type HelmertConvention,
  hasHelmertRates,
  projectHelmert,
} from './helmert.ts';

export interface TransformOptions {
  /** proj4 text of the points' CRS: WGS84 / the scan's UTM zone (see `wgs84UtmProj4`). */
  sourceCrs: string;
  /** proj4 text of the project's projection. */
  targetProjection: string;
  /** The project's Helmert parameters (shared units: m, mas, ppb); empty ones mean none. */
  helmert?: HelmertParameters | null;
  /** Rotation convention of the Helmert parameters; position vector unless said otherwise. */
  convention?: HelmertConvention;
  /** The scan's epoch in decimal years (`decimalYear`); required when the Helmert has rates. */
  epoch?: number;
  /** Geoid grid: heights become orthometric (h − N). Without it heights stay ellipsoidal. */
  geoid?: GeoidGrid | null;
  /**
   * Without Helmert parameters: 'none' (default) keeps the ECEF position; 'towgs84' applies the
   * definitions' `+towgs84` (3 or 7 parameters) through WGS84 to latitude and longitude, keeps
   * heights (as PROJ does for 2D definitions), and leaves geodetic coordinates as they are when
   * either definition names no datum (proj4js's rule, e.g. EPSG:3857).
   */
  datumShift?: 'none' | 'towgs84';
}

/** Transforms one point; `arrays` transforms equal-length coordinate arrays in place. */
export interface CoordinateTransform {
  (x: number, y: number, z: number): [number, number, number];
  arrays(x: Float64Array, y: Float64Array, z: Float64Array): void;
}

/** A transform that cannot be built or a point it cannot transform. */
export class TransformError extends Error {
  override name = 'TransformError';
}

const DEG = Math.PI / 180;

// The parts of a proj4 definition we use: its raw projection and its ellipsoid.
interface ProjDefinition {
  projName?: string;
  a: number;
  es: number;
  datum?: { datum_type: number; datum_params?: number[] };
  to_meter?: number;
  from_greenwich?: number;
  axis?: string;
  forward(point: { x: number; y: number }): { x: number; y: number } | undefined;
  inverse(point: { x: number; y: number }): { x: number; y: number } | undefined;
}

interface Crs {
  ellipsoid: Ellipsoid;
  geographic: boolean;
  toMeter: number;
  /** ECEF → WGS84 ECEF by the definition's `+towgs84`; null when it names no datum. */
  datum: DatumShift | null;
  /** Projected (or longlat degrees) → [latitude, longitude] in degrees on its ellipsoid. */
  toGeodetic(x: number, y: number): [number, number];
  fromGeodetic(latitude: number, longitude: number): [number, number];
}

/** Builds the transform from the scan's CRS to the project's projection. */
export function buildTransform(options: TransformOptions): CoordinateTransform {
  const source = parseCrs(options.sourceCrs, 'source CRS');
  const target = parseCrs(options.targetProjection, 'projection');
  const helmert = options.helmert && !isEmptyHelmert(options.helmert) ? options.helmert : null;
  if (helmert && hasHelmertRates(helmert) && options.epoch === undefined) {
    throw new TransformError(
      `The Helmert parameters '${helmert.name}' change with time: the scan's epoch is needed`,
    );
  }
  let shift: EcefTransform | null = helmert
    ? projectHelmert(helmert, options.epoch, options.convention)
    : null;
  let sameEllipsoid =
    source.ellipsoid.a === target.ellipsoid.a && source.ellipsoid.es === target.ellipsoid.es;
  if (!helmert && options.datumShift === 'towgs84') {
    for (const [crs, role, text] of [
      [source, 'source CRS', options.sourceCrs],
      [target, 'projection', options.targetProjection],
    ] as const) {
      if (crs.datum?.grid) {
        throw new TransformError(
          `The ${role} needs a datum grid shift (+nadgrids), which is not supported: '${text}'`,
        );
      }
    }
    if (!source.datum || !target.datum) {
      sameEllipsoid = true; // no datum on one side: geodetic coordinates carry over unchanged
    } else if (!sameDatum(source.datum, target.datum)) {
      const [to, from] = [source.datum.toWgs84, target.datum.fromWgs84];
      shift = (x, y, z) => from(...to(x, y, z));
    }
  }
  const geoid = options.geoid ?? null;
  const keepHeight = !helmert && options.datumShift === 'towgs84';

  const transform = ((x: number, y: number, z: number): [number, number, number] => {
    let [latitude, longitude] = source.toGeodetic(x, y);
    let height = z;
    if (shift || !sameEllipsoid) {
      const ecef = geodeticToEcef({ latitude, longitude, height }, source.ellipsoid);
      const [X, Y, Z] = shift ? shift(ecef.x, ecef.y, ecef.z) : [ecef.x, ecef.y, ecef.z];
      ({ latitude, longitude, height } = ecefToGeodetic({ x: X, y: Y, z: Z }, target.ellipsoid));
      // PROJ (cs2cs, PDAL) takes proj4 definitions as 2D: heights pass a +towgs84 unchanged.
      if (keepHeight) height = z;
    }
    if (geoid) height -= geoid.undulation(latitude, longitude);
    const [outX, outY] = target.fromGeodetic(latitude, longitude);
    return [outX, outY, height];
  }) as CoordinateTransform;

  transform.arrays = (xs, ys, zs) => {
    if (xs.length !== ys.length || xs.length !== zs.length) {
      throw new TransformError('The coordinate arrays differ in length');
    }
    for (let i = 0; i < xs.length; i++) {
      const [x, y, z] = transform(xs[i]!, ys[i]!, zs[i]!);
      xs[i] = x;
      ys[i] = y;
      zs[i] = z;
    }
  };
  return transform;
}

/** proj4 text of WGS84 / UTM for a project or scan zone such as '10N' or '54N'. */
export function wgs84UtmProj4(utm: string): string {
  const text = utm.trim().toUpperCase();
  if (!isValidUtmZone(text)) throw new TransformError(`'${utm}' is not a UTM zone such as 10N`);
  const zone = Number.parseInt(text, 10);
  const south = text.endsWith('S') ? ' +south' : '';
  return `+proj=utm +zone=${zone}${south} +datum=WGS84 +units=m +no_defs`;
}

/** A date as a decimal year (UTC), the epoch unit of time-dependent Helmert parameters. */
export function decimalYear(date: Date): number {
  const year = date.getUTCFullYear();
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  return year + (date.getTime() - start) / (end - start);
}

/** What a CRS definition is, for callers that only need to know (writers, option checks). */
export interface CrsInfo {
  geographic: boolean;
  /** Metres per horizontal unit; 1 for geographic definitions (their unit is the degree). */
  toMeter: number;
}

/** Parses a proj4 definition (or an EPSG code or WKT proj4js knows); throws TransformError. */
export function describeCrs(text: string): CrsInfo {
  const crs = parseCrs(text, 'CRS');
  return { geographic: crs.geographic, toMeter: crs.toMeter };
}

interface DatumShift {
  kind: number;
  /** A `+nadgrids` shift: no grid files are loaded, so it cannot be applied. */
  grid: boolean;
  params: readonly number[];
  a: number;
  es: number;
  toWgs84: EcefTransform;
  fromWgs84: EcefTransform;
}

// proj4js datum types.
const PJD_3PARAM = 1;
const PJD_7PARAM = 2;
const PJD_GRIDSHIFT = 3;
const PJD_NODATUM = 5;

function sameDatum(a: DatumShift, b: DatumShift): boolean {
  if (a.a !== b.a || Math.abs(a.es - b.es) > 5e-11) return false;
  const params = (d: DatumShift) =>
    d.kind === PJD_3PARAM || d.kind === PJD_7PARAM ? d.params : [];
  const [pa, pb] = [params(a), params(b)];
  const value = (list: readonly number[], i: number) => list[i] ?? (i === 6 ? 1 : 0);
  for (let i = 0; i < 7; i++) {
    if (value(pa, i) !== value(pb, i)) return false;
  }
  return true;
}

/**
 * The definition's datum as proj4js reads it: `+towgs84` of 3 or 7 parameters (rotations already
 * in radians, scale as 1 + ppm·1e-6, position-vector convention); none for a definition without
 * a datum.
 */
function datumOf(definition: ProjDefinition): DatumShift | null {
  const datum = definition.datum;
  const kind = datum?.datum_type ?? PJD_NODATUM;
  if (kind === PJD_NODATUM) return null;
  const p = (datum?.datum_params ?? []).map(Number);
  const [dx, dy, dz] = [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0];
  const [rx, ry, rz] = kind === PJD_7PARAM ? [p[3] ?? 0, p[4] ?? 0, p[5] ?? 0] : [0, 0, 0];
  const m = kind === PJD_7PARAM ? (p[6] ?? 1) : 1;
  return {
    kind,
    grid: kind === PJD_GRIDSHIFT,
    params: p,
    a: definition.a,
    es: definition.es,
    toWgs84: (x, y, z) => [
      dx + m * (x - rz * y + ry * z),
      dy + m * (rz * x + y - rx * z),
      dz + m * (-ry * x + rx * y + z),
    ],
    // proj4js's own (first-order) inverse, so both directions agree with it.
    fromWgs84: (x, y, z) => {
      const [u, v, w] = [(x - dx) / m, (y - dy) / m, (z - dz) / m];
      return [u + rz * v - ry * w, -rz * u + v + rx * w, ry * u - rx * v + w];
    },
  };
}

function parseCrs(text: string, role: string): Crs {
  let definition: ProjDefinition;
  try {
    definition = proj4.Proj(text) as unknown as ProjDefinition;
  } catch {
    throw new TransformError(`The ${role} is not a valid proj4 definition: '${text}'`);
  }
  if (!(definition.a > 0) || !Number.isFinite(definition.es)) {
    throw new TransformError(`The ${role} has no usable ellipsoid: '${text}'`);
  }
  if (definition.axis && definition.axis !== 'enu') {
    throw new TransformError(`The ${role} must have east, north, up axes: '${text}'`);
  }
  const ellipsoid = { a: definition.a, es: definition.es };
  const datum = datumOf(definition);
  if (definition.projName === 'longlat') {
    return {
      ellipsoid,
      geographic: true,
      toMeter: 1,
      datum,
      toGeodetic: (x, y) => [y, x],
      fromGeodetic: (latitude, longitude) => [longitude, latitude],
    };
  }
  const toMeter = definition.to_meter ?? 1;
  const greenwich = definition.from_greenwich ?? 0;
  const failed = (x: number, y: number) =>
    new TransformError(`The point ${x}, ${y} cannot be transformed with the ${role} '${text}'`);
  return {
    ellipsoid,
    geographic: false,
    toMeter,
    datum,
    toGeodetic(x, y) {
      const point = definition.inverse({ x: x * toMeter, y: y * toMeter });
      if (!point || !Number.isFinite(point.x) || !Number.isFinite(point.y)) throw failed(x, y);
      return [point.y / DEG, (point.x + greenwich) / DEG];
    },
    fromGeodetic(latitude, longitude) {
      const point = definition.forward({ x: longitude * DEG - greenwich, y: latitude * DEG });
      if (!point || !Number.isFinite(point.x) || !Number.isFinite(point.y)) {
        throw failed(longitude, latitude);
      }
      return [point.x / toMeter, point.y / toMeter];
    },
  };
}
