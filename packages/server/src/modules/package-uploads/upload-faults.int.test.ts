import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { numberOfPartsFor, partRange } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { type LiveApp, startLiveApp } from '../../../test/live-app.ts';
import { freePort, type ServerProcess, startServerProcess } from '../../../test/server-process.ts';
import { signInThroughLoginPage } from '../../../test/sign-in.ts';
import type { UserRow } from '../../db/schema.ts';
import { SESSION_COOKIE } from '../../identity/bff/session-cookie.ts';
import { webSessionRepository } from '../../identity/bff/web-session.repository.ts';
import { EmbeddedObjectStorage } from '../../storage/embedded-storage.ts';

// Faults on the upload path: the API process dies mid-part, or a part's connection drops. Either
// way the stored parts must be whole, the upload must resume, and the object must equal the file.

const MIB = 1024 * 1024;

interface Answer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}
type Part = { partNumber: number; signedUrl: string };

const MULTIPART = `query($filename: String!, $numberOfParts: Int!, $size: Float!) {
  getPackageUploadMultipartInfo(filename: $filename, numberOfParts: $numberOfParts, size: $size) {
    uploadId parts { partNumber signedUrl }
  }
}`;
const PARTS = `query($filename: String!, $uploadId: String!) {
  getPackageUploadParts(filename: $filename, uploadId: $uploadId) { partNumber eTag size }
}`;
const PART_URLS = `query($filename: String!, $uploadId: String!, $partNumbers: [Int!]!) {
  getPackageUploadPartUrls(filename: $filename, uploadId: $uploadId, partNumbers: $partNumbers) {
    partNumber signedUrl
  }
}`;
const COMPLETE = `mutation($filename: String!, $uploadId: String!, $eTags: String!) {
  completePackageUploadMultipart(filename: $filename, uploadId: $uploadId, eTags: $eTags)
}`;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function gqlWith<T>(
  origin: string,
  cookie: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as Answer<T>;
  if (answer.errors?.length) throw new Error(`${query}\n${JSON.stringify(answer.errors)}`);
  return answer.data as T;
}

/** PUTs one part and returns its ETag. */
async function putPart(url: string, body: Buffer): Promise<string> {
  const response = await fetch(url, { method: 'PUT', body });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers.get('etag')!;
}

/** Bytes of the partial writes in the store's temp folder. */
function tempBytes(dataDir: string): number {
  const dir = path.join(dataDir, 'objects', '.tmp');
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  return names.reduce(
    (sum, name) => sum + (fs.statSync(path.join(dir, name), { throwIfNoEntry: false })?.size ?? 0),
    0,
  );
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Starts a PUT of `body`, writes its first half, waits until the store holds some of it, then
 * runs `fault` and destroys the request: the part never arrives whole.
 */
async function sendHalfThen(
  url: string,
  body: Buffer,
  dataDir: string,
  fault: () => Promise<void>,
): Promise<void> {
  const request = http.request(url, {
    method: 'PUT',
    headers: { 'content-length': String(body.length) },
  });
  const settled = new Promise<void>((resolve) => {
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.on('response', (response) => {
      response.resume();
      resolve();
    });
  });
  request.write(body.subarray(0, Math.floor(body.length / 2)));
  await waitFor(() => tempBytes(dataDir) > 0, 'the part to start streaming');
  await fault();
  request.destroy();
  await settled;
}

/**
 * The bytes of a stored object read through the embedded store, which may keep a multipart
 * object's bytes in its part files rather than in the file at its key.
 */
async function storedBytes(dataDir: string, filename: string): Promise<Buffer> {
  const root = path.join(dataDir, 'objects');
  const key = path.relative(root, findObject(dataDir, filename)).split(path.sep).join('/');
  const storage = new EmbeddedObjectStorage({
    rootDir: root,
    endpoint: 'http://127.0.0.1/storage',
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused-for-reading' },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The file an object key is stored in, found by name under DATA_DIR/objects. */
function findObject(dataDir: string, filename: string): string {
  const matches = (
    fs.readdirSync(path.join(dataDir, 'objects'), {
      recursive: true,
    }) as string[]
  ).filter((name) => !name.startsWith('.') && path.basename(name) === filename);
  expect(matches).toHaveLength(1);
  return path.join(dataDir, 'objects', matches[0]!);
}

/**
 * A start takes 5–20 s on 2 cores beside other test files; once, under a CI machine's load, one
 * took over 90 s.
 */
const START_TIMEOUT_MS = 150_000;

describe('package upload when the API process is killed mid-part', () => {
  const password = 'fault-test-password-1';
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-fault-'));
    const port = await freePort();
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      COOKIE_SECURE: 'false',
      DEMO_PASSWORD: password,
      // Demo accounts only: no demo scans or packages, whose building and ingestion would take
      // the CPU from the starts and uploads under test.
      FIXTURES_DIR: path.join(dataDir, 'no-fixtures'),
    };
  });
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async (origin: string) => {
    const { sessionCookie } = await signInThroughLoginPage(origin, 'sstandard', password);
    expect(sessionCookie).toBeTruthy();
    return sessionCookie!;
  };

  it(
    'resumes after a restart from whole parts only, and stores the exact file',
    async () => {
      server = await startServerProcess(env, START_TIMEOUT_MS);
      let cookie = await signIn(server.origin);
      const source = randomBytes(18 * MIB);
      const count = numberOfPartsFor(source.length);
      expect(count).toBeGreaterThanOrEqual(3);
      const slice = (partNumber: number) => {
        const { start, end } = partRange(source.length, partNumber);
        return source.subarray(start, end);
      };
      const filename = 'killed-mid-part.luxlz';
      const info = await gqlWith<{
        getPackageUploadMultipartInfo: { uploadId: string; parts: Part[] };
      }>(server.origin, cookie, MULTIPART, { filename, numberOfParts: count, size: source.length });
      const { uploadId, parts } = info.getPackageUploadMultipartInfo;
      const firstTag = await putPart(parts[0]!.signedUrl, slice(1));

      const dying = server;
      await sendHalfThen(parts[1]!.signedUrl, slice(2), dataDir, () => dying.kill());

      server = await startServerProcess(env, START_TIMEOUT_MS);
      cookie = await signIn(server.origin);
      const stored = await gqlWith<{ getPackageUploadParts: unknown[] }>(
        server.origin,
        cookie,
        PARTS,
        { filename, uploadId },
      );
      expect(stored.getPackageUploadParts).toEqual([
        { partNumber: 1, eTag: firstTag, size: slice(1).length },
      ]);

      const missing = Array.from({ length: count - 1 }, (_, i) => i + 2);
      const fresh = await gqlWith<{ getPackageUploadPartUrls: Part[] }>(
        server.origin,
        cookie,
        PART_URLS,
        { filename, uploadId, partNumbers: missing },
      );
      const eTags = [firstTag];
      for (const part of fresh.getPackageUploadPartUrls) {
        eTags.push(await putPart(part.signedUrl, slice(part.partNumber)));
      }
      const done = await gqlWith(server.origin, cookie, COMPLETE, {
        filename,
        uploadId,
        eTags: eTags.join(','),
      });
      expect(done).toEqual({ completePackageUploadMultipart: true });
      expect(sha256(await storedBytes(dataDir, filename))).toBe(sha256(source));
      // Two server starts, each allowed START_TIMEOUT_MS (a slow start fails there, with its output).
    },
    2 * START_TIMEOUT_MS + 60_000,
  );
});

describe.each(DATABASE_KINDS)('package upload whose connection drops mid-part on %s', (kind) => {
  let live: LiveApp;
  let user: UserRow;

  beforeAll(async () => {
    live = await startLiveApp(kind);
    const org = await factories.organization(live.database.db);
    await factories.device(live.database.db, org.id);
    user = await factories.user(live.database.db, org.id, 'Standard');
  });
  afterAll(async () => live?.close());

  const gql = async <T>(query: string, variables: Record<string, unknown>) => {
    const session = await webSessionRepository.create(live.database.db, {
      subject: user.awsUserId!,
      ttlMs: 3_600_000,
    });
    const cookie = `${SESSION_COOKIE}=${live.app.signCookie(session)}`;
    return gqlWith<T>(live.origin, cookie, query, variables);
  };

  it('keeps no half part or temp file, and takes the part again', async () => {
    const source = randomBytes(12 * MIB);
    const count = numberOfPartsFor(source.length);
    const slice = (partNumber: number) => {
      const { start, end } = partRange(source.length, partNumber);
      return source.subarray(start, end);
    };
    const filename = 'dropped-part.luxiz';
    const info = await gql<{
      getPackageUploadMultipartInfo: { uploadId: string; parts: Part[] };
    }>(MULTIPART, { filename, numberOfParts: count, size: source.length });
    const { uploadId, parts } = info.getPackageUploadMultipartInfo;
    const dataDir = live.config.dataDir;

    await sendHalfThen(parts[0]!.signedUrl, slice(1), dataDir, async () => {});
    await waitFor(() => tempBytes(dataDir) === 0, 'the partial write to be removed');
    const stored = await gql<{ getPackageUploadParts: unknown[] }>(PARTS, { filename, uploadId });
    expect(stored.getPackageUploadParts).toEqual([]);

    // The engine retries the part on the same URL, then sends the rest.
    const eTags: string[] = [];
    for (const part of parts) eTags.push(await putPart(part.signedUrl, slice(part.partNumber)));
    const done = await gql(COMPLETE, { filename, uploadId, eTags: eTags.join(',') });
    expect(done).toEqual({ completePackageUploadMultipart: true });
    expect(sha256(await storedBytes(dataDir, filename))).toBe(sha256(source));
  });
});
