import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  crsWkt,
  lasCrsOf,
  PROJINFO_MISSING_NOTE,
  projinfoFailure,
  withCrsNote,
} from './crs-wkt.ts';

const haveProjinfo = spawnSync('projinfo', ['EPSG:4326']).error === undefined;
const previous = process.env.PROJINFO_PATH;
afterEach(() => {
  if (previous === undefined) delete process.env.PROJINFO_PATH;
  else process.env.PROJINFO_PATH = previous;
});

describe("a coordinate system's WKT", () => {
  it.skipIf(!haveProjinfo && !process.env.CI)('is PROJ’s WKT1 of the CRS', async () => {
    const utm = await crsWkt('+proj=utm +zone=42 +datum=WGS84 +units=m +no_defs');
    expect(utm.note).toBeNull();
    expect(utm.wkt).toMatch(/^PROJCS\["unknown",GEOGCS\[.*DATUM\["WGS_1984"/);
    expect(utm.wkt).toContain('PARAMETER["central_meridian",69]');
    const geographic = await crsWkt('+proj=longlat +datum=WGS84 +type=crs');
    expect(geographic.wkt).toMatch(/^GEOGCS\[/);
    // An EPSG code keeps its name; a WKT2 comes back as WKT1.
    const named = await crsWkt('epsg:32610');
    expect(named.wkt).toMatch(/^PROJCS\["WGS 84 \/ UTM zone 10N"/);
    const wkt2 =
      'GEOGCRS["WGS 84",DATUM["World Geodetic System 1984",ELLIPSOID["WGS 84",6378137,298.257223563]],CS[ellipsoidal,2],AXIS["latitude",north],AXIS["longitude",east],ANGLEUNIT["degree",0.0174532925199433]]';
    expect((await crsWkt(wkt2)).wkt).toMatch(/^GEOGCS\["WGS 84"/);
  });

  it.skipIf(!haveProjinfo && !process.env.CI)(
    'is none, with PROJ’s reason, for a definition PROJ does not take',
    async () => {
      const result = await crsWkt('+proj=nosuchprojection +units=m');
      expect(result.wkt).toBeNull();
      expect(result.note).toMatch(
        /^PROJ could not write a WKT of the coordinate system \(.*Unknown projection/,
      );
    },
  );

  it('is none for text that is not a proj4 definition, which never reaches projinfo', async () => {
    process.env.PROJINFO_PATH = path.join(import.meta.dirname, 'no-such-projinfo');
    const result = await crsWkt('--help');
    expect(result).toEqual({
      wkt: null,
      note: "'--help' is neither an EPSG code, a proj4 definition nor a WKT, so no WKT record was written",
    });
  });

  it('is none without projinfo, saying which package brings it', async () => {
    process.env.PROJINFO_PATH = path.join(import.meta.dirname, 'no-such-projinfo');
    expect(await crsWkt('+proj=utm +zone=42 +datum=WGS84')).toEqual({
      wkt: null,
      note: PROJINFO_MISSING_NOTE,
    });
  });
});

describe("projinfo's failure as users read it", () => {
  it("keeps PROJ's first line with paths cut to file names, never the command line", () => {
    const failure = Object.assign(
      new Error('Command failed: /opt/proj/bin/projinfo -o WKT1_GDAL'),
      {
        code: 1,
        stderr:
          'proj_create: cannot open /srv/worker-7/grids/ca_nrc_NA83SCRS.tif: No such file\nsecond line\n',
      },
    );
    expect(projinfoFailure(failure)).toBe(
      'proj_create: cannot open ca_nrc_NA83SCRS.tif: No such file',
    );
    expect(projinfoFailure(Object.assign(new Error('x'), { killed: true }))).toBe(
      'it took longer than 10 s',
    );
    expect(
      projinfoFailure(Object.assign(new Error('Command failed: /x/projinfo'), { code: 3 })),
    ).toBe('exit code 3');
    expect(projinfoFailure({ stderr: `${'e'.repeat(300)}` })).toHaveLength(200);
  });

  it("ends a job's message with the note as its last sentence", () => {
    expect(withCrsNote('Published scan S1 to s3://b/p', null)).toBe(
      'Published scan S1 to s3://b/p',
    );
    expect(withCrsNote('Published scan S1 to s3://b/p', 'no WKT')).toBe(
      'Published scan S1 to s3://b/p. Note: no WKT.',
    );
  });
});

describe('the CRS records of a LAS file', () => {
  it.skipIf(!haveProjinfo && !process.env.CI)(
    'name a definition that is one known code by that code, with its WKT',
    async () => {
      const lambert93 = await lasCrsOf(
        '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
      );
      expect(lambert93.epsg).toBe(2154);
      expect(lambert93.wkt).toMatch(/^PROJCS\["RGF93 v1 \/ Lambert-93"/);
      // NAD83(CSRS), NAD83(2011), … share this definition: no code, the parameters' WKT.
      const shared = await lasCrsOf(
        '+proj=utm +zone=10 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m',
      );
      expect(shared.epsg).toBeNull();
      expect(shared.wkt).toMatch(/^PROJCS\["unknown"/);
      expect(await lasCrsOf('EPSG:32610')).toMatchObject({ epsg: 32610, note: null });
    },
  );
});
