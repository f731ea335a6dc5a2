import { emptyHelmert, type HelmertParameters } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import {
  hasHelmertRates,
  helmertAtEpoch,
  helmertProjString,
  helmertTransform,
  ITRF2008_TO_NAD83_CSRS,
  projectHelmert,
} from './helmert.ts';

const MAS = Math.PI / (180 * 3600 * 1000);

const params = (values: Partial<HelmertParameters>): HelmertParameters => ({
  ...emptyHelmert(),
  name: 'test',
  ...values,
});

describe('Helmert transformation', () => {
  it('evaluates the parameters at an epoch: p + dp·(t − reference year), in SI units', () => {
    const p = params({ Dx: 1, d_Dx: 0.01, Rz: 10, d_Rz: 1, M: 2, d_M: -0.5, reference_year: 2010 });
    const h = helmertAtEpoch(p, 2020);
    expect(h.tx).toBeCloseTo(1.1, 12);
    expect(h.rz).toBeCloseTo(20 * MAS, 18);
    expect(h.scale).toBeCloseTo(-3e-9, 18);
    // Without an epoch: the values at the reference epoch.
    expect(helmertAtEpoch(p).tx).toBe(1);
  });

  it('translates and scales', () => {
    const shift = helmertTransform(helmertAtEpoch(params({ Dx: 1, Dy: -2, Dz: 3, M: 1000 })));
    const [x, y, z] = shift(6_000_000, 0, 1_000_000);
    // 1000 ppb = 1e-6: +6 m on x and +1 m on z.
    expect(x).toBeCloseTo(6_000_007, 6);
    expect(y).toBeCloseTo(-2, 6);
    expect(z).toBeCloseTo(1_000_004, 6);
  });

  it('rotates by the position-vector convention, the coordinate frame one the other way', () => {
    // 1 arc-second about z: a point on the x axis moves by r·θ towards +y (position vector).
    const h = helmertAtEpoch(params({ Rz: 1000 }));
    const theta = 1000 * MAS;
    const [, yPv] = helmertTransform(h, 'position_vector')(6_378_137, 0, 0);
    const [, yCf] = helmertTransform(h, 'coordinate_frame')(6_378_137, 0, 0);
    expect(yPv).toBeCloseTo(6_378_137 * theta, 9); // 30.92 m
    expect(yCf).toBeCloseTo(-6_378_137 * theta, 9);
  });

  it('applies the NRCan ITRF2008 → NAD83(CSRS) example at its reference epoch and later', () => {
    // A point near Ottawa: X, Y, Z of 45.4°N, 75.7°W, h 100 m (hand-built from the formula).
    const [X, Y, Z] = [1_108_000, -4_372_000, 4_516_000];
    const at2010 = projectHelmert(ITRF2008_TO_NAD83_CSRS, 2010)!;
    const p = ITRF2008_TO_NAD83_CSRS;
    const [rx, ry, rz, s] = [p.Rx * MAS, p.Ry * MAS, p.Rz * MAS, p.M * 1e-9];
    const expected = [
      p.Dx + (1 + s) * (X - rz * Y + ry * Z),
      p.Dy + (1 + s) * (rz * X + Y - rx * Z),
      p.Dz + (1 + s) * (-ry * X + rx * Y + Z),
    ];
    const result = at2010(X, Y, Z);
    for (let i = 0; i < 3; i++) expect(result[i]).toBeCloseTo(expected[i]!, 9);
    // The shift is about 1.5–2 m at this place, the usual size of ITRF − NAD83(CSRS).
    expect(Math.hypot(result[0] - X, result[1] - Y, result[2] - Z)).toBeGreaterThan(1);
    expect(Math.hypot(result[0] - X, result[1] - Y, result[2] - Z)).toBeLessThan(2.5);
    // The rates follow the North American plate, about 1.9 cm a year here: 14.5 years later the
    // same ITRF position lands about 27 cm away.
    const later = projectHelmert(ITRF2008_TO_NAD83_CSRS, 2024.5)!(X, Y, Z);
    const moved = Math.hypot(later[0] - result[0], later[1] - result[1], later[2] - result[2]);
    expect(moved / 14.5).toBeGreaterThan(0.015);
    expect(moved / 14.5).toBeLessThan(0.022);
  });

  it('treats empty parameters as no transform and knows when rates need an epoch', () => {
    expect(projectHelmert(emptyHelmert(), 2020)).toBeNull();
    expect(hasHelmertRates(ITRF2008_TO_NAD83_CSRS)).toBe(true);
    expect(hasHelmertRates(params({ Dx: 1 }))).toBe(false);
  });

  it("writes PROJ's helmert step with arc-seconds and ppm", () => {
    const text = helmertProjString(ITRF2008_TO_NAD83_CSRS);
    expect(text).toContain('+rx=-0.02678138');
    expect(text).toContain('+s=0.00038891');
    expect(text).toContain('+ds=-0.00010201');
    expect(text).toContain('+t_epoch=2010');
    expect(text).toContain('+convention=position_vector');
  });
});
