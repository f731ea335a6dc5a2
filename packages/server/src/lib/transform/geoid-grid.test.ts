import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GeoidGrid, type GeoidGridData, parseGtx, readGeoidGrid, writeGtx } from './geoid-grid.ts';

// 3 rows (43°, 43.5°, 44° N) × 4 columns (124°, 123.5°, 123°, 122.5° W); value = −20 − row − col/10.
const data: GeoidGridData = {
  south: 43,
  west: -124,
  latStep: 0.5,
  lonStep: 0.5,
  rows: 3,
  cols: 4,
  values: Float32Array.from({ length: 12 }, (_, i) => -20 - Math.floor(i / 4) - (i % 4) / 10),
};

describe('geoid grid', () => {
  it('interpolates bilinearly between the four surrounding nodes', () => {
    const grid = new GeoidGrid('test.gtx', data);
    // On a node.
    expect(grid.undulation(43.5, -123.5)).toBeCloseTo(-21.1, 5);
    // A quarter of the way north and east from (43, −124): −20 − 1·0.25 − 0.1·0.25.
    expect(grid.undulation(43.125, -123.875)).toBeCloseTo(-20.275, 6);
    // On the north-east corner.
    expect(grid.undulation(44, -122.5)).toBeCloseTo(-22.3, 5);
    // 0..360 longitudes are the same place.
    expect(grid.undulation(43.125, 236.125)).toBeCloseTo(-20.275, 6);
  });

  it('refuses a point outside, naming it and the extent', () => {
    const grid = new GeoidGrid('test.gtx', data);
    expect(() => grid.undulation(45, -123)).toThrow(
      'The geoid grid test.gtx does not cover latitude 45, longitude -123: it has values for latitude 43 to 44, longitude -124 to -122.5',
    );
    expect(() => grid.undulation(43.5, -122.4)).toThrow('does not cover');
  });

  it('refuses a point next to a nodata node', () => {
    const values = Float32Array.from(data.values);
    values[5] = -88.8888;
    const grid = parseGtx('holes.gtx', writeGtx({ ...data, values }));
    expect(() => grid.undulation(43.25, -123.25)).toThrow(
      'The geoid grid holes.gtx does not cover latitude 43.25, longitude -123.25',
    );
    expect(grid.undulation(43.75, -122.75)).toBeCloseTo(-21.75, 5);
  });

  it('reads a GTX file: big-endian header and float32 rows from the south', () => {
    const grid = readGeoidGrid('test.gtx', writeGtx(data));
    expect(grid.south).toBe(43);
    expect(grid.north).toBe(44);
    expect(grid.west).toBe(-124);
    expect(grid.east).toBe(-122.5);
    expect(grid.undulation(43.125, -123.875)).toBeCloseTo(-20.275, 6);
    // A 0..360 origin, as some GTX files have, is read as a negative longitude.
    const east = readGeoidGrid('east.gtx', writeGtx({ ...data, west: 236 }));
    expect(east.west).toBe(-124);
    expect(() => readGeoidGrid('short.gtx', writeGtx(data).subarray(0, 60))).toThrow(
      'The geoid grid short.gtx is not a GTX file',
    );
  });

  it('wraps a global grid around the antimeridian', () => {
    // 2 × 4 nodes every 90° from −180 (no repeated column): 135°E lies between 90°E and −180°.
    const global = new GeoidGrid('world', {
      south: 0,
      west: -180,
      latStep: 10,
      lonStep: 90,
      rows: 2,
      cols: 4,
      values: Float32Array.from([0, 1, 2, 3, 0, 1, 2, 3]),
    });
    expect(global.undulation(5, 135)).toBeCloseTo(1.5, 6);
  });

  it('reads a single-band float GeoTIFF: strips, Deflate with predictor 3, PixelIsArea', () => {
    for (const options of [
      { deflate: false, little: true },
      { deflate: true, little: true },
      { deflate: true, little: false },
    ]) {
      const grid = readGeoidGrid('test.tif', tinyGeoTiff(options));
      expect(grid.south).toBeCloseTo(43, 12);
      expect(grid.west).toBeCloseTo(-124, 12);
      expect(grid.north).toBeCloseTo(44, 12);
      expect(grid.undulation(43.125, -123.875)).toBeCloseTo(-20.275, 6);
      expect(() => grid.undulation(43.7, -121)).toThrow('The geoid grid test.tif does not cover');
    }
  });
});

/**
 * A GeoTIFF of `data` written by hand: one strip of float32 rows from the north, a tie point at
 * the north-west pixel corner (PixelIsArea, half a cell beyond the first node), geographic model.
 */
function tinyGeoTiff({ deflate, little }: { deflate: boolean; little: boolean }): Uint8Array {
  const { rows, cols, values } = data;
  let pixels = new Uint8Array(rows * cols * 4);
  const pixelView = new DataView(pixels.buffer);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const value = values[(rows - 1 - r) * cols + c]!;
      pixelView.setFloat32((r * cols + c) * 4, value, deflate ? false : little);
    }
  }
  if (deflate) {
    // Predictor 3: big-endian byte planes per row, then byte differences along the row.
    const encoded = new Uint8Array(pixels.length);
    const rowBytes = cols * 4;
    for (let r = 0; r < rows; r++) {
      const row = new Uint8Array(rowBytes);
      for (let c = 0; c < cols; c++) {
        for (let b = 0; b < 4; b++) row[b * cols + c] = pixels[r * rowBytes + c * 4 + b]!;
      }
      for (let i = rowBytes - 1; i > 0; i--) row[i] = (row[i]! - row[i - 1]!) & 0xff;
      encoded.set(row, r * rowBytes);
    }
    pixels = new Uint8Array(deflateSync(encoded));
  }
  const pixelScale = [0.5, 0.5, 0];
  const tiepoint = [0, 0, 0, -124.25, 44.25, 0];
  const geoKeys = [1, 1, 0, 2, 1024, 0, 1, 2, 1025, 0, 1, 1];
  // Entries: tag, type, values (SHORT 3, LONG 4, DOUBLE 12), sorted by tag.
  const entries: [number, number, number[]][] = [
    [256, 3, [cols]],
    [257, 3, [rows]],
    [258, 3, [32]],
    [259, 3, [deflate ? 8 : 1]],
    [273, 4, [0]], // patched below
    [277, 3, [1]],
    [278, 3, [rows]],
    [279, 4, [pixels.length]],
    [317, 3, [deflate ? 3 : 1]],
    [339, 3, [3]],
    [33550, 12, pixelScale],
    [33922, 12, tiepoint],
    [34735, 3, geoKeys],
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const extra = entries.reduce((sum, [, type, v]) => {
    const size = (type === 12 ? 8 : type === 4 ? 4 : 2) * v.length;
    return sum + (size > 4 ? size : 0);
  }, 0);
  const pixelsAt = 8 + ifdSize + extra;
  const bytes = new Uint8Array(pixelsAt + pixels.length);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, little ? 0x4949 : 0x4d4d);
  view.setUint16(2, 42, little);
  view.setUint32(4, 8, little);
  view.setUint16(8, entries.length, little);
  let extraAt = 8 + ifdSize;
  entries.forEach(([tag, type, v], e) => {
    const at = 10 + e * 12;
    const values = tag === 273 ? [pixelsAt] : v;
    const size = type === 12 ? 8 : type === 4 ? 4 : 2;
    view.setUint16(at, tag, little);
    view.setUint16(at + 2, type, little);
    view.setUint32(at + 4, values.length, little);
    const inline = size * values.length <= 4;
    let to = inline ? at + 8 : extraAt;
    if (!inline) {
      view.setUint32(at + 8, extraAt, little);
      extraAt += size * values.length;
    }
    for (const value of values) {
      if (type === 3) view.setUint16(to, value, little);
      else if (type === 4) view.setUint32(to, value, little);
      else view.setFloat64(to, value, little);
      to += size;
    }
  });
  bytes.set(pixels, pixelsAt);
  return bytes;
}
