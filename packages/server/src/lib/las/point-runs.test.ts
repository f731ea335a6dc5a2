import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeRecords, openPointCloudFile, type PointColumns } from './las-reader.ts';
import { chunkRuns, type PointRun, planPointRuns, readPointRunRecords } from './point-runs.ts';

const readPointRun = async (run: PointRun) =>
  decodeRecords(
    run.format.pointFormat,
    run.format.recordLength,
    await readPointRunRecords(run),
    run.count,
  );

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);

/** Every column of every chunk joined as bytes, so files read in different chunkings compare. */
function joined(parts: PointColumns[]) {
  const join = (pick: (c: PointColumns) => ArrayBufferView | null) =>
    Buffer.concat(
      parts.map((c) => {
        const view = pick(c);
        return view ? Buffer.from(view.buffer, view.byteOffset, view.byteLength) : Buffer.alloc(0);
      }),
    ).toString('base64');
  return {
    x: join((c) => c.x),
    y: join((c) => c.y),
    z: join((c) => c.z),
    intensity: join((c) => c.intensity),
    classification: join((c) => c.classification),
    gpsTime: join((c) => c.gpsTime),
    rgb: join((c) => c.rgb),
  };
}

async function inOrder(chunks: AsyncGenerator<PointColumns>) {
  const parts: PointColumns[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts;
}

const work = await mkdtemp(path.join(os.tmpdir(), 'point-runs-'));
afterAll(() => rm(work, { recursive: true, force: true }));

describe('a file read in runs', () => {
  // simple.laz is a single LAZ chunk: one run.
  it.each([
    ['autzen_trim.las', 2],
    ['autzen_trim.laz', 2],
    ['simple.laz', 1],
    ['lone-star.copc.laz', 2],
    ['las_with_several_extra_byte_bloc.laz', 2],
  ])(
    'gives every point of %s once, run by run in file order, as the sequential reader does',
    async (name, fewestRuns) => {
      const file = path.join(FIXTURES, name);
      const cloud = await openPointCloudFile(file);
      const expected = joined(await inOrder(cloud.chunks()));
      const runs = await planPointRuns(file, cloud.header, 40_000);
      expect(runs).not.toBeNull();
      expect(runs!.length).toBeGreaterThanOrEqual(fewestRuns);
      let next = 0;
      for (const run of runs!) {
        expect(run.start).toBe(next);
        next += run.count;
      }
      expect(next).toBe(cloud.header.pointCount);
      // Read out of order, as threads finish: each run stands on its own.
      const parts = await Promise.all([...runs!].reverse().map(readPointRun));
      parts.reverse();
      expect(parts.map((part) => part.count)).toEqual(runs!.map((run) => run.count));
      expect(joined(parts)).toEqual(expected);
    },
    60_000,
  );

  it('cannot cut a LAZ file without a chunk table, which is read in one stream instead', async () => {
    const source = path.join(FIXTURES, 'autzen_trim.laz');
    const header = (await openPointCloudFile(source)).header;
    const copy = await readFile(source);
    copy.writeBigInt64LE(-1n, header.offsetToPointData);
    const file = path.join(work, 'no-table.laz');
    await writeFile(file, copy);
    expect(await planPointRuns(file, header, 40_000)).toBeNull();
  });

  it('says where a LAS file ends early', async () => {
    const source = path.join(FIXTURES, 'autzen_trim.las');
    const header = (await openPointCloudFile(source)).header;
    const runs = (await planPointRuns(source, header, 40_000))!;
    const file = path.join(work, 'cut.las');
    await writeFile(file, (await readFile(source)).subarray(0, header.offsetToPointData + 1000));
    await expect(readPointRun({ ...runs[1]!, path: file })).rejects.toThrow(/LAS file ended early/);
  });

  it('groups whole LAZ chunks into runs of at least the points asked for, in order', () => {
    const chunk = (pointCount: number, offset: number) => ({ offset, byteLength: 1, pointCount });
    const chunks = [50_000, 50_000, 10_000, 70_000, 1, 65_535, 3].map((n, i) => chunk(n, i));
    expect(chunkRuns(chunks, 65_536).map((run) => run.map((c) => c.offset))).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
      [6],
    ]);
  });
});
