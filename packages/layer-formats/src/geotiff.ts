/**
 * GeoTIFF as its footprint ('bounds') or as sampled elevation points ('grid'), read with
 * geotiff.js. The file structure is checked against the bytes it holds before any pixel is
 * decoded, and grid mode decodes at most `gridMaxPixels`, so a header that lies about its
 * size cannot make the reader allocate gigabytes.
 */
import {
  epsgDefinition,
  GEOTIFF_MIN_BYTES,
  GEOTIFF_TOO_SMALL,
  LAYER_MESSAGES,
  LAYER_WARNINGS,
  NODATA_VALUE,
} from '@asset-portal/shared';
import type { Feature, Position } from 'geojson';
import { fromArrayBuffer, type GeoTIFFImage } from 'geotiff';
import proj4 from 'proj4';
import { fail, LayerConversionError } from './errors.ts';
import type { LayerLimits } from './limits.ts';
import type { GeoTiffMode, LayerConversion } from './types.ts';

type GridLimits = Pick<LayerLimits, 'gridMaxPixels' | 'gridTargetMin' | 'gridTargetMax'>;

/** Deflate tops out near 1:1032; anything claiming far more than this is not a real raster. */
const MAX_COMPRESSION_RATIO = 10_000;
const EDGE_SAMPLES = 16;
const PIXEL_IS_POINT = 2;

interface Georeference {
  /** Pixel-corner position (col, row may be fractional) to WGS 84 lon/lat. */
  toLonLat: (col: number, row: number) => [number, number];
  crs: string;
}

export async function convertGeoTiff(
  name: string,
  bytes: Uint8Array,
  mode: GeoTiffMode,
  limits: GridLimits,
): Promise<LayerConversion> {
  if (bytes.length < GEOTIFF_MIN_BYTES) fail(GEOTIFF_TOO_SMALL);
  const image = await openImage(bytes);
  await checkStructure(image, bytes.length);
  const georeference = georeferenceOf(image);
  const width = image.getWidth();
  const height = image.getHeight();
  const warnings: string[] = [];
  let features: Feature[];
  if (mode === 'grid' && width * height > limits.gridMaxPixels) {
    warnings.push(LAYER_WARNINGS.gridTooLarge);
    features = [footprint(name, width, height, georeference)];
  } else if (mode === 'grid') {
    features = await sampleGrid(image, georeference, limits);
  } else {
    features = [footprint(name, width, height, georeference)];
  }
  return {
    kind: 'geotiff',
    featureCollection: { type: 'FeatureCollection', features },
    styles: [],
    warnings,
    crs: georeference.crs,
  };
}

async function openImage(bytes: Uint8Array): Promise<GeoTIFFImage> {
  try {
    // geotiff.js needs an ArrayBuffer of its own; copying also detaches us from the caller's.
    const buffer = bytes.slice().buffer;
    const tiff = await fromArrayBuffer(buffer);
    return await tiff.getImage(0);
  } catch {
    fail(LAYER_MESSAGES.invalidGeoTiff);
  }
}

function toNumbers(value: unknown): number[] | null {
  if (typeof value === 'number' || typeof value === 'bigint') return [Number(value)];
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    return Array.from(value as ArrayLike<number | bigint>, (item) => Number(item));
  }
  return null;
}

/** Refuses a file whose declared raster does not fit the bytes it holds. */
async function checkStructure(image: GeoTIFFImage, fileLength: number): Promise<void> {
  try {
    const directory = image.getFileDirectory();
    const width = image.getWidth();
    const height = image.getHeight();
    const samples = image.getSamplesPerPixel();
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      fail(LAYER_MESSAGES.invalidGeoTiff);
    }
    const planes = (directory.getValue('PlanarConfiguration') ?? 1) === 2 ? samples : 1;
    const tileWidth = image.getTileWidth();
    const tileHeight = image.getTileHeight();
    if (!(tileWidth > 0) || !(tileHeight > 0)) fail(LAYER_MESSAGES.invalidGeoTiff);
    const expected =
      Math.ceil(width / tileWidth) * Math.ceil(height / Math.min(tileHeight, height)) * planes;
    const tiled = image.isTiled;
    const offsets = toNumbers(await directory.loadValue(tiled ? 'TileOffsets' : 'StripOffsets'));
    const counts = toNumbers(
      await directory.loadValue(tiled ? 'TileByteCounts' : 'StripByteCounts'),
    );
    if (!offsets || !counts || offsets.length < expected || counts.length < expected) {
      fail(LAYER_MESSAGES.invalidGeoTiff);
    }
    let stored = 0;
    for (let i = 0; i < expected; i++) {
      const offset = offsets[i] as number;
      const count = counts[i] as number;
      if (!(offset >= 0) || !(count >= 0) || offset + count > fileLength) {
        fail(LAYER_MESSAGES.invalidGeoTiff);
      }
      stored += count;
    }
    const raw = width * height * image.getBytesPerPixel();
    const compression = directory.getValue('Compression') ?? 1;
    if (compression === 1 ? stored < raw : raw > stored * MAX_COMPRESSION_RATIO) {
      fail(LAYER_MESSAGES.invalidGeoTiff);
    }
  } catch (error) {
    if (error instanceof LayerConversionError) throw error;
    fail(LAYER_MESSAGES.invalidGeoTiff);
  }
}

function georeferenceOf(image: GeoTIFFImage): Georeference {
  let origin: number[];
  let resolution: number[];
  try {
    origin = image.getOrigin();
    resolution = image.getResolution();
  } catch {
    fail(LAYER_MESSAGES.invalidGeoTiff); // not georeferenced
  }
  const keys = image.getGeoKeys() ?? {};
  const code = Number(keys.ProjectedCSTypeGeoKey ?? keys.GeographicTypeGeoKey);
  const definition = Number.isInteger(code) ? epsgDefinition(code) : null;
  if (!definition) fail(LAYER_MESSAGES.unsupportedCrs);
  const [ox, oy] = origin as [number, number];
  const [rx, ry] = resolution as [number, number];
  // PixelIsPoint rasters tie the first pixel's centre, not its corner.
  const shift = keys.GTRasterTypeGeoKey === PIXEL_IS_POINT ? 0.5 : 0;
  const toCrs = (col: number, row: number): [number, number] => [
    ox + (col - shift) * rx,
    oy + (row - shift) * ry,
  ];
  const converter = code === 4326 ? null : proj4(definition, 'EPSG:4326');
  return {
    crs: `EPSG:${code}`,
    toLonLat: (col, row) => {
      const position = toCrs(col, row);
      return converter ? (converter.forward(position) as [number, number]) : position;
    },
  };
}

const round7 = (value: number): number => Math.round(value * 1e7) / 1e7;

/** The raster's outline in lon/lat, with points along each edge so curved edges stay close. */
function footprint(name: string, width: number, height: number, geo: Georeference): Feature {
  const ring: Position[] = [];
  const edge = (from: [number, number], to: [number, number]) => {
    for (let i = 0; i < EDGE_SAMPLES; i++) {
      const t = i / EDGE_SAMPLES;
      ring.push(geo.toLonLat(from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t));
    }
  };
  edge([0, 0], [0, height]);
  edge([0, height], [width, height]);
  edge([width, height], [width, 0]);
  edge([width, 0], [0, 0]);
  for (const [lon, lat] of ring as [number, number][]) {
    if (
      !Number.isFinite(lon) ||
      !Number.isFinite(lat) ||
      Math.abs(lon) > 180 ||
      Math.abs(lat) > 90
    ) {
      fail(LAYER_MESSAGES.invalidBoundingBox);
    }
  }
  const rounded = ring.map(([lon, lat]) => [round7(lon as number), round7(lat as number)]);
  if (signedArea(rounded) < 0) rounded.reverse(); // RFC 7946: exterior rings counter-clockwise
  rounded.push([...(rounded[0] as Position)]);
  return {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [rounded] },
    properties: { name, width, height },
  };
}

function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i] as [number, number];
    const [x2, y2] = ring[(i + 1) % ring.length] as [number, number];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** Every `step`-th pixel centre of the first band, skipping nodata, as elevation points. */
async function sampleGrid(
  image: GeoTIFFImage,
  geo: Georeference,
  limits: GridLimits,
): Promise<Feature[]> {
  const width = image.getWidth();
  const height = image.getHeight();
  let band: ArrayLike<number>;
  try {
    const rasters = (await image.readRasters({ samples: [0] })) as unknown as ArrayLike<number>[];
    band = rasters[0] as ArrayLike<number>;
  } catch {
    fail(LAYER_MESSAGES.invalidGeoTiff);
  }
  const nodata = image.getGDALNoData();
  const nodataValues = [NODATA_VALUE, ...(nodata === null ? [] : [nodata])];
  const isFloat32 = band instanceof Float32Array;
  const skip = new Set(nodataValues.map((value) => (isFloat32 ? Math.fround(value) : value)));
  const step = gridStep(width, height, limits);
  const features: Feature[] = [];
  for (let row = Math.floor(step / 2); row < height; row += step) {
    for (let col = Math.floor(step / 2); col < width; col += step) {
      const value = band[row * width + col] as number;
      if (!Number.isFinite(value) || skip.has(value)) continue;
      const [lon, lat] = geo.toLonLat(col + 0.5, row + 0.5);
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) fail(LAYER_MESSAGES.invalidBoundingBox);
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [round7(lon), round7(lat)] },
        properties: { elevation: Math.round(value * 1000) / 1000 },
      });
    }
  }
  if (features.length === 0) fail(LAYER_MESSAGES.noElevationData);
  return features;
}

/** The smallest pixel step giving at most `gridTargetMax` samples (all pixels when fewer). */
export function gridStep(width: number, height: number, limits: GridLimits): number {
  let step = Math.max(1, Math.floor(Math.sqrt((width * height) / limits.gridTargetMax)));
  while (Math.ceil(width / step) * Math.ceil(height / step) > limits.gridTargetMax) step++;
  return step;
}
