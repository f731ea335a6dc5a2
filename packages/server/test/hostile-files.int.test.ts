import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { handleConversionMessage } from '@asset-portal/layer-formats';
import { LAYER_MESSAGES } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import type { UserRow } from '../src/db/schema.ts';
import { jobRepository } from '../src/jobs/job.repository.ts';
import { isJobTranscriptKey } from '../src/modules/activity-logs/job-activity-log.ts';
import {
  basestationFilesPrefix,
  basestationZipKey,
} from '../src/modules/basestations/basestation-storage.ts';
import { importedSourceKey } from '../src/modules/imported-scans/imported-scan-rules.ts';
import { storageUrl } from '../src/modules/ingestion/ingestion-context.ts';
import { createObjectStorage } from '../src/storage/create-object-storage.ts';
import type { ObjectStorage } from '../src/storage/storage.ts';
import { startTestApi, type TestApi } from './api.ts';
import { DATABASE_KINDS } from './databases.ts';
import { factories } from './factories.ts';
import { HOSTILE_CASES, type HostileCase, type HostileFeature } from './hostile-files/cases.ts';
import { drainJobs, ingestNow, uploadPackage } from './ingestion-test-kit.ts';

/**
 * Runs every file of the hostile-file corpus (hostile-files/cases.ts) through the entry point
 * the portal uses for it, and checks the message the user is shown and that nothing was stored
 * or changed. Generated layer cases too big to keep as files are in layer-formats'
 * hostile.test.ts (a 1 GiB deflate stream, a 256 MiB input).
 */

const CORPUS = path.join(import.meta.dirname, 'hostile-files');
const read = (file: string) => readFileSync(path.join(CORPUS, file));
const feed = (feature: HostileFeature) =>
  HOSTILE_CASES.filter((c) => c.feature === feature).map((c) => [c.file, c] as const);
const outcome = (hostile: HostileCase) => hostile.outcome ?? 'refused';
const tally = new Map<string, { run: number; passed: number }>();

/** Counts a case as run, and as passed once its checks all held. */
async function counted(group: string, check: () => Promise<void>) {
  const entry = tally.get(group) ?? { run: 0, passed: 0 };
  tally.set(group, entry);
  entry.run++;
  await check();
  entry.passed++;
}

afterAll(() => {
  for (const [group, { run, passed }] of tally) {
    console.log(`hostile files, ${group}: ${passed} of ${run} cases passed`);
  }
});

describe('the hostile-file corpus', () => {
  it('holds exactly the files of its index, under 2 MB in all', () => {
    const files = readdirSync(CORPUS).filter((name) => !name.endsWith('.ts'));
    expect(files.sort()).toEqual(HOSTILE_CASES.map((c) => c.file).sort());
    const bytes = files.reduce((sum, name) => sum + statSync(path.join(CORPUS, name)).size, 0);
    expect(bytes).toBeLessThan(2 * 1024 * 1024);
    console.log(`hostile files: ${files.length} files, ${bytes} bytes`);
  });
});

/**
 * What the browser's conversion worker (web: layer-convert.worker.ts) answers: the converter's
 * message, or 'Upload failed' when the result cannot be serialised to send back to the page.
 */
async function convertInWorker(name: string, bytes: Buffer): Promise<string> {
  const response = await handleConversionMessage({ id: 1, name, bytes: new Uint8Array(bytes) });
  if (!response.ok) return response.error;
  try {
    JSON.stringify(response.result.featureCollection);
  } catch {
    return LAYER_MESSAGES.uploadFailed;
  }
  return 'converted';
}

describe('hostile layer files', () => {
  it.each(feed('layer'))('%s', async (_, hostile) => {
    await counted('layers', async () => {
      const started = performance.now();
      expect(await convertInWorker(hostile.file, read(hostile.file))).toBe(hostile.expected);
      expect(performance.now() - started).toBeLessThan(5000);
    });
  });
});

describe.each(DATABASE_KINDS)('hostile files on %s', (kind) => {
  let api: TestApi;
  let db: Db;
  let storage: ObjectStorage;
  let organizationId: number;
  let projectId: number;
  let power: UserRow;

  beforeAll(async () => {
    api = await startTestApi(kind);
    db = api.database.db;
    storage = createObjectStorage(api.config);
    organizationId = (await factories.organization(db)).id;
    projectId = (await factories.project(db, organizationId)).id;
    power = await factories.user(db, organizationId, 'Power User');
    // The device of the corpus packages, so that a package is judged by its contents.
    await factories.device(db, null, 'LG-1001');
  });
  afterAll(async () => api?.close());

  /** The keys stored under a prefix, the jobs' logs left out. */
  const storedKeys = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) {
      if (!isJobTranscriptKey(object.key)) keys.push(object.key);
    }
    return keys.sort();
  };
  const activity = (activityType: string, referenceKey: string) =>
    db
      .selectFrom('activityLogs')
      .selectAll()
      .where('activityType', '=', activityType)
      .where('referenceKey', '=', referenceKey)
      .executeTakeFirst();
  const jobOf = async (jobKind: string, payload: Record<string, unknown>) =>
    (await jobRepository.list(db, jobKind)).find((job) =>
      Object.entries(payload).every(([k, v]) => (job.payload as Record<string, unknown>)[k] === v),
    );
  const rowsOf = (table: 'sessions' | 'scans', organization: number) =>
    db.selectFrom(table).select('id').where('organizationId', '=', organization).execute();

  // Package messages are asserted as the reader and parser write them today; they may change.
  it.each(feed('package'))('package %s', async (_, hostile) => {
    await counted(`packages on ${kind}`, async () => {
      // Each package goes to an organization of its own, which then owns the device.
      const organization = (await factories.organization(db)).id;
      await db
        .updateTable('devices')
        .set({ organizationId: organization })
        .where('id', '=', 'LG-1001')
        .execute();
      const key = await uploadPackage(storage, organization, path.join(CORPUS, hostile.file));
      await ingestNow(db, api.config, { key, organizationId: organization, userId: power.id });
      const log = await activity('PackageIngest', key);
      const job = await jobOf('ingest-package', { key });

      if (outcome(hostile) === 'accepted') {
        expect(log?.status).toBe('Completed');
        const later = await db
          .selectFrom('activityLogs')
          .select('message')
          .where('organizationId', '=', organization)
          .execute();
        expect(later.map((entry) => entry.message)).toContainEqual(
          expect.stringContaining(hostile.expected),
        );
        return;
      }
      expect(log?.message).toContain(hostile.expected);
      expect(log?.status).toBe('Error');
      expect(job).toMatchObject(
        outcome(hostile) === 'refused-then-retried'
          ? { status: 'queued', attempts: 1 }
          : { status: 'failed', attempts: 1 },
      );
      expect(await rowsOf('sessions', organization)).toEqual([]);
      expect(await rowsOf('scans', organization)).toEqual([]);
      expect(await storedKeys(`org-${organization}/`)).toEqual([key]);
    });
  });

  const CREATE_SCAN = `mutation($n:String!,$p:ID!,$m:JSON!){
    createImportedScan(friendlyName:$n, projectId:$p, metadata:$m){ id } }`;
  const PROCESS_SCAN = `mutation($id:ID!,$s:String!){
    processImportedScan(importedScanId:$id, s3Url:$s, determineTrajectory:true){ id } }`;
  const SCANS = `query($p:ID!){ importedScansForProject(projectId:$p){
    id status processingStatus processingMessage artifacts { id } } }`;

  it.each(feed('imported-scan'))('imported scan %s', async (_, hostile) => {
    await counted(`imported scans on ${kind}`, async () => {
      const created = await api.graphql<{ createImportedScan: { id: string } }>(
        power,
        CREATE_SCAN,
        { n: hostile.file, p: projectId, m: { utm: '42N' } },
      );
      expect(created.errors).toBeUndefined();
      const scanId = created.data!.createImportedScan.id;
      // The browser PUTs the file to a signed URL; the bytes land at this key.
      const key = importedSourceKey({ id: scanId, organizationId, projectId }, hostile.file);
      const file = path.join(CORPUS, hostile.file);
      await storage.putStream(key, createReadStream(file), { size: statSync(file).size });
      const row = () =>
        db.selectFrom('scans').selectAll().where('id', '=', scanId).executeTakeFirst();
      const rowBefore = await row();
      const keysBefore = await storedKeys(`org-${organizationId}/`);

      const submitted = await api.graphql(power, PROCESS_SCAN, {
        id: scanId,
        s: storageUrl(api.config, key),
      });
      if (outcome(hostile) === 'refused-on-submit') {
        expect(submitted.errors?.[0]?.message).toContain(hostile.expected);
        expect(await jobOf('process-imported-scan', { scanId })).toBeUndefined();
      } else {
        expect(submitted.errors).toBeUndefined();
        await drainJobs(db, api.config);
        const state = await api.graphql<{
          importedScansForProject: { id: string; processingMessage: string }[];
        }>(power, SCANS, { p: projectId });
        const answer = state.data!.importedScansForProject.find((scan) => scan.id === scanId);
        expect(answer?.processingMessage).toContain(hostile.expected);
        expect(answer).toMatchObject({ processingStatus: 'Failed', artifacts: [] });
        expect(await jobOf('process-imported-scan', { scanId })).toMatchObject({
          status: 'failed',
          attempts: 1,
        });
        // Only the submission (source URL) was recorded; the job changed nothing.
        expect({ ...(await row()), sourceS3Url: null }).toEqual({
          ...rowBefore,
          sourceS3Url: null,
        });
      }
      expect(await storedKeys(`org-${organizationId}/`)).toEqual(keysBefore);
    });
  });

  const REGISTER = `mutation($p:ID!,$f:String!){
    registerUploadedBasestationFile(projectId:$p, filename:$f){ id } }`;
  const BASESTATION = `query($id:ID!){ basestation(id:$id){
    status statusMessage markerName point { type } files { name } } }`;

  it.each(feed('basestation-zip'))('base station %s', async (_, hostile) => {
    await counted(`base-station zips on ${kind}`, async () => {
      // The browser PUTs the zip to a signed URL; the bytes land at this key.
      const key = basestationZipKey(organizationId, hostile.file);
      const file = path.join(CORPUS, hostile.file);
      await storage.putStream(key, createReadStream(file), { size: statSync(file).size });
      const keysBefore = await storedKeys(`org-${organizationId}/`);
      const registered = await api.graphql<{ registerUploadedBasestationFile: { id: string } }>(
        power,
        REGISTER,
        { p: projectId, f: hostile.file },
      );
      expect(registered.errors).toBeUndefined();
      const id = Number(registered.data!.registerUploadedBasestationFile.id);
      await drainJobs(db, api.config);
      const answer = (
        await api.graphql<{ basestation: Record<string, unknown> }>(power, BASESTATION, { id })
      ).data?.basestation;
      const log = await activity(
        'BasestationProcessing',
        `org-${organizationId}/basestation-${id}`,
      );

      if (outcome(hostile) === 'accepted') {
        expect(answer).toMatchObject({ status: 'Ready' });
        expect(log?.message).toContain(hostile.expected);
        return;
      }
      expect(answer?.statusMessage).toContain(hostile.expected);
      expect(answer).toMatchObject({ status: 'Failed', point: null, files: [], markerName: null });
      expect(log).toMatchObject({ status: 'Failed' });
      expect(log?.message).toContain(`${hostile.file}: ${hostile.expected}`);
      expect(await jobOf('process-basestation', { basestationId: id })).toMatchObject({
        status: 'failed',
        attempts: 1,
      });
      expect(await storedKeys(basestationFilesPrefix(organizationId, id))).toEqual([]);
      expect(await storedKeys(`org-${organizationId}/`)).toEqual(keysBefore);
      const matches = await db
        .selectFrom('basestationSessionMatches')
        .select('sessionId')
        .where('basestationId', '=', id)
        .execute();
      expect(matches).toEqual([]);
    });
  });
});
