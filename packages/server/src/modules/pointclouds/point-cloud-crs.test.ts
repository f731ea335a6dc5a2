import path from 'node:path';
import { epsgDefinition } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import type { LasCrsRecords } from '../../lib/las/las-crs-records.ts';
import { readLasFileHeader } from '../../lib/las/las-header.ts';
import { geoKeyDirectoryVlr } from '../../lib/las/las-output-header.ts';
import { declaredCloudCrs, proj4FromCrsRecords, proj4FromLasFile } from './point-cloud-crs.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);
const fixture = (name: string) => path.join(FIXTURES, name);

const ETRS89_UTM_31N_WKT =
  'PROJCS["ETRS89 / UTM zone 31N",GEOGCS["ETRS89",DATUM["European_Terrestrial_Reference_System_1989",SPHEROID["GRS 1980",6378137,298.257222101]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",3],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",0],UNIT["metre",1],AUTHORITY["EPSG","25831"]]';

const records = (
  code: number | null,
  wkt: string | null,
  wktPreferred: boolean,
): LasCrsRecords => ({
  geoKeys: code === null ? null : geoKeyDirectoryVlr(code, false).subarray(54),
  geoAscii: null,
  wkt,
  wktPreferred,
});

describe("a point cloud's CRS as a proj4 definition", () => {
  it("takes a file's GeoTIFF EPSG code through the portal's table", async () => {
    const file = fixture('autzen-utm.las');
    expect(await proj4FromLasFile(file, await readLasFileHeader(file))).toBe(epsgDefinition(26910));
  });

  it("takes a file's WKT when its keys are user-defined", async () => {
    const file = fixture('autzen_trim.las');
    expect(await proj4FromLasFile(file, await readLasFileHeader(file))).toMatch(
      /^PROJCS\["NAD_1983_HARN_Lambert_Conformal_Conic"/,
    );
  });

  it('gives none for a file without CRS records', async () => {
    const file = fixture('simple.laz');
    expect(await proj4FromLasFile(file, await readLasFileHeader(file))).toBeNull();
  });

  it('prefers the WKT when the header says it is the CRS, else the keys', () => {
    expect(proj4FromCrsRecords(records(32631, ETRS89_UTM_31N_WKT, true))).toBe(ETRS89_UTM_31N_WKT);
    expect(proj4FromCrsRecords(records(32631, ETRS89_UTM_31N_WKT, false))).toBe(
      epsgDefinition(32631),
    );
  });

  it('falls back to the other record when one is of no use', () => {
    // A code the portal does not know: the WKT.
    expect(proj4FromCrsRecords(records(32104, ETRS89_UTM_31N_WKT, false))).toBe(ETRS89_UTM_31N_WKT);
    // A WKT proj4 cannot read, preferred or not: the keys.
    expect(proj4FromCrsRecords(records(32631, 'GEOCCS["unnamed"]', true))).toBe(
      epsgDefinition(32631),
    );
    expect(proj4FromCrsRecords(records(null, 'not a CRS', true))).toBeNull();
  });
});

describe("a cloud version's declared CRS", () => {
  it("is a pipeline's output CRS before the scan's, and none when neither says", () => {
    const scan = { crs: 'EPSG:32631' };
    expect(declaredCloudCrs({ srs: 'EPSG:32630' }, scan)).toBe(epsgDefinition(32630));
    expect(declaredCloudCrs({ srs: '+proj=utm +zone=29 +datum=WGS84 +units=m' }, scan)).toBe(
      '+proj=utm +zone=29 +datum=WGS84 +units=m',
    );
    // A version made without a reprojection, or a package's cloud: the scan's.
    expect(declaredCloudCrs({ points: 10 }, scan)).toBe(epsgDefinition(32631));
    expect(declaredCloudCrs(null, scan)).toBe(epsgDefinition(32631));
    // An srs the portal cannot use is not taken for the scan's either way: the scan's stands.
    expect(declaredCloudCrs({ srs: 'EPSG:999999' }, scan)).toBe(epsgDefinition(32631));
    expect(declaredCloudCrs({}, null)).toBeNull();
    expect(declaredCloudCrs({ srs: 42 }, { crs: 7 })).toBeNull();
  });
});
