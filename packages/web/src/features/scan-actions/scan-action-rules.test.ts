import { describe, expect, it } from 'vitest';
import {
  boundingBoxLabel,
  boundingBoxOf,
  boxUnits,
  cloudCrsOf,
  DEFAULT_Z_RANGE,
  describeBoundingBox,
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

describe("the box's units", () => {
  const box = {
    minx: 499_912.25,
    maxx: 500_070,
    miny: 4_982_800,
    maxy: 4_983_022.2,
    minz: 12.5,
    maxz: 48.25,
  };

  it("says the cloud CRS's linear unit after the sizes and the heights", () => {
    expect(boundingBoxLabel(box, boxUnits(UTM_10N))).toBe('Box 157.8 × 222.2 m, z 12.5 – 48.3 m');
    expect(describeBoundingBox(box, boxUnits(UTM_10N))).toBe(
      'x 499912.3 – 500070.0 m, y 4982800.0 – 4983022.2 m, z 12.5 – 48.3 m',
    );
    const oregonFeet =
      '+proj=lcc +lat_0=41.75 +lon_0=-120.5 +lat_1=43 +lat_2=45.5 +x_0=400000 +y_0=0 +ellps=GRS80 +units=ft +no_defs';
    expect(boxUnits(oregonFeet)).toEqual({ horizontal: 'ft', vertical: 'ft', decimals: 1 });
    expect(boxUnits(oregonFeet.replace('+units=ft', '+units=us-ft')).horizontal).toBe('US ft');
    // A unit without a short name is not guessed.
    expect(boxUnits(`${UTM_10N.replace(' +units=m', '')} +to_meter=0.201168`).horizontal).toBe('');
  });

  it('gives degrees with enough decimals without a CRS or in a lon/lat one, and no unit to the heights', () => {
    const geographic = { horizontal: '°', vertical: '', decimals: 5 };
    expect(boxUnits('+proj=longlat +datum=WGS84 +no_defs')).toEqual(geographic);
    expect(
      boxUnits(
        'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]]',
      ),
    ).toEqual(geographic);
    const lonLat = { minx: 2.35, maxx: 2.35123, miny: 48.85, maxy: 48.85089, minz: 1, maxz: 2 };
    expect(boundingBoxLabel(lonLat, boxUnits(null))).toBe('Box 0.00123 × 0.00089°, z 1.0 – 2.0');
    expect(describeBoundingBox(lonLat, boxUnits(null))).toBe(
      'x 2.35000 – 2.35123°, y 48.85000 – 48.85089°, z 1.0 – 2.0',
    );
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
