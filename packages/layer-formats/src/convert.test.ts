import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  geojsonBox,
  LAYER_WARNINGS,
  type LonLatBox,
  validateLayerStyles,
} from '@asset-portal/shared';
import type { FeatureCollection, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { convertLayerFile } from './convert.ts';
import { boxOf, LAYER_FIXTURES } from './test-support.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(LAYER_FIXTURES, name)));

function expectBoundsClose(actual: LonLatBox | null, expected: LonLatBox, tolerance: number): void {
  expect(actual).not.toBeNull();
  actual?.forEach((value, index) => {
    expect(Math.abs(value - (expected[index] as number))).toBeLessThan(tolerance);
  });
}

function maxDecimals(collection: FeatureCollection): number {
  let most = 0;
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      for (const n of (value as Position).slice(0, 2)) {
        most = Math.max(most, (String(n).split('.')[1] ?? '').length);
      }
      return;
    }
    for (const item of value) visit(item);
  };
  for (const feature of collection.features) {
    if (feature.geometry && 'coordinates' in feature.geometry) visit(feature.geometry.coordinates);
  }
  return most;
}

describe('convertLayerFile on the shared fixtures', () => {
  it('roads-seoul.geojson: 94 line strings inside the documented extent', async () => {
    const result = await convertLayerFile('roads-seoul.geojson', fixture('roads-seoul.geojson'));
    expect(result.kind).toBe('geojson');
    expect(result.crs).toBe('EPSG:4326');
    expect(result.featureCollection.features).toHaveLength(94);
    expect(new Set(result.featureCollection.features.map((f) => f.geometry.type))).toEqual(
      new Set(['LineString']),
    );
    // ogrinfo: Extent (126.965165, 37.520386) - (126.991594, 37.535848)
    expectBoundsClose(
      geojsonBox(result.featureCollection),
      [126.965165, 37.520386, 126.991594, 37.535848],
      1e-6,
    );
    expect(maxDecimals(result.featureCollection)).toBeLessThanOrEqual(7);
  });

  it('switzerland.geojson: one polygon and one point', async () => {
    const result = await convertLayerFile('switzerland.geojson', fixture('switzerland.geojson'));
    expect(result.featureCollection.features.map((f) => f.geometry.type).sort()).toEqual([
      'Point',
      'Polygon',
    ]);
    expect(result.styles).toEqual([]);
  });

  it('states.kml: the 50 placemarks, with the ogrinfo extent and magenta line styles', async () => {
    const result = await convertLayerFile('states.kml', fixture('states.kml'));
    const { features } = result.featureCollection;
    // Each placemark's MultiGeometry (polygons plus a label point) becomes a polygon feature
    // and a point feature, because MapLibre cannot draw a GeometryCollection.
    expect(new Set(features.map((f) => f.properties?.name)).size).toBe(50);
    expect(features.every((f) => f.geometry.type !== 'GeometryCollection')).toBe(true);
    const polygons = features.filter((f) => f.geometry.type.endsWith('Polygon'));
    expect(polygons).toHaveLength(50);
    expectBoundsClose(
      geojsonBox(result.featureCollection),
      [-178.217598, 18.921786, -66.969271, 71.406235],
      1e-6,
    );
    // LineStyle ffff00ff is aabbggrr: opaque magenta.
    expect(polygons[0]?.properties?.stroke).toBe('#ff00ff');
    // The label points' star is an address, never fetched: they are circles, from zoom 10.
    expect(result.styles.map((style) => style.type).sort()).toEqual(['circle', 'fill', 'line']);
    expect(result.styles.find((style) => style.type === 'circle')?.minzoom).toBe(10);
    expect(validateLayerStyles(JSON.stringify(result.styles))).toBeNull();
  });

  it('iceland.kmz: doc.kml with 83 points in Iceland', async () => {
    const result = await convertLayerFile('iceland.kmz', fixture('iceland.kmz'));
    expect(result.kind).toBe('kmz');
    expect(result.featureCollection.features).toHaveLength(83);
    expect(result.featureCollection.features.every((f) => f.geometry.type === 'Point')).toBe(true);
    expectBoundsClose(geojsonBox(result.featureCollection), [-23.82, 63.42, -13.79, 66.54], 1e-6);
  });

  it('senate.zip: 40 districts reprojected from Massachusetts Mainland like ogr2ogr does', async () => {
    const result = await convertLayerFile('senate.zip', fixture('senate.zip'));
    expect(result.kind).toBe('shapefile');
    expect(result.crs).toBe('NAD_1983_StatePlane_Massachusetts_Mainland_FIPS_2001');
    expect(result.warnings).toEqual([]);
    expect(result.featureCollection.features).toHaveLength(40);
    // ogr2ogr -t_srs EPSG:4326 gives -73.50823958 41.23796168 -69.92780169 42.88681829.
    expectBoundsClose(
      geojsonBox(result.featureCollection),
      [-73.50823957511183, 41.237961681647825, -69.92780168511943, 42.88681829033728],
      1e-6,
    );
    expect(
      Object.keys(result.featureCollection.features[0]?.properties ?? {}).length,
    ).toBeGreaterThan(0);
    // The shapefile's boxes are in feet of the state plane: none is kept beside lon/lat.
    for (const feature of result.featureCollection.features) {
      expect(feature.bbox).toBeUndefined();
      expect(feature.geometry?.bbox).toBeUndefined();
    }
  });

  it('qgis.zip: 2 polygons in WGS 84 with the .cpg honoured', async () => {
    const result = await convertLayerFile('qgis.zip', fixture('qgis.zip'));
    expect(result.crs).toBe('GCS_WGS_1984');
    expect(result.featureCollection.features).toHaveLength(2);
    // ogrinfo: Extent (1.507270, 3.865953) - (53.773621, 50.860540)
    expectBoundsClose(
      geojsonBox(result.featureCollection),
      [1.50727, 3.865953, 53.773621, 50.86054],
      1e-6,
    );
  });

  it('openlayers_example.tif bounds: the UTM 32N footprint matches cs2cs corners', async () => {
    const result = await convertLayerFile('example.tif', fixture('openlayers_example.tif'));
    expect(result.kind).toBe('geotiff');
    expect(result.crs).toBe('EPSG:32632');
    const [feature] = result.featureCollection.features;
    expect(result.featureCollection.features).toHaveLength(1);
    expect(feature?.geometry.type).toBe('Polygon');
    expect(feature?.properties).toMatchObject({ width: 585, height: 918 });
    // cs2cs EPSG:32632 → 4326 of the gdalinfo corners: west UL, south LL, east LR, north UR.
    expectBoundsClose(
      geojsonBox(result.featureCollection),
      [8.46855076, 51.9717585, 8.55468554, 52.05464561],
      1e-7,
    );
  });

  it('openlayers_example.tif grid: 500 to 3000 samples, none at its NoData 255', async () => {
    const result = await convertLayerFile('example.tif', fixture('openlayers_example.tif'), {
      geotiffMode: 'grid',
    });
    const { features } = result.featureCollection;
    expect(features.length).toBeGreaterThanOrEqual(500);
    expect(features.length).toBeLessThanOrEqual(3000);
    expect(features.every((f) => f.geometry.type === 'Point')).toBe(true);
    expect(features.some((f) => f.properties?.elevation === 255)).toBe(false);
    const bounds = boxOf(result.featureCollection);
    expect(bounds[0]).toBeGreaterThan(8.468);
    expect(bounds[2]).toBeLessThan(8.555);
    expect(bounds[1]).toBeGreaterThan(51.971);
    expect(bounds[3]).toBeLessThan(52.055);
  });
});

describe('shapefile archives', () => {
  it('warns and assumes WGS 84 when the .prj is missing', async () => {
    const { unzipSync, zipSync } = await import('fflate');
    const files = unzipSync(fixture('qgis.zip'));
    delete files['qgis.prj'];
    const result = await convertLayerFile('noprj.zip', zipSync(files, { level: 0 }));
    expect(result.featureCollection.features).toHaveLength(2);
    expect(result.warnings).toEqual([LAYER_WARNINGS.noPrj]);
  });

  it('merges every shapefile of an archive and says so', async () => {
    const { unzipSync, zipSync } = await import('fflate');
    const qgis = unzipSync(fixture('qgis.zip'));
    const senate = unzipSync(fixture('senate.zip'));
    const result = await convertLayerFile(
      'both.zip',
      zipSync({ ...qgis, ...senate }, { level: 0 }),
    );
    expect(result.featureCollection.features).toHaveLength(42);
    expect(result.warnings).toEqual([LAYER_WARNINGS.shapefilesMerged(['qgis.shp', 'senate.shp'])]);
  });
});
