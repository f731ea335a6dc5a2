import { open } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { geoKeyCrs, type LasCrsRecords, readLasCrsRecords } from './las-crs-records.ts';
import { readLasHeader } from './las-header.ts';
import { geoKeyDirectoryVlr } from './las-output-header.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);

async function recordsOf(name: string): Promise<LasCrsRecords> {
  const handle = await open(path.join(FIXTURES, name), 'r');
  try {
    return await readLasCrsRecords(handle, await readLasHeader(handle));
  } finally {
    await handle.close();
  }
}

/** A GeoKeyDirectory's bytes with one projected CS key of the given value. */
const keysFor = (code: number): Buffer => geoKeyDirectoryVlr(code, false).subarray(54);

describe("a LAS file's CRS records", () => {
  it('reads GeoTIFF keys naming an EPSG code with their citation', async () => {
    const records = await recordsOf('autzen-utm.las');
    expect(records).toMatchObject({ wkt: null, wktPreferred: false });
    expect(geoKeyCrs(records)).toEqual({ epsg: 26910, name: 'NAD83 / UTM zone 10N' });
  });

  it('reads user-defined keys as no code, named by their citation, beside the WKT', async () => {
    const records = await recordsOf('autzen_trim.las');
    expect(records.wktPreferred).toBe(false);
    expect(records.wkt).toMatch(/^PROJCS\["NAD_1983_HARN_Lambert_Conformal_Conic"/);
    expect(geoKeyCrs(records)).toEqual({
      epsg: null,
      name: 'NAD_1983_HARN_Lambert_Conformal_Conic',
    });
  });

  it("reads a LAS 1.4 header's WKT flag and both records", async () => {
    const records = await recordsOf('file_with_both_wkt_and_geotiff_vlrs.las');
    expect(records.wktPreferred).toBe(true);
    expect(records.wkt).toMatch(/^PROJCS\["NAD83_2011_Nebraska_ft"/);
    expect(geoKeyCrs(records)?.epsg).toBe(32104);
  });

  it('gives nothing for a file without CRS records', async () => {
    const records = await recordsOf('simple.laz');
    expect(records).toEqual({ geoKeys: null, geoAscii: null, wkt: null, wktPreferred: false });
    expect(geoKeyCrs(records)).toBeNull();
  });

  it('takes 0 and 32767 (user-defined) as no code, and survives a truncated directory', () => {
    const records = (geoKeys: Buffer): LasCrsRecords => ({
      geoKeys,
      geoAscii: null,
      wkt: null,
      wktPreferred: false,
    });
    expect(geoKeyCrs(records(keysFor(32767)))).toEqual({ epsg: null, name: null });
    expect(geoKeyCrs(records(keysFor(0)))).toEqual({ epsg: null, name: null });
    expect(geoKeyCrs(records(keysFor(32631)))?.epsg).toBe(32631);
    // The directory announces more keys than it holds: only whole entries are read.
    expect(geoKeyCrs(records(keysFor(32631).subarray(0, 12)))).toEqual({ epsg: null, name: null });
  });
});
