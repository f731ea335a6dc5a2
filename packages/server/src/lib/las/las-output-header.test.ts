import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { geoKeyCrs, type LasCrsRecords, readLasCrsRecords } from './las-crs-records.ts';
import { type LasHeader, readLasHeader } from './las-header.ts';
import { type LasProjectionReplacement, layoutLasOutput } from './las-output-header.ts';
import { readEvlrBytes, readLasPreambleForCopy } from './las-rewrite.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);
const WKT =
  'PROJCS["unknown",GEOGCS["unknown",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["central_meridian",69],UNIT["metre",1]]';

const dir = await mkdtemp(path.join(os.tmpdir(), 'las-output-header-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The fixture's preamble laid out again with the projection replaced, read back as a file. */
async function relaid(
  fixture: string,
  minorVersion: number,
  projection: LasProjectionReplacement,
): Promise<{ header: LasHeader; records: LasCrsRecords }> {
  const source = await open(path.join(FIXTURES, fixture), 'r');
  let layout: ReturnType<typeof layoutLasOutput>;
  try {
    const header = await readLasHeader(source);
    const preamble = await readLasPreambleForCopy(source, header);
    const evlrs = await readEvlrBytes(source, header);
    layout = layoutLasOutput(header, preamble, evlrs, {
      minorVersion,
      scale: header.scale,
      offset: header.offset,
      projection,
    });
  } finally {
    await source.close();
  }
  // Header and records only: the counts stay those of the source, no point follows.
  const file = path.join(dir, `${fixture}-${minorVersion}-${Math.random()}.las`);
  await writeFile(file, layout.preamble);
  const handle = await open(file, 'r');
  try {
    const header = await readLasHeader(handle);
    return { header, records: await readLasCrsRecords(handle, header) };
  } finally {
    await handle.close();
  }
}

describe('the coordinate system of a rewritten LAS file', () => {
  it('before LAS 1.4: the EPSG code as GeoTIFF keys and the WKT record beside them', async () => {
    // autzen_trim.las holds user-defined keys, their citation and a WKT: all replaced.
    const { header, records } = await relaid('autzen_trim.las', 2, {
      epsg: 32642,
      geographic: false,
      wkt: WKT,
    });
    expect(records.wkt).toBe(WKT);
    expect(records.wktPreferred).toBe(false);
    expect(geoKeyCrs(records)).toEqual({ epsg: 32642, name: null });
    const projection = header.vlrs.filter((vlr) => vlr.userId === 'LASF_Projection');
    expect(projection.map((vlr) => vlr.recordId).sort()).toEqual([2112, 34735]);
  });

  it('in LAS 1.4: one kind, the keys of a known code for formats 0–5, else the WKT', async () => {
    // autzen_trim_7.las holds point format 7, which names its CRS by WKT only.
    const format7 = await relaid('autzen_trim_7.las', 4, {
      epsg: 32642,
      geographic: false,
      wkt: WKT,
    });
    expect(format7.header.pointFormat).toBe(7);
    expect(format7.records).toMatchObject({ wkt: WKT, wktPreferred: true, geoKeys: null });
    const legacy = await relaid('autzen_trim.las', 4, { epsg: 32642, geographic: false, wkt: WKT });
    expect(legacy.records).toMatchObject({ wkt: null, wktPreferred: false });
    expect(geoKeyCrs(legacy.records)?.epsg).toBe(32642);
    const unknown = await relaid('autzen_trim.las', 4, { epsg: null, geographic: false, wkt: WKT });
    expect(unknown.records).toMatchObject({ wkt: WKT, wktPreferred: true, geoKeys: null });
  });

  it('without a WKT: the keys of a known code, or no CRS record at all', async () => {
    const known = await relaid('file_with_both_wkt_and_geotiff_vlrs.las', 4, {
      epsg: 4326,
      geographic: true,
    });
    expect(known.records).toMatchObject({ wkt: null, wktPreferred: false });
    expect(geoKeyCrs(known.records)?.epsg).toBe(null); // geographic: no projected CS key
    expect(known.records.geoKeys).not.toBeNull();
    const none = await relaid('autzen-utm.las', 2, { epsg: null, geographic: false, wkt: null });
    expect(none.records).toEqual({ geoKeys: null, geoAscii: null, wkt: null, wktPreferred: false });
  });
});
