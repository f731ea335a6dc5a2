import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  LAYER_ICON_LIMITS,
  LAYER_IMAGES_KEY,
  LAYER_WARNINGS,
  styleImages,
  validateLayerStyles,
} from '@asset-portal/shared';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { convertLayerFile } from './convert.ts';
import { LAYER_FIXTURES } from './test-support.ts';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (fill: number, size = 64) =>
  Uint8Array.from({ length: size }, (_, i) => (i < PNG_MAGIC.length ? PNG_MAGIC[i]! : fill));
const dataBytes = (url: string) => new Uint8Array(Buffer.from(url.split(',')[1]!, 'base64'));

function placemark(name: string, style: string, lon: number): string {
  return `<Placemark><name>${name}</name><styleUrl>#${style}</styleUrl><Point><coordinates>${lon},64,0</coordinates></Point></Placemark>`;
}

function iconStyle(id: string, href: string): string {
  return `<Style id="${id}"><IconStyle><scale>0.5</scale><Icon><href>${href}</href></Icon></IconStyle></Style>`;
}

/** A KMZ with its KML in a folder, one icon per style, and one placemark per style. */
function kmz(styles: [string, string][], files: Record<string, Uint8Array>): Uint8Array {
  const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${styles
    .map(([id, href]) => iconStyle(id, href))
    .join(
      '',
    )}${styles.map(([id], i) => placemark(`P${i}`, id, -20 + i)).join('')}</Document></kml>`;
  return zipSync({ 'doc/doc.kml': new TextEncoder().encode(kml), ...files });
}

describe('KMZ icons', () => {
  it('iceland.kmz: every placemark draws its own icon from the archive, as PNG data', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(LAYER_FIXTURES, 'iceland.kmz')));
    const archive = unzipSync(bytes);
    const result = await convertLayerFile('iceland.kmz', bytes);

    expect(result.warnings).toEqual([]);
    const [symbol, ...rest] = result.styles;
    expect(symbol?.type).toBe('symbol');
    expect(rest).toEqual([]);
    expect(symbol?.layout).toMatchObject({ 'icon-image': ['get', 'icon'] });
    expect(validateLayerStyles(JSON.stringify(result.styles))).toBeNull();

    const images = styleImages(result.styles);
    const used = new Set(result.featureCollection.features.map((f) => f.properties?.icon));
    // The fixture's 83 placemarks use 16 icons; each image is the archive's file, byte for byte.
    expect(images.size).toBe(16);
    expect(new Set(images.keys())).toEqual(used);
    const archivePngs = Object.entries(archive).filter(([name]) => name.endsWith('.png'));
    for (const url of images.values()) {
      expect(url.startsWith('data:image/png;base64,')).toBe(true);
      const decoded = dataBytes(url);
      expect(archivePngs.some(([, file]) => Buffer.compare(file, decoded) === 0)).toBe(true);
    }
    // The stored styles stay far inside the rendering-layer text limit.
    expect(JSON.stringify(result.styles).length).toBeLessThan(20_000);
  });

  it('reads hrefs relative to the KML, and gives the same content the same image name', async () => {
    const red = png(1);
    const result = await convertLayerFile(
      'relative.kmz',
      kmz(
        [
          ['a', 'icons/red.png'],
          ['b', './icons/../icons/red-copy.png'],
        ],
        { 'doc/icons/red.png': red, 'doc/icons/red-copy.png': red },
      ),
    );
    const names = result.featureCollection.features.map((f) => f.properties?.icon);
    expect(names[0]).toMatch(/^kmz-icon-/);
    expect(names[1]).toBe(names[0]);
    expect([...styleImages(result.styles).keys()]).toEqual([names[0]]);
    expect(result.warnings).toEqual([]);
  });

  it('leaves out an address, a missing file, a non-image and an oversized icon; their points get circles', async () => {
    const result = await convertLayerFile(
      'mixed.kmz',
      kmz(
        [
          ['good', 'icons/good.png'],
          ['web', 'http://maps.example.com/pin.png'],
          ['gone', 'icons/missing.png'],
          ['text', 'icons/readme.png'],
          ['huge', 'icons/huge.png'],
        ],
        {
          'doc/icons/good.png': png(2),
          'doc/icons/readme.png': new TextEncoder().encode('not an image at all'),
          'doc/icons/huge.png': png(3, LAYER_ICON_LIMITS.maxIconBytes + 1),
        },
      ),
    );
    expect(result.warnings).toEqual([LAYER_WARNINGS.iconsLeftOut(4)]);
    const icons = result.featureCollection.features.map((f) => f.properties?.icon ?? null);
    expect(icons[0]).toMatch(/^kmz-icon-/);
    expect(icons.slice(1)).toEqual([null, null, null, null]);
    expect(result.styles.map((style) => style.type)).toEqual(['symbol', 'circle']);
    const circle = result.styles[1]!;
    expect(JSON.stringify(circle.filter)).toContain('["!",["has","icon"]]');
    const metadata = result.styles[0]!.metadata as Record<string, Record<string, string>>;
    expect(Object.keys(metadata[LAYER_IMAGES_KEY]!)).toEqual([icons[0]]);
  });

  it('keeps the icons of one layer within the total budget', async () => {
    const count = Math.floor(LAYER_ICON_LIMITS.maxTotalBytes / LAYER_ICON_LIMITS.maxIconBytes) + 2;
    const styles: [string, string][] = [];
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < count; i += 1) {
      styles.push([`s${i}`, `i${i}.png`]);
      files[`doc/i${i}.png`] = png(10 + i, LAYER_ICON_LIMITS.maxIconBytes);
    }
    const result = await convertLayerFile('many.kmz', kmz(styles, files));
    const kept = styleImages(result.styles);
    const keptBytes = [...kept.values()].reduce((sum, url) => sum + dataBytes(url).length, 0);
    expect(keptBytes).toBeLessThanOrEqual(LAYER_ICON_LIMITS.maxTotalBytes);
    expect(kept.size).toBe(count - 2);
    expect(result.warnings).toEqual([LAYER_WARNINGS.iconsLeftOut(2)]);
  });
});
