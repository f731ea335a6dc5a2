import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_LAYER_COLOR,
  FILE_SIZE_EMPTY,
  GEOTIFF_TOO_SMALL,
  LAYER_MESSAGES,
} from '@asset-portal/shared';
import { inflateSync, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { convertLayerFile } from './convert.ts';
import { LayerConversionError } from './errors.ts';
import { DEFAULT_LAYER_LIMITS } from './limits.ts';
import {
  buildGeoTiff,
  buildZip,
  LAYER_FIXTURES,
  patchDimensions,
  zeroDeflateStream,
} from './test-support.ts';

const text = (value: string) => new TextEncoder().encode(value);
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(LAYER_FIXTURES, name)));

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LayerConversionError);
  return (error as Error).message;
}

const PLACEMARK =
  '<Placemark><name>&x;</name><Point><coordinates>8.5,47.3</coordinates></Point></Placemark>';

describe('hostile KML', () => {
  it('refuses billion-laughs entity expansion quickly', async () => {
    const entities = ['<!ENTITY lol0 "lol">'];
    for (let i = 1; i < 10; i++) {
      entities.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    }
    const kml = `<?xml version="1.0"?><!DOCTYPE kml [${entities.join('')}<!ENTITY x "&lol9;">]><kml xmlns="http://www.opengis.net/kml/2.2">${PLACEMARK}</kml>`;
    const started = performance.now();
    expect(await failure(convertLayerFile('laughs.kml', text(kml)))).toBe(
      LAYER_MESSAGES.invalidKml,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses external entities without reading them', async () => {
    const kml = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]><kml xmlns="http://www.opengis.net/kml/2.2">${PLACEMARK}</kml>`;
    const message = await failure(convertLayerFile('xxe.kml', text(kml)));
    expect(message).toBe(LAYER_MESSAGES.invalidKml);
    expect(message).not.toContain('root:');
  });

  it('refuses any DOCTYPE, even one declaring nothing, before the parser sees it', async () => {
    const kml = `<?xml version="1.0"?><!DOCTYPE kml><kml xmlns="http://www.opengis.net/kml/2.2">${PLACEMARK.replace('&x;', 'ok')}</kml>`;
    expect(await failure(convertLayerFile('doctype.kml', text(kml)))).toBe(
      LAYER_MESSAGES.invalidKml,
    );
  });

  it('refuses a DOCTYPE hidden in a UTF-16 document', async () => {
    const kml = `\ufeff<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]><kml>${PLACEMARK}</kml>`;
    const utf16 = new Uint8Array(kml.length * 2);
    for (let i = 0; i < kml.length; i++) utf16[i * 2] = kml.charCodeAt(i); // little-endian
    expect(await failure(convertLayerFile('xxe16.kml', utf16))).toBe(LAYER_MESSAGES.invalidKml);
  });

  it('reports malformed XML and a non-KML root with the §8 text', async () => {
    expect(await failure(convertLayerFile('bad.kml', text('<kml><Placemark></kml>')))).toBe(
      LAYER_MESSAGES.invalidKml,
    );
    expect(await failure(convertLayerFile('html.kml', text('<html><body/></html>')))).toBe(
      LAYER_MESSAGES.invalidKml,
    );
  });

  it('turns LineStyle/PolyStyle aabbggrr colours into CSS colours and opacities', async () => {
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Style id="s"><LineStyle><color>7f0000ff</color><width>3</width></LineStyle>
      <PolyStyle><color>4000ff00</color></PolyStyle></Style>
      <Placemark><styleUrl>#s</styleUrl><Polygon><outerBoundaryIs><LinearRing>
      <coordinates>0,0 1,0 1,1 0,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
      </Document></kml>`;
    const result = await convertLayerFile('styled.kml', text(kml));
    const properties = result.featureCollection.features[0]?.properties ?? {};
    expect(properties.stroke).toBe('#ff0000');
    expect(properties['stroke-opacity']).toBeCloseTo(127 / 255, 2);
    expect(properties.fill).toBe('#00ff00');
    expect(properties['fill-opacity']).toBeCloseTo(64 / 255, 2);
    const fill = result.styles.find((style) => style.type === 'fill');
    expect(fill).toMatchObject({
      filter: ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false],
      paint: { 'fill-color': ['coalesce', ['get', 'fill'], DEFAULT_LAYER_COLOR] },
    });
    expect(result.styles.some((style) => 'id' in style || 'source' in style)).toBe(false);
  });
});

describe('hostile archives', () => {
  it('checks the hand-built zero stream really inflates to zeros', () => {
    const zeros = inflateSync(zeroDeflateStream(1000));
    expect(zeros.length).toBe(1 + 258 * 1000);
    expect(zeros.every((byte) => byte === 0)).toBe(true);
  });

  // 1 + 258 * 4,161,790 bytes: just over 1 GiB once inflated, 6.8 MB compressed.
  const gigabyte = zeroDeflateStream(4_161_790);
  const GIB_SIZE = 1 + 258 * 4_161_790;

  it('refuses a 1 GB KMZ entry from its declared size, before inflating', async () => {
    const kmz = buildZip([{ name: 'doc.kml', data: gigabyte, method: 8, declaredSize: GIB_SIZE }]);
    const started = performance.now();
    expect(await failure(convertLayerFile('bomb.kmz', kmz))).toBe(LAYER_MESSAGES.archiveTooLarge);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('stops inflating a 1 GB entry whose header claims 1 kB', async () => {
    const zip = buildZip([{ name: 'a.shp', data: gigabyte, method: 8, declaredSize: 1000 }]);
    const started = performance.now();
    expect(await failure(convertLayerFile('liar.zip', zip))).toBe(LAYER_MESSAGES.archiveTooLarge);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('applies the total limit to an fflate-made archive of zeros', async () => {
    const zip = zipSync({ 'doc.kml': new Uint8Array(4 * 1024 * 1024) }, { level: 1 });
    const limits = { maxUnzippedBytes: 1024 * 1024 };
    expect(await failure(convertLayerFile('zeros.kmz', zip, { limits }))).toBe(
      LAYER_MESSAGES.archiveTooLarge,
    );
  });

  it('refuses archives with more entries than allowed (2,000 by default)', async () => {
    expect(DEFAULT_LAYER_LIMITS.maxZipEntries).toBe(2000);
    const files = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, new Uint8Array(0)]),
    );
    const limits = { maxZipEntries: 10 };
    expect(await failure(convertLayerFile('many.zip', zipSync(files), { limits }))).toBe(
      LAYER_MESSAGES.archiveTooLarge,
    );
  });

  it('answers an empty KMZ, a KMZ without KML and a zip without .shp with §8 texts', async () => {
    expect(await failure(convertLayerFile('empty.kmz', zipSync({})))).toBe(
      LAYER_MESSAGES.noKmlInKmz,
    );
    const icons = zipSync({ 'icon.png': new Uint8Array(10) });
    expect(await failure(convertLayerFile('icons.kmz', icons))).toBe(LAYER_MESSAGES.noKmlInKmz);
    expect(await failure(convertLayerFile('icons.zip', icons))).toBe(LAYER_MESSAGES.noShpInZip);
  });

  it('reports a file that is not a ZIP at all', async () => {
    expect(await failure(convertLayerFile('fake.zip', text('not a zip archive')))).toBe(
      LAYER_MESSAGES.invalidArchive,
    );
  });

  it('reports a corrupt .shp and an unreadable .prj inside a valid archive', async () => {
    const corrupt = zipSync({ 'a.shp': new Uint8Array(50).fill(7) });
    expect(await failure(convertLayerFile('corrupt.zip', corrupt))).toBe(
      LAYER_MESSAGES.invalidShapefile,
    );
    const qgis = unzipSync(fixture('qgis.zip'));
    qgis['qgis.prj'] = text('PROJCS["nonsense",FOO[');
    expect(await failure(convertLayerFile('badprj.zip', zipSync(qgis)))).toBe(
      LAYER_MESSAGES.invalidPrj,
    );
  });
});

describe('hostile GeoTIFFs', () => {
  it('refuses files under 1000 bytes', async () => {
    const small = fixture('openlayers_example.tif').subarray(0, 999);
    expect(await failure(convertLayerFile('small.tif', small))).toBe(GEOTIFF_TOO_SMALL);
  });

  it('refuses a truncated file whose tiles lie past its end', async () => {
    const truncated = fixture('openlayers_example.tif').subarray(0, 200_000);
    expect(await failure(convertLayerFile('cut.tif', truncated))).toBe(
      LAYER_MESSAGES.invalidGeoTiff,
    );
    expect(await failure(convertLayerFile('cut.tif', truncated, { geotiffMode: 'grid' }))).toBe(
      LAYER_MESSAGES.invalidGeoTiff,
    );
  });

  it('refuses a header claiming 100000 × 100000 pixels, in both modes', async () => {
    const tiff = buildGeoTiff({ width: 40, height: 40, values: new Float32Array(1600).fill(5) });
    const liar = patchDimensions(tiff, 100_000, 100_000);
    for (const geotiffMode of ['bounds', 'grid'] as const) {
      expect(await failure(convertLayerFile('huge.tif', liar, { geotiffMode }))).toBe(
        LAYER_MESSAGES.invalidGeoTiff,
      );
    }
  });

  it('refuses bytes that are not a TIFF', async () => {
    expect(await failure(convertLayerFile('noise.tif', new Uint8Array(5000).fill(65)))).toBe(
      LAYER_MESSAGES.invalidGeoTiff,
    );
  });
});

describe('hostile or wrong GeoJSON', () => {
  it('says an empty file is empty, whatever its type', async () => {
    for (const name of ['empty.geojson', 'empty.kml', 'empty.kmz', 'empty.zip', 'empty.tif']) {
      expect(await failure(convertLayerFile(name, new Uint8Array(0))), name).toBe(FILE_SIZE_EMPTY);
    }
  });

  it('reports malformed JSON', async () => {
    expect(await failure(convertLayerFile('bad.geojson', text('{"type": "FeatureColl')))).toBe(
      LAYER_MESSAGES.invalidJson,
    );
  });

  it('applies the §5 FeatureCollection rules', async () => {
    const fc = (value: unknown) => text(JSON.stringify(value));
    expect(await failure(convertLayerFile('a.json', fc({ type: 'FeatureCollection' })))).toBe(
      LAYER_MESSAGES.featuresNotArray,
    );
    expect(await failure(convertLayerFile('b.json', fc({ type: 'Feature' })))).toBe(
      LAYER_MESSAGES.notFeatureCollection,
    );
    expect(
      await failure(convertLayerFile('c.json', fc({ type: 'FeatureCollection', features: [] }))),
    ).toBe(LAYER_MESSAGES.emptyConversion);
  });

  it('refuses projected coordinates and malformed geometries', async () => {
    const point = (coordinates: unknown) =>
      text(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates } }],
        }),
      );
    expect(await failure(convertLayerFile('utm.geojson', point([466000, 5762000])))).toBe(
      LAYER_MESSAGES.notLonLat,
    );
    expect(await failure(convertLayerFile('bad.geojson', point(['a', 1])))).toBe(
      LAYER_MESSAGES.invalidGeometry,
    );
  });

  it('refuses inputs above the byte limit without reading them', async () => {
    const big = new Uint8Array(256 * 1024 * 1024 + 1);
    const started = performance.now();
    expect(await failure(convertLayerFile('big.geojson', big))).toBe(LAYER_MESSAGES.fileTooLarge);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses unsupported extensions', async () => {
    expect(await failure(convertLayerFile('notes.txt', text('hello')))).toBe(
      LAYER_MESSAGES.unsupportedType,
    );
  });
});
