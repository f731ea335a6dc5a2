import { baselineKm, enuDifference, type Geodetic } from '../../../lib/geodesy/geodesy.ts';
import { interpolateTrajectory, type TrajectorySample } from './device-trajectory.ts';
import type { PosEpoch } from './pos-file.ts';
import { PPK_OPTIONS_VERSION } from './ppk-options.ts';

/**
 * The quality control of a run (docs/trajectory-processing.md, steps 3–4): the QC objects, one
 * entry per solution epoch inside the session window, and the pass/fail audit.
 */

export const PPK_MIN_FIXED_PERCENT = 80;
export const PPK_MIN_EPOCHS = 5;

export interface TrajectoryAudit {
  kind: 'trajectoryAudit';
  /** Solution epochs inside the session window. */
  epochs: number;
  fixed: number;
  float: number;
  /** Every epoch neither fixed nor float (single, DGPS, SBAS, PPP). */
  single: number;
  fixedPercent: number;
  floatPercent: number;
  /** RMS / mean of the separations below (metres), over the epochs with a device sample. */
  rmsAltitudeSeparation: number | null;
  rmsDistanceSeparation: number | null;
  meanDistanceSeparation: number | null;
  /** Mean baseline (km) of the base stations that gave the kept epochs. */
  baselineKm: number | null;
  thresholdPercent: number;
  passed: boolean;
  reason: string;
  basestations: { id: number; epochs: number; fixed: number; baselineKm: number | null }[];
  rtklib: { program: string; version: string; optionsVersion: string };
}

export interface QcInput {
  epochs: (PosEpoch & { basestationId: number })[];
  device: TrajectorySample[];
  /** Session window in GPS seconds. */
  window: { startGps: number; endGps: number };
  basestations: { id: number; lat: number; lon: number; height: number }[];
  rtklib: { program: string; version: string };
}

const STATUS: Record<number, string> = {
  1: 'fix',
  2: 'float',
  3: 'sbas',
  4: 'dgps',
  5: 'single',
  6: 'ppp',
};

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

function percentText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function rms(values: number[]): number | null {
  return values.length
    ? Math.sqrt(values.reduce((sum, v) => sum + v * v, 0) / values.length)
    : null;
}

function verdict(epochs: number, fixed: number, fixedPercent: number): [boolean, string] {
  const needed = `at least ${PPK_MIN_FIXED_PERCENT} % needed`;
  if (epochs === 0) return [false, 'No solution epoch within the session window'];
  const share = `${percentText(fixedPercent)} % of ${epochs} epochs fixed`;
  if (fixed * 100 < PPK_MIN_FIXED_PERCENT * epochs) return [false, `${share}; ${needed}`];
  if (fixed < PPK_MIN_EPOCHS) {
    return [false, `${share} but only ${fixed} fixed epochs; at least ${PPK_MIN_EPOCHS} needed`];
  }
  return [true, `${share} (${needed})`];
}

/** The QC objects and the audit of a run's kept epochs against the device's trajectory. */
export function buildQc(input: QcInput) {
  const epochs = input.epochs
    .filter((e) => e.gpsSeconds >= input.window.startGps && e.gpsSeconds <= input.window.endGps)
    .sort((a, b) => a.gpsSeconds - b.gpsSeconds);
  const time = epochs.map((e) => e.time.toISOString());
  const up: (number | null)[] = [];
  const horizontal: (number | null)[] = [];
  for (const epoch of epochs) {
    const device = interpolateTrajectory(input.device, epoch.gpsSeconds);
    if (!device) {
      up.push(null);
      horizontal.push(null);
      continue;
    }
    const [east, north, u] = enuDifference(geodetic(device), geodetic(epoch));
    up.push(round(u, 4));
    horizontal.push(round(Math.hypot(east, north), 4));
  }

  const count = (q: (value: number) => boolean) => epochs.filter((e) => q(e.q)).length;
  const fixed = count((q) => q === 1);
  const float = count((q) => q === 2);
  const fixedPercent = epochs.length ? round((fixed * 100) / epochs.length, 1) : 0;
  const floatPercent = epochs.length ? round((float * 100) / epochs.length, 1) : 0;
  const [passed, reason] = verdict(epochs.length, fixed, fixedPercent);

  const basestationById = new Map(input.basestations.map((b) => [b.id, b]));
  const baselineOf = (epoch: PosEpoch & { basestationId: number }) => {
    const base = basestationById.get(epoch.basestationId);
    return base ? baselineKm(geodetic(base), geodetic(epoch)) : null;
  };
  const baselines = epochs.map(baselineOf).filter((km): km is number => km !== null);
  const ups = up.filter((v): v is number => v !== null);
  const distances = horizontal.filter((v): v is number => v !== null);
  const maybeRound = (value: number | null, decimals: number) =>
    value === null ? null : round(value, decimals);

  const audit: TrajectoryAudit = {
    kind: 'trajectoryAudit',
    epochs: epochs.length,
    fixed,
    float,
    single: epochs.length - fixed - float,
    fixedPercent,
    floatPercent,
    rmsAltitudeSeparation: maybeRound(rms(ups), 4),
    rmsDistanceSeparation: maybeRound(rms(distances), 4),
    meanDistanceSeparation: distances.length
      ? round(distances.reduce((a, b) => a + b, 0) / distances.length, 4)
      : null,
    baselineKm: baselines.length
      ? round(baselines.reduce((a, b) => a + b, 0) / baselines.length, 3)
      : null,
    thresholdPercent: PPK_MIN_FIXED_PERCENT,
    passed,
    reason,
    basestations: input.basestations.map((base) => {
      const own = epochs.filter((e) => e.basestationId === base.id);
      const kms = own.map((e) => baselineKm(geodetic(base), geodetic(e)));
      return {
        id: base.id,
        epochs: own.length,
        fixed: own.filter((e) => e.q === 1).length,
        baselineKm: kms.length ? round(kms.reduce((a, b) => a + b, 0) / kms.length, 3) : null,
      };
    }),
    rtklib: { ...input.rtklib, optionsVersion: PPK_OPTIONS_VERSION },
  };

  return {
    ambStatus: {
      kind: 'ambStatus',
      time,
      q: epochs.map((e) => e.q),
      status: epochs.map((e) => STATUS[e.q] ?? 'unknown'),
    },
    numSats: { kind: 'numSats', time, numSats: epochs.map((e) => e.ns) },
    altitudeSeparations: { kind: 'altitudeSeparations', time, separation: up },
    distanceSeparations: { kind: 'distanceSeparations', time, separation: horizontal },
    audit,
  };
}

/** The geodesy module's position from the {lat, lon, height} of solutions and samples. */
function geodetic(p: { lat: number; lon: number; height: number }): Geodetic {
  return { latitude: p.lat, longitude: p.lon, height: p.height };
}
