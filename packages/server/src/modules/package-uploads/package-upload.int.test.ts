import { createHash, randomBytes } from 'node:crypto';
import { numberOfPartsFor, partRange } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { graphqlAs, type LiveApp, startLiveApp } from '../../../test/live-app.ts';
import type { UserRow } from '../../db/schema.ts';
import { withJobTables } from '../../jobs/job-tables.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import { putBytes } from '../../storage/object-bytes.ts';
import { packageKey } from './package-upload-rules.ts';

const MIB = 1024 * 1024;
const INVALID_NAME = 'All files must be valid packages from the LuxGear device (.luxlz or .luxiz)';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(DATABASE_KINDS)('package upload API on %s', (kind) => {
  let live: LiveApp;
  let userA: UserRow;
  let userA2: UserRow;
  let userB: UserRow;
  let noDevices: UserRow;

  const gql = <T = Record<string, unknown>>(
    user: UserRow,
    query: string,
    variables: Record<string, unknown> = {},
  ) => graphqlAs<T>(live, user, query, variables);

  const put = (url: string, body: Buffer, contentType?: string) =>
    fetch(url, {
      method: 'PUT',
      body,
      headers: contentType ? { 'content-type': contentType } : {},
    });

  const SIGNED_URL = `query($filename: String!, $size: Float!, $contentType: String) {
    getPackageUploadSignedURL(filename: $filename, size: $size, contentType: $contentType) {
      filename uploadUrl key
    }
  }`;
  const MULTIPART = `query($filename: String!, $numberOfParts: Int!, $size: Float!) {
    getPackageUploadMultipartInfo(filename: $filename, numberOfParts: $numberOfParts, size: $size) {
      filename uploadId parts { partNumber signedUrl }
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
  const COMPLETE = `mutation($filename: String!, $uploadId: String!, $eTags: String!, $referenceKey: String) {
    completePackageUploadMultipart(filename: $filename, uploadId: $uploadId, eTags: $eTags,
      referenceKey: $referenceKey)
  }`;
  const ABORT = `mutation($filename: String!, $uploadId: String!) {
    abortPackageUpload(filename: $filename, uploadId: $uploadId)
  }`;
  const CONFIRM = `mutation($filename: String!, $referenceKey: String) {
    confirmPackageUpload(filename: $filename, referenceKey: $referenceKey)
  }`;
  const EXISTING = `query($csv: String!) {
    getExistingPackageUploads(filenamesCsv: $csv) { filename size }
  }`;

  type MultipartAnswer = {
    getPackageUploadMultipartInfo: {
      uploadId: string;
      parts: { partNumber: number; signedUrl: string }[];
    };
  };

  /** The ingestion jobs queued for a key. */
  const ingestionJobs = (key: string) =>
    withJobTables(live.database.db)
      .selectFrom('jobs')
      .select(['kind', 'payload'])
      .where('kind', '=', 'ingest-package')
      .execute()
      .then((rows) => rows.filter((row) => (row.payload as { key?: string }).key === key));

  beforeAll(async () => {
    live = await startLiveApp(kind);
    const db = live.database.db;
    const orgA = await factories.organization(db);
    const orgB = await factories.organization(db);
    const orgBare = await factories.organization(db);
    await factories.device(db, orgA.id);
    await factories.device(db, orgB.id);
    userA = await factories.user(db, orgA.id, 'Standard');
    userA2 = await factories.user(db, orgA.id, 'Power User');
    userB = await factories.user(db, orgB.id, 'Admin');
    noDevices = await factories.user(db, orgBare.id, 'Power User');
  });
  afterAll(async () => live?.close());

  it('takes a single PUT, confirms it as Completed and lists it as existing', async () => {
    const data = randomBytes(300_000);
    const signed = await gql<{
      getPackageUploadSignedURL: { filename: string; uploadUrl: string; key: string };
    }>(userA, SIGNED_URL, { filename: 'site 1 (a).luxlz', size: data.length });
    expect(signed.errors).toBeUndefined();
    const { uploadUrl, key, filename } = signed.data!.getPackageUploadSignedURL;
    expect(filename).toBe('site 1 (a).luxlz');
    expect(key).toBe(packageKey(userA.organizationId, 'site 1 (a).luxlz'));
    expect(key).toMatch(/\/packages\/site_1__a_-[0-9a-f]{12}\.luxlz$/);
    expect(uploadUrl.startsWith(`${live.origin}/storage/`)).toBe(true);
    // The URL binds the content type and the size: another type, more or fewer bytes are refused.
    expect((await put(uploadUrl, data, 'text/plain')).status).toBe(403);
    const longer = await put(uploadUrl, randomBytes(data.length + 1), 'application/octet-stream');
    expect(longer.status).toBe(403);
    const shorter = await put(uploadUrl, data.subarray(1), 'application/octet-stream');
    expect(shorter.status).toBe(403);
    expect(await gql(userA, CONFIRM, { filename: 'site 1 (a).luxlz' })).toMatchObject({
      errors: [{ extensions: { code: 'NOT_FOUND' } }],
    });
    expect((await put(uploadUrl, data, 'application/octet-stream')).status).toBe(200);

    const confirmed = await gql(userA, CONFIRM, { filename: 'site 1 (a).luxlz' });
    expect(confirmed).toEqual({ data: { confirmPackageUpload: true } });
    const log = await live.database.db
      .selectFrom('activityLogs')
      .selectAll()
      .where('activityType', '=', 'PackageUpload')
      .where('userId', '=', userA.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ status: 'Completed', organizationId: userA.organizationId });
    expect(log.metrics).toEqual({ fileSize: data.length });
    expect(await ingestionJobs(key)).toHaveLength(1);

    const existing = await gql(userA2, EXISTING, {
      csv: 'site 1 (a).luxlz, missing.luxiz',
    });
    expect(existing.data).toEqual({
      getExistingPackageUploads: [{ filename: 'site 1 (a).luxlz', size: data.length }],
    });
    // Among more names than are checked at once, both found, in the order asked.
    await putBytes(
      createObjectStorage(live.config),
      packageKey(userA.organizationId, 'earlier.luxiz'),
      'three',
      'application/octet-stream',
    );
    const many = Array.from({ length: 20 }, (_, i) => `missing-${i}.luxiz`);
    many.splice(3, 0, 'site 1 (a).luxlz');
    many.splice(17, 0, 'earlier.luxiz');
    const among = await gql(userA2, EXISTING, { csv: many.join(', ') });
    expect(among.data).toEqual({
      getExistingPackageUploads: [
        { filename: 'site 1 (a).luxlz', size: data.length },
        { filename: 'earlier.luxiz', size: 5 },
      ],
    });
    // Another organization sees nothing of it.
    const foreign = await gql(userB, EXISTING, { csv: 'site 1 (a).luxlz' });
    expect(foreign.data).toEqual({ getExistingPackageUploads: [] });
    // Confirming a package that was never sent is 'not found'.
    const missing = await gql(userA, CONFIRM, { filename: 'never.luxlz' });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('completes a 3-part multipart upload, resumable from its stored parts', async () => {
    // Three parts in the shared plan: 8 MiB, 8 MiB and the rest.
    const source = randomBytes(17 * MIB);
    const slices = [1, 2, 3].map((n) => {
      const { start, end } = partRange(source.length, n);
      return source.subarray(start, end);
    });
    const filename = 'big-scan.luxiz';
    const info = await gql<MultipartAnswer>(userA, MULTIPART, {
      filename,
      numberOfParts: 3,
      size: source.length,
    });
    expect(info.errors).toBeUndefined();
    const { uploadId, parts } = info.data!.getPackageUploadMultipartInfo;
    expect(parts.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    // Each part URL takes exactly its part's bytes: the last part's length is not the first's.
    expect((await put(parts[0]!.signedUrl, slices[2]!)).status).toBe(403);
    expect((await put(parts[2]!.signedUrl, slices[0]!)).status).toBe(403);

    const eTags: string[] = [];
    for (const index of [0, 1]) {
      const response = await put(parts[index]!.signedUrl, slices[index]!);
      expect(response.status).toBe(200);
      eTags.push(response.headers.get('etag')!);
    }
    // The page reloads here: the engine asks what is stored and sends only the rest.
    const stored = await gql<{ getPackageUploadParts: unknown[] }>(userA, PARTS, {
      filename,
      uploadId,
    });
    expect(stored.data?.getPackageUploadParts).toEqual([
      { partNumber: 1, eTag: eTags[0], size: 8 * MIB },
      { partNumber: 2, eTag: eTags[1], size: 8 * MIB },
    ]);
    const fresh = await gql<{ getPackageUploadPartUrls: { signedUrl: string }[] }>(
      userA,
      PART_URLS,
      { filename, uploadId, partNumbers: [3] },
    );
    expect((await put(fresh.data!.getPackageUploadPartUrls[0]!.signedUrl, slices[0]!)).status).toBe(
      403,
    );
    const beyond = await gql(userA, PART_URLS, { filename, uploadId, partNumbers: [4] });
    expect(beyond.errors?.[0]?.message).toBe('This upload has 3 parts');
    const last = await put(fresh.data!.getPackageUploadPartUrls[0]!.signedUrl, slices[2]!);
    eTags.push(last.headers.get('etag')!);

    // Another organization cannot complete, abort or list it.
    for (const [query, variables] of [
      [COMPLETE, { filename, uploadId, eTags: eTags.join(',') }],
      [ABORT, { filename, uploadId }],
      [PARTS, { filename, uploadId }],
      [PART_URLS, { filename, uploadId, partNumbers: [1] }],
    ] as const) {
      const answer = await gql(userB, query, variables);
      expect(answer.errors?.[0]?.extensions?.code, query).toBe('NOT_FOUND');
    }
    // Nor can the owner name another file with this upload id.
    const renamed = await gql(userA, PARTS, { filename: 'other.luxiz', uploadId });
    expect(renamed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const started = await gql(userA, COMPLETE, {
      filename,
      uploadId,
      eTags: eTags.join(','),
      referenceKey: 'browser-upload-1',
    });
    expect(started.errors?.[0]?.extensions?.code).toBe(undefined);
    expect(started.data).toEqual({ completePackageUploadMultipart: true });
    // A lost answer retried changes nothing.
    const again = await gql(userA, COMPLETE, { filename, uploadId, eTags: eTags.join(',') });
    expect(again.data).toEqual({ completePackageUploadMultipart: true });

    const storage = createObjectStorage(live.config);
    const key = `org-${userA.organizationId}/project-none/packages/${filename}`;
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(source));

    const logs = await live.database.db
      .selectFrom('activityLogs')
      .selectAll()
      .where('referenceKey', '=', 'browser-upload-1')
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 'Completed', userId: userA.id });
    expect(logs[0]?.metrics).toEqual({ fileSize: source.length });
    expect(await ingestionJobs(key)).toEqual([
      { kind: 'ingest-package', payload: expect.objectContaining({ key }) },
    ]);
    const existing = await gql(userA, EXISTING, { csv: filename });
    expect(existing.data).toEqual({
      getExistingPackageUploads: [{ filename, size: source.length }],
    });
    // Parts of a finished upload are gone.
    const after = await gql(userA, PARTS, { filename, uploadId });
    expect(after.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('presigns the first 100 parts of a large upload; the rest on request', async () => {
    const size = 200 * 64 * MIB;
    expect(numberOfPartsFor(size)).toBe(200);
    const info = await gql<MultipartAnswer>(userA, MULTIPART, {
      filename: 'huge.luxlz',
      numberOfParts: 200,
      size,
    });
    const { uploadId, parts } = info.data!.getPackageUploadMultipartInfo;
    expect(parts.map((p) => p.partNumber)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const rest = await gql<{ getPackageUploadPartUrls: { partNumber: number }[] }>(
      userA,
      PART_URLS,
      { filename: 'huge.luxlz', uploadId, partNumbers: [101, 200] },
    );
    expect(rest.data?.getPackageUploadPartUrls.map((p) => p.partNumber)).toEqual([101, 200]);
  });

  it('refuses wrong ETags with a clear message', async () => {
    const filename = 'wrong-tags.luxlz';
    const info = await gql<MultipartAnswer>(userA, MULTIPART, {
      filename,
      numberOfParts: 1,
      size: 1000,
    });
    const { uploadId, parts } = info.data!.getPackageUploadMultipartInfo;
    await put(parts[0]!.signedUrl, randomBytes(1000));
    const answer = await gql(userA, COMPLETE, { filename, uploadId, eTags: '"0000"' });
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0]?.message).toMatch(/^The upload could not be completed: /);
  });

  it('aborts an unfinished upload, after which it is gone', async () => {
    const filename = 'abandon.luxlz';
    const info = await gql<MultipartAnswer>(userA, MULTIPART, {
      filename,
      numberOfParts: 2,
      size: 9 * MIB,
    });
    const { uploadId, parts } = info.data!.getPackageUploadMultipartInfo;
    const eTag = (await put(parts[0]!.signedUrl, randomBytes(8 * MIB))).headers.get('etag');
    expect(await gql(userA, ABORT, { filename, uploadId })).toEqual({
      data: { abortPackageUpload: true },
    });
    expect(await gql(userA, ABORT, { filename, uploadId })).toEqual({
      data: { abortPackageUpload: true },
    });
    const completed = await gql(userA, COMPLETE, { filename, uploadId, eTags: eTag! });
    expect(completed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const parts2 = await gql(userA, PARTS, { filename, uploadId });
    expect(parts2.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const existing = await gql(userA, EXISTING, { csv: filename });
    expect(existing.data).toEqual({ getExistingPackageUploads: [] });
  });

  it('signs no URL without the size', async () => {
    for (const [query, variables] of [
      [SIGNED_URL, { filename: 'a.luxlz' }],
      [MULTIPART, { filename: 'a.luxlz', numberOfParts: 1 }],
    ] as const) {
      const answer = await gql(userA, query, variables);
      expect(answer.data ?? null, query).toBeNull();
      expect(answer.errors?.[0]?.message, query).toMatch(/\$size/);
    }
  });

  it('refuses users of an organization without devices', async () => {
    for (const [query, variables] of [
      [SIGNED_URL, { filename: 'a.luxlz', size: 1 }],
      [MULTIPART, { filename: 'a.luxlz', numberOfParts: 1, size: 1 }],
      [EXISTING, { csv: 'a.luxlz' }],
      [CONFIRM, { filename: 'a.luxlz' }],
      [ABORT, { filename: 'a.luxlz', uploadId: 'x' }],
    ] as const) {
      const answer = await gql(noDevices, query, variables);
      expect(answer.errors?.[0], query).toMatchObject({
        message: 'Package upload needs an organization with devices',
        extensions: { code: 'FORBIDDEN' },
      });
    }
  });

  it('refuses bad names, sizes and part counts with clear messages', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [SIGNED_URL, { filename: 'notes.txt', size: 1 }, INVALID_NAME],
      [SIGNED_URL, { filename: 'a.luxlz', size: 0 }, 'Files cannot be empty'],
      [MULTIPART, { filename: 'a.zip', numberOfParts: 1, size: 1 }, INVALID_NAME],
      [MULTIPART, { filename: 'a.luxlz', numberOfParts: 2, size: -1 }, 'Files cannot be empty'],
      [
        MULTIPART,
        { filename: 'a.luxlz', numberOfParts: 0, size: 1 },
        'The number of parts must be 1 to 10000',
      ],
      [
        MULTIPART,
        { filename: 'a.luxlz', numberOfParts: 10_001, size: 1 },
        'The number of parts must be 1 to 10000',
      ],
      [
        MULTIPART,
        { filename: 'a.luxlz', numberOfParts: 3, size: 6 * MIB },
        'Every part but the last must be at least 5 MiB',
      ],
      [
        MULTIPART,
        { filename: 'a.luxlz', numberOfParts: 2, size: 17 * MIB },
        'A file of 17825792 bytes is sent in 3 parts',
      ],
      [MULTIPART, { filename: 'a.luxlz', numberOfParts: 2, size: 1.5 }, 'Files cannot be empty'],
      [
        SIGNED_URL,
        { filename: '../../org-1/project-none/packages/x.luxlz', size: 1 },
        'A package file name cannot contain a path: ../../org-1/project-none/packages/x.luxlz',
      ],
      [
        SIGNED_URL,
        { filename: '..\\x.luxlz', size: 1 },
        'A package file name cannot contain a path: ..\\x.luxlz',
      ],
      [
        SIGNED_URL,
        { filename: `${'a'.repeat(300)}.luxlz`, size: 1 },
        'A package file name can have at most 255 characters',
      ],
      [
        SIGNED_URL,
        { filename: 'a.luxlz', size: 6 * 1024 * MIB },
        'Files over 5 GiB must be uploaded in parts (multipart)',
      ],
      [EXISTING, { csv: 'a.luxlz,b.pdf' }, INVALID_NAME],
      [
        CONFIRM,
        { filename: '/etc/passwd.luxlz' },
        'A package file name cannot contain a path: /etc/passwd.luxlz',
      ],
    ];
    for (const [query, variables, message] of cases) {
      const answer = await gql(userA, query, variables);
      expect(answer.errors?.[0], JSON.stringify(variables)).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const info = await gql<MultipartAnswer>(userA, MULTIPART, {
      filename: 'p.luxlz',
      numberOfParts: 1,
      size: 1,
    });
    const { uploadId } = info.data!.getPackageUploadMultipartInfo;
    for (const partNumbers of [[0], [10_001], []]) {
      const answer = await gql(userA, PART_URLS, { filename: 'p.luxlz', uploadId, partNumbers });
      expect(answer.errors?.[0]?.message).toBe('Part numbers must be 1 to 10000');
    }
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    const tooMany = await gql(userA, PART_URLS, {
      filename: 'p.luxlz',
      uploadId,
      partNumbers: many,
    });
    expect(tooMany.errors?.[0]?.message).toBe('At most 100 part URLs can be asked for at once');
    const badTags = await gql(userA, COMPLETE, { filename: 'p.luxlz', uploadId, eTags: 'a,,b' });
    expect(badTags.errors?.[0]?.message).toBe(
      'eTags must list the ETag of every part, in part order',
    );
  });
});
