import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPointCloudFile, type PointColumns } from './las-reader.ts';
import { chunkRuns } from './laz-threads.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);

/** Every column of every chunk joined as bytes, so files read in different chunkings compare. */
async function joined(chunks: AsyncGenerator<PointColumns>) {
  const parts: PointColumns[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  const join = (pick: (c: PointColumns) => ArrayBufferView | null) =>
    Buffer.concat(
      parts.map((c) => {
        const view = pick(c);
        return view ? Buffer.from(view.buffer, view.byteOffset, view.byteLength) : Buffer.alloc(0);
      }),
    ).toString('base64');
  return {
    sizes: parts.map((c) => c.count),
    x: join((c) => c.x),
    y: join((c) => c.y),
    z: join((c) => c.z),
    intensity: join((c) => c.intensity),
    classification: join((c) => c.classification),
    gpsTime: join((c) => c.gpsTime),
    rgb: join((c) => c.rgb),
  };
}

describe('LAZ decoded in worker threads', () => {
  it.each([
    'autzen_trim.laz',
    'simple.laz',
    'lone-star.copc.laz',
    'las_with_several_extra_byte_bloc.laz',
  ])(
    'gives every point of %s in file order, as decoding in this thread does',
    async (name) => {
      const file = await openPointCloudFile(path.join(FIXTURES, name));
      const { sizes: _, ...expected } = await joined(file.chunks());
      for (const threads of [1, 3]) {
        const { sizes, ...threaded } = await joined(file.chunksDecodedInThreads(threads));
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(file.header.pointCount);
        expect(threaded).toEqual(expected);
      }
    },
    60_000,
  );

  it('reads a LAS file as the plain reader does', async () => {
    const file = await openPointCloudFile(path.join(FIXTURES, 'autzen_trim.las'));
    const { sizes: _, ...threaded } = await joined(file.chunksDecodedInThreads(2));
    const { sizes: __, ...expected } = await joined(file.chunks());
    expect(threaded).toEqual(expected);
  });

  it('groups whole chunks into runs of at least 65,536 points, in order', () => {
    const chunk = (pointCount: number, offset: number) => ({ offset, byteLength: 1, pointCount });
    const chunks = [50_000, 50_000, 10_000, 70_000, 1, 65_535, 3].map((n, i) => chunk(n, i));
    expect(chunkRuns(chunks).map((run) => run.map((c) => c.offset))).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
      [6],
    ]);
  });
});
