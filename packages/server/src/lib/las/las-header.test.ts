import { copyFile, mkdtemp, open, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertPointDataComplete,
  LasFormatError,
  readLasFileHeader,
  readLasHeader,
} from './las-header.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);
const fixture = (name: string) => path.join(FIXTURES, name);

describe('readLasHeader', () => {
  it('reads a LAS 1.2 format 3 header with GeoTIFF keys and WKT', async () => {
    const header = await readLasFileHeader(fixture('autzen_trim.las'));
    expect(header).toMatchObject({
      version: '1.2',
      pointFormat: 3,
      pointRecordLength: 34,
      legacyPointCount: 110_000,
      extendedPointCount: null,
      pointCount: 110_000,
      compressed: false,
      scale: { x: 0.01, y: 0.01, z: 0.01 },
      hasGeoTiffKeys: true,
      hasWkt: true,
      vlrCount: 5,
    });
    expect(header.min.x).toBeCloseTo(636001.76, 6);
    expect(header.max.x).toBeCloseTo(637179.22, 6);
    expect(header.min.y).toBeCloseTo(848935.2, 6);
    expect(header.max.y).toBeCloseTo(849497.9, 6);
    expect(header.min.z).toBeCloseTo(406.26, 6);
    expect(header.max.z).toBeCloseTo(520.51, 6);
    expect(header.vlrs).toHaveLength(5);
  });

  it('reads a LAS 1.2 format 1 header', async () => {
    const header = await readLasFileHeader(fixture('hexbin-crop.las'));
    expect(header).toMatchObject({ version: '1.2', pointFormat: 1, pointRecordLength: 28 });
    expect(header.pointCount).toBe(38_367);
    expect(header.scale.z).toBeCloseTo(0.00001, 12);
    expect(header.min.x).toBeCloseTo(393775.82, 2);
    expect(header.max.y).toBeCloseTo(3689273.09, 2);
  });

  it('reads the 64-bit count of a LAS 1.4 format 7 file whose CRS is WKT only', async () => {
    const header = await readLasFileHeader(fixture('autzen_trim_7.las'));
    expect(header).toMatchObject({
      version: '1.4',
      headerSize: 375,
      pointFormat: 7,
      pointRecordLength: 36,
      extendedPointCount: 110_000,
      pointCount: 110_000,
      hasWkt: true,
      hasGeoTiffKeys: false,
    });
  });

  it('uses the 64-bit count when the legacy count is 0', async () => {
    const header = await readLasFileHeader(fixture('file_with_both_wkt_and_geotiff_vlrs.las'));
    expect(header.legacyPointCount).toBe(0);
    expect(header.pointCount).toBe(25_408);
    expect(header).toMatchObject({ pointFormat: 6, hasWkt: true, hasGeoTiffKeys: true });
  });

  it('flags LAZ compression and finds extended VLRs', async () => {
    const header = await readLasFileHeader(fixture('lone-star.copc.laz'));
    expect(header).toMatchObject({ compressed: true, pointFormat: 6, pointCount: 518_862 });
    expect(header.evlrCount).toBe(1);
    expect(header.vlrs.filter((vlr) => vlr.extended)).toHaveLength(1);
  });
});

describe('file size checks', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'las-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a truncated file with the counts in the message', async () => {
    const copy = path.join(dir, 'truncated.las');
    await copyFile(fixture('autzen-utm.las'), copy);
    await truncate(copy, 1207 + 34 * 1000);
    await expect(readLasFileHeader(copy)).rejects.toThrow(
      'LAS header says 1065 points of 34 bytes but the file holds 34000 bytes',
    );
    await expect(readLasFileHeader(copy)).rejects.toBeInstanceOf(LasFormatError);
  });

  it('refuses a file that is not LAS', async () => {
    const other = path.join(dir, 'other.las');
    await copyFile(path.join(FIXTURES, '../layers/switzerland.geojson'), other);
    await expect(readLasFileHeader(other)).rejects.toThrow('Not a LAS file');
  });

  it('accepts a complete file and skips the check for compressed data', async () => {
    const handle = await open(fixture('simple.laz'), 'r');
    try {
      const header = await readLasHeader(handle);
      expect(() => assertPointDataComplete(header, 400)).not.toThrow();
    } finally {
      await handle.close();
    }
  });
});
