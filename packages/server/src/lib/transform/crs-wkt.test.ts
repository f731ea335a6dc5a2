import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { crsWktOfProj4, PROJINFO_MISSING_NOTE } from './crs-wkt.ts';

const haveProjinfo = spawnSync('projinfo', ['EPSG:4326']).error === undefined;
const previous = process.env.PROJINFO_PATH;
afterEach(() => {
  if (previous === undefined) delete process.env.PROJINFO_PATH;
  else process.env.PROJINFO_PATH = previous;
});

describe("a proj4 definition's WKT", () => {
  it.skipIf(!haveProjinfo && !process.env.CI)('is PROJ’s WKT1 of the CRS', async () => {
    const utm = await crsWktOfProj4('+proj=utm +zone=42 +datum=WGS84 +units=m +no_defs');
    expect(utm.note).toBeNull();
    expect(utm.wkt).toMatch(/^PROJCS\["unknown",GEOGCS\[.*DATUM\["WGS_1984"/);
    expect(utm.wkt).toContain('PARAMETER["central_meridian",69]');
    const geographic = await crsWktOfProj4('+proj=longlat +datum=WGS84 +type=crs');
    expect(geographic.wkt).toMatch(/^GEOGCS\[/);
  });

  it.skipIf(!haveProjinfo && !process.env.CI)(
    'is none, with PROJ’s reason, for a definition PROJ does not take',
    async () => {
      const result = await crsWktOfProj4('+proj=nosuchprojection +units=m');
      expect(result.wkt).toBeNull();
      expect(result.note).toMatch(
        /^PROJ could not write a WKT of the projection \(.*Unknown projection/,
      );
    },
  );

  it('is none for text that is not a proj4 definition, which never reaches projinfo', async () => {
    process.env.PROJINFO_PATH = path.join(import.meta.dirname, 'no-such-projinfo');
    const result = await crsWktOfProj4('--help');
    expect(result).toEqual({
      wkt: null,
      note: "'--help' is not a proj4 definition, so no WKT record was written",
    });
  });

  it('is none without projinfo, saying which package brings it', async () => {
    process.env.PROJINFO_PATH = path.join(import.meta.dirname, 'no-such-projinfo');
    expect(await crsWktOfProj4('+proj=utm +zone=42 +datum=WGS84')).toEqual({
      wkt: null,
      note: PROJINFO_MISSING_NOTE,
    });
  });
});
