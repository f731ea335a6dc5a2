import { randomBytes } from 'node:crypto';
import {
  BASESTATION_CONTENT_TYPE,
  IMPORTED_SCAN_CONTENT_TYPE,
  MIB,
  numberOfPartsFor,
} from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import {
  type GraphqlAnswer,
  graphqlAs,
  type LiveApp,
  startLiveApp,
} from '../../../test/live-app.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { basestationRepository } from '../basestations/basestation.repository.ts';
import { basestationZipKey } from '../basestations/basestation-storage.ts';
import { importedScanRepository } from '../imported-scans/imported-scan.repository.ts';
import { newImportedScanId } from '../imported-scans/imported-scan-rules.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import { packageUploadRepository } from '../package-uploads/package-upload.repository.ts';
import { packageKey } from '../package-uploads/package-upload-rules.ts';
import { sweepStaleUploadGrants } from './upload-grant-sweeper.ts';
import { uploadQuotaRepository } from './upload-quota.repository.ts';

const PACKAGE_URL = `query($f: String!, $s: Float!) {
  getPackageUploadSignedURL(filename: $f, size: $s) { uploadUrl }
}`;
const PACKAGE_PARTS = `query($f: String!, $n: Int!, $s: Float!) {
  getPackageUploadMultipartInfo(filename: $f, numberOfParts: $n, size: $s) { uploadId }
}`;
const CONFIRM = 'mutation($f: String!) { confirmPackageUpload(filename: $f) }';
const REGISTER_BASESTATION = `mutation($p: ID!, $f: String!) {
  registerUploadedBasestationFile(projectId: $p, filename: $f) { id }
}`;
const PROCESS_IMPORT = `mutation($id: ID!, $u: String!) {
  processImportedScan(importedScanId: $id, s3Url: $u, determineTrajectory: false) { id }
}`;
const BASESTATION_URL = `query($f: String!, $s: Float!) {
  getBasestationUploadSignedURL(filename: $f, size: $s) { uploadUrl }
}`;
const IMPORT_URL = `query($id: ID!, $f: String!, $s: Float!) {
  getImportScanUploadSignedURL(importedScanId: $id, filename: $f, size: $s) { uploadUrl s3Uri }
}`;
const IMPORT_PARTS = `query($id: ID!, $f: String!, $n: Int!, $s: Float!) {
  getImportScanUploadMultipartInfo(importedScanId: $id, filename: $f, numberOfParts: $n, size: $s) {
    uploadId
  }
}`;

/** 20 kB: small enough to pass with a few small files. */
const QUOTA_GB = '0.00002';

/** A new imported scan of the organization's project, waiting for its source. */
async function createImportedScan(db: Db, organizationId: number, projectId: number) {
  const id = newImportedScanId();
  await importedScanRepository.create(db, {
    id,
    organizationId,
    projectId,
    friendlyName: 'Imported',
    comment: null,
    metadata: { utm: '32N' },
    capturedTimestamp: null,
  });
  return id;
}

describe.each(DATABASE_KINDS)('upload quota per organization on %s', (kind) => {
  let live: LiveApp;
  let userA: UserRow;
  let userB: UserRow;
  let projectA: number;
  let importedScanId: string;

  const gql = <T = Record<string, unknown>>(
    user: UserRow,
    query: string,
    variables: Record<string, unknown>,
  ) => graphqlAs<T>(live, user, query, variables);

  const refusal = (answer: GraphqlAnswer<unknown>) => ({
    data: answer.data ?? null,
    error: answer.errors?.[0]?.message,
  });

  beforeAll(async () => {
    live = await startLiveApp(kind, { UPLOAD_QUOTA_GB_PER_ORGANIZATION: QUOTA_GB });
    const db = live.database.db;
    const orgA = await factories.organization(db);
    const orgB = await factories.organization(db);
    await factories.device(db, orgA.id);
    await factories.device(db, orgB.id);
    userA = await factories.user(db, orgA.id, 'Power User');
    userB = await factories.user(db, orgB.id, 'Power User');
    projectA = (await factories.project(db, orgA.id)).id;
    importedScanId = await createImportedScan(db, orgA.id, projectA);
  });
  afterAll(async () => live?.close());

  it('counts packages, base-station zips and imported sources, and signs nothing past the quota', async () => {
    expect(live.config.uploadQuotaBytes).toBe(20_000);
    const db = live.database.db;
    // A package of 15 kB goes up and is confirmed.
    const data = randomBytes(15_000);
    const signed = await gql<{ getPackageUploadSignedURL: { uploadUrl: string } }>(
      userA,
      PACKAGE_URL,
      { f: 'first.luxlz', s: data.length },
    );
    expect(signed.errors).toBeUndefined();
    const stored = await fetch(signed.data!.getPackageUploadSignedURL.uploadUrl, {
      method: 'PUT',
      body: data,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(stored.status).toBe(200);
    expect((await gql(userA, CONFIRM, { f: 'first.luxlz' })).errors).toBeUndefined();
    // A base station's zip of 2 kB and an imported scan's source of 1 kB are recorded.
    await basestationRepository.create(db, {
      organizationId: userA.organizationId,
      projectId: projectA,
      userId: userA.id,
      filename: 'base.zip',
      s3Url: 's3://portal/base.zip',
      uploadSize: 2_000,
    });
    await importedScanRepository.recordSubmission(db, importedScanId, {
      sourceS3Url: 's3://portal/source.las',
      determineTrajectory: false,
      sourceSize: 1_000,
    });
    expect(await uploadQuotaRepository.storedUploadBytes(db, userA.organizationId)).toBe(18_000);

    const needs1kB =
      "Your organization's upload quota of 20 kB is reached (18 kB used); this file needs 1 kB more";
    expect(refusal(await gql(userA, PACKAGE_URL, { f: 'second.luxlz', s: 3_000 }))).toEqual({
      data: null,
      error: needs1kB,
    });
    const size = 65 * MIB;
    expect(
      refusal(
        await gql(userA, PACKAGE_PARTS, { f: 'big.luxlz', n: numberOfPartsFor(size), s: size }),
      ).error,
    ).toBe(
      "Your organization's upload quota of 20 kB is reached (18 kB used); this file needs 68.2 MB more",
    );
    expect(refusal(await gql(userA, BASESTATION_URL, { f: 'other.zip', s: 2_001 }))).toEqual({
      data: null,
      error:
        "Your organization's upload quota of 20 kB is reached (18 kB used); this file needs 1 byte more",
    });
    expect(
      refusal(await gql(userA, IMPORT_URL, { id: importedScanId, f: 'a.las', s: 3_000 })),
    ).toEqual({ data: null, error: needs1kB });
    expect(
      refusal(
        await gql(userA, IMPORT_PARTS, {
          id: importedScanId,
          f: 'a.las',
          n: numberOfPartsFor(size),
          s: size,
        }),
      ).error,
    ).toMatch(/^Your organization's upload quota of 20 kB is reached \(18 kB used\)/);
    // Nothing was started for the refused multipart uploads.
    const started = await db
      .selectFrom('packageUploads')
      .select('filename')
      .where('organizationId', '=', userA.organizationId)
      .execute();
    expect(started.map((row) => row.filename)).toEqual(['first.luxlz']);

    // Up to the quota exactly is fine; another organization has its own.
    expect((await gql(userA, PACKAGE_URL, { f: 'second.luxlz', s: 2_000 })).errors).toBeUndefined();
    expect((await gql(userB, PACKAGE_URL, { f: 'first.luxlz', s: 20_000 })).errors).toBeUndefined();
    expect(await uploadQuotaRepository.storedUploadBytes(db, userB.organizationId)).toBe(0);
  });

  it('counts a package sent again once, at its latest size', async () => {
    const db = live.database.db;
    const before = await uploadQuotaRepository.storedUploadBytes(db, userA.organizationId);
    const first = await db
      .selectFrom('packageUploads')
      .selectAll()
      .where('organizationId', '=', userA.organizationId)
      .where('filename', '=', 'first.luxlz')
      .executeTakeFirstOrThrow();
    await packageUploadRepository.insert(db, {
      organizationId: userA.organizationId,
      userId: userA.id,
      filename: 'first.luxlz',
      key: first.key,
      uploadId: null,
      size: 14_000,
      numberOfParts: 1,
      status: 'completed',
      completed: new Date(),
    });
    // An upload still in progress is not counted.
    await packageUploadRepository.insert(db, {
      organizationId: userA.organizationId,
      userId: userA.id,
      filename: 'first.luxlz',
      key: first.key,
      uploadId: 'in-progress',
      size: 19_000,
      numberOfParts: 3,
    });
    expect(await uploadQuotaRepository.storedUploadBytes(db, userA.organizationId)).toBe(
      before - 1_000,
    );
  });

  it('counts multipart uploads in progress until completed, aborted or a day old', async () => {
    const db = live.database.db;
    const org = await factories.organization(db);
    await factories.device(db, org.id);
    const user = await factories.user(db, org.id, 'Power User');
    const started = (
      key: string,
      size: number,
      more: { status?: 'aborted'; created?: Date } = {},
    ) =>
      packageUploadRepository.insert(db, {
        organizationId: org.id,
        userId: user.id,
        filename: key,
        key,
        uploadId: `upload-${key}-${size}`,
        size,
        numberOfParts: 2,
        ...more,
      });
    const given = await started('k1', 8_000);
    const restarted = await started('k1', 9_000);
    await started('k2', 6_000, { created: new Date(Date.now() - 25 * 3_600_000) });
    await started('k3', 5_000, { status: 'aborted' });
    // The latest upload of k1 counts; the older one of the same key, the day-old one and the
    // aborted one do not.
    expect(await uploadQuotaRepository.uploadUse(db, org.id)).toEqual({
      stored: 0,
      inProgress: 9_000,
    });
    expect(refusal(await gql(user, PACKAGE_URL, { f: 'next.luxlz', s: 12_000 }))).toEqual({
      data: null,
      error:
        "Your organization's upload quota of 20 kB is reached (9 kB used, 9 kB of it by uploads in progress); this file needs 1 kB more",
    });
    expect((await gql(user, PACKAGE_URL, { f: 'next.luxlz', s: 11_000 })).errors).toBeUndefined();

    // Completed, it counts once as stored; the upload it replaced is no longer in progress (the
    // URL just signed for next.luxlz is).
    await packageUploadRepository.markCompleted(db, restarted.id, 9_000);
    expect(await uploadQuotaRepository.uploadUse(db, org.id)).toEqual({
      stored: 9_000,
      inProgress: 11_000,
    });
    expect(given.id).toBeLessThan(restarted.id);
  });

  it('counts every upload URL it signs until its upload is recorded, the latest of each file, for a day', async () => {
    const db = live.database.db;
    const org = await factories.organization(db);
    await factories.device(db, org.id);
    const user = await factories.user(db, org.id, 'Power User');
    const project = (await factories.project(db, org.id)).id;
    const scanId = await createImportedScan(db, org.id, project);
    const use = () => uploadQuotaRepository.uploadUse(db, org.id);
    const signPackage = (f: string, s: number) =>
      gql<{ getPackageUploadSignedURL: { uploadUrl: string } }>(user, PACKAGE_URL, { f, s });

    // A package's URL counts at its signed size; asked for again, the latest size counts once.
    expect((await signPackage('a.luxlz', 8_000)).errors).toBeUndefined();
    expect(await use()).toEqual({ stored: 0, inProgress: 8_000 });
    const again = await signPackage('a.luxlz', 5_000);
    expect(again.errors).toBeUndefined();
    expect(await use()).toEqual({ stored: 0, inProgress: 5_000 });
    // A base station's zip and an imported scan's source, single PUT and multipart.
    const zip = await gql<{ getBasestationUploadSignedURL: { uploadUrl: string } }>(
      user,
      BASESTATION_URL,
      { f: 'base.zip', s: 4_000 },
    );
    expect(zip.errors).toBeUndefined();
    const source = await gql<{
      getImportScanUploadSignedURL: { uploadUrl: string; s3Uri: string };
    }>(user, IMPORT_URL, { id: scanId, f: 'one.las', s: 3_000 });
    expect(source.errors).toBeUndefined();
    const importParts = { id: scanId, f: 'two.las', n: 1, s: 2_000 };
    expect((await gql(user, IMPORT_PARTS, importParts)).errors).toBeUndefined();
    expect(await use()).toEqual({ stored: 0, inProgress: 14_000 });
    expect(refusal(await signPackage('b.luxlz', 7_000))).toEqual({
      data: null,
      error:
        "Your organization's upload quota of 20 kB is reached (14 kB used, 14 kB of it by uploads in progress); this file needs 1 kB more",
    });

    // Recorded, an upload counts once, as stored.
    const put = (url: string, body: Buffer, type: string) =>
      fetch(url, { method: 'PUT', body, headers: { 'content-type': type } });
    const packageBytes = randomBytes(5_000);
    const sent = await put(
      again.data!.getPackageUploadSignedURL.uploadUrl,
      packageBytes,
      'application/octet-stream',
    );
    expect(sent.status).toBe(200);
    expect((await gql(user, CONFIRM, { f: 'a.luxlz' })).errors).toBeUndefined();
    expect(await use()).toEqual({ stored: 5_000, inProgress: 9_000 });
    const sourceBytes = randomBytes(3_000);
    const sourceSent = await put(
      source.data!.getImportScanUploadSignedURL.uploadUrl,
      sourceBytes,
      IMPORTED_SCAN_CONTENT_TYPE,
    );
    expect(sourceSent.status).toBe(200);
    const submitted = await gql(user, PROCESS_IMPORT, {
      id: scanId,
      u: source.data!.getImportScanUploadSignedURL.s3Uri,
    });
    expect(submitted.errors).toBeUndefined();
    expect(await use()).toEqual({ stored: 8_000, inProgress: 6_000 });
    const zipSent = await put(
      zip.data!.getBasestationUploadSignedURL.uploadUrl,
      randomBytes(4_000),
      BASESTATION_CONTENT_TYPE,
    );
    expect(zipSent.status).toBe(200);
    const registered = await gql(user, REGISTER_BASESTATION, { p: project, f: 'base.zip' });
    expect(registered.errors).toBeUndefined();
    expect(await use()).toEqual({ stored: 12_000, inProgress: 2_000 });

    // A grant of a day ago (the multipart source never completed) no longer counts; it stays
    // until the grant sweeper has looked for its object.
    await db
      .updateTable('uploadGrants')
      .set({ created: new Date(Date.now() - 25 * 3_600_000) })
      .where('organizationId', '=', org.id)
      .execute();
    expect(await use()).toEqual({ stored: 12_000, inProgress: 0 });
    expect((await signPackage('b.luxlz', 7_000)).errors).toBeUndefined();
    expect(await use()).toEqual({ stored: 12_000, inProgress: 7_000 });
    const grants = await db
      .selectFrom('uploadGrants')
      .select(['key', 'size'])
      .where('organizationId', '=', org.id)
      .orderBy('size')
      .execute();
    expect(grants.map((grant) => grant.size)).toEqual([2_000, 7_000]);
    // Another organization's uploads are its own: userB's one URL, from the first test.
    expect(await uploadQuotaRepository.uploadUse(db, userB.organizationId)).toEqual({
      stored: 0,
      inProgress: 20_000,
    });
  });
  it('deletes, a day after its URL, an object sent and never recorded, and keeps recorded ones', async () => {
    const db = live.database.db;
    const storage = createObjectStorage(live.config);
    const org = await factories.organization(db);
    await factories.device(db, org.id);
    const user = await factories.user(db, org.id, 'Power User');
    const project = (await factories.project(db, org.id)).id;
    const put = async (url: string, bytes: number, type = 'application/octet-stream') => {
      const sent = await fetch(url, {
        method: 'PUT',
        body: randomBytes(bytes),
        headers: { 'content-type': type },
      });
      expect(sent.status).toBe(200);
    };
    const packageUrl = async (f: string, s: number) => {
      const answer = await gql<{ getPackageUploadSignedURL: { uploadUrl: string } }>(
        user,
        PACKAGE_URL,
        { f, s },
      );
      expect(answer.errors).toBeUndefined();
      return answer.data!.getPackageUploadSignedURL.uploadUrl;
    };
    const grantedKeys = async () =>
      (
        await db
          .selectFrom('uploadGrants')
          .select('key')
          .where('organizationId', '=', org.id)
          .orderBy('key')
          .execute()
      ).map((row) => row.key);

    const sendZip = async (f: string) => {
      const answer = await gql<{ getBasestationUploadSignedURL: { uploadUrl: string } }>(
        user,
        BASESTATION_URL,
        { f, s: 1_000 },
      );
      expect(answer.errors).toBeUndefined();
      await put(
        answer.data!.getBasestationUploadSignedURL.uploadUrl,
        1_000,
        BASESTATION_CONTENT_TYPE,
      );
    };
    const multipart = (filename: string, more: { status?: 'aborted'; created?: Date }) =>
      packageUploadRepository.insert(db, {
        organizationId: org.id,
        userId: user.id,
        filename,
        key: packageKey(org.id, filename),
        uploadId: `upload-${filename}-${more.status ?? 'uploading'}`,
        size: 1_000,
        numberOfParts: 1,
        ...more,
      });
    // Sent and never confirmed: a package and a base station's zip. The package's file name was
    // also sent once as a multipart upload that was given up, and once as one begun days ago.
    const lost = await packageUrl('lost.luxlz', 1_000);
    await put(lost, 1_000);
    await multipart('lost.luxlz', { status: 'aborted' });
    await multipart('lost.luxlz', { created: new Date(Date.now() - 72 * 3_600_000) });
    // Sent and never confirmed while a multipart upload of the same file name goes on, which
    // will replace it.
    await put(await packageUrl('replaced.luxlz', 1_000), 1_000);
    await multipart('replaced.luxlz', { created: new Date(Date.now() + 2 * 3_600_000) });
    await sendZip('lost.zip');
    // Sent and confirmed, then sent again and never confirmed: the record keeps its key.
    const kept = await packageUrl('kept.luxlz', 1_000);
    await put(kept, 1_000);
    expect((await gql(user, CONFIRM, { f: 'kept.luxlz' })).errors).toBeUndefined();
    await put(await packageUrl('kept.luxlz', 1_500), 1_500);
    // Sent and recorded by a base station and an imported scan, their grants left (as if the
    // recording had not settled them).
    await sendZip('kept.zip');
    await basestationRepository.create(db, {
      organizationId: org.id,
      projectId: project,
      userId: user.id,
      filename: 'kept.zip',
      s3Url: storageUrl(live.config, basestationZipKey(org.id, 'kept.zip')),
      uploadSize: 1_000,
    });
    const scanId = await createImportedScan(db, org.id, project);
    const source = await gql<{
      getImportScanUploadSignedURL: { uploadUrl: string; s3Uri: string };
    }>(user, IMPORT_URL, { id: scanId, f: 'kept.las', s: 1_000 });
    await put(
      source.data!.getImportScanUploadSignedURL.uploadUrl,
      1_000,
      IMPORTED_SCAN_CONTENT_TYPE,
    );
    await importedScanRepository.recordSubmission(db, scanId, {
      sourceS3Url: source.data!.getImportScanUploadSignedURL.s3Uri,
      determineTrajectory: false,
      sourceSize: 1_000,
    });
    const sourceKey = source.data!.getImportScanUploadSignedURL.s3Uri.split('/').slice(3).join('/');
    // Signed and never sent.
    await packageUrl('unused.luxlz', 1_000);
    const keys = [
      packageKey(org.id, 'lost.luxlz'),
      basestationZipKey(org.id, 'lost.zip'),
      packageKey(org.id, 'kept.luxlz'),
      packageKey(org.id, 'unused.luxlz'),
      basestationZipKey(org.id, 'kept.zip'),
      sourceKey,
      packageKey(org.id, 'replaced.luxlz'),
    ];
    expect(await storage.head(keys[0]!)).not.toBeNull();

    // Within the day nothing is touched.
    expect(await sweepStaleUploadGrants({ db, storage, config: live.config })).toMatchObject({
      deleted: 0,
    });
    expect(await grantedKeys()).toEqual([...keys].sort());

    // A URL of a day ago whose object was written since (not through it: it lived 15 minutes)
    // keeps its object and its grant until the object is a day old.
    await put(await packageUrl('fresh.luxlz', 1_000), 1_000);
    const freshKey = packageKey(org.id, 'fresh.luxlz');
    await db
      .updateTable('uploadGrants')
      .set({ created: new Date(Date.now() - 25 * 3_600_000) })
      .where('key', '=', freshKey)
      .execute();
    expect(await sweepStaleUploadGrants({ db, storage, config: live.config })).toMatchObject({
      deleted: 0,
      failed: 0,
    });
    expect(await storage.head(freshKey)).not.toBeNull();
    expect(await grantedKeys()).toContain(freshKey);

    // A day and an hour on: the lost objects are deleted, the recorded ones stay, and every
    // old grant is gone.
    const later = new Date(Date.now() + 25 * 3_600_000);
    // The store fails on the zip's key: the others are swept all the same, and the next run
    // sweeps the zip.
    const logged: { key: string }[] = [];
    const log = {
      info: (fields: { key: string }) => logged.push(fields),
      warn: () => undefined,
    } as unknown as Logger;
    const failing: ObjectStorage = Object.create(storage);
    failing.head = async (key) => {
      if (key === keys[1]) throw new Error('store unavailable');
      return storage.head(key);
    };
    expect(
      await sweepStaleUploadGrants({ db, storage: failing, config: live.config, log }, later),
    ).toMatchObject({ deleted: 2, failed: 1 });
    expect(await grantedKeys()).toEqual([keys[1]]);
    expect(await sweepStaleUploadGrants({ db, storage, config: live.config, log }, later)).toEqual({
      keys: 1,
      deleted: 1,
      failed: 0,
    });
    expect(logged.map((fields) => fields.key).sort()).toEqual([keys[0], keys[1], freshKey].sort());
    expect(await storage.head(keys[0]!)).toBeNull();
    expect(await storage.head(freshKey)).toBeNull();
    expect(await storage.head(keys[1]!)).toBeNull();
    expect((await storage.head(keys[2]!))?.size).toBe(1_500);
    expect((await storage.head(keys[4]!))?.size).toBe(1_000);
    expect((await storage.head(keys[5]!))?.size).toBe(1_000);
    expect((await storage.head(keys[6]!))?.size).toBe(1_000);
    expect(await grantedKeys()).toEqual([]);
    // Stored: the package, the zip and the source recorded; in progress: the multipart upload.
    expect(await uploadQuotaRepository.uploadUse(db, org.id)).toEqual({
      stored: 3_000,
      inProgress: 1_000,
    });
  });
});

describe.each(DATABASE_KINDS)('upload quota with uploads asked for at once on %s', (kind) => {
  let live: LiveApp;
  beforeAll(async () => {
    // 100 MB: room for one multipart upload of 65 MiB (68.2 MB), not for two.
    live = await startLiveApp(kind, { UPLOAD_QUOTA_GB_PER_ORGANIZATION: '0.1' });
  });
  afterAll(async () => live?.close());

  it('lets only one of two multipart uploads through when the quota has room for one', async () => {
    const db = live.database.db;
    const org = await factories.organization(db);
    await factories.device(db, org.id);
    const user = await factories.user(db, org.id, 'Power User');
    const size = 65 * MIB;
    const answers = await Promise.all(
      ['one.luxlz', 'two.luxlz'].map((f) =>
        graphqlAs<{ getPackageUploadMultipartInfo: { uploadId: string } }>(
          live,
          user,
          PACKAGE_PARTS,
          {
            f,
            n: numberOfPartsFor(size),
            s: size,
          },
        ),
      ),
    );
    const started = answers.filter((answer) => answer.data?.getPackageUploadMultipartInfo);
    const refused = answers.filter((answer) => answer.errors);
    expect(started).toHaveLength(1);
    expect(refused.map((answer) => answer.errors?.[0]?.message)).toEqual([
      "Your organization's upload quota of 100 MB is reached (68.2 MB used, 68.2 MB of it by uploads in progress); this file needs 36.3 MB more",
    ]);
    const rows = await db
      .selectFrom('packageUploads')
      .select('status')
      .where('organizationId', '=', org.id)
      .execute();
    expect(rows).toEqual([{ status: 'uploading' }]);
  });

  it('lets only one of two single upload URLs through when the quota has room for one', async () => {
    const db = live.database.db;
    const org = await factories.organization(db);
    await factories.device(db, org.id);
    const user = await factories.user(db, org.id, 'Power User');
    const answers = await Promise.all(
      ['one.luxlz', 'two.luxlz', 'base.zip'].map((f) =>
        f.endsWith('.zip')
          ? graphqlAs(live, user, BASESTATION_URL, { f, s: 60_000_000 })
          : graphqlAs(live, user, PACKAGE_URL, { f, s: 60_000_000 }),
      ),
    );
    expect(answers.filter((answer) => answer.data)).toHaveLength(1);
    expect(answers.flatMap((answer) => answer.errors?.map((error) => error.message) ?? [])).toEqual(
      Array(2).fill(
        "Your organization's upload quota of 100 MB is reached (60 MB used, 60 MB of it by uploads in progress); this file needs 20 MB more",
      ),
    );
    expect(await uploadQuotaRepository.uploadUse(db, org.id)).toEqual({
      stored: 0,
      inProgress: 60_000_000,
    });
  });
});

describe.each(DATABASE_KINDS)('uploads never recorded, without a quota, on %s', (kind) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(kind);
  });
  afterAll(async () => live?.close());

  it('deletes, a day after its URL, a package sent and never confirmed, and keeps a confirmed one', async () => {
    expect(live.config.uploadQuotaBytes).toBeUndefined();
    const db = live.database.db;
    const storage = createObjectStorage(live.config);
    const org = await factories.organization(db);
    await factories.device(db, org.id);
    const user = await factories.user(db, org.id, 'Power User');
    const send = async (f: string) => {
      const answer = await graphqlAs<{ getPackageUploadSignedURL: { uploadUrl: string } }>(
        live,
        user,
        PACKAGE_URL,
        { f, s: 1_000 },
      );
      expect(answer.errors).toBeUndefined();
      const sent = await fetch(answer.data!.getPackageUploadSignedURL.uploadUrl, {
        method: 'PUT',
        body: randomBytes(1_000),
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(sent.status).toBe(200);
    };
    await send('lost.luxlz');
    await send('kept.luxlz');
    expect((await graphqlAs(live, user, CONFIRM, { f: 'kept.luxlz' })).errors).toBeUndefined();
    const lost = packageKey(org.id, 'lost.luxlz');
    const kept = packageKey(org.id, 'kept.luxlz');

    const later = new Date(Date.now() + 25 * 3_600_000);
    const swept = await sweepStaleUploadGrants({ db, storage, config: live.config }, later);
    expect(swept.failed).toBe(0);
    expect(await storage.head(lost)).toBeNull();
    expect((await storage.head(kept))?.size).toBe(1_000);
    const grants = await db
      .selectFrom('uploadGrants')
      .select('key')
      .where('organizationId', '=', org.id)
      .execute();
    expect(grants).toEqual([]);
  });
});
