/**
 * A small reader for the GeoTIFF geoid grids PROJ and GDAL write: one band of 32- or 64-bit
 * floats in geographic coordinates, in strips or tiles, uncompressed or Deflate (with or without
 * the floating-point predictor 3), little- or big-endian, classic TIFF or BigTIFF, with the
 * GDAL_NODATA tag. Anything else (LZW, several bands, rotated or projected grids) is refused with
 * a message saying what is not supported. It replaces the `geotiff` package for this one case:
 * Deflate comes from node:zlib.
 */
import { inflateSync } from 'node:zlib';
import type { GeoidGridData } from './geoid-grid.ts';

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  stripOffsets: 273,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  predictor: 317,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
  sampleFormat: 339,
  pixelScale: 33550,
  tiepoint: 33922,
  modelTransformation: 34264,
  geoKeyDirectory: 34735,
  gdalNodata: 42113,
} as const;

const GEO_KEY = { modelType: 1024, rasterType: 1025 } as const;
const MODEL_GEOGRAPHIC = 2;
const RASTER_PIXEL_IS_POINT = 2;

type TagValue = number[] | string;

/** Reads the first image of a GeoTIFF as geoid grid nodes (row 0 south). */
export function readGeoTiffGrid(bytes: Uint8Array): GeoidGridData {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = view.getUint16(0) === 0x4949;
  const big = view.getUint16(2, little) === 43;
  const ifdOffset = big ? Number(view.getBigUint64(8, little)) : view.getUint32(4, little);
  const tags = readIfd(view, little, big, ifdOffset);
  const num = (tag: number, fallback?: number): number => {
    const value = tags.get(tag);
    if (Array.isArray(value) && value.length > 0) return value[0]!;
    if (fallback === undefined) throw new Error(`TIFF tag ${tag} is missing`);
    return fallback;
  };
  const list = (tag: number): number[] => {
    const value = tags.get(tag);
    if (!Array.isArray(value)) throw new Error(`TIFF tag ${tag} is missing`);
    return value;
  };

  const width = num(TAG.width);
  const height = num(TAG.height);
  const bits = num(TAG.bitsPerSample, 1);
  if (num(TAG.samplesPerPixel, 1) !== 1) throw new Error('only single-band grids are supported');
  if (num(TAG.sampleFormat, 1) !== 3 || (bits !== 32 && bits !== 64)) {
    throw new Error('only 32- or 64-bit float samples are supported');
  }
  const compression = num(TAG.compression, 1);
  if (compression !== 1 && compression !== 8 && compression !== 32946) {
    throw new Error(`TIFF compression ${compression} is not supported (none or Deflate only)`);
  }
  const predictor = num(TAG.predictor, 1);
  if (predictor !== 1 && predictor !== 3) {
    throw new Error(`TIFF predictor ${predictor} is not supported for float samples`);
  }

  const tiled = tags.has(TAG.tileWidth);
  const chunkWidth = tiled ? num(TAG.tileWidth) : width;
  const chunkHeight = tiled ? num(TAG.tileLength) : Math.min(num(TAG.rowsPerStrip, height), height);
  const offsets = list(tiled ? TAG.tileOffsets : TAG.stripOffsets);
  const counts = list(tiled ? TAG.tileByteCounts : TAG.stripByteCounts);
  const across = Math.ceil(width / chunkWidth);
  const size = bits / 8;

  // Rows from the north as stored, then flipped to the south-first order of GeoidGridData.
  const northFirst = new Float64Array(width * height);
  offsets.forEach((offset, index) => {
    const raw = bytes.subarray(offset, offset + counts[index]!);
    const chunk = compression === 1 ? raw.slice() : new Uint8Array(inflateSync(raw));
    const rowBytes = chunkWidth * size;
    const chunkRows = Math.floor(chunk.byteLength / rowBytes);
    // The floating-point predictor leaves each row little-endian (see undoFloatPredictor).
    const valuesLittle = predictor === 3 ? true : little;
    const data = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const top = Math.floor(index / across) * chunkHeight;
    const left = (index % across) * chunkWidth;
    for (let r = 0; r < chunkRows && top + r < height; r++) {
      if (predictor === 3) {
        undoFloatPredictor(chunk.subarray(r * rowBytes, (r + 1) * rowBytes), size);
      }
      for (let c = 0; c < chunkWidth && left + c < width; c++) {
        const at = r * rowBytes + c * size;
        northFirst[(top + r) * width + left + c] =
          size === 4 ? data.getFloat32(at, valuesLittle) : data.getFloat64(at, valuesLittle);
      }
    }
  });
  const values = new Float64Array(width * height);
  for (let r = 0; r < height; r++) {
    values.set(northFirst.subarray(r * width, (r + 1) * width), (height - 1 - r) * width);
  }

  const { west, north, lonStep, latStep } = georeference(tags, list);
  const nodataText = tags.get(TAG.gdalNodata);
  const nodata = typeof nodataText === 'string' ? Number.parseFloat(nodataText) : null;
  return {
    south: north - (height - 1) * latStep,
    west,
    latStep,
    lonStep,
    rows: height,
    cols: width,
    values,
    nodata: nodata !== null && Number.isFinite(nodata) ? nodata : null,
  };
}

// The position of the first node (centre of the top-left pixel when the raster is PixelIsArea,
// the pixel's corner itself when PixelIsPoint) and the node spacing, in degrees.
function georeference(tags: Map<number, TagValue>, list: (tag: number) => number[]) {
  const keys = geoKeys(tags.get(TAG.geoKeyDirectory));
  const modelType = keys.get(GEO_KEY.modelType);
  if (modelType !== undefined && modelType !== MODEL_GEOGRAPHIC) {
    throw new Error('the grid is not in geographic (latitude, longitude) coordinates');
  }
  let x0: number;
  let y0: number;
  let lonStep: number;
  let latStep: number;
  if (tags.has(TAG.modelTransformation)) {
    const m = list(TAG.modelTransformation);
    if (m[1] !== 0 || m[4] !== 0) throw new Error('rotated grids are not supported');
    [x0, y0, lonStep, latStep] = [m[3]!, m[7]!, m[0]!, -m[5]!];
  } else {
    const [i, j, , x, y] = list(TAG.tiepoint);
    const [sx, sy] = list(TAG.pixelScale);
    [lonStep, latStep] = [sx!, sy!];
    [x0, y0] = [x! - i! * lonStep, y! + j! * latStep];
  }
  if (!(lonStep > 0 && latStep > 0)) throw new Error('the grid spacing must be positive');
  const half = keys.get(GEO_KEY.rasterType) === RASTER_PIXEL_IS_POINT ? 0 : 0.5;
  return { west: x0 + half * lonStep, north: y0 - half * latStep, lonStep, latStep };
}

function geoKeys(directory: TagValue | undefined): Map<number, number> {
  const keys = new Map<number, number>();
  if (!Array.isArray(directory)) return keys;
  const count = directory[3] ?? 0;
  for (let k = 0; k < count; k++) {
    const [id, location, , value] = directory.slice(4 + k * 4, 8 + k * 4);
    if (location === 0 && id !== undefined && value !== undefined) keys.set(id, value);
  }
  return keys;
}

/**
 * Undoes TIFF predictor 3 on one row in place: bytes were differenced along the row, after each
 * sample's bytes had been split into planes from the most significant. Leaves little-endian floats.
 */
function undoFloatPredictor(row: Uint8Array, size: number): void {
  for (let i = 1; i < row.length; i++) row[i] = (row[i]! + row[i - 1]!) & 0xff;
  const planes = row.slice();
  const samples = row.length / size;
  for (let s = 0; s < samples; s++) {
    for (let b = 0; b < size; b++) row[s * size + b] = planes[(size - 1 - b) * samples + s]!;
  }
}

const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  16: 8,
  17: 8,
};

function readIfd(
  view: DataView,
  little: boolean,
  big: boolean,
  offset: number,
): Map<number, TagValue> {
  const tags = new Map<number, TagValue>();
  const count = big ? Number(view.getBigUint64(offset, little)) : view.getUint16(offset, little);
  const entrySize = big ? 20 : 12;
  const first = offset + (big ? 8 : 2);
  for (let e = 0; e < count; e++) {
    const at = first + e * entrySize;
    const tag = view.getUint16(at, little);
    const type = view.getUint16(at + 2, little);
    const n = big ? Number(view.getBigUint64(at + 4, little)) : view.getUint32(at + 4, little);
    const typeSize = TYPE_SIZES[type];
    if (typeSize === undefined) continue;
    const inline = big ? 8 : 4;
    const valueAt = at + (big ? 12 : 8);
    const start =
      n * typeSize <= inline
        ? valueAt
        : big
          ? Number(view.getBigUint64(valueAt, little))
          : view.getUint32(valueAt, little);
    if (type === 2) {
      const chars = new Uint8Array(view.buffer, view.byteOffset + start, n);
      tags.set(tag, new TextDecoder().decode(chars).replace(/\0+$/, ''));
      continue;
    }
    const values: number[] = [];
    for (let i = 0; i < n; i++) values.push(readValue(view, type, start + i * typeSize, little));
    tags.set(tag, values);
  }
  return tags;
}

function readValue(view: DataView, type: number, at: number, little: boolean): number {
  switch (type) {
    case 1:
    case 7:
      return view.getUint8(at);
    case 6:
      return view.getInt8(at);
    case 3:
      return view.getUint16(at, little);
    case 8:
      return view.getInt16(at, little);
    case 4:
      return view.getUint32(at, little);
    case 9:
      return view.getInt32(at, little);
    case 5:
      return view.getUint32(at, little) / view.getUint32(at + 4, little);
    case 10:
      return view.getInt32(at, little) / view.getInt32(at + 4, little);
    case 11:
      return view.getFloat32(at, little);
    case 12:
      return view.getFloat64(at, little);
    case 16:
      return Number(view.getBigUint64(at, little));
    default:
      return Number(view.getBigInt64(at, little));
  }
}
