import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { allocatePointColumns, type PointColumns } from '../lib/las/las-reader.ts';
import { type PotreeAttribute, type PotreeEncoding, recordLayout } from './potree-format.ts';

/**
 * Turns one octree node's points into the bytes `octree.bin` stores for it, and back, in either
 * Potree 2.0 encoding:
 *
 * - DEFAULT: interleaved little-endian records, attributes in metadata order.
 * - BROTLI: one column per attribute, in metadata order, the whole Brotli-compressed. Position
 *   is a 16-byte Morton code per point, colour an 8-byte one, the others plain little-endian
 *   values (the layout potree-core's and Potree's Brotli decoders read). Points are stored in
 *   Morton order, which keeps neighbouring codes (and attribute values) alike, so they compress.
 *
 * Positions are the raw LAS integers in both (world = raw × scale + offset): nothing is rounded.
 */

export type { PotreeEncoding };

/** The points of one node. Arrays may be longer than `count`; only the first `count` are used. */
export type NodePoints = PointColumns;

/** The attribute facts the codec needs: names and sizes, in metadata order. */
export type NodeAttributes = readonly Pick<PotreeAttribute, 'name' | 'size'>[];

/**
 * Brotli quality and window, chosen by measurement on real and generated clouds: quality 2 is
 * the fastest that keeps a real airborne cloud under 12 bytes a point (quality 1 left it near
 * 15); qualities 3–4 were no smaller and slower, 5 only 3–4 % smaller at under half the speed.
 * Windows from 64 KiB to 16 MiB gave the same sizes at this quality, so the smallest is used.
 */
export const BROTLI_QUALITY = 2;
export const BROTLI_WINDOW_BITS = 16;

/** BROTLI columns are filled through typed arrays, which use the machine's byte order. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export class PotreeNodeDecodeError extends Error {
  override name = 'PotreeNodeDecodeError';
}

/**
 * Encodes a node's points. `indices`, when given, selects and orders the points of `points`
 * that form the node (e.g. a node's point indices into the whole cloud's columns); without it
 * points 0 … count−1 are encoded. BROTLI stores them in its own (Morton) order.
 */
export function encodePotreeNode(
  encoding: PotreeEncoding,
  attributes: NodeAttributes,
  points: NodePoints,
  indices?: ArrayLike<number>,
  options: { quality?: number } = {},
): Uint8Array {
  const selection = indices ?? identity(points.count);
  assertHasAttributes(attributes, points);
  if (encoding === 'DEFAULT') return encodeDefault(attributes, points, selection);
  if (encoding === 'BROTLI') {
    if (!LITTLE_ENDIAN) throw new Error('The BROTLI encoding needs a little-endian machine');
    return encodeBrotli(attributes, points, selection, options.quality ?? BROTLI_QUALITY);
  }
  throw new Error(`Unknown Potree encoding ${String(encoding)}`);
}

/** Decodes a node's stored bytes into `count` points (BROTLI gives them in Morton order). */
export function decodePotreeNode(
  encoding: PotreeEncoding,
  attributes: NodeAttributes,
  bytes: Uint8Array,
  count: number,
): NodePoints {
  if (encoding === 'DEFAULT') return decodeDefault(attributes, bytes, count);
  if (encoding === 'BROTLI') {
    if (!LITTLE_ENDIAN) throw new Error('The BROTLI encoding needs a little-endian machine');
    return decodeBrotli(attributes, bytes, count);
  }
  throw new PotreeNodeDecodeError(`Unknown Potree encoding ${String(encoding)}`);
}

function identity(count: number): Uint32Array {
  const all = new Uint32Array(count);
  for (let i = 0; i < count; i++) all[i] = i;
  return all;
}

function assertHasAttributes(attributes: NodeAttributes, points: NodePoints): void {
  for (const { name } of attributes) {
    if (name === 'gps-time' && !points.gpsTime) throw new Error('The points have no GPS time');
    if (name === 'rgb' && !points.rgb) throw new Error('The points have no colour');
  }
}

function emptyPoints(attributes: NodeAttributes, count: number): NodePoints {
  const names = new Set(attributes.map((a) => a.name));
  return allocatePointColumns(count, { gpsTime: names.has('gps-time'), rgb: names.has('rgb') });
}

// ---------------------------------------------------------------------------------------------
// DEFAULT

function encodeDefault(
  attributes: NodeAttributes,
  points: NodePoints,
  selection: ArrayLike<number>,
): Uint8Array {
  const layout = recordLayout(attributes);
  const bytes = new Uint8Array(selection.length * layout.size);
  const target = new DataView(bytes.buffer);
  const { x, y, z, intensity, classification, gpsTime, rgb } = points;
  const size = layout.size;
  for (let k = 0, at = 0; k < selection.length; k++, at += size) {
    const i = selection[k]!;
    target.setInt32(at + layout.position, x[i]!, true);
    target.setInt32(at + layout.position + 4, y[i]!, true);
    target.setInt32(at + layout.position + 8, z[i]!, true);
    if (layout.intensity >= 0) target.setUint16(at + layout.intensity, intensity[i]!, true);
    if (layout.classification >= 0) target.setUint8(at + layout.classification, classification[i]!);
    if (layout.gpsTime >= 0) target.setFloat64(at + layout.gpsTime, gpsTime![i]!, true);
    if (layout.rgb >= 0) {
      target.setUint16(at + layout.rgb, rgb![i * 3]!, true);
      target.setUint16(at + layout.rgb + 2, rgb![i * 3 + 1]!, true);
      target.setUint16(at + layout.rgb + 4, rgb![i * 3 + 2]!, true);
    }
  }
  return bytes;
}

function decodeDefault(attributes: NodeAttributes, bytes: Uint8Array, count: number): NodePoints {
  const layout = recordLayout(attributes);
  if (bytes.length !== count * layout.size) {
    throw new PotreeNodeDecodeError(
      `A DEFAULT node of ${count} points must hold ${count * layout.size} bytes, not ${bytes.length}`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const points = emptyPoints(attributes, count);
  const { x, y, z, intensity, classification, gpsTime, rgb } = points;
  for (let i = 0, at = 0; i < count; i++, at += layout.size) {
    x[i] = view.getInt32(at + layout.position, true);
    y[i] = view.getInt32(at + layout.position + 4, true);
    z[i] = view.getInt32(at + layout.position + 8, true);
    if (layout.intensity >= 0) intensity[i] = view.getUint16(at + layout.intensity, true);
    if (layout.classification >= 0) classification[i] = view.getUint8(at + layout.classification);
    if (gpsTime) gpsTime[i] = view.getFloat64(at + layout.gpsTime, true);
    if (rgb) {
      rgb[i * 3] = view.getUint16(at + layout.rgb, true);
      rgb[i * 3 + 1] = view.getUint16(at + layout.rgb + 2, true);
      rgb[i * 3 + 2] = view.getUint16(at + layout.rgb + 4, true);
    }
  }
  return points;
}

// ---------------------------------------------------------------------------------------------
// BROTLI

/** Bytes per point of each attribute's column once decompressed. */
function brotliColumnSize(name: string): number {
  switch (name) {
    case 'position':
      return 16;
    case 'rgb':
      return 8;
    case 'intensity':
      return 2;
    case 'classification':
      return 1;
    case 'gps-time':
      return 8;
    default:
      throw new Error(`The BROTLI encoding has no column layout for attribute ${name}`);
  }
}

/** SPREAD[v]: the 8 bits of v moved to bits 0, 3, 6, … 21 (one axis of a Morton code). */
const SPREAD = new Uint32Array(256);
for (let v = 0; v < 256; v++) {
  let spread = 0;
  for (let bit = 0; bit < 8; bit++) if (v & (1 << bit)) spread |= 1 << (bit * 3);
  SPREAD[v] = spread;
}

/** 24 Morton bits (8 per axis) of byte `shift` of a, b and c, a in the lowest position. */
function morton24(a: number, b: number, c: number, shift: number): number {
  return (
    SPREAD[(a >>> shift) & 0xff]! |
    (SPREAD[(b >>> shift) & 0xff]! << 1) |
    (SPREAD[(c >>> shift) & 0xff]! << 2)
  );
}

/** Inverse of SPREAD on 24 bits: bits 0, 3, … 21 gathered into 8. */
function compact24(v: number): number {
  let t = v & 0x249249;
  t = (t | (t >>> 2)) & 0x0c30c3;
  t = (t | (t >>> 4)) & 0x00f00f;
  t = (t | (t >>> 8)) & 0x0000ff;
  return t;
}

/** The three 16-bit values of a 48-bit Morton code held in two words (24 + 24 bits). */
function unmorton48(word0: number, word1: number, into: Int32Array): void {
  const low = word0 & 0xffffff;
  const high = ((word0 >>> 24) | (word1 << 8)) & 0xffffff;
  into[0] = compact24(low) | (compact24(high) << 8);
  into[1] = compact24(low >>> 1) | (compact24(high >>> 1) << 8);
  into[2] = compact24(low >>> 2) | (compact24(high >>> 2) << 8);
}

/**
 * potree-core (like Potree) reads the upper half of a position's code only when word 0 of that
 * half or word 1 of the lower half is non-zero. Bits 48–63 of the lower half are unused, so one
 * of them is set when needed to make the upper half read; decoders ignore it.
 */
const READ_UPPER_HALF = 0x80000000;

/**
 * The position column and the order it puts the points in: the points sorted by the Morton code
 * of their raw integers (so consecutive stored codes share their leading bytes), each code
 * stored as potree-core reads it — the upper half (bits 16–31 of each axis) then the lower one.
 * `order` holds positions in `selection`.
 */
function positionColumn(
  points: NodePoints,
  selection: ArrayLike<number>,
): { order: Uint32Array; column: Uint8Array } {
  const n = selection.length;
  const { x, y, z } = points;
  // The code in four 24-bit digits: byte 0 of each axis, byte 1, byte 2, byte 3.
  const d0 = new Uint32Array(n);
  const d1 = new Uint32Array(n);
  const d2 = new Uint32Array(n);
  const d3 = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const i = selection[k]!;
    const xi = x[i]!;
    const yi = y[i]!;
    const zi = z[i]!;
    d0[k] = morton24(xi, yi, zi, 0);
    d1[k] = morton24(xi, yi, zi, 8);
    d2[k] = morton24(xi, yi, zi, 16);
    d3[k] = morton24(xi, yi, zi, 24);
  }
  const digits = [d0, d1, d2, d3];
  const varying = digits.map((digit) => {
    let differ = 0;
    for (let k = 1; k < n; k++) differ |= digit[k]! ^ digit[0]!;
    return differ;
  });
  const order = radixSort(n, digits, varying);
  const words = new Uint32Array(n * 4);
  for (let k = 0, w = 0; k < n; k++, w += 4) {
    const p = order[k]!;
    const upperWord0 = (d2[p]! | (d3[p]! << 24)) >>> 0;
    const upperWord1 = d3[p]! >>> 8;
    const lowerWord1 = d1[p]! >>> 8;
    words[w] = upperWord0;
    words[w + 1] = upperWord1;
    words[w + 2] = (d0[p]! | (d1[p]! << 24)) >>> 0;
    words[w + 3] =
      upperWord1 !== 0 && upperWord0 === 0 && lowerWord1 === 0 ? READ_UPPER_HALF : lowerWord1;
  }
  return { order, column: new Uint8Array(words.buffer) };
}

/**
 * Indices 0 … n−1 ordered by the key whose 24-bit digits are `digits` (least significant
 * first): an LSD radix sort on 12-bit parts, skipping the parts no two keys differ in
 * (`varying` marks the bits that differ somewhere). Stable, so equal keys keep their order.
 */
function radixSort(n: number, digits: Uint32Array[], varying: number[]): Uint32Array {
  let order = new Uint32Array(n);
  for (let k = 0; k < n; k++) order[k] = k;
  let spare = new Uint32Array(n);
  const counts = new Uint32Array(4096);
  for (let d = 0; d < digits.length; d++) {
    const keys = digits[d]!;
    for (const shift of [0, 12]) {
      if (((varying[d]! >>> shift) & 0xfff) === 0) continue;
      counts.fill(0);
      for (let k = 0; k < n; k++) counts[(keys[k]! >>> shift) & 0xfff]!++;
      let sum = 0;
      for (let bucket = 0; bucket < 4096; bucket++) {
        const count = counts[bucket]!;
        counts[bucket] = sum;
        sum += count;
      }
      for (let k = 0; k < n; k++) {
        const point = order[k]!;
        spare[counts[(keys[point]! >>> shift) & 0xfff]!++] = point;
      }
      [order, spare] = [spare, order];
    }
  }
  return order;
}

function encodeBrotli(
  attributes: NodeAttributes,
  points: NodePoints,
  selection: ArrayLike<number>,
  quality: number,
): Uint8Array {
  const n = selection.length;
  if (n === 0) return new Uint8Array(0);
  const { order, column: positions } = positionColumn(points, selection);
  const source = new Uint32Array(n);
  for (let k = 0; k < n; k++) source[k] = selection[order[k]!]!;
  const columns = attributes.map((attribute) =>
    attribute.name === 'position' ? positions : brotliColumn(attribute.name, points, source),
  );
  const raw = new Uint8Array(columns.reduce((sum, column) => sum + column.length, 0));
  let at = 0;
  for (const column of columns) {
    raw.set(column, at);
    at += column.length;
  }
  const compressed = brotliCompressSync(raw, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  return new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.length);
}

/** One attribute's column other than position, of the points `source` indexes, in its order. */
function brotliColumn(name: string, points: NodePoints, source: Uint32Array): Uint8Array {
  const n = source.length;
  const { intensity, classification, gpsTime, rgb } = points;
  switch (name) {
    case 'rgb': {
      const words = new Uint32Array(n * 2);
      for (let k = 0, w = 0; k < n; k++, w += 2) {
        const i = source[k]! * 3;
        const r = rgb![i]!;
        const g = rgb![i + 1]!;
        const b = rgb![i + 2]!;
        const upper = morton24(r, g, b, 8);
        words[w] = (morton24(r, g, b, 0) | (upper << 24)) >>> 0;
        words[w + 1] = upper >>> 8;
      }
      return new Uint8Array(words.buffer);
    }
    case 'intensity': {
      const values = new Uint16Array(n);
      for (let k = 0; k < n; k++) values[k] = intensity[source[k]!]!;
      return new Uint8Array(values.buffer);
    }
    case 'classification': {
      const values = new Uint8Array(n);
      for (let k = 0; k < n; k++) values[k] = classification[source[k]!]!;
      return values;
    }
    case 'gps-time': {
      const values = new Float64Array(n);
      for (let k = 0; k < n; k++) values[k] = gpsTime![source[k]!]!;
      return new Uint8Array(values.buffer);
    }
    default:
      throw new Error(`The BROTLI encoding has no column layout for attribute ${name}`);
  }
}

function decodeBrotli(attributes: NodeAttributes, bytes: Uint8Array, count: number): NodePoints {
  const sizes = attributes.map((a) => brotliColumnSize(a.name));
  const expected = sizes.reduce((sum, size) => sum + size, 0) * count;
  if (count === 0 && bytes.length === 0) return emptyPoints(attributes, 0);
  let raw: Buffer;
  try {
    raw = brotliDecompressSync(bytes, { maxOutputLength: Math.max(expected, 1) });
  } catch (error) {
    const reason =
      (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
        ? `must decompress to ${expected} bytes, not more`
        : `could not be decompressed: ${(error as Error).message}`;
    throw new PotreeNodeDecodeError(`A BROTLI node of ${count} points ${reason}`);
  }
  if (raw.length !== expected) {
    throw new PotreeNodeDecodeError(
      `A BROTLI node of ${count} points must decompress to ${expected} bytes, not ${raw.length}`,
    );
  }
  const points = emptyPoints(attributes, count);
  const { x, y, z, intensity, classification, gpsTime, rgb } = points;
  const upper = new Int32Array(3);
  const lower = new Int32Array(3);
  let at = 0;
  // Columns are copied out first: their offsets need not be aligned for typed-array views.
  const column = (size: number) => {
    const copy = new Uint8Array(raw.buffer.slice(raw.byteOffset + at, raw.byteOffset + at + size));
    at += size;
    return copy.buffer;
  };
  for (const attribute of attributes) {
    switch (attribute.name) {
      case 'position': {
        const words = new Uint32Array(column(count * 16));
        for (let i = 0, w = 0; i < count; i++, w += 4) {
          unmorton48(words[w]!, words[w + 1]!, upper);
          unmorton48(words[w + 2]!, words[w + 3]!, lower);
          x[i] = (upper[0]! << 16) | lower[0]!;
          y[i] = (upper[1]! << 16) | lower[1]!;
          z[i] = (upper[2]! << 16) | lower[2]!;
        }
        break;
      }
      case 'rgb': {
        const words = new Uint32Array(column(count * 8));
        for (let i = 0, w = 0; i < count; i++, w += 2) {
          unmorton48(words[w]!, words[w + 1]!, lower);
          rgb![i * 3] = lower[0]!;
          rgb![i * 3 + 1] = lower[1]!;
          rgb![i * 3 + 2] = lower[2]!;
        }
        break;
      }
      case 'intensity':
        intensity.set(new Uint16Array(column(count * 2)));
        break;
      case 'classification':
        classification.set(new Uint8Array(column(count)));
        break;
      case 'gps-time':
        gpsTime!.set(new Float64Array(column(count * 8)));
        break;
    }
  }
  return points;
}
