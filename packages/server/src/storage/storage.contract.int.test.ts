import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, S3_TEST_CREDENTIALS, startS3TestServer } from '../../test/s3-test-server.ts';
import { embeddedStorageRoutes } from './embedded-storage.routes.ts';
import { EmbeddedObjectStorage } from './embedded-storage.ts';
import { createS3Client } from './s3-connection.ts';
import { S3ObjectStorage } from './s3-storage.ts';
import { abortStaleMultipartUploads } from './stale-multipart-sweeper.ts';
import { MIN_PART_SIZE, ObjectNotFoundError, type ObjectStorage } from './storage.ts';

interface Backend {
  storage: ObjectStorage;
  /** s3rver checks expiry but not V4 signatures; the embedded store checks both. */
  checksSignatures: boolean;
  /**
   * s3rver implements neither ListMultipartUploads (NotImplemented) nor AbortMultipartUpload
   * (MethodNotAllowed); s3-storage.test.ts checks our calls against recorded S3 answers instead.
   */
  managesUploads: boolean;
  /** s3rver's multipart ETag lacks AWS's `-N` suffix. */
  multipartSuffix: boolean;
  /**
   * Whether a presigned upload's ETag is the MD5 of its body (S3, s3rver). The embedded store's
   * is opaque, new for every body, as S3 allows (objects it writes itself carry their MD5).
   */
  uploadMd5ETags: boolean;
  close(): Promise<void>;
}

async function embeddedBackend(): Promise<Backend> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-objects-'));
  const port = await closedPort();
  const storage = new EmbeddedObjectStorage({
    rootDir: root,
    endpoint: `http://127.0.0.1:${port}/storage`,
    credentials: { accessKeyId: 'APTEST', secretAccessKey: randomBytes(24).toString('hex') },
  });
  const app = Fastify();
  await app.register(embeddedStorageRoutes(storage));
  await app.listen({ host: '127.0.0.1', port });
  return {
    storage,
    checksSignatures: true,
    managesUploads: true,
    multipartSuffix: true,
    uploadMd5ETags: false,
    async close() {
      await app.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

async function s3rverBackend(): Promise<Backend> {
  const server = await startS3TestServer(['portal-objects']);
  const client = createS3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    bucket: 'portal-objects',
    forcePathStyle: true,
    ...S3_TEST_CREDENTIALS,
  });
  return {
    storage: new S3ObjectStorage(client, 'portal-objects'),
    checksSignatures: false,
    managesUploads: false,
    multipartSuffix: false,
    uploadMd5ETags: true,
    async close() {
      client.destroy();
      await server.close();
    },
  };
}

const md5 = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
const put = (url: string, body: Buffer, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'PUT', body, headers });

describe.each([
  ['embedded store over HTTP', embeddedBackend],
  ['S3 implementation against s3rver', s3rverBackend],
])('object storage contract: %s', (_name, start) => {
  let backend: Backend;
  let storage: ObjectStorage;
  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });
  afterAll(async () => backend?.close());

  const key = 'org-1/project-2/packages/site A_01.luxlz';
  const data = randomBytes(300_000);
  /** The ETag a presigned upload of `body` answered: its MD5 where the store uses one. */
  const expectUploadETag = (eTag: string | null | undefined, body: Buffer) => {
    if (backend.uploadMd5ETags) expect(eTag).toBe(md5(body));
    else expect(eTag).toMatch(/^"[0-9a-f]{32}"$/);
  };

  it('takes a presigned PUT and serves HEAD, GET, ranges, a download URL', async () => {
    const url = await storage.presignPut(key, {
      contentType: 'application/zip',
      contentLength: data.length,
      expiresIn: 300,
    });
    const response = await put(url, data, { 'content-type': 'application/zip' });
    expect(response.status).toBe(200);
    const eTag = response.headers.get('etag');
    expectUploadETag(eTag, data);

    expect(await storage.head(key)).toMatchObject({
      size: data.length,
      eTag,
      contentType: 'application/zip',
    });
    expect(await storage.head('org-1/project-2/packages/missing')).toBeNull();
    expect(await readAll(await storage.getStream(key))).toEqual(data);
    expect(await readAll(await storage.getStream(key, { start: 10, end: 19 }))).toEqual(
      data.subarray(10, 20),
    );
    await expect(storage.getStream('org-1/project-2/packages/missing')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );

    const download = await storage.presignGet(key, 3600, { filename: 'Site A.luxlz' });
    expect(new URL(download).searchParams.get('X-Amz-Expires')).toBe('900');
    const whole = await fetch(download);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toContain('Site A.luxlz');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(data);
    const ranged = await fetch(download, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${data.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(data.subarray(100, 200));
  });

  it('gives an object a new ETag when an upload replaces its content', async () => {
    const versionKey = 'org-1/project-2/packages/versions.luxlz';
    const eTags: (string | undefined)[] = [];
    for (const body of [randomBytes(1000), randomBytes(1000)]) {
      const url = await storage.presignPut(versionKey, {
        contentType: 'application/zip',
        contentLength: body.length,
      });
      const response = await put(url, body, { 'content-type': 'application/zip' });
      expect(response.status).toBe(200);
      eTags.push((await storage.head(versionKey))?.eTag);
      expect(await readAll(await storage.getStream(versionKey))).toEqual(body);
    }
    expect(eTags[0]).toBeTruthy();
    expect(eTags[1]).not.toBe(eTags[0]);
    await storage.delete(versionKey);
  });

  it('copies, lists by prefix in key order and deletes', async () => {
    const copyKey = 'org-1/project-2/artifacts/copy.luxlz';
    const sourceETag = (await storage.head(key))?.eTag;
    await storage.copy(key, copyKey);
    expect((await storage.head(copyKey))?.eTag).toBe(sourceETag);
    const written = await storage.putStream(
      'org-1/project-2/artifacts/out.json',
      Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]),
      { contentType: 'application/json' },
    );
    expect(written.eTag).toBe(md5(Buffer.from('{"a":1}')));
    await storage.putStream('org-2/project-none/artifacts/other.json', Readable.from([data]), {
      size: data.length,
    });
    const listed = await collect(storage.list('org-1/project-2/'));
    expect(listed.map((item) => item.key)).toEqual([
      'org-1/project-2/artifacts/copy.luxlz',
      'org-1/project-2/artifacts/out.json',
      key,
    ]);
    expect(listed[0]).toMatchObject({ size: data.length, eTag: sourceETag });
    await storage.delete(copyKey);
    await storage.delete(copyKey);
    expect(await storage.head(copyKey)).toBeNull();
    expect((await collect(storage.list('org-2/'))).map((item) => item.key)).toEqual([
      'org-2/project-none/artifacts/other.json',
    ]);
  });

  it('completes a presigned multipart upload of three parts with their ETags', async () => {
    const source = randomBytes(2 * MIN_PART_SIZE + 1_234_567);
    const bigKey = 'org-1/project-2/packages/big.luxlz';
    const uploadId = await storage.createMultipart(bigKey, 'application/octet-stream');
    const slices = [
      source.subarray(0, MIN_PART_SIZE),
      source.subarray(MIN_PART_SIZE, 2 * MIN_PART_SIZE),
      source.subarray(2 * MIN_PART_SIZE),
    ];
    const parts = await Promise.all(
      slices.map(async (slice, index) => {
        const url = await storage.presignPart(bigKey, uploadId, index + 1, slice.length, 600);
        const response = await put(url, slice);
        expect(response.status).toBe(200);
        const eTag = response.headers.get('etag') ?? '';
        expectUploadETag(eTag, slice);
        return { partNumber: index + 1, eTag };
      }),
    );
    const { eTag } = await storage.completeMultipart(bigKey, uploadId, parts);
    if (backend.multipartSuffix) {
      // S3's multipart ETag: MD5 of the parts' binary ETags, '-', the number of parts.
      const digests = Buffer.concat(
        parts.map((part) => Buffer.from(part.eTag.slice(1, -1), 'hex')),
      );
      expect(eTag).toBe(`"${createHash('md5').update(digests).digest('hex')}-3"`);
    } else {
      expect(eTag).toMatch(/^"[0-9a-f]{32}(-3)?"$/);
    }
    expect((await storage.head(bigKey))?.size).toBe(source.length);
    expect(sha256(await readAll(await storage.getStream(bigKey)))).toBe(sha256(source));
    if (backend.managesUploads) expect(await storage.listMultipartUploads()).toEqual([]);
  });

  it('lists the parts stored so far, so an interrupted upload can resume', async () => {
    const resumeKey = 'org-1/project-2/packages/resume.luxlz';
    const uploadId = await storage.createMultipart(resumeKey, 'application/octet-stream');
    const sent = [];
    for (const partNumber of [3, 1]) {
      const url = await storage.presignPart(resumeKey, uploadId, partNumber, data.length);
      sent.push({
        partNumber,
        eTag: (await put(url, data)).headers.get('etag'),
        size: data.length,
      });
    }
    if (!backend.managesUploads) {
      // s3rver has no ListParts either.
      await expect(storage.listParts(resumeKey, uploadId)).rejects.toThrow(/not allowed/);
      return;
    }
    expect(await storage.listParts(resumeKey, uploadId)).toEqual(sent.reverse());
    await expect(
      storage.listParts('org-1/project-2/packages/other.luxlz', uploadId),
    ).rejects.toThrow();
    await storage.abortMultipart(resumeKey, uploadId);
  });

  it('aborts a multipart upload, which then cannot be completed', async () => {
    const abortKey = 'org-1/project-2/packages/abandoned.luxlz';
    const uploadId = await storage.createMultipart(abortKey, 'application/octet-stream');
    const url = await storage.presignPart(abortKey, uploadId, 1, data.length);
    const eTag = (await put(url, data)).headers.get('etag') ?? '';
    if (backend.managesUploads) {
      expect((await storage.listMultipartUploads()).map((u) => u.uploadId)).toEqual([uploadId]);
    }
    if (!backend.managesUploads) {
      await expect(storage.abortMultipart(abortKey, uploadId)).rejects.toThrow(/not allowed/);
      return;
    }
    await storage.abortMultipart(abortKey, uploadId);
    expect(await storage.listMultipartUploads()).toEqual([]);
    await expect(
      storage.completeMultipart(abortKey, uploadId, [{ partNumber: 1, eTag }]),
    ).rejects.toThrow();
    expect(await storage.head(abortKey)).toBeNull();
  });

  it('sweeps multipart uploads older than a day, and only those', async () => {
    if (!backend.managesUploads) {
      await expect(storage.listMultipartUploads()).rejects.toThrow(/not implemented/);
      return;
    }
    const a = await storage.createMultipart('org-1/project-2/packages/a.luxlz', 'x/y');
    const b = await storage.createMultipart('org-1/project-2/packages/b.luxlz', 'x/y');
    expect((await storage.listMultipartUploads()).map((u) => u.uploadId).sort()).toEqual(
      [a, b].sort(),
    );
    expect(await storage.listMultipartUploads(new Date(Date.now() - 60_000))).toEqual([]);
    expect(await abortStaleMultipartUploads(storage)).toEqual({ aborted: 0 });
    const tomorrow = new Date(Date.now() + 25 * 3600 * 1000);
    expect(await abortStaleMultipartUploads(storage, undefined, tomorrow)).toEqual({ aborted: 2 });
    expect(await storage.listMultipartUploads()).toEqual([]);
  });

  it('refuses a PUT or a part of more or fewer bytes than signed, and stores nothing', async () => {
    const sizedKey = 'org-1/project-2/packages/sized.luxlz';
    const small = randomBytes(10);
    const url = await storage.presignPut(sizedKey, {
      contentType: 'application/zip',
      contentLength: small.length,
    });
    const uploadId = await storage.createMultipart(sizedKey, 'application/zip');
    const partUrl = await storage.presignPart(sizedKey, uploadId, 1, small.length);
    // The length is part of what is signed, whichever store checks it.
    for (const signed of [url, partUrl]) {
      const headers = new URL(signed).searchParams.get('X-Amz-SignedHeaders') ?? '';
      expect(headers.split(';')).toContain('content-length');
    }
    if (!backend.checksSignatures) {
      // s3rver checks no V4 signature, so it does not enforce the signed length; S3 does.
      return;
    }
    for (const body of [randomBytes(30 * 1024 * 1024), small.subarray(0, 9), Buffer.alloc(0)]) {
      const refused = await put(url, body, { 'content-type': 'application/zip' });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
      const refusedPart = await put(partUrl, body);
      expect(refusedPart.status).toBe(403);
    }
    expect(await storage.head(sizedKey)).toBeNull();
    expect(await storage.listParts(sizedKey, uploadId)).toEqual([]);
    expect((await put(url, small, { 'content-type': 'application/zip' })).status).toBe(200);
    expect((await storage.head(sizedKey))?.size).toBe(small.length);
    await storage.abortMultipart(sizedKey, uploadId);
  });

  it('refuses an expired URL and tampered URLs (where the store checks signatures)', async () => {
    const tamperKey = 'org-1/project-2/packages/tamper.luxlz';
    const expiring = await storage.presignPut(tamperKey, {
      contentType: 'application/zip',
      contentLength: data.length,
      expiresIn: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await put(expiring, data, { 'content-type': 'application/zip' });
    expect(expired.status).toBe(403);
    const body = await expired.text();
    expect(body).toContain('<Code>AccessDenied</Code>');
    expect(body).toContain('<Message>Request has expired</Message>');
    // s3rver does not compute V4 signatures, so it accepts tampered URLs; S3 and ours refuse.
    if (!backend.checksSignatures) return;

    const url = await storage.presignPut(tamperKey, {
      contentType: 'application/zip',
      contentLength: data.length,
    });
    const otherKey = url.replace('tamper.luxlz', 'other.luxlz');
    expect((await put(otherKey, data, { 'content-type': 'application/zip' })).status).toBe(403);
    const otherOrg = url.replace('org-1', 'org-9');
    expect((await put(otherOrg, data, { 'content-type': 'application/zip' })).status).toBe(403);
    expect((await fetch(url)).status).toBe(403);
    const uploadId = await storage.createMultipart(tamperKey, 'application/zip');
    const part = await storage.presignPart(tamperKey, uploadId, 2, data.length);
    const refused = await put(part.replace('partNumber=2', 'partNumber=3'), data);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(await storage.head(tamperKey)).toBeNull();
    await storage.abortMultipart(tamperKey, uploadId);
  });
});
