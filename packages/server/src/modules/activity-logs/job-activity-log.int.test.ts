import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { buildWorld } from '../../../test/world.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { UserRow } from '../../db/schema.ts';
import { createLogger } from '../../lib/logger.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { findActivity } from './activity-log.service.ts';
import { jobActivityLog, jobTranscriptKey } from './job-activity-log.ts';

const URL_QUERY = 'query($id: ID!) { activityLogFileUrl(id: $id) }';

describe.each(DATABASE_KINDS)("a job's log file on %s", (kind) => {
  let api: TestApi;
  let storage: ObjectStorage;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-job-logs-'));
  beforeAll(async () => {
    api = await startTestApi(kind, { DATA_DIR: dataDir });
    storage = createObjectStorage(api.config);
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let nextJobId = 90_000;
  /** A writer as a job's run makes it, for attempt `attempt` of job `jobId`. */
  const writerFor = (
    organizationId: number | null,
    jobId: number,
    attempt = 1,
    store: ObjectStorage = storage,
  ) =>
    jobActivityLog<'Started' | 'Completed' | 'Error' | 'Failed'>(
      {
        db: api.database.db,
        config: api.config,
        storage: store,
        log: createLogger(api.config, 'test'),
        jobId,
        attempt,
        maxAttempts: 3,
      },
      {
        activityType: 'ScanProcessing',
        referenceKey: `job-log-${jobId}`,
        organizationId,
        payload: {},
      },
    );

  /** The text the Activity Logs' viewer shows for the entry, read as `user` through its link. */
  async function logText(user: UserRow, jobId: number) {
    const entry = await findActivity(
      api.database.db,
      'ScanProcessing',
      `job-log-${jobId}`,
      user.organizationId,
    );
    const result = await api.graphql<{ activityLogFileUrl: string | null }>(user, URL_QUERY, {
      id: String(entry!.id),
    });
    expect(result.errors).toBeUndefined();
    const url = result.data!.activityLogFileUrl;
    if (url === null) return null;
    const response = await api.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  it("links the job's messages, each with its time, once the attempt has an outcome", async () => {
    const w = await buildWorld(api.database.db);
    const jobId = nextJobId++;
    const log = writerFor(w.standard.organizationId, jobId);
    await log('Started', 'Processing scan S1 as version v2');
    await log('Started', 'Stage 1 of 2 (range): 45,573 points read');
    expect(await logText(w.standard, jobId)).toBeNull();

    await log('Completed', 'Processed scan S1 as version v2: kept 40,000 of 45,573 points', {
      metrics: { points: 40_000 },
    });
    const text = await logText(w.standard, jobId);
    const lines = text!.trimEnd().split('\n');
    expect(lines[0]).toBe(`ScanProcessing job ${jobId}, attempt 1 of 3`);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}Started: Processing scan S1/),
      expect.stringMatching(/Z {2}Stage 1 of 2 \(range\): 45,573 points read$/),
      expect.stringMatching(/Z {2}Completed: Processed scan S1 as version v2: kept 40,000/),
      expect.stringMatching(/Z {2}Metrics: \{"points":40000\}$/),
    ]);
    const stored = await storage.head(jobTranscriptKey(w.standard.organizationId, jobId));
    expect(stored?.contentType).toMatch(/^text\/plain/);
  });

  it("stores the transcript of an attempt's last write before that write's transaction", async () => {
    const w = await buildWorld(api.database.db);
    const jobId = nextJobId++;
    const log = writerFor(w.standard.organizationId, jobId);
    await log('Started', 'Processing scan S6');
    const entry = await log.closing('Completed', 'Processed scan S6');
    // The store is done with: the transaction that runs the write only records the entry.
    const key = jobTranscriptKey(w.standard.organizationId, jobId);
    expect(await storage.head(key)).not.toBeNull();
    const find = () =>
      findActivity(
        api.database.db,
        'ScanProcessing',
        `job-log-${jobId}`,
        w.standard.organizationId,
      );
    expect(await find()).toMatchObject({ status: 'Started' });

    await inTransaction(api.database.db, (tx) => entry(tx));
    expect(await find()).toMatchObject({ status: 'Completed', message: 'Processed scan S6' });
    expect(await logText(w.standard, jobId)).toMatch(/Completed: Processed scan S6/);
  });

  it('keeps the earlier attempts of a job before the one that ended it', async () => {
    const w = await buildWorld(api.database.db);
    const jobId = nextJobId++;
    const first = writerFor(w.standard.organizationId, jobId, 1);
    await first('Started', 'Processing scan S2');
    // As the processing jobs write a failed attempt: the entry stays Started, the job not over.
    await first(
      'Started',
      'Processing scan S2: attempt 1 of 3 failed (connection reset); it will be tried again',
      { attemptFailed: true },
    );
    expect(await logText(w.standard, jobId)).toMatch(/attempt 1 of 3 failed \(connection reset\)/);

    const second = writerFor(w.standard.organizationId, jobId, 2);
    await second('Started', 'Processing scan S2');
    await second('Completed', 'Processed scan S2');
    const text = (await logText(w.standard, jobId))!;
    const attempt1 = text.indexOf('attempt 1 of 3\n');
    const failure = text.indexOf('attempt 1 of 3 failed (connection reset)');
    const attempt2 = text.indexOf('attempt 2 of 3\n');
    const done = text.indexOf('Completed: Processed scan S2');
    expect(attempt1).toBeGreaterThanOrEqual(0);
    expect([attempt1, failure, attempt2, done]).toEqual(
      [attempt1, failure, attempt2, done].toSorted((a, b) => a - b),
    );
    expect(attempt2).toBeGreaterThan(failure);
  });

  it('keeps progress written without waiting, from the first write on', async () => {
    const w = await buildWorld(api.database.db);
    const jobId = nextJobId++;
    const log = writerFor(w.standard.organizationId, jobId, 2);
    await Promise.all([
      log('Started', 'Correcting scan S5: 0 %'),
      log('Started', 'Correcting scan S5: 10 %'),
    ]);
    await log('Completed', 'Corrected scan S5');
    const text = (await logText(w.standard, jobId))!;
    expect(text).toContain('Correcting scan S5: 0 %');
    expect(text).toContain('Correcting scan S5: 10 %');
    expect(text.match(/attempt 2 of 3/g)).toHaveLength(1);
  });

  it("is read by no one outside the job's organization", async () => {
    const w = await buildWorld(api.database.db, { adminIn: 'other' });
    const jobId = nextJobId++;
    const log = writerFor(w.power.organizationId, jobId);
    await log('Failed', 'Processing scan S3 failed: no points inside the crop box');
    const entry = await findActivity(
      api.database.db,
      'ScanProcessing',
      `job-log-${jobId}`,
      w.power.organizationId,
    );
    const outsider = await api.graphql(w.outsider, URL_QUERY, { id: String(entry!.id) });
    expect(outsider.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await logText(w.power, jobId)).toMatch(/Failed: Processing scan S3 failed/);
  });

  it('writes the entry without a link when the log cannot be stored', async () => {
    const w = await buildWorld(api.database.db);
    const jobId = nextJobId++;
    const failing: ObjectStorage = {
      ...storage,
      head: (key) => storage.head(key),
      getStream: (key, range) => storage.getStream(key, range),
      putStream: () => Promise.reject(new Error('store unreachable')),
    };
    const log = writerFor(w.standard.organizationId, jobId, 1, failing);
    await log('Completed', 'Processed scan S4');
    const entry = await findActivity(
      api.database.db,
      'ScanProcessing',
      `job-log-${jobId}`,
      w.standard.organizationId,
    );
    expect(entry).toMatchObject({ status: 'Completed', message: 'Processed scan S4' });
    expect(entry?.logFileUrl).toBeNull();
  });
});
