import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directorySource, openPotree, type PotreeCloud } from './potree-reader.ts';
import { buildPotreeFromLas } from './potree-writer.ts';

/**
 * Loads our output with the web viewer's own library (potree-core 2.0.15, Potree 2 loader and
 * its DEFAULT decoder) — its inline Web Worker is run in-process — so a format mismatch with
 * the viewer fails here rather than in the browser.
 */

interface LoadedNode {
  name: string;
  loaded: boolean;
  numPoints: number;
  boundingBox: { min: { x: number; y: number; z: number } };
  children: (LoadedNode | null)[];
  geometry: {
    attributes: Record<string, { array: ArrayLike<number>; count: number; itemSize: number }>;
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
let ours: PotreeCloud;
let root: LoadedNode;
let geometryOffset: { x: number; y: number; z: number };

beforeAll(async () => {
  const { resolveObjectURL } = await import('node:buffer');
  resolveBlob = (url) => resolveObjectURL(url) as Blob;
  const scope = globalThis as Record<string, unknown>;
  scope.self = globalThis;
  scope.Worker = InProcessWorker;

  work = await mkdtemp(path.join(tmpdir(), 'potree-core-'));
  await buildPotreeFromLas(FIXTURE, work, { leafCapacity: 20_000, grid: 64 });
  ours = await openPotree(directorySource(work));

  const { Potree } = await import('potree-core');
  const requestManager = {
    getUrl: async (url: string) => `file://${path.join(work, url)}`,
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
  root = octree.pcoGeometry.root;
  geometryOffset = octree.pcoGeometry.offset;
  await until(() => root.loaded);
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error('potree-core did not load the node');
}

describe('potree-core reads the Potree 2.0 output', () => {
  it('builds the same hierarchy from hierarchy.bin', () => {
    const names: string[] = [];
    const walk = (node: LoadedNode) => {
      names.push(node.name);
      for (const child of node.children) if (child) walk(child);
    };
    walk(root);
    expect(names.sort()).toEqual(
      ours
        .nodes()
        .map((n) => n.name)
        .sort(),
    );
  });

  it('decodes every node to the positions and attributes we stored', {
    timeout: 30_000,
  }, async () => {
    const nodes: LoadedNode[] = [];
    const walk = (node: LoadedNode) => {
      nodes.push(node);
      for (const child of node.children) if (child) walk(child);
    };
    walk(root);
    // potree-core loads a few nodes at a time and ignores further requests meanwhile.
    await until(() => {
      for (const node of nodes) if (!node.loaded) node.load();
      return nodes.every((n) => n.loaded);
    });

    const byName = new Map(ours.nodes().map((n) => [n.name, n]));
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
      const rgba = attributes.rgba!.array;
      for (let i = 0; i < Math.min(expected.count, 500); i++) {
        expect(intensity[i]).toBe(expected.intensity![i]);
        expect(classification[i]).toBe(expected.classification![i]);
        expect(rgba[i * 4]).toBe(expected.rgb![i * 3]);
      }
      expect(attributes['gps-time']).toBeDefined();
    }
  });
});
