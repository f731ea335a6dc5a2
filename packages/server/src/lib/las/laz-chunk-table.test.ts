import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLasHeader } from './las-header.ts';
import {
  decodeChunkTable,
  encodeChunkTable,
  type LazChunkLayout,
  readLazChunkLayout,
  VARIABLE_CHUNK_SIZE,
} from './laz-chunk-table.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);
const work = await mkdtemp(path.join(tmpdir(), 'laz-chunk-table-'));
afterAll(() => rm(work, { recursive: true, force: true }));

async function layoutOf(file: string) {
  const bytes = await readFile(file);
  const handle = await open(file, 'r');
  try {
    const header = await readLasHeader(handle);
    return { bytes, header, layout: await readLazChunkLayout(handle, header, bytes.length) };
  } finally {
    await handle.close();
  }
}

function available(layout: LazChunkLayout | { unavailable: string }): LazChunkLayout {
  if ('unavailable' in layout) throw new Error(layout.unavailable);
  return layout;
}

describe('the LAZ chunk table', () => {
  it.each([
    // LASzip, fixed chunks of 50,000 points, point format 3.
    ['autzen_trim.laz', 50_000, [50_000, 50_000, 10_000]],
    ['simple.laz', 50_000, [1065]],
    // COPC: chunks of varying size (one per octree node), LAS 1.4 format 6.
    ['lone-star.copc.laz', VARIABLE_CHUNK_SIZE, null],
    // Format 8 with extra bytes.
    ['las_with_several_extra_byte_bloc.laz', 50_000, null],
  ])(
    'lists the chunks of %s, back to back, with every point of the header',
    async (file, size, counts) => {
      const { bytes, header, layout } = await layoutOf(path.join(FIXTURES, file));
      const { chunkSize, chunks } = available(layout);
      expect(chunkSize).toBe(size);
      if (counts) expect(chunks.map((chunk) => chunk.pointCount)).toEqual(counts);
      expect(chunks.reduce((sum, chunk) => sum + chunk.pointCount, 0)).toBe(header.pointCount);
      expect(chunks[0]!.offset).toBe(header.offsetToPointData + 8);
      for (let i = 1; i < chunks.length; i++) {
        expect(chunks[i]!.offset).toBe(chunks[i - 1]!.offset + chunks[i - 1]!.byteLength);
      }
      // The writer's table follows the last chunk, and coding the entries again gives its bytes.
      const last = chunks.at(-1)!;
      const tableStart = Number(bytes.readBigInt64LE(header.offsetToPointData));
      expect(tableStart).toBe(last.offset + last.byteLength);
      const encoded = encodeChunkTable(chunks, chunkSize === VARIABLE_CHUNK_SIZE);
      expect(bytes.subarray(tableStart, tableStart + encoded.length)).toEqual(encoded);
    },
  );

  it('codes and decodes any entries, small and large, growing and shrinking', () => {
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed / 2 ** 32;
    };
    const entries = Array.from({ length: 3000 }, (_, i) => ({
      byteLength: Math.floor(random() * 2 ** (1 + (i % 31))) + 1,
      pointCount: i % 97 === 0 ? 0x7fffffff : Math.floor(random() * 200_000),
    }));
    for (const variable of [true, false]) {
      const table = encodeChunkTable(entries, variable);
      expect(table.readUInt32LE(0)).toBe(0);
      expect(table.readUInt32LE(4)).toBe(entries.length);
      const decoded = decodeChunkTable(table.subarray(8), entries.length, variable);
      expect(decoded.map((entry) => entry.byteLength)).toEqual(entries.map((e) => e.byteLength));
      if (variable) {
        expect(decoded.map((entry) => entry.pointCount)).toEqual(entries.map((e) => e.pointCount));
      }
    }
  });

  it('finds a table written to a stream, pointed to from the last 8 bytes', async () => {
    const original = path.join(FIXTURES, 'autzen_trim.laz');
    const expected = available((await layoutOf(original)).layout);
    const { bytes, header } = await layoutOf(original);
    const tableStart = bytes.readBigInt64LE(header.offsetToPointData);
    const streamed = Buffer.concat([bytes, Buffer.alloc(8)]);
    streamed.writeBigInt64LE(-1n, header.offsetToPointData);
    streamed.writeBigInt64LE(tableStart, bytes.length);
    const file = path.join(work, 'streamed.laz');
    await writeFile(file, streamed);
    expect(available((await layoutOf(file)).layout)).toEqual(expected);
  });

  it('says why when the table is missing or contradicts the header', async () => {
    const { bytes, header } = await layoutOf(path.join(FIXTURES, 'autzen_trim.laz'));
    const cases: [string, (copy: Buffer) => void, RegExp][] = [
      ['no table', (copy) => copy.writeBigInt64LE(-1n, header.offsetToPointData), /no chunk table/],
      [
        'past the end',
        (copy) => copy.writeBigInt64LE(10n ** 12n, header.offsetToPointData),
        /no chunk table/,
      ],
      // 3 chunks of at most 50,000 cannot hold 150,001 points.
      [
        'more points',
        (copy) => copy.writeUInt32LE(150_001, 107),
        /holds 150000 points, the header 150001/,
      ],
      [
        'one chunk more',
        (copy) => {
          const start = Number(copy.readBigInt64LE(header.offsetToPointData));
          copy.writeUInt32LE(copy.readUInt32LE(start + 4) + 1, start + 4);
        },
        /chunk|points/,
      ],
    ];
    for (const [name, damage, reason] of cases) {
      const copy = Buffer.from(bytes);
      damage(copy);
      const file = path.join(work, `${name}.laz`);
      await writeFile(file, copy);
      const { layout } = await layoutOf(file);
      expect(layout, name).toEqual({ unavailable: expect.stringMatching(reason) });
    }
  });
});
