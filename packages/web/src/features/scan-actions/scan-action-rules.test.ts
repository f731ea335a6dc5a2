import { describe, expect, it } from 'vitest';
import {
  boundingBoxOf,
  cloudCrsOf,
  DEFAULT_Z_RANGE,
  type FocusedScan,
  headerChanges,
  headerFormOf,
  pointcloudVersions,
  SCAN_ACTION_TEXTS,
  scanActionAccess,
  shownVersion,
  tagChoices,
  zRangeOf,
} from './scan-action-rules.ts';

const UTM_10N = '+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs';

function scan(overrides: Partial<FocusedScan> = {}): FocusedScan {
  return {
    id: 'S1',
    friendlyName: 'Main street',
    comment: null,
    tags: ['QA - OK'],
    defaultVersion: 'ppk-run-3',
    sessionId: 'session-1',
    projectId: '1',
    metadata: { crs: UTM_10N },
    artifacts: [
      { id: '1', artifactType: 'pointcloud', name: 'unclassified', status: 'provisional' },
      { id: '2', artifactType: 'trajectory', name: 'trajectory', status: 'provisional' },
      {
        id: '3',
        artifactType: 'pointcloud',
        name: 'ppk-run-3',
        status: 'final',
        parameters: { lod: { bounds: { min: [0, 0, 12.5], max: [10, 10, 48.25] }, crs: UTM_10N } },
      },
    ],
    ...overrides,
  };
}

describe('scanActionAccess', () => {
  it('gives Admins and Power Users every action, Publish only with buckets', () => {
    for (const userType of ['Admin', 'Power User'] as const) {
      expect(scanActionAccess(userType, true)).toEqual({
        download: true,
        chooseVersion: true,
        editHeader: true,
        delete: true,
        process: true,
        publish: true,
        boundingBox: true,
      });
      expect(scanActionAccess(userType, false).publish).toBe(false);
    }
  });

  it('lets a Standard user only download', () => {
    const access = scanActionAccess('Standard', true);
    expect(Object.entries(access).filter(([, allowed]) => allowed)).toEqual([['download', true]]);
  });

  it('gives nothing without a user', () => {
    expect(Object.values(scanActionAccess(null, true)).some(Boolean)).toBe(false);
  });
});

describe('versions', () => {
  it('offers the pointcloud artifacts only', () => {
    expect(pointcloudVersions(scan().artifacts).map((a) => a.name)).toEqual([
      'unclassified',
      'ppk-run-3',
    ]);
  });

  it('shows the default version, else the first cloud as the server streams it', () => {
    expect(shownVersion(scan())).toBe('ppk-run-3');
    expect(shownVersion(scan({ defaultVersion: null }))).toBe('unclassified');
    expect(shownVersion(scan({ defaultVersion: 'gone' }))).toBe('unclassified');
    expect(shownVersion(scan({ artifacts: [] }))).toBeNull();
  });
});

describe('header changes', () => {
  it('sends only the fields that changed, trimmed', () => {
    const before = scan();
    const form = { ...headerFormOf(before), friendlyName: '  Main street east ' };
    expect(headerChanges(before, form)).toEqual({ friendlyName: 'Main street east' });
    expect(headerChanges(before, headerFormOf(before))).toEqual({});
    expect(
      headerChanges(before, {
        ...headerFormOf(before),
        comment: 'checked',
        tags: ['QA - Issue/Poor'],
        defaultVersion: 'unclassified',
      }),
    ).toEqual({ comment: 'checked', tags: ['QA - Issue/Poor'], defaultVersion: 'unclassified' });
  });

  it('keeps the scan tags among the choices when the project dropped them', () => {
    expect(tagChoices(['QA - OK', 'Night'], ['Legacy', 'QA - OK'])).toEqual([
      'QA - OK',
      'Night',
      'Legacy',
    ]);
  });
});

describe('bounding box', () => {
  it('takes the heights of the version cloud, else wide defaults', () => {
    expect(zRangeOf(scan(), 'ppk-run-3')).toEqual({ minz: 12.5, maxz: 48.25 });
    expect(zRangeOf(scan(), 'unclassified')).toEqual(DEFAULT_Z_RANGE);
  });

  it('uses the cloud CRS of the build, else the scan metadata', () => {
    expect(cloudCrsOf(scan(), 'ppk-run-3')).toBe(UTM_10N);
    expect(cloudCrsOf(scan({ metadata: { crs: 'EPSG:32610' } }), 'unclassified')).toBe(
      'EPSG:32610',
    );
    expect(cloudCrsOf(scan({ metadata: null }), 'unclassified')).toBeNull();
  });

  it('projects the drawn rectangle into the cloud coordinates', () => {
    // Around 123°W 45°N: UTM zone 10 easting ~500 km, northing ~4983 km.
    const box = boundingBoxOf(
      [
        [-122.999, 45.001],
        [-123.001, 44.999],
      ],
      UTM_10N,
      { minz: 1, maxz: 2 },
    );
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.minx).toBeGreaterThan(499_800);
    expect(box.maxx).toBeLessThan(500_200);
    expect(box.maxx - box.minx).toBeCloseTo(157.6, 0);
    expect(box.maxy - box.miny).toBeCloseTo(222.2, 0);
    expect(box.miny).toBeGreaterThan(4_982_000);
    expect([box.minz, box.maxz]).toEqual([1, 2]);
  });

  it('stays in lon/lat without a CRS and refuses a flat rectangle', () => {
    expect(
      boundingBoxOf(
        [
          [2, 49],
          [1, 48],
        ],
        null,
        DEFAULT_Z_RANGE,
      ),
    ).toEqual({ minx: 1, miny: 48, minz: -10_000, maxx: 2, maxy: 49, maxz: 10_000 });
    expect(
      boundingBoxOf(
        [
          [1, 48],
          [1, 49],
        ],
        null,
        DEFAULT_Z_RANGE,
      ),
    ).toBeNull();
  });
});

describe('texts', () => {
  it('asks for the deletion like the other delete confirms', () => {
    expect(SCAN_ACTION_TEXTS.confirmDeletionTitle).toBe('Confirm Scan Deletion');
    expect(SCAN_ACTION_TEXTS.confirmDeletion('S1')).toBe(
      "Are you sure you want to delete scan 'S1'?",
    );
  });
});
