import { describe, expect, it, vi } from 'vitest';
import type { ReadyStream } from './point-cloud-streams.ts';
import { StreamRequestManager, virtualMetadataUrl } from './stream-request-manager.ts';

const urls = (tag: string): ReadyStream => ({
  scanId: 'scan/1',
  status: 'ready',
  format: 'potree-2.0',
  metadataUrl: `https://store/a?sig=${tag}`,
  hierarchyUrl: `https://store/b?sig=${tag}`,
  octreeUrl: `https://store/c?sig=${tag}`,
  expiresAt: null,
  crs: null,
  pointCount: 1,
});

describe('StreamRequestManager', () => {
  it('sends each object to its own URL with the Range header only', async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('x', { status: 206 }),
    );
    const manager = new StreamRequestManager({
      streamOf: () => urls('1'),
      refresh: async () => {},
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    // The loader derives the other objects from the metadata address, as potree-core does.
    const metadata = await manager.getUrl(virtualMetadataUrl('scan/1'));
    await manager.fetch(metadata);
    await manager.fetch(metadata.replace('/metadata.json', '/octree.bin'), {
      headers: { 'content-type': 'multipart/byteranges', Range: 'bytes=10-19' },
    });
    await manager.fetch(metadata.replace('/metadata.json', '/hierarchy.bin'), {
      headers: { Range: 'bytes=0-21' },
    });
    expect(fetch.mock.calls.map(([url, init]) => [url, init.headers])).toEqual([
      ['https://store/a?sig=1', {}],
      ['https://store/c?sig=1', { Range: 'bytes=10-19' }],
      ['https://store/b?sig=1', { Range: 'bytes=0-21' }],
    ]);
  });

  it('refreshes expired URLs and tries once more', async () => {
    let current = urls('old');
    const fetch = vi.fn(async (url: string) =>
      url.includes('old') ? new Response('', { status: 403 }) : new Response('ok', { status: 206 }),
    );
    const manager = new StreamRequestManager({
      streamOf: () => current,
      refresh: async () => {
        current = urls('new');
      },
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const response = await manager.fetch(
      virtualMetadataUrl('scan/1').replace('/metadata.json', '/octree.bin'),
      { headers: { Range: 'bytes=0-1' } },
    );
    expect(await response.text()).toBe('ok');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'https://store/c?sig=old',
      'https://store/c?sig=new',
    ]);
  });

  it('fails a node whose object cannot be read', async () => {
    const manager = new StreamRequestManager({
      streamOf: () => urls('1'),
      refresh: async () => {},
      fetch: async () => new Response('', { status: 500 }),
    });
    await expect(manager.fetch(virtualMetadataUrl('scan/1'))).rejects.toThrow('HTTP 500');
  });
});
