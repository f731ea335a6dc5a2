import { open } from 'node:fs/promises';
import { fileCrs } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { type LasCrsRecords, readLasCrsRecords } from '../../lib/las/las-crs-records.ts';
import { readLasHeader } from '../../lib/las/las-header.ts';
import { geoKeyDirectoryVlr } from '../../lib/las/las-output-header.ts';
import { checkCrs } from './imported-scan-crs.ts';
import {
  LAMBERT_CLOUD,
  LAMBERT_WKT_CLOUD,
  NAD83_UTM_CLOUD,
  UTM_42N_CLOUD,
} from './imported-scan-test-kit.ts';

async function crsOf(file: string) {
  const handle = await open(file, 'r');
  try {
    return fileCrs(await readLasCrsRecords(handle, await readLasHeader(handle)));
  } finally {
    await handle.close();
  }
}

/** The GeoKeyDirectory of a projected CRS by EPSG code (the VLR less its 54-byte header). */
const geoKeyDirectory = (epsg: number): Buffer => geoKeyDirectoryVlr(epsg, false).subarray(54);

const wkt = (text: string): LasCrsRecords => ({
  geoKeys: null,
  geoAscii: null,
  wkt: text,
  wktPreferred: true,
});

describe('the CRS of an imported LAS file', () => {
  it('reads WGS 84 / UTM 42N and accepts it for 42N only', async () => {
    const crs = await crsOf(UTM_42N_CLOUD);
    expect(crs).toEqual({
      kind: 'utm',
      epsg: 32642,
      zone: 42,
      south: false,
      name: 'WGS 84 / UTM zone 42N',
    });
    expect(checkCrs(crs, '42N')).toMatchObject({ ok: true, epsg: 32642, declared: true });
    expect(checkCrs(crs, '42S')).toEqual({
      ok: false,
      message:
        "The file's CRS is WGS 84 / UTM zone 42N (EPSG:32642); the scan's UTM is 42S: set the scan's UTM to 42N, the zone of the file",
    });
    expect(checkCrs(crs, '41N').ok).toBe(false);
  });

  it("accepts NAD83 / UTM 10N for zone 10N and records the file's own code", async () => {
    const crs = await crsOf(NAD83_UTM_CLOUD);
    expect(crs).toEqual({
      kind: 'utm',
      epsg: 26910,
      zone: 10,
      south: false,
      name: 'NAD83 / UTM zone 10N',
    });
    expect(checkCrs(crs, '10N')).toEqual({
      ok: true,
      epsg: 26910,
      declared: true,
      message: "The file's CRS is NAD83 / UTM zone 10N (EPSG:26910)",
    });
    expect(checkCrs(crs, '11N')).toEqual({
      ok: false,
      message:
        "The file's CRS is NAD83 / UTM zone 10N (EPSG:26910); the scan's UTM is 11N: set the scan's UTM to 10N, the zone of the file",
    });
  });

  it('knows UTM on other datums by their EPSG codes, and refuses codes it does not know', () => {
    const keys = (code: number): LasCrsRecords => ({
      geoKeys: geoKeyDirectory(code),
      geoAscii: null,
      wkt: null,
      wktPreferred: false,
    });
    // NAD83(CSRS), NAD83(2011), NAD83(HARN), ETRS89, GDA2020: zones as PROJ's database names them.
    expect(fileCrs(keys(3157))).toEqual({
      kind: 'utm',
      epsg: 3157,
      zone: 10,
      south: false,
      name: 'NAD83(CSRS) / UTM zone 10N',
    });
    expect(fileCrs(keys(6339))).toMatchObject({ kind: 'utm', zone: 10, south: false });
    expect(fileCrs(keys(3740))).toMatchObject({ kind: 'utm', zone: 10, south: false });
    expect(fileCrs(keys(25832))).toMatchObject({ kind: 'utm', zone: 32, south: false });
    expect(fileCrs(keys(7855))).toMatchObject({
      kind: 'utm',
      zone: 55,
      south: true,
      name: 'GDA2020 / MGA zone 55',
    });
    expect(checkCrs(fileCrs(keys(3157)), '10N')).toMatchObject({ ok: true, epsg: 3157 });
    expect(checkCrs(fileCrs(keys(7855)), '55N').ok).toBe(false);
    // EPSG:2193, New Zealand Transverse Mercator: not UTM.
    expect(fileCrs(keys(2193))).toEqual({ kind: 'other', name: 'EPSG:2193' });
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
    ).toMatchObject({ kind: 'utm', epsg: 32733, zone: 33, south: true });
    expect(
      fileCrs(wkt('PROJCS["UTM zone 42N",GEOGCS["WGS 84",DATUM["WGS_1984"]],UNIT["metre",1]]')),
    ).toMatchObject({ kind: 'utm', epsg: 32642, zone: 42, south: false });
    expect(
      fileCrs(wkt('PROJCS["ETRS89 / UTM zone 32N",GEOGCS["ETRS89",DATUM["ETRS_1989"]]]')),
    ).toEqual({ kind: 'other', name: 'ETRS89 / UTM zone 32N' });
    expect(fileCrs(wkt('GEOGCS["WGS 84",DATUM["WGS_1984"]]'))).toEqual({
      kind: 'other',
      name: 'WGS 84',
    });
  });

  it('reads UTM on NAD83 and ETRS89 from WKT without an authority, as ESRI writes it', () => {
    const esri = (projcs: string, datum: string) =>
      wkt(
        `PROJCS["${projcs}",GEOGCS["GCS",DATUM["${datum}",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],UNIT["Meter",1.0]]`,
      );
    expect(fileCrs(esri('NAD_1983_UTM_Zone_10N', 'D_North_American_1983'))).toEqual({
      kind: 'utm',
      epsg: 26910,
      zone: 10,
      south: false,
      name: 'NAD_1983_UTM_Zone_10N',
    });
    expect(fileCrs(esri('ETRS_1989_UTM_Zone_32N', 'D_ETRS_1989'))).toMatchObject({
      kind: 'utm',
      epsg: 25832,
    });
    expect(fileCrs(esri('WGS_1984_UTM_Zone_33S', 'D_WGS_1984'))).toMatchObject({
      kind: 'utm',
      epsg: 32733,
    });
    // A realization is not plain NAD83 (without its code it stays unknown), and NAD83 has no
    // southern zones nor any past 23.
    expect(fileCrs(esri('NAD_1983_CSRS_UTM_Zone_10N', 'D_North_American_1983_CSRS'))).toEqual({
      kind: 'other',
      name: 'NAD_1983_CSRS_UTM_Zone_10N',
    });
    expect(fileCrs(esri('NAD_1983_UTM_Zone_10S', 'D_North_American_1983')).kind).toBe('other');
    expect(fileCrs(esri('NAD_1983_UTM_Zone_24N', 'D_North_American_1983')).kind).toBe('other');
  });

  it('trusts the UTM given when the file has no CRS records, and says so', () => {
    const check = checkCrs({ kind: 'none' }, '12S');
    expect(check).toMatchObject({ ok: true, epsg: 32712, declared: false });
    expect(check.message).toMatch(
      /no CRS records: its coordinates are taken as WGS 84 \/ UTM zone 12S \(EPSG:32712\)/,
    );
    expect(checkCrs({ kind: 'none' }, 'bad').ok).toBe(false);
  });
});
