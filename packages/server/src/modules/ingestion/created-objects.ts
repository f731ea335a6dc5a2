import { createHash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import type { ObjectStorage } from '../../storage/storage.ts';

type PutOptions = { size?: number; contentType?: string };

/**
 * The objects one ingestion run created. A run that fails after it began writing takes them
 * away again, so a refused or broken package leaves storage as it found it; objects that were
 * there before the run are never deleted.
 */
export class CreatedObjects {
  private readonly keys = new Set<string>();
  private readonly surveyed: string[] = [];
  private readonly stored = new Set<string>();

  constructor(private readonly storage: ObjectStorage) {}

  /**
   * Lists once what is stored under a prefix, so that writing many objects beneath it needs no
   * look-up per object.
   */
  async survey(prefix: string): Promise<void> {
    for await (const object of this.storage.list(prefix)) this.stored.add(object.key);
    this.surveyed.push(prefix);
  }

  private async existed(key: string): Promise<boolean> {
    if (this.surveyed.some((prefix) => key.startsWith(prefix))) return this.stored.has(key);
    return (await this.storage.head(key)) !== null;
  }

  /** Writes the object, remembering it when nothing was stored under its key before. */
  async put(key: string, body: Readable, options: PutOptions): Promise<void> {
    // Remembered before the write: a write that fails half-way may still leave an object.
    if (!(await this.existed(key))) this.keys.add(key);
    await this.storage.putStream(key, body, options);
  }

  /** Writes the object only when none is stored under its key. */
  async putIfAbsent(key: string, open: () => Promise<Readable>, options: PutOptions) {
    if (await this.existed(key)) return;
    this.keys.add(key);
    await this.storage.putStream(key, await open(), options);
  }

  /** Deletes every object the run created; best effort, as the run's own error is the news. */
  async removeAll(): Promise<void> {
    for (const key of this.keys) {
      await this.storage.delete(key).catch((error: unknown) => {
        console.warn(`ingestion cleanup: could not delete ${key}:`, error);
      });
    }
    this.keys.clear();
  }

  /** Runs `write`; when it throws, deletes what it created and rethrows. */
  async undoOnFailure<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await this.removeAll();
      throw error;
    }
  }
}

/** The stream as is, plus the SHA-256 (hex) of the bytes that went through, once read whole. */
export function hashing(source: Readable): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  let digest: string | undefined;
  // pipeline forwards a read error of the source to the stream the storage consumes.
  pipeline(source, through, () => {});
  return { stream: through, sha256: () => (digest ??= hash.digest('hex')) };
}

/** The SHA-256 (hex) of a stream's bytes. */
export async function sha256Of(source: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of source) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
