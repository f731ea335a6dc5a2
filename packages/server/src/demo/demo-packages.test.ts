import { describe, expect, it } from 'vitest';
import { siteForWindow } from '../device-packages/generator/gnss-sites.ts';
import { utcToGpsSeconds } from '../device-packages/gps-time.ts';
import { CUSTOMER_ORGANIZATION, DEMO_ASSIGNMENTS, DEMO_DEVICES } from './demo-catalog.ts';
import { DEMO_PACKAGES, demoPackageScanIds, demoPackageSessionId } from './demo-packages.ts';

/** The generator leaves 10 s between the scans of a session. */
const SCAN_GAP_SECONDS = 10;

function span(plan: (typeof DEMO_PACKAGES)[number]) {
  const start = new Date(plan.sessionStart);
  const seconds = plan.scans * plan.scanSeconds + (plan.scans - 1) * SCAN_GAP_SECONDS;
  return { start, end: new Date(start.getTime() + seconds * 1000) };
}

describe('demo package plans', () => {
  it('use devices of the customer organization', () => {
    for (const plan of DEMO_PACKAGES) {
      const device = DEMO_DEVICES.find((d) => d.id === plan.deviceId);
      expect(device?.organization).toBe(CUSTOMER_ORGANIZATION);
    }
  });

  it('lie inside a fixture RINEX window, so the generator can build them', () => {
    for (const plan of DEMO_PACKAGES) {
      const { start, end } = span(plan);
      expect(siteForWindow(utcToGpsSeconds(start), utcToGpsSeconds(end))).toBeDefined();
    }
  });

  it('lie inside a device assignment, so ingestion files them under a project', () => {
    for (const plan of DEMO_PACKAGES) {
      const { start, end } = span(plan);
      const covering = DEMO_ASSIGNMENTS.filter(
        (a) =>
          a.deviceId === plan.deviceId &&
          Date.parse(a.from) <= start.getTime() &&
          (a.to === null || Date.parse(a.to) >= end.getTime()),
      );
      expect(covering.map((a) => a.project)).toEqual(['paris']);
    }
  });

  it('never overlap in time on one device, and give scans ids of at most 26 characters', () => {
    const sorted = [...DEMO_PACKAGES].sort((a, b) => a.sessionStart.localeCompare(b.sessionStart));
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.deviceId !== sorted[i - 1]!.deviceId) continue;
      expect(span(sorted[i]!).start.getTime()).toBeGreaterThan(span(sorted[i - 1]!).end.getTime());
    }
    const ids = DEMO_PACKAGES.flatMap(demoPackageScanIds);
    expect(new Set(ids).size).toBe(ids.length);
    for (const plan of DEMO_PACKAGES) {
      expect(demoPackageSessionId(plan)).toMatch(/^LG\d{4}_\d{8}_\d{6}$/);
      for (const id of demoPackageScanIds(plan)) expect(id.length).toBeLessThanOrEqual(26);
    }
  });

  it('include sessions with and without camera images', () => {
    expect(new Set(DEMO_PACKAGES.map((plan) => plan.images))).toEqual(new Set([true, false]));
  });
});
