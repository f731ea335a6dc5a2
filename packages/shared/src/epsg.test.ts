import { describe, expect, it } from 'vitest';
import { epsgDefinition, epsgOfDefinition, epsgUtmZone } from './epsg.ts';

// Zones as PROJ's database names them (`projinfo EPSG:<code>`, PROJ 9.1, 2026-11-29).
const UTM_CODES: [code: number, zone: number, south: boolean, crs: string][] = [
  [32601, 1, false, 'WGS 84 / UTM zone 1N'],
  [32760, 60, true, 'WGS 84 / UTM zone 60S'],
  [26910, 10, false, 'NAD83 / UTM zone 10N'],
  [26923, 23, false, 'NAD83 / UTM zone 23N'],
  [3154, 7, false, 'NAD83(CSRS) / UTM zone 7N'],
  [3157, 10, false, 'NAD83(CSRS) / UTM zone 10N'],
  [2955, 11, false, 'NAD83(CSRS) / UTM zone 11N'],
  [2962, 21, false, 'NAD83(CSRS) / UTM zone 21N'],
  [9713, 24, false, 'NAD83(CSRS) / UTM zone 24N'],
  [6328, 59, false, 'NAD83(2011) / UTM zone 59N'],
  [6329, 60, false, 'NAD83(2011) / UTM zone 60N'],
  [6330, 1, false, 'NAD83(2011) / UTM zone 1N'],
  [6339, 10, false, 'NAD83(2011) / UTM zone 10N'],
  [6348, 19, false, 'NAD83(2011) / UTM zone 19N'],
  [3740, 10, false, 'NAD83(HARN) / UTM zone 10N'],
  [3749, 19, false, 'NAD83(HARN) / UTM zone 19N'],
  [3750, 4, false, 'NAD83(HARN) / UTM zone 4N'],
  [3751, 5, false, 'NAD83(HARN) / UTM zone 5N'],
  [25828, 28, false, 'ETRS89 / UTM zone 28N'],
  [25838, 38, false, 'ETRS89 / UTM zone 38N'],
  [28348, 48, true, 'GDA94 / MGA zone 48'],
  [7846, 46, true, 'GDA2020 / MGA zone 46'],
  [7859, 59, true, 'GDA2020 / MGA zone 59'],
];

describe('EPSG codes the portal knows', () => {
  it.each(UTM_CODES)('EPSG:%i is UTM zone %i (south: %s), %s', (code, zone, south, name) => {
    expect(epsgUtmZone(code)).toEqual({ zone, south, name });
    const definition = epsgDefinition(code);
    expect(definition).toContain(`+proj=utm +zone=${zone}${south ? ' +south' : ''} `);
    expect(definition).toMatch(/\+datum=WGS84|\+datum=NAD83|\+ellps=GRS80/);
  });

  it('gives WGS 84 and NAD83 their datums, the GRS80 realizations no shift from WGS 84', () => {
    expect(epsgDefinition(32610)).toBe('+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs');
    expect(epsgDefinition(26910)).toBe('+proj=utm +zone=10 +datum=NAD83 +units=m +no_defs');
    expect(epsgDefinition(3157)).toBe(
      '+proj=utm +zone=10 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
    );
  });

  it('knows the geographic and other projected codes, which are not UTM', () => {
    for (const code of [4326, 4269, 3857, 2154, 3978]) {
      expect(epsgDefinition(code)).not.toBeNull();
      expect(epsgUtmZone(code)).toBeNull();
    }
  });

  it('does not guess codes next to the families', () => {
    // 32600 is the UTM grid system, not a zone; 3153 (BC Albers), 3739 (Wyoming West), 3752
    // (Mercator 41), 6349 (a compound CRS) and 7845 (GA LCC) are the families' neighbours; the
    // others are no CRS at all.
    for (const code of [32600, 32661, 26900, 26924, 3153, 3739, 3752, 6327, 6349, 25827, 28347]) {
      expect(epsgDefinition(code)).toBeNull();
      expect(epsgUtmZone(code)).toBeNull();
    }
    expect(epsgUtmZone(7845)).toBeNull();
    expect(epsgUtmZone(7860)).toBeNull();
    expect(epsgDefinition(2193)).toBeNull(); // New Zealand Transverse Mercator
  });

  it('names the one code of a definition, whatever its order or no-op parameters', () => {
    expect(epsgOfDefinition('+proj=utm +zone=42 +datum=WGS84 +units=m +no_defs')).toBe(32642);
    expect(epsgOfDefinition('+units=m +datum=WGS84 +south +zone=33 +proj=utm +type=crs')).toBe(
      32733,
    );
    expect(epsgOfDefinition('+proj=utm +zone=10 +datum=NAD83 +units=m')).toBe(26910);
    expect(epsgOfDefinition('+proj=longlat +datum=WGS84 +no_defs')).toBe(4326);
    expect(epsgOfDefinition(epsgDefinition(3978)!)).toBe(3978);
  });

  it('names no code where several share the definition or none has it', () => {
    // NAD83(CSRS), NAD83(2011) and NAD83(HARN) zone 10N are one proj4 definition.
    expect(epsgOfDefinition(epsgDefinition(3157)!)).toBeNull();
    expect(epsgOfDefinition(epsgDefinition(4258)!)).toBeNull();
    expect(epsgOfDefinition('+proj=utm +zone=42 +datum=WGS84 +units=ft')).toBeNull();
    expect(
      epsgOfDefinition(
        '+proj=lcc +lat_1=43 +lat_2=45.5 +lat_0=41.75 +lon_0=-120.5 +x_0=400000 +y_0=0 +ellps=GRS80 +units=m',
      ),
    ).toBeNull();
    expect(epsgOfDefinition('')).toBeNull();
  });
});
