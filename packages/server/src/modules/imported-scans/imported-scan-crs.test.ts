import { open } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readLasHeader } from '../../lib/las/las-header.ts';
import { type CrsRecords, checkCrs, fileCrs, readCrsRecords } from './imported-scan-crs.ts';
import {
  LAMBERT_CLOUD,
  LAMBERT_WKT_CLOUD,
  NAD83_UTM_CLOUD,
  UTM_42N_CLOUD,
} from './imported-scan-test-kit.ts';

async function crsOf(file: string) {
  const handle = await open(file, 'r');
  try {
    return fileCrs(await readCrsRecords(handle, await readLasHeader(handle)));
  } finally {
    await handle.close();
  }
}

const wkt = (text: string): CrsRecords => ({
  geoKeys: null,
  geoAscii: null,
  wkt: text,
  wktPreferred: true,
});

describe('the CRS of an imported LAS file', () => {
  it('reads WGS 84 / UTM 42N and accepts it for 42N only', async () => {
    const crs = await crsOf(UTM_42N_CLOUD);
    expect(crs).toEqual({
      kind: 'wgs84-utm',
      zone: 42,
      south: false,
      name: 'WGS 84 / UTM zone 42N',
    });
    expect(checkCrs(crs, '42N')).toMatchObject({ ok: true, epsg: 32642, declared: true });
    expect(checkCrs(crs, '42S')).toEqual({
      ok: false,
      message:
        "The file's CRS is WGS 84 / UTM zone 42N; the scan's UTM is 42S (WGS 84 / UTM expected)",
    });
    expect(checkCrs(crs, '41N').ok).toBe(false);
  });

  it('refuses NAD83 / UTM 10N even for zone 10N: the datum is not WGS 84', async () => {
    const crs = await crsOf(NAD83_UTM_CLOUD);
    expect(crs).toEqual({ kind: 'other', name: 'NAD83 / UTM zone 10N (EPSG:26910)' });
    expect(checkCrs(crs, '10N')).toEqual({
      ok: false,
      message:
        "The file's CRS is NAD83 / UTM zone 10N (EPSG:26910); the scan's UTM is 10N (WGS 84 / UTM expected)",
    });
  });

  it('refuses Oregon Lambert, from GeoTIFF keys or from WKT alone', async () => {
    for (const file of [LAMBERT_CLOUD, LAMBERT_WKT_CLOUD]) {
      const crs = await crsOf(file);
      expect(crs).toEqual({ kind: 'other', name: 'NAD_1983_HARN_Lambert_Conformal_Conic' });
      expect(checkCrs(crs, '10N').ok).toBe(false);
    }
  });

  it('reads UTM from WKT by authority, or by name and WGS 84 datum', () => {
    expect(
      fileCrs(wkt('PROJCS["WGS 84 / UTM zone 33S",GEOGCS["WGS 84"],AUTHORITY["EPSG","32733"]]')),
    ).toMatchObject({ kind: 'wgs84-utm', zone: 33, south: true });
    expect(
      fileCrs(wkt('PROJCS["UTM zone 42N",GEOGCS["WGS 84",DATUM["WGS_1984"]],UNIT["metre",1]]')),
    ).toMatchObject({ kind: 'wgs84-utm', zone: 42, south: false });
    expect(
      fileCrs(wkt('PROJCS["ETRS89 / UTM zone 32N",GEOGCS["ETRS89",DATUM["ETRS_1989"]]]')),
    ).toEqual({ kind: 'other', name: 'ETRS89 / UTM zone 32N' });
    expect(fileCrs(wkt('GEOGCS["WGS 84",DATUM["WGS_1984"]]'))).toEqual({
      kind: 'other',
      name: 'WGS 84',
    });
  });

  it('trusts the UTM given when the file has no CRS records, and says so', () => {
    const check = checkCrs({ kind: 'none' }, '12S');
    expect(check).toMatchObject({ ok: true, epsg: 32712, declared: false });
    expect(check.message).toMatch(/no CRS records/);
    expect(checkCrs({ kind: 'none' }, 'bad').ok).toBe(false);
  });
});
