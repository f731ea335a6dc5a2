import { mkdir, mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LasFormatError } from '../../lib/las/las-format-error.ts';
import { openPointCloudFile } from '../../lib/las/las-reader.ts';
import { planPointRuns } from '../../lib/las/point-runs.ts';
import { octreeCube, type Vec3 } from '../octree-builder.ts';
import { binRunsInThreads } from './distribute-threads.ts';
import { chunkFile, partitionCloud } from './partition.ts';
import { lasRecordFields } from './work-records.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);

const work = await mkdtemp(path.join(tmpdir(), 'lod-partition-'));
afterAll(() => rm(work, { recursive: true, force: true }));

/** The plan and every chunk file's bytes once all the splits are done. */
async function partitioned(source: string, workDir: string, threads: number) {
  await mkdir(workDir, { recursive: true });
  const read: number[] = [];
  const partition = await partitionCloud(source, workDir, {
    chunkPoints: 8_000,
    maxChunkLevel: 7,
    threads,
    runPoints: 20_000,
    onProgress: (points) => read.push(points),
  });
  for await (const _ of partition.splits) {
    // Each split's chunks are complete when handed out; all of them are compared below.
  }
  const files = new Map<string, string>();
  for (const chunk of partition.plan.chunks) {
    files.set(chunk.name, (await readFile(chunkFile(workDir, chunk.name))).toString('base64'));
  }
  expect(await readdir(path.join(workDir, 'coarse'))).toEqual([]);
  return { plan: partition.plan, files, read };
}

describe('the partition pass', () => {
  it.each(['autzen_trim.las', 'autzen_trim.laz', 'lone-star.copc.laz'])(
    'writes the same plan and chunk files from %s whether worker threads read it or this thread does',
    async (name) => {
      const source = path.join(FIXTURES, name);
      const { pointCount } = (await openPointCloudFile(source)).header;
      const alone = await partitioned(source, path.join(work, `${name}-alone`), 0);
      const threaded = await partitioned(source, path.join(work, `${name}-threads`), 2);
      expect(alone.plan.chunks.length).toBeGreaterThan(4);
      expect(threaded.plan).toEqual(alone.plan);
      expect(threaded.files).toEqual(alone.files);
      expect(alone.plan.chunks.reduce((sum, chunk) => sum + chunk.count, 0)).toBe(pointCount);
      // Progress run by run up to every point.
      expect(threaded.read.length).toBeGreaterThan(2);
      expect(threaded.read.at(-1)).toBe(pointCount);
      expect(threaded.read).toEqual([...threaded.read].sort((a, b) => a - b));
    },
    60_000,
  );

  // Two and a half passes over 518,862 LAZ points: 4.3 s alone, more beside the other files.
  it('closes its files when the pass fails half-way, and is redone whole by the next run', {
    timeout: 60_000,
  }, async () => {
    // 518,862 points: cells fill their write buffers, so files are open when the pass stops.
    const source = path.join(FIXTURES, 'lone-star.copc.laz');
    const workDir = path.join(work, 'failed-half-way');
    await mkdir(workDir, { recursive: true });
    // The files this process holds open in the work folder (Linux).
    const openIn = async (folder: string) => {
      const targets = await Promise.all(
        (await readdir('/proc/self/fd')).map((fd) =>
          readlink(`/proc/self/fd/${fd}`).catch(() => ''),
        ),
      );
      return targets.filter((target) => target.startsWith(folder));
    };
    let stoppedAt = 0;
    const failing = partitionCloud(source, workDir, {
      chunkPoints: 8_000,
      maxChunkLevel: 7,
      threads: 2,
      runPoints: 20_000,
      onProgress: (points, total) => {
        if (points < total / 2 || stoppedAt > 0) return;
        stoppedAt = points;
        throw new Error('stopped by the test');
      },
    });
    await expect(failing).rejects.toThrow('stopped by the test');
    expect(stoppedAt).toBeLessThan(518_862);
    expect(await openIn(workDir)).toEqual([]);
    const again = await partitioned(source, workDir, 2);
    const clean = await partitioned(source, path.join(work, 'failed-half-way-clean'), 2);
    expect(again.plan).toEqual(clean.plan);
    expect(again.files).toEqual(clean.files);
  });

  it('fails with the reader’s error when a thread cannot read its run, and stops its threads', async () => {
    const source = path.join(FIXTURES, 'autzen_trim.las');
    const { header, hasGpsTime, hasRgb } = await openPointCloudFile(source);
    const runs = (await planPointRuns(source, header, 20_000))!;
    // A run past the end of the file, as a file cut short after its header was read would give.
    const forged = runs.map((run, i) => (i === 3 ? { ...run, start: header.pointCount * 2 } : run));
    const scale: Vec3 = [header.scale.x, header.scale.y, header.scale.z];
    const setup = {
      cube: octreeCube(
        {
          min: [header.min.x, header.min.y, header.min.z],
          max: [header.max.x, header.max.y, header.max.z],
        },
        scale,
      ),
      scale,
      offset: [header.offset.x, header.offset.y, header.offset.z] as Vec3,
      layout: { hasGpsTime, hasRgb },
      coarseLevel: 1,
      countLevel: 7,
      fields: lasRecordFields(header.pointFormat, header.pointRecordLength),
    };
    const written: number[] = [];
    const failure = binRunsInThreads(forged, setup, 2, (run) => written.push(run.start));
    await expect(failure).rejects.toThrow(LasFormatError);
    await expect(failure).rejects.toThrow(/LAS file ended early/);
    // The runs before it were written, in file order; none after it.
    expect(written).toEqual(runs.slice(0, 3).map((run) => run.start));
  });
});
