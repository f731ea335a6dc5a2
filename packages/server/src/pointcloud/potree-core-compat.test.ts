import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPointCloudFile } from '../lib/las/las-reader.ts';
import {
  HIERARCHY_RECORD_SIZE,
  NODE_TYPE_LEAF,
  NODE_TYPE_NORMAL,
  type PotreeEncoding,
  writeHierarchyRecord,
} from './potree-format.ts';
import { encodePotreeNode } from './potree-node-codec.ts';
import { directorySource, openPotree, type PotreeCloud } from './potree-reader.ts';
import { buildPotreeFromLas } from './potree-writer.ts';

/**
 * Loads our output with the web viewer's own library (potree-core 2.0.15, Potree 2 loader and
 * its DEFAULT and BROTLI decoders) — its inline Web Workers are run in-process — so a format
 * mismatch with the viewer fails here rather than in the browser. The built cloud is rewritten
 * in each encoding with the node codec, so both decoders see the same points.
 */

interface LoadedNode {
  name: string;
  loaded: boolean;
  numPoints: number;
  boundingBox: { min: { x: number; y: number; z: number } };
  children: (LoadedNode | null)[];
  geometry: {
    attributes: Record<
      string,
      {
        array: ArrayLike<number>;
        count: number;
        itemSize: number;
        potree?: { preciseBuffer: ArrayLike<number> };
      }
    >;
  } | null;
  load(): void;
}

/** Runs a Blob-URL worker script in this process with the same message passing. */
class InProcessWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  private handler: Promise<(event: { data: unknown }) => void>;

  constructor(url: string) {
    const blob = resolveBlob(url);
    this.handler = blob.text().then((code) => {
      const factory = new Function('postMessage', `let onmessage;${code};return onmessage;`);
      return factory((data: unknown) => {
        queueMicrotask(() => this.onmessage?.({ data: structuredClone(data) }));
      }) as (event: { data: unknown }) => void;
    });
  }

  postMessage(data: unknown): void {
    const copy = structuredClone(data);
    void this.handler.then((handle) => handle({ data: copy }));
  }

  terminate(): void {}
}

let resolveBlob: (url: string) => Blob;

const FIXTURE = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../shared/fixtures'),
  'pointcloud/autzen_trim.laz',
);
let work: string;
let built: PotreeCloud;
/** The LAS file's points, read without the Potree code, as sorted keys. */
let sourcePoints: string[];

function pointKey(
  x: number,
  y: number,
  z: number,
  intensity: number,
  classification: number,
  gpsTime: number,
  rgb: ArrayLike<number>,
): string {
  return [x, y, z, intensity, classification, gpsTime, rgb[0], rgb[1], rgb[2]].join();
}

/** Writes `cloud` again into `directory` with every node encoded as `encoding`. */
async function rewrite(cloud: PotreeCloud, directory: string, encoding: PotreeEncoding) {
  await mkdir(directory, { recursive: true });
  const nodes = await cloud.nodes();
  const hierarchy = new DataView(new ArrayBuffer(nodes.length * HIERARCHY_RECORD_SIZE));
  const parts: Uint8Array[] = [];
  let byteOffset = 0;
  for (const [i, node] of nodes.entries()) {
    const decoded = await cloud.readNode(node);
    const bytes = encodePotreeNode(encoding, cloud.metadata.attributes, {
      count: decoded.count,
      x: decoded.rawX,
      y: decoded.rawY,
      z: decoded.rawZ,
      intensity: decoded.intensity!,
      classification: decoded.classification!,
      gpsTime: decoded.gpsTime,
      rgb: decoded.rgb,
    });
    writeHierarchyRecord(hierarchy, i * HIERARCHY_RECORD_SIZE, {
      type: node.childMask === 0 ? NODE_TYPE_LEAF : NODE_TYPE_NORMAL,
      childMask: node.childMask,
      numPoints: decoded.count,
      byteOffset,
      byteSize: bytes.length,
    });
    parts.push(bytes);
    byteOffset += bytes.length;
  }
  await writeFile(path.join(directory, 'octree.bin'), Buffer.concat(parts));
  await writeFile(path.join(directory, 'hierarchy.bin'), new Uint8Array(hierarchy.buffer));
  await writeFile(
    path.join(directory, 'metadata.json'),
    JSON.stringify({ ...cloud.metadata, encoding }, null, '\t'),
  );
  return byteOffset;
}

/** Loads `directory` with potree-core, as the 3D view does; resolves once its root is decoded. */
async function loadWithPotreeCore(directory: string) {
  const { Potree } = await import('potree-core');
  const requestManager = {
    getUrl: async (url: string) => `file://${path.join(directory, url)}`,
    fetch: async (input: string | URL | Request, init?: RequestInit) => {
      const file = String(input).replace('file://', '');
      const range = new Headers(init?.headers).get('range');
      if (!range) return new Response(await readFile(file));
      const [start, end] = range.replace('bytes=', '').split('-').map(Number) as [number, number];
      const handle = await open(file, 'r');
      try {
        const bytes = Buffer.alloc(end - start + 1);
        await handle.read(bytes, 0, bytes.length, start);
        return new Response(bytes, { status: 206 });
      } finally {
        await handle.close();
      }
    },
  };
  const octree = (await new Potree().loadPointCloud(
    'metadata.json',
    requestManager,
  )) as unknown as {
    pcoGeometry: { root: LoadedNode; offset: { x: number; y: number; z: number } };
  };
  const root = octree.pcoGeometry.root;
  await until(() => root.loaded);
  return { root, offset: octree.pcoGeometry.offset };
}

beforeAll(async () => {
  const { resolveObjectURL } = await import('node:buffer');
  resolveBlob = (url) => resolveObjectURL(url) as Blob;
  const scope = globalThis as Record<string, unknown>;
  scope.self = globalThis;
  scope.Worker = InProcessWorker;

  work = await mkdtemp(path.join(tmpdir(), 'potree-core-'));
  await buildPotreeFromLas(FIXTURE, path.join(work, 'built'), { leafCapacity: 20_000, grid: 64 });
  built = await openPotree(directorySource(path.join(work, 'built')));

  sourcePoints = [];
  for await (const chunk of (await openPointCloudFile(FIXTURE)).chunks()) {
    for (let i = 0; i < chunk.count; i++) {
      sourcePoints.push(
        pointKey(
          chunk.x[i]!,
          chunk.y[i]!,
          chunk.z[i]!,
          chunk.intensity[i]!,
          chunk.classification[i]!,
          chunk.gpsTime![i]!,
          chunk.rgb!.subarray(i * 3, i * 3 + 3),
        ),
      );
    }
  }
  sourcePoints.sort();
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error('potree-core did not load the node');
}

function walk(root: LoadedNode): LoadedNode[] {
  const nodes: LoadedNode[] = [];
  const visit = (node: LoadedNode) => {
    nodes.push(node);
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  return nodes;
}

describe.each(['DEFAULT', 'BROTLI'] as const)(
  'potree-core reads %s Potree 2.0 output',
  (encoding) => {
    let ours: PotreeCloud;
    let root: LoadedNode;
    let geometryOffset: { x: number; y: number; z: number };
    let octreeBytes: number;

    beforeAll(async () => {
      const directory = path.join(work, encoding);
      octreeBytes = await rewrite(built, directory, encoding);
      ours = await openPotree(directorySource(directory));
      ({ root, offset: geometryOffset } = await loadWithPotreeCore(directory));
    }, 60_000);

    it('builds the same hierarchy from hierarchy.bin', async () => {
      expect(
        walk(root)
          .map((n) => n.name)
          .sort(),
      ).toEqual((await ours.nodes()).map((n) => n.name).sort());
    });

    it('stores every point of the LAS file exactly once, unchanged', async () => {
      const stored: string[] = [];
      for (const node of await ours.nodes()) {
        const n = await ours.readNode(node);
        for (let i = 0; i < n.count; i++) {
          stored.push(
            pointKey(
              n.rawX[i]!,
              n.rawY[i]!,
              n.rawZ[i]!,
              n.intensity![i]!,
              n.classification![i]!,
              n.gpsTime![i]!,
              n.rgb!.subarray(i * 3, i * 3 + 3),
            ),
          );
        }
      }
      stored.sort();
      // Compared by hand: a failing toEqual on 110,000 strings takes minutes to diff.
      expect(stored.length).toBe(sourcePoints.length);
      const differing = stored.filter((key, i) => key !== sourcePoints[i]);
      expect(differing.slice(0, 5)).toEqual([]);
      const bytesPerPoint = octreeBytes / built.metadata.points;
      if (encoding === 'BROTLI') expect(bytesPerPoint).toBeLessThan(12);
      else expect(bytesPerPoint).toBe(29);
    });

    it('decodes every node to the positions and attributes we stored', {
      timeout: 30_000,
    }, async () => {
      const nodes = walk(root);
      // potree-core loads a few nodes at a time and ignores further requests meanwhile.
      await until(() => {
        for (const node of nodes) if (!node.loaded) node.load();
        return nodes.every((n) => n.loaded);
      });

      const byName = new Map((await ours.nodes()).map((n) => [n.name, n]));
      for (const node of nodes) {
        const expected = await ours.readNode(byName.get(node.name)!);
        const attributes = node.geometry!.attributes;
        expect(attributes.position!.count).toBe(expected.count);
        const position = attributes.position!.array;
        const base = [
          geometryOffset.x + node.boundingBox.min.x,
          geometryOffset.y + node.boundingBox.min.y,
          geometryOffset.z + node.boundingBox.min.z,
        ];
        let worst = 0;
        for (let i = 0; i < expected.count; i++) {
          worst = Math.max(
            worst,
            Math.abs(position[i * 3]! + base[0]! - expected.x[i]!),
            Math.abs(position[i * 3 + 1]! + base[1]! - expected.y[i]!),
            Math.abs(position[i * 3 + 2]! + base[2]! - expected.z[i]!),
          );
        }
        // float32 positions relative to the node: within a millimetre on this 1.2 km cube.
        expect(worst).toBeLessThan(0.001);
        const intensity = attributes.intensity!.array;
        const classification = attributes.classification!.array;
        const gpsTime = attributes['gps-time']!.potree!.preciseBuffer;
        const rgba = attributes.rgba!.array;
        for (let i = 0; i < expected.count; i++) {
          expect(intensity[i]).toBe(expected.intensity![i]);
          expect(classification[i]).toBe(expected.classification![i]);
          expect(gpsTime[i]).toBe(expected.gpsTime![i]);
          for (let c = 0; c < 3; c++) {
            const stored = expected.rgb![i * 3 + c]!;
            expect(rgba[i * 4 + c]).toBe(stored > 255 ? Math.trunc(stored / 256) : stored);
          }
        }
      }
    });
  },
);

describe('potree-core reads BROTLI positions of any raw integer', () => {
  it('reads positions whose upper code half it would skip without the marker bit', async () => {
    // x = 2^27 + k with small y and z: the upper half of the code is non-zero only in its second
    // word, the case potree-core reads only when the lower half's second word is non-zero.
    const count = 4;
    const points = {
      count,
      x: Int32Array.from([2 ** 27, 2 ** 27 + 1, 2 ** 27 + 700, 2 ** 27 + 2047]),
      y: Int32Array.from([0, 3, 900, 2000]),
      z: Int32Array.from([5, 0, 1000, 1023]),
      intensity: Uint16Array.from([1, 2, 3, 4]),
      classification: Uint8Array.from([2, 2, 6, 6]),
      gpsTime: null,
      rgb: null,
    };
    const attributes = built.metadata.attributes.filter((a) =>
      ['position', 'intensity', 'classification'].includes(a.name),
    );
    const bytes = encodePotreeNode('BROTLI', attributes, points);
    const directory = path.join(work, 'marker');
    await mkdir(directory, { recursive: true });
    const hierarchy = new DataView(new ArrayBuffer(HIERARCHY_RECORD_SIZE));
    writeHierarchyRecord(hierarchy, 0, {
      type: NODE_TYPE_LEAF,
      childMask: 0,
      numPoints: count,
      byteOffset: 0,
      byteSize: bytes.length,
    });
    await writeFile(path.join(directory, 'octree.bin'), bytes);
    await writeFile(path.join(directory, 'hierarchy.bin'), new Uint8Array(hierarchy.buffer));
    const scale = 0.001;
    const min: [number, number, number] = [2 ** 27 * scale, 0, 0];
    await writeFile(
      path.join(directory, 'metadata.json'),
      JSON.stringify({
        ...built.metadata,
        points: count,
        encoding: 'BROTLI',
        offset: [0, 0, 0],
        scale: [scale, scale, scale],
        boundingBox: { min, max: [min[0] + 4, 4, 4] },
        hierarchy: { firstChunkSize: HIERARCHY_RECORD_SIZE, stepSize: 1, depth: 0 },
        attributes,
      }),
    );
    const { root, offset } = await loadWithPotreeCore(directory);
    const position = root.geometry!.attributes.position!.array;
    const read = Array.from({ length: count }, (_, i) =>
      [0, 1, 2].map((axis) =>
        Math.round((position[i * 3 + axis]! + [offset.x, offset.y, offset.z][axis]!) / scale),
      ),
    ).sort((a, b) => a[0]! - b[0]!);
    expect(read).toEqual(
      Array.from({ length: count }, (_, i) => [points.x[i], points.y[i], points.z[i]]),
    );
  });
});
