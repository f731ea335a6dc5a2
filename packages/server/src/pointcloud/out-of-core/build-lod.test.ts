import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPointCloudFile } from '../../lib/las/las-reader.ts';
import { HIERARCHY_RECORD_SIZE, NODE_TYPE_PROXY, readHierarchyRecord } from '../potree-format.ts';
import { directorySource, openPotree, type PotreeCloud } from '../potree-reader.ts';
import { buildLod, type LodBuildOptions } from './build-lod.ts';
import { buildChunks } from './chunk-pool.ts';
import { chunkFile, partitionCloud } from './partition.ts';
import { workRecordSize } from './work-records.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);
const SOURCE = path.join(FIXTURES, 'autzen_trim.las');
// Small chunks and nodes so a 110,000-point fixture is cut like a cloud of hundreds of millions.
const SMALL: Omit<LodBuildOptions, 'workDir'> = {
  grid: 32,
  leafCapacity: 2_000,
  maxNodePoints: 1_000_000,
  chunkPoints: 8_000,
  hierarchyStep: 2,
  encoding: 'DEFAULT',
};

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'lod-out-of-core-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Every stored point as "x y z gps", per node name. */
async function nodePoints(cloud: PotreeCloud): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const node of await cloud.nodes()) {
    const p = await cloud.readNode(node);
    const keys: string[] = [];
    for (let i = 0; i < p.count; i++) {
      keys.push(`${p.rawX[i]} ${p.rawY[i]} ${p.rawZ[i]} ${p.gpsTime?.[i]}`);
    }
    out.set(node.name, keys.sort());
  }
  return out;
}

describe('out-of-core level-of-detail build', () => {
  it('cuts a cloud larger than a chunk into chunks and stores every point exactly once, as the one-chunk build does', {
    timeout: 120_000,
  }, async () => {
    const chunked = await buildLod(SOURCE, path.join(work, 'chunked'), {
      ...SMALL,
      workDir: path.join(work, 'chunked.work'),
    });
    const whole = await buildLod(SOURCE, path.join(work, 'whole'), {
      ...SMALL,
      chunkPoints: 1_000_000,
      workDir: path.join(work, 'whole.work'),
    });
    expect(chunked.chunks.total).toBeGreaterThan(4);
    expect(whole.chunks.total).toBe(1);

    const cloud = await openPotree(directorySource(path.join(work, 'chunked')));
    const nodes = await nodePoints(cloud);
    const all = [...nodes.values()].flat().sort();
    const expected: string[] = [];
    for await (const c of (await openPointCloudFile(SOURCE)).chunks()) {
      for (let i = 0; i < c.count; i++) {
        expected.push(`${c.x[i]} ${c.y[i]} ${c.z[i]} ${c.gpsTime?.[i]}`);
      }
    }
    expect(all.length).toBe(110_000);
    expect(all).toEqual(expected.sort());
    // The same sampling rule: with no node over its cap, each node holds the same points.
    const reference = await nodePoints(await openPotree(directorySource(path.join(work, 'whole'))));
    expect([...nodes.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [name, keys] of reference) expect(nodes.get(name), name).toEqual(keys);
  });

  it('hands out the chunks ready at once and those of each split once its files are complete, each chunk once', async () => {
    const workDir = path.join(work, 'partition.work');
    const partition = await partitionCloud(SOURCE, workDir, {
      chunkPoints: SMALL.chunkPoints!,
      maxChunkLevel: 5,
    });
    const recordSize = workRecordSize(partition.plan.layout);
    const complete = async (chunks: readonly { name: string; count: number }[]) => {
      for (const chunk of chunks) {
        expect((await stat(chunkFile(workDir, chunk.name))).size, chunk.name).toBe(
          chunk.count * recordSize,
        );
      }
    };
    await complete(partition.ready);
    const handed = partition.ready.map((chunk) => chunk.name);
    let splits = 0;
    for await (const chunks of partition.splits) {
      splits++;
      await complete(chunks);
      handed.push(...chunks.map((chunk) => chunk.name));
    }
    // This cloud has both kinds: chunks built while others are still being split.
    expect(partition.ready.length).toBeGreaterThan(0);
    expect(splits).toBeGreaterThan(0);
    expect(handed.sort()).toEqual(partition.plan.chunks.map((chunk) => chunk.name).sort());
    expect(await readdir(path.join(workDir, 'coarse'))).toEqual([]);
  });

  it('stops the splits when a chunk fails, and returns only once they have stopped', async () => {
    const workDir = path.join(work, 'failing.work');
    const { plan } = await partitionCloud(SOURCE, workDir, {
      chunkPoints: SMALL.chunkPoints!,
      maxChunkLevel: 5,
    });
    // A chunk whose file is missing: its worker thread fails.
    const missing = {
      workDir,
      plan,
      chunk: { ...plan.chunks[0]!, name: 'r77777' },
      octree: { grid: 32, leafCapacity: 2_000, maxNodePoints: 1_000_000 },
      attributes: [],
      encoding: 'DEFAULT' as const,
    };
    let batches = 0;
    let stopped = false;
    async function* splits() {
      try {
        for (;;) {
          batches++;
          yield [missing];
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        stopped = true;
      }
    }
    const failure = await buildChunks([], 2, () => {}, splits()).catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(stopped).toBe(true);
    const handedOut = batches;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(batches).toBe(handedOut);
  });

  it('splits the hierarchy into chunks behind proxy nodes, the first holding the top levels only', {
    timeout: 60_000,
  }, async () => {
    const output = path.join(work, 'chunked');
    const cloud = await openPotree(directorySource(output));
    const bytes = await readFile(path.join(output, 'hierarchy.bin'));
    const { firstChunkSize, stepSize, depth } = cloud.metadata.hierarchy;
    expect(stepSize).toBe(2);
    expect(depth).toBeGreaterThan(2);
    expect(firstChunkSize).toBeLessThan(bytes.length);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    const proxies: { offset: number; size: number }[] = [];
    for (let at = 0; at < firstChunkSize; at += HIERARCHY_RECORD_SIZE) {
      const record = readHierarchyRecord(view, at);
      if (record.type === NODE_TYPE_PROXY) {
        proxies.push({ offset: record.byteOffset, size: record.byteSize });
      }
    }
    expect(proxies.length).toBeGreaterThan(0);
    // Every record belongs to exactly one chunk: the chunks tile the file.
    const chunks = [{ offset: 0, size: firstChunkSize }];
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      for (let at = chunk.offset; at < chunk.offset + chunk.size; at += HIERARCHY_RECORD_SIZE) {
        const record = readHierarchyRecord(view, at);
        if (at > chunk.offset && record.type === NODE_TYPE_PROXY) {
          chunks.push({ offset: record.byteOffset, size: record.byteSize });
        }
      }
    }
    const covered = chunks.reduce((sum, c) => sum + c.size, 0);
    expect(covered).toBe(bytes.length);
    expect((await cloud.nodes()).length * HIERARCHY_RECORD_SIZE).toBe(
      bytes.length - (chunks.length - 1) * HIERARCHY_RECORD_SIZE,
    );
  });

  it('resumes an interrupted build: chunks already built are reused, the result is the same', {
    timeout: 120_000,
  }, async () => {
    const workDir = path.join(work, 'resumed.work');
    const output = path.join(work, 'resumed');
    let built = 0;
    const interrupted = buildLod(SOURCE, output, {
      ...SMALL,
      workDir,
      threads: 0,
      onChunkBuilt: () => {
        built++;
        if (built === 5) throw new Error('killed');
      },
    });
    await expect(interrupted).rejects.toThrow('killed');
    expect(
      (await readdir(path.join(workDir, 'built'))).filter((f) => f.endsWith('.json')),
    ).toHaveLength(5);

    const phases = new Set<string>();
    const resumed = await buildLod(SOURCE, output, {
      ...SMALL,
      workDir,
      threads: 0,
      onProgress: (progress) => phases.add(progress.phase),
    });
    // The partition is reused as well: the file is not read again.
    expect([...phases]).toEqual(['building']);
    expect(resumed.chunks.reused).toBe(5);
    expect(resumed.chunks.built).toBe(resumed.chunks.total - 5);
    for (const file of ['octree.bin', 'hierarchy.bin', 'metadata.json']) {
      const a = await readFile(path.join(output, file));
      const b = await readFile(path.join(work, 'chunked', file));
      expect(a.equals(b), file).toBe(true);
    }
  });
});
