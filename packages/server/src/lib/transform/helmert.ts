/**
 * The 14-parameter (time-dependent) Helmert transformation between Earth-centred Earth-fixed
 * frames, as PROJ's `+proj=helmert` applies it (the linearized, small-angle rotation matrix, i.e.
 * without `+exact`).
 *
 * Units are those of the project's stored parameters (shared `helmert.ts`, spec §3): translations
 * Dx, Dy, Dz in metres, rotations Rx, Ry, Rz in milliarcseconds, scale M in parts per billion,
 * the d_ rates per year, reference_year in decimal years. PROJ's own units differ: rotations in
 * arc-seconds and scale in parts per million (see `helmertProjString`).
 */
import { HELMERT_EXAMPLE, type HelmertParameters, isEmptyHelmert } from '@asset-portal/shared';

/**
 * Rotation sign convention: 'position_vector' (IERS, EPSG method 1053/1056, the default and the
 * convention of the NRCan parameters) or 'coordinate_frame' (EPSG method 1032/1057), whose
 * rotations have the opposite sign.
 */
export type HelmertConvention = 'position_vector' | 'coordinate_frame';

/** The parameters evaluated at one epoch, in SI units: metres, radians, scale as a ratio. */
export interface HelmertAtEpoch {
  tx: number;
  ty: number;
  tz: number;
  rx: number;
  ry: number;
  rz: number;
  /** Scale difference as a ratio (1 ppb = 1e-9). */
  scale: number;
}

/** ITRF2008 → NAD83(CSRS) at reference epoch 2010.0 as published by NRCan (position vector). */
export const ITRF2008_TO_NAD83_CSRS: Readonly<HelmertParameters> = HELMERT_EXAMPLE;

const MAS_TO_RAD = Math.PI / (180 * 3600 * 1000);
const PPB = 1e-9;

/** True when any rate (d_ parameter) is non-zero, so the result depends on the epoch. */
export function hasHelmertRates(p: HelmertParameters): boolean {
  return [p.d_Dx, p.d_Dy, p.d_Dz, p.d_Rx, p.d_Ry, p.d_Rz, p.d_M].some((rate) => rate !== 0);
}

/**
 * The parameters at epoch t (decimal year): p + dp·(t − reference_year). Without an epoch the
 * reference epoch's values are used, as PROJ does for a coordinate without time.
 */
export function helmertAtEpoch(p: HelmertParameters, epoch?: number): HelmertAtEpoch {
  const dt = epoch === undefined ? 0 : epoch - p.reference_year;
  return {
    tx: p.Dx + p.d_Dx * dt,
    ty: p.Dy + p.d_Dy * dt,
    tz: p.Dz + p.d_Dz * dt,
    rx: (p.Rx + p.d_Rx * dt) * MAS_TO_RAD,
    ry: (p.Ry + p.d_Ry * dt) * MAS_TO_RAD,
    rz: (p.Rz + p.d_Rz * dt) * MAS_TO_RAD,
    scale: (p.M + p.d_M * dt) * PPB,
  };
}

/** An ECEF point transform (metres in, metres out). */
export type EcefTransform = (x: number, y: number, z: number) => [number, number, number];

/**
 * The Helmert transform at one epoch. Position vector: X' = T + (1 + s)·R·X with
 * R = [[1, −rz, ry], [rz, 1, −rx], [−ry, rx, 1]]; coordinate frame uses Rᵀ.
 */
export function helmertTransform(
  h: HelmertAtEpoch,
  convention: HelmertConvention = 'position_vector',
): EcefTransform {
  const sign = convention === 'position_vector' ? 1 : -1;
  const [rx, ry, rz] = [sign * h.rx, sign * h.ry, sign * h.rz];
  const k = 1 + h.scale;
  return (x, y, z) => [
    h.tx + k * (x - rz * y + ry * z),
    h.ty + k * (rz * x + y - rx * z),
    h.tz + k * (-ry * x + rx * y + z),
  ];
}

/** The project's parameters at the epoch as an ECEF transform; null for empty parameters. */
export function projectHelmert(
  p: HelmertParameters,
  epoch: number | undefined,
  convention: HelmertConvention = 'position_vector',
): EcefTransform | null {
  if (isEmptyHelmert(p)) return null;
  return helmertTransform(helmertAtEpoch(p, epoch), convention);
}

/**
 * The same transformation as a PROJ step (`+proj=helmert`, rotations in arc-seconds, scale in
 * ppm, `+t_epoch` the reference epoch): the reference our tests compare with through `cct`.
 */
export function helmertProjString(
  p: HelmertParameters,
  convention: HelmertConvention = 'position_vector',
): string {
  // Divided by 1000 and rounded to 15 significant digits, so 0.38891 ppb prints 0.00038891.
  const arcsec = (mas: number) => Number((mas / 1000).toPrecision(15));
  const ppm = (ppb: number) => Number((ppb / 1000).toPrecision(15));
  const parts = [
    '+proj=helmert',
    `+x=${p.Dx}`,
    `+y=${p.Dy}`,
    `+z=${p.Dz}`,
    `+rx=${arcsec(p.Rx)}`,
    `+ry=${arcsec(p.Ry)}`,
    `+rz=${arcsec(p.Rz)}`,
    `+s=${ppm(p.M)}`,
    `+dx=${p.d_Dx}`,
    `+dy=${p.d_Dy}`,
    `+dz=${p.d_Dz}`,
    `+drx=${arcsec(p.d_Rx)}`,
    `+dry=${arcsec(p.d_Ry)}`,
    `+drz=${arcsec(p.d_Rz)}`,
    `+ds=${ppm(p.d_M)}`,
    `+t_epoch=${p.reference_year}`,
    `+convention=${convention}`,
  ];
  return parts.join(' ');
}
