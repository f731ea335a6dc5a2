import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../../storage/storage.ts';
import { CreatedObjects, hashing, sha256Of } from './created-objects.ts';

/** The part of a store these use: objects in a map. */
function memoryStorage(keys: string[]) {
  const objects = new Map(keys.map((key) => [key, Buffer.from('old')]));
  const storage = {
    head: async (key: string) => (objects.has(key) ? { size: objects.get(key)!.length } : null),
    async putStream(key: string, body: Readable) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      objects.set(key, Buffer.concat(chunks));
      return { eTag: '"x"' };
    },
    delete: async (key: string) => void objects.delete(key),
    async *list(prefix: string) {
      for (const key of [...objects.keys()].sort()) {
        if (key.startsWith(prefix)) yield { key, size: 0, eTag: '"x"', lastModified: new Date() };
      }
    },
  };
  return { storage: storage as unknown as ObjectStorage, objects };
}

const body = (text: string) => Readable.from([Buffer.from(text)]);

describe('CreatedObjects', () => {
  it('deletes what a failed run created and keeps what was there before', async () => {
    const { storage, objects } = memoryStorage(['a/old', 'b/old']);
    const created = new CreatedObjects(storage);
    await created.survey('b/');
    const failure = created.undoOnFailure(async () => {
      await created.put('a/new', body('1'), {});
      await created.put('a/old', body('2'), {});
      await created.put('b/new', body('3'), {});
      await created.putIfAbsent('b/old', async () => body('4'), {});
      throw new Error('database down');
    });
    await expect(failure).rejects.toThrow('database down');
    expect([...objects.keys()].sort()).toEqual(['a/old', 'b/old']);
    expect(objects.get('b/old')!.toString()).toBe('old');
  });

  it('keeps everything when the run succeeds', async () => {
    const { storage, objects } = memoryStorage([]);
    const created = new CreatedObjects(storage);
    await created.undoOnFailure(() => created.put('k', body('1'), {}));
    expect([...objects.keys()]).toEqual(['k']);
  });
});

describe('hashing', () => {
  it('passes the bytes through and hashes them', async () => {
    const data = Buffer.alloc(200_000, 7);
    const expected = createHash('sha256').update(data).digest('hex');
    const { stream, sha256 } = hashing(
      Readable.from([data.subarray(0, 1000), data.subarray(1000)]),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(sha256()).toBe(expected);
    expect(await sha256Of(Readable.from([data]))).toBe(expected);
  });
});
