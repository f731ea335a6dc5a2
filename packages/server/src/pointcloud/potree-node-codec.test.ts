import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { allocatePointColumns, openPointCloudFile } from '../lib/las/las-reader.ts';
import {
  decodePotreeNode,
  encodePotreeNode,
  type NodeAttributes,
  type NodePoints,
  type PotreeEncoding,
  PotreeNodeDecodeError,
} from './potree-node-codec.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../shared/fixtures'),
  'pointcloud',
);

const BASE: NodeAttributes = [
  { name: 'position', size: 12 },
  { name: 'intensity', size: 2 },
  { name: 'classification', size: 1 },
];
const GPS = { name: 'gps-time', size: 8 };
const RGB = { name: 'rgb', size: 6 };
const ENCODINGS: PotreeEncoding[] = ['DEFAULT', 'BROTLI'];

/** Deterministic points spread over the int32 range, including its extremes and negatives. */
function samplePoints(count: number, withGps: boolean, withRgb: boolean): NodePoints {
  let seed = 12345;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed;
  };
  const points: NodePoints = allocatePointColumns(count, { gpsTime: withGps, rgb: withRgb });
  const extremes = [-2147483648, 2147483647, 0, -1, 1 << 27, (1 << 27) + 5, 65535, 65536];
  for (let i = 0; i < count; i++) {
    points.x[i] = i < extremes.length ? extremes[i]! : next() | 0;
    points.y[i] = i < extremes.length ? extremes[(i + 3) % extremes.length]! : next() | 0;
    points.z[i] = i < extremes.length ? 0 : (next() % 100_000) - 50_000;
    points.intensity[i] = next() & 0xffff;
    points.classification[i] = next() & 0xff;
    if (points.gpsTime) points.gpsTime[i] = 1.4e9 + next() / 1e4;
    if (points.rgb) {
      points.rgb[i * 3] = next() & 0xffff;
      points.rgb[i * 3 + 1] = i === 0 ? 65535 : next() & 0xffff;
      points.rgb[i * 3 + 2] = i === 0 ? 0 : next() & 0xffff;
    }
  }
  return points;
}

function attributesFor(points: NodePoints): NodeAttributes {
  return [...BASE, ...(points.gpsTime ? [GPS] : []), ...(points.rgb ? [RGB] : [])];
}

/** Every point as one string, sorted: BROTLI stores points in its own order. */
function pointSet(points: NodePoints, indices?: ArrayLike<number>): string[] {
  const chosen = indices ? Array.from(indices) : Array.from({ length: points.count }, (_, i) => i);
  return chosen
    .map((i) =>
      [
        points.x[i],
        points.y[i],
        points.z[i],
        points.intensity[i],
        points.classification[i],
        points.gpsTime ? points.gpsTime[i] : '-',
        points.rgb ? Array.from(points.rgb.subarray(i * 3, i * 3 + 3)).join('/') : '-',
      ].join(','),
    )
    .sort();
}

/** Compared by hand: a failing toEqual on tens of thousands of strings takes minutes to diff. */
function expectSamePoints(actual: string[], expected: string[]) {
  expect(actual.length).toBe(expected.length);
  expect(actual.filter((key, i) => key !== expected[i]).slice(0, 5)).toEqual([]);
}

describe('encodePotreeNode and decodePotreeNode', () => {
  for (const encoding of ENCODINGS) {
    for (const [withGps, withRgb] of [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      it(`${encoding} round-trips every attribute exactly (gps-time ${withGps}, rgb ${withRgb})`, () => {
        const points = samplePoints(5000, withGps, withRgb);
        const attributes = attributesFor(points);
        const bytes = encodePotreeNode(encoding, attributes, points);
        const decoded = decodePotreeNode(encoding, attributes, bytes, points.count);
        expect(decoded.count).toBe(points.count);
        expect(decoded.gpsTime === null).toBe(!withGps);
        expect(decoded.rgb === null).toBe(!withRgb);
        expectSamePoints(pointSet(decoded), pointSet(points));
      });
    }

    it(`${encoding} encodes an empty node as no bytes and reads it back`, () => {
      const points = samplePoints(0, true, true);
      const bytes = encodePotreeNode(encoding, attributesFor(points), points);
      expect(bytes.length).toBe(0);
      expect(decodePotreeNode(encoding, attributesFor(points), bytes, 0).count).toBe(0);
    });

    it(`${encoding} round-trips a one-point node`, () => {
      const points = samplePoints(1, true, true);
      const attributes = attributesFor(points);
      const decoded = decodePotreeNode(
        encoding,
        attributes,
        encodePotreeNode(encoding, attributes, points),
        1,
      );
      expect(pointSet(decoded)).toEqual(pointSet(points));
    });

    it(`${encoding} encodes only the selected points`, () => {
      const points = samplePoints(300, true, true);
      const attributes = attributesFor(points);
      const indices = Uint32Array.from([299, 7, 0, 150, 151]);
      const bytes = encodePotreeNode(encoding, attributes, points, indices);
      const decoded = decodePotreeNode(encoding, attributes, bytes, indices.length);
      expect(pointSet(decoded)).toEqual(pointSet(points, indices));
    });

    it(`${encoding} refuses attributes the points do not have`, () => {
      const points = samplePoints(10, false, false);
      expect(() => encodePotreeNode(encoding, [...BASE, GPS], points)).toThrow(/no GPS time/);
      expect(() => encodePotreeNode(encoding, [...BASE, RGB], points)).toThrow(/no colour/);
    });
  }

  it('DEFAULT stores 29-byte interleaved records in attribute order', () => {
    const points = samplePoints(3, true, true);
    const bytes = encodePotreeNode('DEFAULT', attributesFor(points), points);
    expect(bytes.length).toBe(3 * 29);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getInt32(29, true)).toBe(points.x[1]);
    expect(view.getUint16(29 + 12, true)).toBe(points.intensity[1]);
    expect(view.getFloat64(29 + 15, true)).toBe(points.gpsTime![1]);
    expect(view.getUint16(29 + 23, true)).toBe(points.rgb![3]);
  });

  it('BROTLI stores Morton-coded positions the way Potree decoders read them', () => {
    const points = samplePoints(1, false, false);
    points.x[0] = 0x00010203;
    points.y[0] = 0;
    points.z[0] = 0;
    const bytes = encodePotreeNode('BROTLI', BASE, points);
    const raw = brotliDecompressSync(bytes);
    expect(raw.length).toBe(16 + 2 + 1);
    const view = new DataView(raw.buffer, raw.byteOffset);
    // x bits sit at bits 0, 3, 6, … of each half; the upper half (x bits 16–31) comes first.
    expect(view.getUint32(0, true)).toBe(1); // x bit 16
    expect(view.getUint32(4, true)).toBe(0);
    // x = …0203: bits 0, 1 and 9 → code bits 0, 3 and 27.
    expect(view.getUint32(8, true)).toBe((1 | (1 << 3) | (1 << 27)) >>> 0);
    expect(view.getUint32(12, true)).toBe(0);
  });

  it('BROTLI marks positions whose upper half potree-core would otherwise skip', () => {
    // Upper half non-zero only in its second word, lower half's second word zero: potree-core
    // reads the upper half only when one of those words is non-zero.
    const points = samplePoints(1, false, false);
    points.x[0] = 1 << 27;
    points.y[0] = 5;
    points.z[0] = 0;
    const bytes = encodePotreeNode('BROTLI', BASE, points);
    const raw = brotliDecompressSync(bytes);
    const view = new DataView(raw.buffer, raw.byteOffset, raw.length);
    expect(view.getUint32(0, true)).toBe(0);
    expect(view.getUint32(4, true)).not.toBe(0);
    expect(view.getUint32(12, true)).not.toBe(0);
    const decoded = decodePotreeNode('BROTLI', BASE, bytes, 1);
    expect([decoded.x[0], decoded.y[0], decoded.z[0]]).toEqual([1 << 27, 5, 0]);
  });

  it('BROTLI keeps a real cloud exact and takes at most 12 bytes a point', async () => {
    const file = await openPointCloudFile(path.join(FIXTURES, 'autzen_trim_7.las'));
    for await (const chunk of file.chunks(50_000)) {
      const attributes = attributesFor(chunk);
      expect(attributes.map((a) => a.name)).toContain('gps-time');
      const bytes = encodePotreeNode('BROTLI', attributes, chunk);
      expect(bytes.length / chunk.count).toBeLessThan(12);
      const decoded = decodePotreeNode('BROTLI', attributes, bytes, chunk.count);
      expectSamePoints(pointSet(decoded), pointSet(chunk));
      break;
    }
  });

  describe('malformed bytes', () => {
    const points = samplePoints(100, true, true);
    const attributes = attributesFor(points);

    it('DEFAULT: a wrong length is refused', () => {
      const bytes = encodePotreeNode('DEFAULT', attributes, points);
      expect(() => decodePotreeNode('DEFAULT', attributes, bytes.subarray(1), 100)).toThrow(
        PotreeNodeDecodeError,
      );
      expect(() => decodePotreeNode('DEFAULT', attributes, bytes, 101)).toThrow(
        /must hold 2929 bytes, not 2900/,
      );
    });

    it('BROTLI: bytes that are not Brotli are refused', () => {
      const garbage = new Uint8Array(64).fill(0xa5);
      expect(() => decodePotreeNode('BROTLI', attributes, garbage, 100)).toThrow(
        /BROTLI node of 100 points could not be decompressed/,
      );
    });

    it('BROTLI: a truncated node is refused', () => {
      const bytes = encodePotreeNode('BROTLI', attributes, points);
      expect(() =>
        decodePotreeNode('BROTLI', attributes, bytes.subarray(0, bytes.length - 10), 100),
      ).toThrow(PotreeNodeDecodeError);
    });

    it('BROTLI: a point count the data does not match is refused', () => {
      const bytes = encodePotreeNode('BROTLI', attributes, points);
      expect(() => decodePotreeNode('BROTLI', attributes, bytes, 99)).toThrow(
        /must decompress to 3465 bytes, not more/,
      );
      const short = brotliCompressSync(new Uint8Array(10));
      expect(() => decodePotreeNode('BROTLI', attributes, short, 100)).toThrow(
        /must decompress to 3500 bytes, not 10/,
      );
    });

    it('an unknown encoding is refused', () => {
      expect(() =>
        decodePotreeNode('LAZ' as PotreeEncoding, attributes, new Uint8Array(0), 0),
      ).toThrow(/Unknown Potree encoding LAZ/);
    });
  });
});
