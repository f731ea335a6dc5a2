import type { ReadyStream } from './point-cloud-streams.ts';

/** The three objects of a Potree 2.0 cloud. */
export type PotreeObject = 'metadata.json' | 'hierarchy.bin' | 'octree.bin';

/** A prefetched answer not taken by then is dropped (its URLs may be refreshed meanwhile). */
const KEEP_MS = 60_000;
/** Bytes of a hierarchy record: type, child mask, point count, byte offset, byte size. */
const HIERARCHY_RECORD_BYTES = 22;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The Range header the Potree loader sends for `size` bytes from `offset` (none: whole). */
export function byteRange(offset: bigint, size: bigint): string {
  return `bytes=${offset}-${offset + size - 1n}`;
}

/**
 * What the Potree loader reads before it can draw a cloud's first points, in the order it reads
 * them: the metadata, the hierarchy's first chunk (its size is in the metadata) and the root
 * node (its place is the hierarchy's first record). Each needs the one before, so the loader
 * makes three round trips after the 3D renderer has loaded; fetched here as soon as the
 * cloud's URLs are known, they arrive while it loads. The request manager answers the loader's
 * requests from here, each once, with the same bytes the store would send.
 */
export class StreamPrefetch {
  private readonly entries = new Map<string, Promise<ArrayBuffer | null>>();
  /** Scans whose objects were fetched ahead lately: new URLs for them are not fetched again. */
  private readonly started = new Set<string>();

  constructor(private readonly fetchImpl: Fetch = (input, init) => globalThis.fetch(input, init)) {}

  /** Starts fetching a cloud's first objects, unless they were fetched ahead lately. */
  start(stream: ReadyStream): void {
    if (this.started.has(stream.scanId)) return;
    this.started.add(stream.scanId);
    setTimeout(() => this.started.delete(stream.scanId), KEEP_MS);
    const metadata = this.fetchInto(stream.scanId, 'metadata.json', stream.metadataUrl, null);
    void metadata.then((buffer) => {
      const chunk = buffer ? firstChunkSize(buffer) : null;
      if (chunk === null) return;
      const range = byteRange(0n, chunk);
      const hierarchy = this.fetchInto(stream.scanId, 'hierarchy.bin', stream.hierarchyUrl, range);
      void hierarchy.then((records) => {
        const root = records ? rootNode(records) : null;
        if (!root) return;
        this.fetchInto(stream.scanId, 'octree.bin', stream.octreeUrl, byteRange(...root));
      });
    });
  }

  /** The prefetched bytes of a request (null when the prefetch failed); each is taken once. */
  take(scanId: string, object: PotreeObject, range: string | null) {
    const key = entryKey(scanId, object, range);
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry;
  }

  private fetchInto(scanId: string, object: PotreeObject, url: string, range: string | null) {
    const key = entryKey(scanId, object, range);
    const entry = this.fetchImpl(url, { headers: range ? { Range: range } : {} })
      .then((response) => (response.ok ? response.arrayBuffer() : null))
      .catch(() => null);
    this.entries.set(key, entry);
    setTimeout(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    }, KEEP_MS);
    return entry;
  }
}

function entryKey(scanId: string, object: PotreeObject, range: string | null): string {
  return `${scanId}\u0000${object}\u0000${range ?? ''}`;
}

function firstChunkSize(metadata: ArrayBuffer): bigint | null {
  try {
    const size = JSON.parse(new TextDecoder().decode(metadata))?.hierarchy?.firstChunkSize;
    return Number.isSafeInteger(size) && size > 0 ? BigInt(size) : null;
  } catch {
    return null;
  }
}

/** Byte offset and size in octree.bin of the hierarchy's first record, the root node. */
function rootNode(records: ArrayBuffer): [bigint, bigint] | null {
  if (records.byteLength < HIERARCHY_RECORD_BYTES) return null;
  const view = new DataView(records);
  const offset = view.getBigInt64(6, true);
  const size = view.getBigInt64(14, true);
  return size > 0n && offset >= 0n ? [offset, size] : null;
}

/** The prefetch the Viewer's 3D views share. */
export const streamPrefetch = new StreamPrefetch();
