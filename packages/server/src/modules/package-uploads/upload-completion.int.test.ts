import { randomBytes } from 'node:crypto';
import { numberOfPartsFor, partRange } from '@asset-portal/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { graphqlAs, type LiveApp, startLiveApp } from '../../../test/live-app.ts';
import type { UserRow } from '../../db/schema.ts';
import { jobRepository } from '../../jobs/job.repository.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import { packageUploadRepository } from './package-upload.repository.ts';
import { packageKey } from './package-upload-rules.ts';

// A completion is several steps: the store joins the parts, then the row, the activity log and
// the ingestion queue are written. A process that dies between them must leave a state that a
// retry of the browser's request finishes, with the package ingested exactly once.

const START = `query($f: String!, $n: Int!, $s: Float!) {
  getPackageUploadMultipartInfo(filename: $f, numberOfParts: $n, size: $s) {
    uploadId parts { partNumber signedUrl }
  }
}`;
const COMPLETE = `mutation($f: String!, $u: String!, $e: String!) {
  completePackageUploadMultipart(filename: $f, uploadId: $u, eTags: $e)
}`;

describe.each(DATABASE_KINDS)('completing a package upload after a crash, on %s', (kind) => {
  let live: LiveApp;
  let user: UserRow;
  let organizationId: number;

  beforeAll(async () => {
    live = await startLiveApp(kind);
    const organization = await factories.organization(live.database.db);
    organizationId = organization.id;
    await factories.device(live.database.db, organization.id);
    user = await factories.user(live.database.db, organization.id, 'Standard');
  });
  afterAll(async () => live?.close());

  const gql = (query: string, variables: Record<string, unknown>) =>
    graphqlAs(live, user, query, variables);

  /** Starts an upload and PUTs every part; returns what completing it needs. */
  async function uploadParts(filename: string) {
    const source = randomBytes(300_000);
    const answer = await gql(START, {
      f: filename,
      n: numberOfPartsFor(source.length),
      s: source.length,
    });
    const { uploadId, parts } = answer.data!.getPackageUploadMultipartInfo as {
      uploadId: string;
      parts: { partNumber: number; signedUrl: string }[];
    };
    const eTags: string[] = [];
    for (const part of parts) {
      const { start, end } = partRange(source.length, part.partNumber);
      const put = await fetch(part.signedUrl, { method: 'PUT', body: source.subarray(start, end) });
      eTags.push(put.headers.get('etag')!);
    }
    return { uploadId, eTags };
  }

  const ingestions = async (filename: string) =>
    (await jobRepository.list(live.database.db, 'ingest-package')).filter((job) =>
      JSON.stringify(job.payload).includes(filename),
    );

  it('finishes a completion whose first attempt died after the store joined the parts', async () => {
    const filename = 'died-after-store.luxlz';
    const { uploadId, eTags } = await uploadParts(filename);
    // The first request got as far as the store; then its process died.
    await createObjectStorage(live.config).completeMultipart(
      packageKey(organizationId, filename),
      uploadId,
      eTags.map((eTag, i) => ({ partNumber: i + 1, eTag })),
    );

    const retry = await gql(COMPLETE, { f: filename, u: uploadId, e: eTags.join(',') });
    expect(retry).toEqual({ data: { completePackageUploadMultipart: true } });
    const again = await gql(COMPLETE, { f: filename, u: uploadId, e: eTags.join(',') });
    expect(again).toEqual({ data: { completePackageUploadMultipart: true } });

    const row = await packageUploadRepository.findMultipart(
      live.database.db,
      organizationId,
      uploadId,
    );
    expect(row).toMatchObject({ status: 'completed', size: 300_000 });
    expect(await ingestions(filename)).toHaveLength(1);
  });

  it('writes the row, the log and the queue together: a failure among them leaves the upload to retry', async () => {
    const filename = 'failed-hand-off.luxlz';
    const { uploadId, eTags } = await uploadParts(filename);
    // The database refuses this package's ingestion job once: the last step of the hand-off
    // fails after the row and the log entry were written, in the same transaction.
    await sql`CREATE TABLE refuse_once (done boolean)`.execute(live.database.db);
    await sql`CREATE FUNCTION refuse_hand_off() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.payload::text LIKE '%failed-hand-off%' AND NOT EXISTS (SELECT 1 FROM refuse_once) THEN
          RAISE EXCEPTION 'the queue is unavailable';
        END IF;
        RETURN NEW;
      END $$`.execute(live.database.db);
    await sql`CREATE TRIGGER refuse_hand_off BEFORE INSERT ON jobs
      FOR EACH ROW EXECUTE FUNCTION refuse_hand_off()`.execute(live.database.db);

    const failed = await gql(COMPLETE, { f: filename, u: uploadId, e: eTags.join(',') });
    expect(failed.errors?.[0]?.message).toBe('Internal server error');
    const pending = await packageUploadRepository.findMultipart(
      live.database.db,
      organizationId,
      uploadId,
    );
    expect(pending?.status).toBe('uploading');
    const entries = await live.database.db
      .selectFrom('activityLogs')
      .select('status')
      .where('activityType', '=', 'PackageUpload')
      .where('organizationId', '=', organizationId)
      .where(sql<string>`payload->>'filename'`, '=', filename)
      .execute();
    expect(entries).toEqual([]);
    expect(await ingestions(filename)).toHaveLength(0);

    await sql`INSERT INTO refuse_once VALUES (true)`.execute(live.database.db);
    const retry = await gql(COMPLETE, { f: filename, u: uploadId, e: eTags.join(',') });
    expect(retry).toEqual({ data: { completePackageUploadMultipart: true } });
    expect(await ingestions(filename)).toHaveLength(1);
  });

  it('still refuses a completion whose upload is gone and whose object was never written', async () => {
    const filename = 'never-joined.luxlz';
    const { uploadId, eTags } = await uploadParts(filename);
    await createObjectStorage(live.config).abortMultipart(
      packageKey(organizationId, filename),
      uploadId,
    );
    const retry = await gql(COMPLETE, { f: filename, u: uploadId, e: eTags.join(',') });
    expect(retry.errors?.[0]?.message).toBe(
      'This upload no longer exists on the server; start it again',
    );
    expect(await ingestions(filename)).toHaveLength(0);
  });
});
