import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTiledLaz } from '../../device-packages/generator/laz-tiler.ts';
import { readLasHeader } from './las-header.ts';
import { lazPerfMemoryBytes, openLazRecords } from './laz-records.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);
const work = await mkdtemp(path.join(tmpdir(), 'laz-records-'));
afterAll(() => rm(work, { recursive: true, force: true }));

/** Every record of the file, decoded in reads of `readSize` points. */
async function decodeAll(file: string, options: { whole?: boolean; readSize?: number } = {}) {
  const handle = await open(file, 'r');
  try {
    const header = await readLasHeader(handle);
    const reader = await openLazRecords(handle, header, { whole: options.whole });
    try {
      const all = Buffer.alloc(header.pointCount * reader.recordLength);
      const readSize = options.readSize ?? 65_536;
      const piece = Buffer.alloc(readSize * reader.recordLength);
      for (let start = 0; start < header.pointCount; start += readSize) {
        const count = Math.min(readSize, header.pointCount - start);
        await reader.read(piece, count, start);
        piece.copy(all, start * reader.recordLength, 0, count * reader.recordLength);
      }
      return { header, reader, all };
    } finally {
      reader.close();
    }
  } finally {
    await handle.close();
  }
}

describe('LAZ records', () => {
  // First in the file: laz-perf's memory only grows, so it is measured before any whole decode.
  it('decodes a LAZ file chunk by chunk in far less memory than the file', async () => {
    await decodeAll(path.join(FIXTURES, 'simple.laz'));
    const before = await lazPerfMemoryBytes();
    const file = path.join(work, 'tiled.laz');
    const tiled = await writeTiledLaz(path.join(FIXTURES, 'autzen_trim.laz'), file, 3_000_000);
    expect(tiled.pointCount).toBe(3_000_000);
    const { reader, all } = await decodeAll(file);
    expect(reader.chunked).toBe(true);
    expect(all.length).toBe(3_000_000 * 34);
    const size = (await stat(file)).size;
    expect(size).toBeGreaterThan(15 * 1024 * 1024);
    // One chunk (~0.3 MB) and one read's records (2.2 MB): 2.9 MB more when measured.
    expect((await lazPerfMemoryBytes()) - before).toBeLessThan(6 * 1024 * 1024);
    // The whole-file decoder, for contrast, needs the file in laz-perf's memory.
    await decodeAll(file, { whole: true, readSize: 1000 });
    expect((await lazPerfMemoryBytes()) - before).toBeGreaterThan(size);
  }, 60_000);

  it.each([
    'autzen_trim.laz',
    'simple.laz',
    'lone-star.copc.laz',
    'las_with_several_extra_byte_bloc.laz',
  ])(
    'gives the same records for %s chunk by chunk as laz-perf decoding it whole',
    async (file) => {
      // 7,777 points a read: reads that start and end inside chunks.
      const chunked = await decodeAll(path.join(FIXTURES, file), { readSize: 7777 });
      const whole = await decodeAll(path.join(FIXTURES, file), { whole: true });
      expect(chunked.reader.chunked).toBe(true);
      expect(whole.reader.chunked).toBe(false);
      expect(chunked.reader.recordLength).toBe(whole.reader.recordLength);
      expect(chunked.reader.pointFormat).toBe(whole.reader.pointFormat);
      expect(chunked.all.equals(whole.all)).toBe(true);
    },
    30_000,
  );

  it('tiles a LAZ file: every tile is the source shifted on a grid', async () => {
    const source = await decodeAll(path.join(FIXTURES, 'autzen_trim.laz'));
    const file = path.join(work, 'four.laz');
    const tiled = await writeTiledLaz(path.join(FIXTURES, 'autzen_trim.laz'), file, 350_000);
    // Only the two full 50,000-point chunks are repeated: 4 tiles of 100,000.
    expect(tiled).toMatchObject({ tiles: 4, pointCount: 400_000 });
    const { header, all } = await decodeAll(file, { readSize: 33_333 });
    expect(header.pointCount).toBe(400_000);
    const length = 34;
    const shifts = new Set<string>();
    for (let tile = 0; tile < 4; tile++) {
      const base = tile * 100_000 * length;
      const dx = all.readInt32LE(base) - source.all.readInt32LE(0);
      const dy = all.readInt32LE(base + 4) - source.all.readInt32LE(4);
      shifts.add(`${dx},${dy}`);
      for (let i = 0; i < 100_000; i += 997) {
        const at = base + i * length;
        expect(all.readInt32LE(at)).toBe(source.all.readInt32LE(i * length) + dx);
        expect(all.readInt32LE(at + 4)).toBe(source.all.readInt32LE(i * length + 4) + dy);
        expect(all.subarray(at + 8, at + length)).toEqual(
          source.all.subarray(i * length + 8, (i + 1) * length),
        );
      }
    }
    expect(shifts.size).toBe(4);
    // The header's bounds hold every tile.
    const maxX = header.max.x;
    for (let i = 0; i < 400_000; i += 101) {
      expect(all.readInt32LE(i * length) * header.scale.x + header.offset.x).toBeLessThanOrEqual(
        maxX + 1e-6,
      );
    }
  });
});
