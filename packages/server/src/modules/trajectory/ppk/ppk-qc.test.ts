import { describe, expect, it } from 'vitest';
import type { TrajectorySample } from './device-trajectory.ts';
import type { PosEpoch } from './pos-file.ts';
import { buildQc, PPK_MIN_EPOCHS, PPK_MIN_FIXED_PERCENT } from './ppk-qc.ts';

const T0 = 796_780_830; // 2005-04-02 00:00:17 UTC in GPS seconds
const LAT = 35.16;
const LON = 139.61;
// WGS84 meridian radius of curvature at 35.16° (a(1−e²)/(1−e² sin²φ)^1.5): metres per radian.
const E2 = 0.00669437999014;
const M = (6_378_137 * (1 - E2)) / (1 - E2 * Math.sin((LAT * Math.PI) / 180) ** 2) ** 1.5;
const NORTH_1M = ((1 / M) * 180) / Math.PI; // degrees of latitude per metre

function epochs(qs: number[], start = T0): (PosEpoch & { basestationId: number })[] {
  return qs.map((q, i) => ({
    gpsSeconds: start + i * 30,
    time: new Date(Date.UTC(2005, 3, 2, 0, 0, 17) + i * 30_000),
    lat: LAT + NORTH_1M, // 1 m north of the device
    lon: LON,
    height: 70.25, // 0.25 m above the device
    q,
    ns: 7 - (i % 2),
    sdn: 0,
    sde: 0,
    sdu: 0,
    ratio: 10,
    basestationId: i % 3 === 2 ? 2 : 1,
  }));
}

const device = (from: number, to: number): TrajectorySample[] => [
  { gpsSeconds: from, lat: LAT, lon: LON, height: 70, roll: 0, pitch: 0, yaw: 0 },
  { gpsSeconds: to, lat: LAT, lon: LON, height: 70, roll: 0, pitch: 0, yaw: 0 },
];

const basestations = [
  { id: 1, lat: 35.13206614, lon: 139.62430213, height: 75.8027 }, // GEONET 3040
  { id: 2, lat: LAT, lon: LON, height: 70 },
];
const rtklib = { program: '/usr/bin/rnx2rtkp', version: '2.4.3' };

describe('buildQc', () => {
  it('writes the QC objects of the epochs in the window and passes at 80 % fixed', () => {
    const all = epochs([1, 1, 1, 1, 2, 1, 1, 1, 5, 1, 1]);
    const qc = buildQc({
      epochs: all,
      device: device(T0, T0 + 240), // covers the first 9 epochs
      window: { startGps: T0, endGps: T0 + 270 }, // the first 10 epochs
      basestations,
      rtklib,
    });
    expect(qc.ambStatus).toEqual({
      kind: 'ambStatus',
      time: all.slice(0, 10).map((e) => e.time.toISOString()),
      q: [1, 1, 1, 1, 2, 1, 1, 1, 5, 1],
      status: ['fix', 'fix', 'fix', 'fix', 'float', 'fix', 'fix', 'fix', 'single', 'fix'],
    });
    expect(qc.ambStatus.time[0]).toBe('2005-04-02T00:00:17.000Z');
    expect(qc.numSats).toMatchObject({ kind: 'numSats', numSats: [7, 6, 7, 6, 7, 6, 7, 6, 7, 6] });
    expect(qc.altitudeSeparations.kind).toBe('altitudeSeparations');
    expect(qc.altitudeSeparations.separation.slice(0, 9)).toEqual(Array(9).fill(0.25));
    expect(qc.altitudeSeparations.separation[9]).toBeNull(); // after the device's last sample
    expect(qc.distanceSeparations.separation.slice(0, 9)).toEqual(Array(9).fill(1));
    expect(qc.distanceSeparations.separation[9]).toBeNull();
    const { audit } = qc;
    expect(audit).toMatchObject({
      kind: 'trajectoryAudit',
      epochs: 10,
      fixed: 8,
      float: 1,
      single: 1,
      fixedPercent: 80,
      floatPercent: 10,
      rmsAltitudeSeparation: 0.25,
      rmsDistanceSeparation: 1,
      meanDistanceSeparation: 1,
      thresholdPercent: PPK_MIN_FIXED_PERCENT,
      passed: true,
      reason: '80 % of 10 epochs fixed (at least 80 % needed)',
      rtklib: { ...rtklib, optionsVersion: 'asset-portal-ppk-1' },
    });
    // Epochs 2, 5, 8 come from base 2 (at the device, ~0 km); the others from 3040 (~3.3 km).
    expect(audit.basestations.map((b) => [b.id, b.epochs, b.fixed])).toEqual([
      [1, 7, 6],
      [2, 3, 2],
    ]);
    expect(audit.basestations[0]!.baselineKm).toBeCloseTo(3.34, 1);
    expect(audit.basestations[1]!.baselineKm).toBeCloseTo(0.001, 3);
    expect(audit.baselineKm).toBeCloseTo((7 * audit.basestations[0]!.baselineKm!) / 10, 2);
  });

  it('fails below 80 % fixed or below 5 fixed epochs, with the reason', () => {
    const input = { device: device(T0, T0 + 1000), basestations, rtklib };
    const low = buildQc({
      ...input,
      epochs: epochs([1, 1, 2, 2, 1, 1, 5, 1]),
      window: { startGps: T0, endGps: T0 + 1000 },
    }).audit;
    expect(low).toMatchObject({ epochs: 8, fixed: 5, fixedPercent: 62.5, passed: false });
    expect(low.reason).toBe('62.5 % of 8 epochs fixed; at least 80 % needed');
    const few = buildQc({
      ...input,
      epochs: epochs([1, 1, 1, 1]),
      window: { startGps: T0, endGps: T0 + 1000 },
    }).audit;
    expect(PPK_MIN_EPOCHS).toBe(5);
    expect(few.passed).toBe(false);
    expect(few.reason).toBe('100 % of 4 epochs fixed but only 4 fixed epochs; at least 5 needed');
    const none = buildQc({
      ...input,
      epochs: epochs([1, 1, 1, 1, 1, 1]),
      window: { startGps: T0 + 5000, endGps: T0 + 6000 },
    });
    expect(none.audit).toMatchObject({
      epochs: 0,
      passed: false,
      reason: 'No solution epoch within the session window',
      rmsAltitudeSeparation: null,
      baselineKm: null,
    });
    expect(none.ambStatus.time).toEqual([]);
  });
});
