import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../test/s3-test-server.ts';
import { embeddedStorageRoutes } from './embedded-storage.routes.ts';
import { EmbeddedObjectStorage } from './embedded-storage.ts';
import { abortStaleMultipartUploads } from './stale-multipart-sweeper.ts';
import { MIN_PART_SIZE } from './storage.ts';

/** What only the embedded store promises beyond the shared contract. */
describe('embedded object store', () => {
  let root: string;
  let storage: EmbeddedObjectStorage;
  let app: FastifyInstance;
  let endpoint: string;
  const credentials = { accessKeyId: 'APTEST', secretAccessKey: 'embedded-test-secret' };
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-objects-'));
    const port = await closedPort();
    endpoint = `http://127.0.0.1:${port}/storage`;
    storage = new EmbeddedObjectStorage({ rootDir: root, endpoint, credentials });
    app = Fastify();
    await app.register(embeddedStorageRoutes(storage));
    await app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('leaves no object and no temporary file when an upload is cut off', async () => {
    const key = 'org-1/project-none/packages/cut.luxlz';
    const url = new URL(
      await storage.presignPut(key, {
        contentType: 'application/zip',
        contentLength: 10 * MIN_PART_SIZE,
      }),
    );
    await new Promise<void>((resolve) => {
      const request = http.request(url, {
        method: 'PUT',
        headers: {
          'content-type': 'application/zip',
          'content-length': String(10 * MIN_PART_SIZE),
        },
      });
      request.on('error', () => resolve());
      request.write(randomBytes(MIN_PART_SIZE));
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 200);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storage.head(key)).toBeNull();
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('sweeps partial writes a killed process left behind, after a day', async () => {
    const leftover = path.join(root, '.tmp', 'leftover');
    fs.writeFileSync(leftover, 'half');
    expect(await abortStaleMultipartUploads(storage)).toEqual({ aborted: 0 });
    expect(fs.existsSync(leftover)).toBe(true);
    await abortStaleMultipartUploads(storage, undefined, new Date(Date.now() + 25 * 3600_000));
    expect(fs.existsSync(leftover)).toBe(false);
  });

  it('sweeps a part folder no object names, after a day, and keeps those that are named', async () => {
    const key = 'org-1/project-none/packages/parts.luxlz';
    const uploadId = await storage.createMultipart(key, 'application/zip');
    const eTag = await storage.writePart(key, uploadId, 1, Readable.from([Buffer.from('parts')]));
    await storage.completeMultipart(key, uploadId, [{ partNumber: 1, eTag }]);
    // A process that died before writing an object's metadata leaves its parts named by no one.
    const orphan = path.join(root, '.parts', 'a'.repeat(32));
    fs.mkdirSync(orphan, { recursive: true });
    fs.writeFileSync(path.join(orphan, '1.part'), 'lost');

    await abortStaleMultipartUploads(storage);
    expect(fs.existsSync(orphan)).toBe(true);
    await abortStaleMultipartUploads(storage, undefined, new Date(Date.now() + 25 * 3600_000));
    expect(fs.existsSync(orphan)).toBe(false);
    // The completed object still reads whole.
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('parts');
  });

  it('streams a 64 MiB body to disk and answers its MD5 as ETag', async () => {
    const key = 'org-1/project-none/packages/big.luxlz';
    const chunk = randomBytes(1024 * 1024);
    const url = await storage.presignPut(key, {
      contentType: 'application/octet-stream',
      contentLength: 64 * chunk.length,
    });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 64; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await fetch(url, {
      method: 'PUT',
      body,
      duplex: 'half',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(64 * chunk.length),
      },
    } as RequestInit);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-expose-headers')).toBe('ETag');
    expect((await storage.head(key))?.size).toBe(64 * chunk.length);

    // A URL presigned for HEAD answers HEAD (and only HEAD) with the object's headers.
    const signer = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials,
    });
    const head = await getSignedUrl(signer, new HeadObjectCommand({ Bucket: 'portal', Key: key }));
    const headed = await fetch(head, { method: 'HEAD' });
    expect(headed.status).toBe(200);
    expect(headed.headers.get('content-length')).toBe(String(64 * chunk.length));
    expect(headed.headers.get('etag')).toBe((await storage.head(key))?.eTag);
    expect((await fetch(head)).status).toBe(403);
    const suffix = await fetch(await storage.presignGet(key), { headers: { range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(chunk.subarray(chunk.length - 10));
    const beyond = await fetch(await storage.presignGet(key), {
      headers: { range: `bytes=${64 * chunk.length}-` },
    });
    expect(beyond.status).toBe(416);
  });

  it('refuses a Content-Type other than the signed one, and an unknown upload', async () => {
    const key = 'org-1/project-none/packages/typed.luxlz';
    const url = await storage.presignPut(key, { contentType: 'application/zip', contentLength: 1 });
    const wrongType = await fetch(url, {
      method: 'PUT',
      body: 'x',
      headers: { 'content-type': 'text/html' },
    });
    expect(wrongType.status).toBe(403);
    const part = await storage.presignPart(key, 'f'.repeat(32), 1, 1);
    const unknown = await fetch(part, { method: 'PUT', body: 'x' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<Code>NoSuchUpload</Code>');
  });

  it('checks parts on completion as S3 does', async () => {
    const key = 'org-1/project-none/packages/parts.luxlz';
    const uploadId = await storage.createMultipart(key, 'application/zip');
    const send = async (partNumber: number, size: number) => {
      const url = await storage.presignPart(key, uploadId, partNumber, size);
      const response = await fetch(url, { method: 'PUT', body: randomBytes(size) });
      return { partNumber, eTag: response.headers.get('etag') ?? '' };
    };
    const small = await send(1, 1000);
    const last = await send(2, 1000);
    await expect(storage.completeMultipart(key, uploadId, [small, last])).rejects.toMatchObject({
      code: 'EntityTooSmall',
    });
    await expect(
      storage.completeMultipart(key, uploadId, [{ partNumber: 1, eTag: '"0"' }]),
    ).rejects.toMatchObject({ code: 'InvalidPart' });
    await expect(storage.completeMultipart(key, uploadId, [last, small])).rejects.toMatchObject({
      code: 'InvalidPartOrder',
    });
    expect(await storage.completeMultipart(key, uploadId, [small])).toEqual({
      eTag: expect.stringMatching(/^"[0-9a-f]{32}-1"$/),
    });
    expect(fs.existsSync(path.join(root, '.multipart', uploadId))).toBe(false);
  });

  it('completes a multipart upload without copying it, and serves ranges across its parts', async () => {
    const key = 'org-1/project-none/packages/manifest.luxlz';
    const source = randomBytes(2 * MIN_PART_SIZE + 777);
    const slices = [
      source.subarray(0, MIN_PART_SIZE),
      source.subarray(MIN_PART_SIZE, 2 * MIN_PART_SIZE),
      source.subarray(2 * MIN_PART_SIZE),
    ];
    // An older single-PUT object under the same key is replaced.
    await storage.putStream(key, Readable.from([Buffer.from('older version')]));
    const uploadId = await storage.createMultipart(key, 'application/octet-stream');
    const parts = [];
    for (const [index, slice] of slices.entries()) {
      const url = await storage.presignPart(key, uploadId, index + 1, slice.length);
      const response = await fetch(url, { method: 'PUT', body: slice });
      parts.push({ partNumber: index + 1, eTag: response.headers.get('etag') ?? '' });
    }
    // A reader of the older version keeps reading it while the upload completes.
    const olderReader = await storage.getStream(key);
    await storage.completeMultipart(key, uploadId, parts);
    expect((await readAll(olderReader)).toString()).toBe('older version');
    // The bytes were not rewritten: the key's file is empty, the parts moved.
    expect(fs.statSync(storage.objectPath(key)).size).toBe(0);
    const folders = fs.readdirSync(path.join(root, '.parts'));
    expect(folders).toContain(uploadId);
    expect((await storage.head(key))?.size).toBe(source.length);
    expect((await readAll(await storage.getStream(key))).equals(source)).toBe(true);
    for (const range of [
      { start: 0, end: 0 },
      { start: MIN_PART_SIZE - 10, end: MIN_PART_SIZE + 9 },
      { start: 100, end: 2 * MIN_PART_SIZE + 5 },
      { start: source.length - 1, end: source.length - 1 },
    ]) {
      const bytes = await readAll(await storage.getStream(key, range));
      expect(bytes.equals(source.subarray(range.start, range.end + 1)), JSON.stringify(range)).toBe(
        true,
      );
    }

    // A reader keeps its version when the object is replaced, copies stay, deletes clean up.
    const reader = await storage.getStream(key);
    await storage.copy(key, 'org-1/project-none/packages/copy.luxlz');
    await storage.putStream(key, Readable.from([Buffer.from('newer version')]));
    expect((await readAll(reader)).equals(source)).toBe(true);
    expect((await readAll(await storage.getStream(key))).toString()).toBe('newer version');
    const copied = await readAll(await storage.getStream('org-1/project-none/packages/copy.luxlz'));
    expect(copied.equals(source)).toBe(true);
    await storage.delete('org-1/project-none/packages/copy.luxlz');
    // The replaced version's parts and the deleted copy's links are gone.
    expect(fs.readdirSync(path.join(root, '.parts'))).toEqual(
      folders.filter((folder) => folder !== uploadId),
    );
  });

  it('finishes on a retry a completion whose process died after it ended the upload', async () => {
    const key = 'org-1/project-none/packages/interrupted.luxlz';
    const source = randomBytes(MIN_PART_SIZE + 333);
    const slices = [source.subarray(0, MIN_PART_SIZE), source.subarray(MIN_PART_SIZE)];
    const uploadId = await storage.createMultipart(key, 'application/octet-stream');
    const parts = [];
    for (const [index, slice] of slices.entries()) {
      const url = await storage.presignPart(key, uploadId, index + 1, slice.length);
      const response = await fetch(url, { method: 'PUT', body: slice });
      parts.push({ partNumber: index + 1, eTag: response.headers.get('etag') ?? '' });
    }
    // The first completion dies after the upload ended and before the object was written.
    const internals = storage as unknown as { writeMeta: (...args: unknown[]) => Promise<void> };
    const writeMeta = internals.writeMeta;
    internals.writeMeta = async () => {
      throw new Error('killed');
    };
    await expect(storage.completeMultipart(key, uploadId, parts)).rejects.toThrow('killed');
    internals.writeMeta = writeMeta;
    expect(await storage.head(key)).toBeNull();

    const { eTag } = await storage.completeMultipart(key, uploadId, parts);
    expect((await storage.head(key))?.eTag).toBe(eTag);
    expect((await readAll(await storage.getStream(key))).equals(source)).toBe(true);
    // Nothing of the completion is left beside the parts, and a further retry stays refused
    // as S3 refuses it (the upload is over).
    expect(fs.readdirSync(path.join(root, '.parts', uploadId)).sort()).toEqual([
      '1.part',
      '2.part',
    ]);
    await expect(storage.completeMultipart(key, uploadId, parts)).rejects.toMatchObject({
      code: 'NoSuchUpload',
    });
  });

  it('refuses keys that would leave its folder', async () => {
    for (const key of ['../x', 'a/../../x', '.meta/x', '/abs', 'a\\b', 'a//b']) {
      expect(() => storage.objectPath(key), key).toThrow();
    }
  });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
