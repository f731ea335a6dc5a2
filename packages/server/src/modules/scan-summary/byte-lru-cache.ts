/**
 * A least-recently-used cache bounded by the bytes its values hold, which also shares loads:
 * every caller asking for a key being loaded waits for that one load, so 32 viewers opening a
 * project at once compute its summary once. A failed load is not kept; the next caller retries.
 */
export class ByteLruCache<V> {
  // A Map iterates in insertion order: a hit is moved to the end, eviction starts at the front.
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The bytes the cached values hold. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached keys, least recently used first (reading them uses none). */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Whether the key is cached (not a use: its place in the order stays). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps the value, evicting the least recently used ones; one larger than the bound is not kept. */
  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  /** Drops every key the predicate accepts (the older versions of a project). */
  deleteWhere(predicate: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.delete(key);
  }

  /** The cached value, or the result of `load` (one load per key at a time), then cached. */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const started = load().then(
      (value) => {
        this.loading.delete(key);
        this.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, started);
    return started;
  }
}
