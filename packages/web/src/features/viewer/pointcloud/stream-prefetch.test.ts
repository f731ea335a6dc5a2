import { describe, expect, it, vi } from 'vitest';
import type { ReadyStream } from './point-cloud-streams.ts';
import { byteRange, StreamPrefetch } from './stream-prefetch.ts';
import { StreamRequestManager, virtualMetadataUrl } from './stream-request-manager.ts';

const stream: ReadyStream = {
  scanId: 'scan-1',
  status: 'ready',
  format: 'potree-2.0',
  metadataUrl: 'https://store/metadata?sig=1',
  hierarchyUrl: 'https://store/hierarchy?sig=1',
  octreeUrl: 'https://store/octree?sig=1',
  expiresAt: null,
  crs: null,
  pointCount: 100,
};

/** A hierarchy of two records, the root's points at bytes 0–1499 of octree.bin. */
function hierarchy(): ArrayBuffer {
  const view = new DataView(new ArrayBuffer(44));
  view.setUint8(0, 0);
  view.setUint8(1, 1);
  view.setUint32(2, 100, true);
  view.setBigInt64(6, 0n, true);
  view.setBigInt64(14, 1500n, true);
  return view.buffer;
}

/** A store answering the three objects, recording each request with its Range header. */
function store() {
  const requests: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('range');
    requests.push(`${url.split('?')[0]} ${range ?? ''}`.trim());
    if (url.includes('metadata')) {
      return new Response(JSON.stringify({ hierarchy: { firstChunkSize: 44 } }));
    }
    if (url.includes('hierarchy')) return new Response(hierarchy(), { status: 206 });
    return new Response(new Uint8Array(1500).fill(7), { status: 206 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('fetching a cloud’s first objects ahead', () => {
  it('fetches the metadata, the hierarchy’s first chunk and the root node, one after another', async () => {
    const { fetch, requests } = store();
    const prefetch = new StreamPrefetch(fetch);
    prefetch.start(stream);
    prefetch.start(stream);
    for (let i = 0; i < 10; i++) await settle();
    expect(requests).toEqual([
      'https://store/metadata',
      'https://store/hierarchy bytes=0-43',
      'https://store/octree bytes=0-1499',
    ]);
    expect(byteRange(10n, 5n)).toBe('bytes=10-14');
  });

  it('answers the loader’s requests from them, each once, and the rest from the store', async () => {
    const { fetch, requests } = store();
    const prefetch = new StreamPrefetch(fetch);
    prefetch.start(stream);
    for (let i = 0; i < 10; i++) await settle();
    const manager = new StreamRequestManager({
      streamOf: () => stream,
      refresh: async () => {},
      prefetched: (scanId, object, range) => prefetch.take(scanId, object, range),
      fetch,
    });
    const metadataUrl = virtualMetadataUrl('scan-1');
    const octreeUrl = metadataUrl.replace('/metadata.json', '/octree.bin');
    const metadata = await (await manager.fetch(metadataUrl)).json();
    expect(metadata.hierarchy.firstChunkSize).toBe(44);
    const root = await manager.fetch(octreeUrl, { headers: { Range: 'bytes=0-1499' } });
    expect(root.status).toBe(206);
    expect((await root.arrayBuffer()).byteLength).toBe(1500);
    expect(requests).toHaveLength(3);
    // Taken once: the same request again, and any other, goes to the store.
    await manager.fetch(octreeUrl, { headers: { Range: 'bytes=0-1499' } });
    await manager.fetch(octreeUrl, { headers: { Range: 'bytes=1500-1599' } });
    expect(requests.slice(3)).toEqual([
      'https://store/octree bytes=0-1499',
      'https://store/octree bytes=1500-1599',
    ]);
  });

  it('leaves the loader to the store when a prefetch fails', async () => {
    const requests: string[] = [];
    const fetch = vi.fn(async (url: string) => {
      requests.push(url);
      return requests.length === 1
        ? new Response('', { status: 500 })
        : new Response(JSON.stringify({ hierarchy: { firstChunkSize: 44 } }));
    }) as unknown as typeof globalThis.fetch;
    const prefetch = new StreamPrefetch(fetch);
    prefetch.start(stream);
    await settle();
    const manager = new StreamRequestManager({
      streamOf: () => stream,
      refresh: async () => {},
      prefetched: (scanId, object, range) => prefetch.take(scanId, object, range),
      fetch,
    });
    const metadata = await (await manager.fetch(virtualMetadataUrl('scan-1'))).json();
    expect(metadata.hierarchy.firstChunkSize).toBe(44);
    expect(requests).toHaveLength(2);
  });
});
