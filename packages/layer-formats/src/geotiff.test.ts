import { LAYER_MESSAGES, LAYER_WARNINGS, NODATA_VALUE } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { convertLayerFile } from './convert.ts';
import { LayerConversionError } from './errors.ts';
import { gridStep } from './geotiff.ts';
import { DEFAULT_LAYER_LIMITS } from './limits.ts';
import { boxOf, buildGeoTiff } from './test-support.ts';

/** A 200 × 150 slope DEM (elevation = column + row) with its left half at -9999. */
function slopeDem(gdalNoData?: string): Uint8Array {
  const width = 200;
  const height = 150;
  const values = new Float32Array(width * height);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      values[row * width + col] = col < width / 2 ? NODATA_VALUE : col + row;
    }
  }
  if (gdalNoData) values[149 * width + 199] = Number(gdalNoData);
  return buildGeoTiff({ width, height, values, ...(gdalNoData ? { gdalNoData } : {}) });
}

describe('GeoTIFF grid mode', () => {
  it('samples between 500 and 3000 points, skipping -9999, with the elevation', async () => {
    const result = await convertLayerFile('dem.tif', slopeDem(), { geotiffMode: 'grid' });
    const { features } = result.featureCollection;
    expect(result.crs).toBe('EPSG:32632');
    expect(features.length).toBeGreaterThanOrEqual(500);
    expect(features.length).toBeLessThanOrEqual(3000);
    const elevations = features.map((f) => f.properties?.elevation as number);
    expect(elevations.every((value) => value >= 100 && value <= 349)).toBe(true);
    // Only the right half holds data: every point lies east of the raster's middle.
    const middle = await convertLayerFile('dem.tif', slopeDem());
    const [west, , east] = boxOf(middle.featureCollection);
    const [pointsWest] = boxOf(result.featureCollection);
    expect(pointsWest).toBeGreaterThan((west + east) / 2 - 1e-4);
  });

  it("also skips the file's own GDAL_NODATA value", async () => {
    const result = await convertLayerFile('dem.tif', slopeDem('-32768'), {
      geotiffMode: 'grid',
      limits: { gridTargetMax: 100_000 }, // every pixel, so the marked one is visited
    });
    const elevations = result.featureCollection.features.map((f) => f.properties?.elevation);
    expect(elevations).not.toContain(-32768);
    expect(elevations).toHaveLength(100 * 150 - 1);
  });

  it("answers 'No valid elevation data found in the file' when every pixel is nodata", async () => {
    const values = new Float32Array(60 * 40).fill(NODATA_VALUE);
    const tiff = buildGeoTiff({ width: 60, height: 40, values });
    const error = await convertLayerFile('empty.tif', tiff, { geotiffMode: 'grid' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LayerConversionError);
    expect((error as Error).message).toBe(LAYER_MESSAGES.noElevationData);
  });

  it('switches to bounds, with a warning, above the grid pixel limit (2,000,000)', async () => {
    expect(DEFAULT_LAYER_LIMITS.gridMaxPixels).toBe(2_000_000);
    const tiff = buildGeoTiff({ width: 50, height: 41, values: new Uint8Array(2050).fill(3) });
    const result = await convertLayerFile('big.tif', tiff, {
      geotiffMode: 'grid',
      limits: { gridMaxPixels: 2000 }, // a 2 M-pixel test file takes seconds to write
    });
    expect(result.warnings).toEqual([LAYER_WARNINGS.gridTooLarge]);
    expect(result.featureCollection.features).toHaveLength(1);
    expect(result.featureCollection.features[0]?.geometry.type).toBe('Polygon');
  });

  it('keeps the grid target for any raster size', () => {
    for (const [width, height] of [
      [585, 918],
      [1414, 1414],
      [3000, 1],
      [100, 20_000],
      [2000, 1000],
    ] as const) {
      const step = gridStep(width, height, DEFAULT_LAYER_LIMITS);
      const count = Math.ceil(width / step) * Math.ceil(height / step);
      expect(count).toBeLessThanOrEqual(3000);
      if (width * height >= 500) expect(count).toBeGreaterThanOrEqual(500);
    }
  });
});

describe('GeoTIFF bounds mode', () => {
  it('reprojects a southern UTM footprint, counter-clockwise and closed', async () => {
    const tiff = buildGeoTiff({
      width: 50,
      height: 50,
      values: new Float32Array(2500).fill(1),
      epsg: 32733, // WGS 84 / UTM 33S
      origin: [500000, 8000000],
      pixelSize: 100,
    });
    const result = await convertLayerFile('south.tif', tiff);
    const geometry = result.featureCollection.features[0]?.geometry;
    if (geometry?.type !== 'Polygon') throw new Error('expected a polygon');
    const ring = geometry.coordinates[0] as number[][];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    // cs2cs EPSG:32733 → 4326: the upper-left corner (500000, 8000000) is 15° E, 18.088709° S.
    const corner = ring.find(
      ([lon, lat]) => lon === 15 && Math.abs((lat as number) + 18.088709) < 1e-6,
    );
    expect(corner).toBeDefined();
    const [west, south, east, north] = boxOf(result.featureCollection);
    expect(west).toBeCloseTo(15, 6);
    expect(east).toBeGreaterThan(15);
    expect(south).toBeLessThan(north);
    let area = 0;
    for (let i = 0; i < ring.length - 1; i++) {
      const [x1, y1] = ring[i] as [number, number];
      const [x2, y2] = ring[i + 1] as [number, number];
      area += x1 * y2 - x2 * y1;
    }
    expect(area).toBeGreaterThan(0);
  });

  it("answers 'Invalid bounding box' when the corners leave lon/lat", async () => {
    const tiff = buildGeoTiff({
      width: 40,
      height: 40,
      values: new Float32Array(1600).fill(1),
      epsg: 4326,
      origin: [170, 95], // north of the pole
      pixelSize: 1,
    });
    const error = await convertLayerFile('pole.tif', tiff).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(LAYER_MESSAGES.invalidBoundingBox);
  });

  it('refuses a coordinate system it cannot convert', async () => {
    const tiff = buildGeoTiff({
      width: 40,
      height: 40,
      values: new Float32Array(1600),
      epsg: 2056,
    });
    const error = await convertLayerFile('swiss.tif', tiff).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(LAYER_MESSAGES.unsupportedCrs);
  });
});
