/** Builders for hostile and synthetic inputs used by this package's tests and benchmark. */
import path from 'node:path';
import { geojsonBox, type LonLatBox } from '@asset-portal/shared';
import { writeArrayBuffer } from 'geotiff';

export const LAYER_FIXTURES = path.join(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../shared/fixtures'),
  'layers',
);

/**
 * A raw DEFLATE stream of `1 + 258 * matches` zero bytes: one literal zero, then back-references
 * of length 258 at distance 1 in a fixed-Huffman block (13 bits each), so a gigabyte of output
 * costs about 6.5 MB and no compression work.
 */
export function zeroDeflateStream(matches: number): Uint8Array {
  const out = new Uint8Array(Math.ceil((3 + 8 + matches * 13 + 7) / 8) + 1);
  let byte = 0;
  let bit = 0;
  const write = (value: number, bits: number) => {
    for (let i = 0; i < bits; i++) {
      if ((value >> i) & 1) out[byte] = (out[byte] as number) | (1 << bit);
      bit++;
      if (bit === 8) {
        bit = 0;
        byte++;
      }
    }
  };
  // Huffman codes go most-significant bit first.
  const writeCode = (code: number, bits: number) => {
    let reversed = 0;
    for (let i = 0; i < bits; i++) reversed |= ((code >> i) & 1) << (bits - 1 - i);
    write(reversed, bits);
  };
  write(1, 1); // final block
  write(1, 2); // fixed Huffman
  writeCode(0x30, 8); // literal 0
  for (let i = 0; i < matches; i++) {
    writeCode(0xc5, 8); // length code 285: 258 bytes
    writeCode(0, 5); // distance code 0: distance 1
  }
  writeCode(0, 7); // end of block
  return out.subarray(0, bit === 0 ? byte : byte + 1);
}

export interface RawZipEntry {
  name: string;
  data: Uint8Array;
  method: 0 | 8;
  /** The uncompressed size written in the headers (may lie). */
  declaredSize: number;
}

/** A ZIP written by hand so its headers can say anything (CRC left 0: nothing here checks it). */
export function buildZip(entries: RawZipEntry[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, entry.method, true);
    local.setUint32(18, entry.data.length, true);
    local.setUint32(22, entry.declaredSize, true);
    local.setUint16(26, name.length, true);
    const header = new DataView(new ArrayBuffer(46));
    header.setUint32(0, 0x02014b50, true);
    header.setUint16(4, 20, true);
    header.setUint16(6, 20, true);
    header.setUint16(10, entry.method, true);
    header.setUint32(20, entry.data.length, true);
    header.setUint32(24, entry.declaredSize, true);
    header.setUint16(28, name.length, true);
    header.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, entry.data);
    central.push(new Uint8Array(header.buffer), name);
    offset += 30 + name.length + entry.data.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  return concat([...parts, ...central, new Uint8Array(end.buffer)]);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export interface DemOptions {
  width: number;
  height: number;
  values: Float32Array | Uint8Array;
  epsg?: number;
  /** Upper-left corner in the CRS. */
  origin?: [number, number];
  pixelSize?: number;
  gdalNoData?: string;
}

/** An uncompressed single-band GeoTIFF, north up. */
export function buildGeoTiff(options: DemOptions): Uint8Array {
  const epsg = options.epsg ?? 32632;
  const geographic = epsg === 4326;
  const [x, y] = options.origin ?? [466000, 5762000];
  const size = options.pixelSize ?? 10;
  const metadata: Record<string, unknown> = {
    width: options.width,
    height: options.height,
    ModelPixelScale: [size, size, 0],
    ModelTiepoint: [0, 0, 0, x, y, 0],
    GTModelTypeGeoKey: geographic ? 2 : 1,
    GTRasterTypeGeoKey: 1,
    ...(geographic ? { GeographicTypeGeoKey: epsg } : { ProjectedCSTypeGeoKey: epsg }),
    ...(options.gdalNoData ? { GDAL_NODATA: `${options.gdalNoData}\0` } : {}),
  };
  return new Uint8Array(writeArrayBuffer(options.values as never, metadata as never));
}

/** Rewrites the ImageWidth and ImageLength tags of the first IFD (a header that lies). */
export function patchDimensions(tiff: Uint8Array, width: number, height: number): Uint8Array {
  const out = tiff.slice();
  const view = new DataView(out.buffer);
  const little = out[0] === 0x49;
  const ifd = view.getUint32(4, little);
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = view.getUint16(entry, little);
    if (tag !== 256 && tag !== 257) continue;
    const type = view.getUint16(entry + 2, little);
    const value = tag === 256 ? width : height;
    if (type === 3) {
      if (value > 0xffff) {
        view.setUint16(entry + 2, 4, little); // SHORT becomes LONG to hold the lie
        view.setUint32(entry + 8, value, little);
      } else view.setUint16(entry + 8, value, little);
    } else view.setUint32(entry + 8, value, little);
  }
  return out;
}

/** The box of a converted layer that must have coordinates. */
export function boxOf(collection: unknown): LonLatBox {
  const box = geojsonBox(collection);
  if (!box) throw new Error('the layer has no coordinates');
  return box;
}
