import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLod } from './out-of-core/build-lod.ts';
import {
  HIERARCHY_RECORD_SIZE,
  NODE_TYPE_PROXY,
  type PotreeFileName,
  readHierarchyRecord,
} from './potree-format.ts';
import {
  type Box3,
  directorySource,
  openPotree,
  type PotreeCloud,
  type PotreeNode,
  type PotreeSource,
} from './potree-reader.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../shared/fixtures'),
  'pointcloud',
);

let work: string;
let cloudDir: string;
/** Byte offset of each hierarchy chunk in hierarchy.bin, by the name of its first node. */
let chunkStarts: Map<string, number>;
let eager: PotreeCloud;
let eagerNodes: PotreeNode[];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'potree-reader-'));
  cloudDir = path.join(work, 'cloud');
  // One level per hierarchy chunk: every inner node below the root is a proxy, so the
  // 110,000-point fixture has as many chunks as a large cloud built with the default step.
  await buildLod(path.join(FIXTURES, 'autzen_trim.las'), cloudDir, {
    grid: 32,
    leafCapacity: 1_000,
    hierarchyStep: 1,
    encoding: 'DEFAULT',
    workDir: path.join(work, 'cloud.work'),
  });
  const metadata = JSON.parse(await readFile(path.join(cloudDir, 'metadata.json'), 'utf8'));
  chunkStarts = readChunkStarts(
    await readFile(path.join(cloudDir, 'hierarchy.bin')),
    metadata.hierarchy.firstChunkSize,
  );
  eager = await openPotree(directorySource(cloudDir));
  eagerNodes = await eager.nodes();
}, 60_000);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Walks hierarchy.bin on its own, chunk by chunk, to know where each chunk lies. */
function readChunkStarts(bytes: Uint8Array, firstChunkSize: number): Map<string, number> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const starts = new Map([['r', 0]]);
  const chunks = [{ name: 'r', start: 0, size: firstChunkSize }];
  for (const chunk of chunks) {
    const names = [chunk.name];
    for (let i = 0; i < chunk.size / HIERARCHY_RECORD_SIZE; i++) {
      const record = readHierarchyRecord(view, chunk.start + i * HIERARCHY_RECORD_SIZE);
      const name = names[i]!;
      if (record.type === NODE_TYPE_PROXY) {
        starts.set(name, record.byteOffset);
        chunks.push({ name, start: record.byteOffset, size: record.byteSize });
        continue;
      }
      for (let c = 0; c < 8; c++) if (record.childMask & (1 << c)) names.push(name + c);
    }
  }
  return starts;
}

type Read = { file: PotreeFileName; range?: { start: number; end: number } };

/** A directory source that records every read and how many were in flight at once. */
function countingSource() {
  const inner = directorySource(cloudDir);
  const reads: Read[] = [];
  const state = { inFlight: 0, maxInFlight: 0 };
  const source: PotreeSource = {
    async read(file, range) {
      reads.push(range ? { file, range } : { file });
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        // Lets concurrent reads overlap, as ranged GETs to object storage do.
        await new Promise((resolve) => setTimeout(resolve, 2));
        return await inner.read(file, range);
      } finally {
        state.inFlight--;
      }
    },
  };
  const hierarchyStarts = () =>
    reads
      .filter((r) => r.file === 'hierarchy.bin')
      .map((r) => r.range!.start)
      .sort((a, b) => a - b);
  return { source, reads, state, hierarchyStarts };
}

function intersects(a: Box3, b: Box3): boolean {
  for (let axis = 0; axis < 3; axis++) {
    if (a.max[axis]! < b.min[axis]! || a.min[axis]! > b.max[axis]!) return false;
  }
  return true;
}

/** A node's own record, without the links to other nodes. */
function describeNode({ children: _, ...node }: PotreeNode) {
  return node;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** A 1 m wide corridor across the whole cloud along x, through its middle in y. */
function thinLine(): Box3 {
  const { min, max } = eager.metadata.attributes.find((a) => a.name === 'position')!;
  const y = (min[1]! + max[1]!) / 2;
  return {
    min: [min[0]!, y - 0.5, Number.NEGATIVE_INFINITY],
    max: [max[0]!, y + 0.5, Number.POSITIVE_INFINITY],
  };
}

describe('lazy Potree hierarchy', () => {
  it('has a hierarchy of many chunks to test with', () => {
    expect(chunkStarts.size).toBeGreaterThan(20);
    expect(eager.metadata.hierarchy.depth).toBeGreaterThan(3);
  });

  it('reads the metadata and the first hierarchy chunk only when it opens a cloud', async () => {
    const counting = countingSource();
    const cloud = await openPotree(counting.source);
    expect(counting.reads).toEqual([
      { file: 'metadata.json' },
      { file: 'hierarchy.bin', range: { start: 0, end: cloud.metadata.hierarchy.firstChunkSize } },
    ]);
  });

  it('reads only the chunks of the nodes along a thin line, and finds what a full load finds', async () => {
    const counting = countingSource();
    const cloud = await openPotree(counting.source);
    const box = thinLine();
    const found = await cloud.nodesIntersecting(box);

    const expected = eagerNodes.filter((node) => intersects(node.box, box));
    expect(found.map(describeNode).sort(byName)).toEqual(expected.map(describeNode).sort(byName));
    const wantedChunks = found.filter((n) => chunkStarts.has(n.name));
    expect(counting.hierarchyStarts()).toEqual(
      wantedChunks.map((n) => chunkStarts.get(n.name)!).sort((a, b) => a - b),
    );
    expect(wantedChunks.length).toBeGreaterThan(2);
    expect(wantedChunks.length).toBeLessThan(chunkStarts.size / 2);

    // Points too: every node found decodes as in the fully loaded cloud.
    const eagerByName = new Map(eagerNodes.map((n) => [n.name, n]));
    for (const node of found) {
      const lazy = await cloud.readNode(node);
      const full = await eager.readNode(eagerByName.get(node.name)!);
      expect(lazy.count).toBe(node.numPoints);
      expect(lazy.rawX).toEqual(full.rawX);
      expect(lazy.rawY).toEqual(full.rawY);
      expect(lazy.rawZ).toEqual(full.rawZ);
      expect(lazy.gpsTime).toEqual(full.gpsTime);
    }
  });

  it('does not read the chunks of nodes below maxDepth', async () => {
    const counting = countingSource();
    const cloud = await openPotree(counting.source);
    const box = thinLine();
    const found = await cloud.nodesIntersecting(box, 2);

    const expected = eagerNodes.filter((n) => n.level <= 2 && intersects(n.box, box));
    expect(found.map(describeNode).sort(byName)).toEqual(expected.map(describeNode).sort(byName));
    // The nodes found at level 2 are read with their own chunk (their byte range is in it).
    expect(counting.hierarchyStarts()).toEqual(
      found
        .filter((n) => chunkStarts.has(n.name))
        .map((n) => chunkStarts.get(n.name)!)
        .sort((a, b) => a - b),
    );
  });

  it('reads the chunks of one level concurrently, at most 8 at a time, each once', async () => {
    const counting = countingSource();
    const cloud = await openPotree(counting.source);
    const box = thinLine();
    // Two traversals at once share the chunks they both need.
    const [first, second] = await Promise.all([
      cloud.nodesIntersecting(box),
      cloud.nodesIntersecting(box),
    ]);
    expect(second.map((n) => n.name)).toEqual(first.map((n) => n.name));
    const all = await cloud.nodes();

    expect(all.map(describeNode)).toEqual(eagerNodes.map(describeNode));
    expect(counting.hierarchyStarts()).toEqual([...chunkStarts.values()].sort((a, b) => a - b));
    expect(counting.state.maxInFlight).toBeGreaterThan(1);
    // Two traversals, each within its bound.
    expect(counting.state.maxInFlight).toBeLessThanOrEqual(16);
  });

  it('bounds one traversal to 8 chunk reads at a time', async () => {
    const counting = countingSource();
    const cloud = await openPotree(counting.source);
    await cloud.nodes();
    expect(counting.state.maxInFlight).toBe(8);
  });

  it('reads the chunk of a node reached through `children` before decoding it', async () => {
    const cloud = await openPotree(directorySource(cloudDir));
    const proxy = cloud.root.children.find((c) => c && chunkStarts.has(c.name))!;
    expect(proxy).toBeTruthy();
    const full = eagerNodes.find((n) => n.name === proxy.name)!;
    const decoded = await cloud.readNode(proxy);
    expect(decoded.rawX).toEqual((await eager.readNode(full)).rawX);
    expect(describeNode(proxy)).toEqual(describeNode(full));
  });

  it('reads a chunk again after a failed read', async () => {
    const inner = directorySource(cloudDir);
    let fail = true;
    const cloud = await openPotree({
      async read(file, range) {
        if (file === 'hierarchy.bin' && range!.start > 0 && fail) {
          throw new Error('connection reset');
        }
        return inner.read(file, range);
      },
    });
    await expect(cloud.nodesIntersecting(thinLine())).rejects.toThrow('connection reset');
    fail = false;
    expect((await cloud.nodes()).map(describeNode)).toEqual(eagerNodes.map(describeNode));
  });
});
