import { describe, expect, it } from 'vitest';
import { assertLuxlzFilesPresent, parseLuxizManifest, parseLuxlzManifest } from './manifest.ts';

const scan = {
  id: 'LG1001_20050402_000017_01',
  friendlyName: 'Scan 1',
  capturedStart: '2005-04-02T00:00:17Z',
  capturedEnd: '2005-04-02T00:02:17Z',
  pointCloud: 'scans/LG1001_20050402_000017_01/pointcloud.las',
  trajectory: 'scans/LG1001_20050402_000017_01/trajectory.csv',
  pointCount: 1000,
};
const valid = {
  formatVersion: 1,
  deviceId: 'LG-1001',
  sessionId: 'LG1001_20050402_000017',
  firmware: '3.2.1',
  scans: [scan],
  gnss: [{ path: 'gnss/07590920.05o', kind: 'observation' }],
};
const text = (value: unknown) => JSON.stringify(value);

describe('luxlz manifest', () => {
  it('accepts a valid manifest and keeps unknown fields', () => {
    const manifest = parseLuxlzManifest(text({ ...valid, extra: 1 }));
    expect(manifest.scans[0]!.id).toBe(scan.id);
    expect((manifest as Record<string, unknown>).extra).toBe(1);
  });

  it.each([
    [undefined, 'manifest.json is missing'],
    ['{', 'manifest.json is not valid JSON'],
    ['[]', 'manifest.json must hold a JSON object'],
    [text({ ...valid, formatVersion: undefined }), 'manifest.json has no formatVersion'],
    [text({ ...valid, formatVersion: 2 }), 'Unsupported package format version 2'],
    [text({ ...valid, deviceId: '' }), 'deviceId is missing'],
    [
      text({ ...valid, sessionId: 'S'.repeat(30) }),
      `Session id ${'S'.repeat(30)} is longer than 29 characters`,
    ],
    [
      text({ ...valid, scans: [{ ...scan, id: 'X'.repeat(27) }] }),
      `Scan id ${'X'.repeat(27)} is longer than 26 characters`,
    ],
    [text({ ...valid, scans: [{ ...scan, id: '../a' }] }), 'Scan id ../a may hold only'],
    [text({ ...valid, scans: [] }), 'The manifest lists no scans'],
    [
      text({ ...valid, scans: [{ ...scan, capturedStart: '2005-04-02 00:00' }] }),
      'capturedStart must be a UTC ISO 8601 date-time ending in Z',
    ],
    [
      text({ ...valid, scans: [{ ...scan, capturedEnd: '2005-04-01T00:00:00Z' }] }),
      'capturedEnd is before capturedStart',
    ],
    [text({ ...valid, scans: [scan, scan] }), `Scan id ${scan.id} appears twice`],
    [
      text({ ...valid, gnss: [{ path: 'gnss/a', kind: 'base' }] }),
      "gnss kind must be 'observation' or 'navigation'",
    ],
    [text({ ...valid, scans: [{ ...scan, pointCount: -1 }] }), 'manifest.json is invalid'],
  ])('rejects %s', (input, message) => {
    expect(() => parseLuxlzManifest(input as string | undefined)).toThrow(message);
  });

  it('checks that the named files are in the package', () => {
    const manifest = parseLuxlzManifest(text(valid));
    const all = new Set([scan.pointCloud, scan.trajectory, 'gnss/07590920.05o']);
    expect(() => assertLuxlzFilesPresent(manifest, all)).not.toThrow();
    const missing = new Set([scan.trajectory, 'gnss/07590920.05o']);
    expect(() => assertLuxlzFilesPresent(manifest, missing)).toThrow(
      `Scan ${scan.id}: point cloud ${scan.pointCloud} is not in the package`,
    );
    expect(() =>
      assertLuxlzFilesPresent(manifest, new Set([scan.pointCloud, scan.trajectory])),
    ).toThrow('GNSS file gnss/07590920.05o is not in the package');
  });
});

describe('luxiz manifest', () => {
  const luxiz = {
    formatVersion: 1,
    deviceId: 'LG-1001',
    sessionId: 'S1',
    scans: [{ id: 'S1_01' }],
  };
  it('accepts a valid manifest', () => {
    expect(parseLuxizManifest(text(luxiz)).scans).toHaveLength(1);
  });
  it('rejects a missing manifest and a newer version', () => {
    expect(() => parseLuxizManifest(undefined)).toThrow('manifest.json is missing');
    expect(() => parseLuxizManifest(text({ ...luxiz, formatVersion: 3 }))).toThrow(
      'Unsupported package format version 3',
    );
  });
});

describe('manifest bounds', () => {
  const base = () => structuredClone(valid) as unknown as Record<string, unknown>;
  const refused = (manifest: unknown) => () =>
    parseLuxlzManifest(typeof manifest === 'string' ? manifest : JSON.stringify(manifest));

  it('refuses session and device ids that are paths or markup', () => {
    for (const sessionId of ['../etc', 'a/b', '<b>x</b>', '..']) {
      expect(refused({ ...base(), sessionId })).toThrow(/Session id/);
    }
    expect(refused({ ...base(), deviceId: '<img src=x>' })).toThrow(/deviceId/);
  });

  it('refuses a scan name of 15 MB and names with control characters', () => {
    const manifest = base();
    const scans = manifest.scans as Record<string, unknown>[];
    scans[0]!.friendlyName = 'x'.repeat(201);
    expect(refused(manifest)).toThrow(/friendlyName is longer than 200/);
    scans[0]!.friendlyName = 'a\u0000b';
    expect(refused(manifest)).toThrow(/control characters/);
  });

  it('refuses a 5,000-deep field and an oversized manifest before parsing them', () => {
    const deep = `{"formatVersion":1,"x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(refused(deep)).toThrow(/nested deeper than 12/);
    const huge = JSON.stringify({ ...base(), padding: 'x'.repeat(1_100_000) });
    expect(refused(huge)).toThrow(/larger than/);
  });
});

describe('manifest bounds of generated packages', () => {
  it('accepts the generator note of a package made from the public fixtures', () => {
    const note =
      'generated from public fixtures (autzen_trim.las, 07590920.05o); trajectory and cloud moved to the GNSS site GSI GEONET 0759 (35.1609 N, 139.6138 E), GPS times shifted into its observation window; static session at the surveyed rover position, trajectory and clouds offset by 0.3,-0.2,0.25 m (E,N,U)';
    expect(() =>
      parseLuxlzManifest(JSON.stringify({ ...structuredClone(valid), generator: note })),
    ).not.toThrow();
  });
});
