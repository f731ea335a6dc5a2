import type { ReadyStream } from './point-cloud-streams.ts';
import type { PotreeObject } from './stream-prefetch.ts';

const VIRTUAL_ORIGIN = 'https://point-cloud.invalid';

/**
 * The address the Potree loader is given for a scan's cloud. The loader derives the hierarchy
 * and octree addresses from it by replacing '/metadata.json', which presigned URLs do not allow,
 * so it only ever sees these stand-ins and the request manager swaps in the real URL per object.
 */
export function virtualMetadataUrl(scanId: string): string {
  return `${VIRTUAL_ORIGIN}/${encodeURIComponent(scanId)}/metadata.json`;
}

function parseVirtualUrl(url: string): { scanId: string; object: PotreeObject } | null {
  if (!url.startsWith(`${VIRTUAL_ORIGIN}/`)) return null;
  const [scanId, object] = url.slice(VIRTUAL_ORIGIN.length + 1).split('/');
  if (
    !scanId ||
    (object !== 'metadata.json' && object !== 'hierarchy.bin' && object !== 'octree.bin')
  ) {
    return null;
  }
  return { scanId: decodeURIComponent(scanId), object };
}

export interface StreamRequestManagerOptions {
  /** The current URLs of a scan's objects (they change when the view refreshes them). */
  streamOf(scanId: string): ReadyStream | undefined;
  /** Asks the server for fresh URLs; resolves when they are in place. */
  refresh(): Promise<void>;
  /** Bytes fetched ahead for a request, taken once (see stream-prefetch.ts). */
  prefetched?(
    scanId: string,
    object: PotreeObject,
    range: string | null,
  ): Promise<ArrayBuffer | null> | undefined;
  fetch?: typeof fetch;
}

/**
 * The request manager potree-core loads through (its `RequestManager` interface): it resolves
 * the stand-in addresses to the presigned URL of each object, sends only the Range header of
 * the loader's requests (its 'content-type' header on a GET would force a CORS preflight on
 * every node), and when a URL has expired (403) refreshes the URLs and tries once more.
 */
export class StreamRequestManager {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: StreamRequestManagerOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async getUrl(url: string): Promise<string> {
    return url;
  }

  async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = parseVirtualUrl(url);
    if (!target) return this.fetchImpl(input, init);
    const range = new Headers(init?.headers).get('range');
    const ahead = await this.options.prefetched?.(target.scanId, target.object, range);
    if (ahead) return new Response(ahead, { status: range ? 206 : 200 });
    const request = (): Promise<Response> => {
      const resolved = this.resolve(target.scanId, target.object);
      return this.fetchImpl(resolved, {
        headers: range ? { Range: range } : {},
        signal: init?.signal ?? null,
      });
    };
    let response = await request();
    if (response.status === 403) {
      await this.options.refresh();
      response = await request();
    }
    if (!response.ok) {
      throw new Error(
        `Loading ${target.object} of scan ${target.scanId} failed: HTTP ${response.status}`,
      );
    }
    return response;
  }

  private resolve(scanId: string, object: PotreeObject): string {
    const stream = this.options.streamOf(scanId);
    if (!stream) throw new Error(`No point cloud URLs for scan ${scanId}`);
    switch (object) {
      case 'metadata.json':
        return stream.metadataUrl;
      case 'hierarchy.bin':
        return stream.hierarchyUrl;
      case 'octree.bin':
        return stream.octreeUrl;
    }
  }
}
