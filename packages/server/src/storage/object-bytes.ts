import { Readable } from 'node:stream';
import type { ObjectStorage } from './storage.ts';

/** Writes a small object held in memory (a log, a thumbnail, a JSON record). */
export function putBytes(
  storage: ObjectStorage,
  key: string,
  body: Buffer | string,
  contentType: string,
): Promise<{ eTag: string }> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return storage.putStream(key, Readable.from([bytes]), { size: bytes.length, contentType });
}

/**
 * Reads a small object into memory; throws ObjectNotFoundError when there is none. Callers bound
 * the size first (`head`) where the object comes from a user.
 */
export async function readBytes(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
