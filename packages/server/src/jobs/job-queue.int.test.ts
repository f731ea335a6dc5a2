import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/databases.ts';
import { factories } from '../../test/factories.ts';
import { type AppConfig, loadConfig } from '../config/config.ts';
import { recordActivity } from '../modules/activity-logs/activity-log.service.ts';
import { defineJob, PermanentJobError } from './define-job.ts';
import { jobRepository } from './job.repository.ts';
import { enqueueJob, jobSignals } from './job-queue.ts';
import { runNextJob, startJobRunner } from './job-runner.ts';
import { withJobTables } from './job-tables.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'job-queue-'));
const config: AppConfig = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds, failing after 10 s. */
async function waitFor(condition: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await pause(20);
  }
}

describe.each(DATABASE_KINDS)('job queue on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });
  afterEach(async () => {
    await withJobTables(database.db).deleteFrom('jobs').execute();
    await withJobTables(database.db).deleteFrom('jobTurns').execute();
  });

  const runs: string[] = [];
  const echo = defineJob({
    kind: `echo-${kind}`,
    schema: z.object({ text: z.string() }),
    maxAttempts: 3,
    backoffMs: () => 0,
    async run(payload) {
      runs.push(payload.text);
    },
  });

  it('validates the payload when queueing', async () => {
    await expect(
      enqueueJob(database.db, echo, { text: 1 } as unknown as { text: string }),
    ).rejects.toThrow();
  });

  it('claims due jobs in order and marks them done', async () => {
    runs.length = 0;
    const a = await enqueueJob(database.db, echo, { text: 'a' });
    await enqueueJob(
      database.db,
      echo,
      { text: 'later' },
      { runAfter: new Date(Date.now() + 60_000) },
    );
    await enqueueJob(database.db, echo, { text: 'b' });
    const options = { db: database.db, config, jobs: [echo], workerId: 'w1' };
    expect(await runNextJob(options)).toBe(true);
    expect(await runNextJob(options)).toBe(true);
    expect(await runNextJob(options)).toBe(false);
    expect(runs).toEqual(['a', 'b']);
    const done = await jobRepository.findById(database.db, a.id);
    expect(done).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });

  describe('lanes', () => {
    const started: string[] = [];
    let openGate: () => void = () => {};
    let gate = Promise.resolve();
    const closeGate = () => {
      gate = new Promise((resolve) => {
        openGate = resolve;
      });
    };
    const build = defineJob({
      kind: `build-${kind}`,
      schema: z.object({ text: z.string() }),
      lane: 'background',
      async run(payload) {
        started.push(payload.text);
        await gate;
      },
    });
    const ask = defineJob({
      kind: `ask-${kind}`,
      schema: z.object({ text: z.string() }),
      async run(payload) {
        started.push(payload.text);
      },
    });
    afterEach(() => {
      openGate();
      started.length = 0;
    });

    it('claims every due interactive job before an older background one', async () => {
      await enqueueJob(database.db, build, { text: 'build 1' });
      await enqueueJob(database.db, ask, { text: 'ask 1' });
      await enqueueJob(database.db, build, { text: 'build 2' });
      await enqueueJob(database.db, ask, { text: 'ask 2' });
      const options = { db: database.db, config, jobs: [build, ask], workerId: 'w1' };
      while (await runNextJob(options)) {}
      expect(started).toEqual(['ask 1', 'ask 2', 'build 1', 'build 2']);
    });

    it('leaves background jobs to the slots of any lane', async () => {
      await enqueueJob(database.db, build, { text: 'build 1' });
      const options = { db: database.db, config, jobs: [build, ask], workerId: 'w1' };
      expect(await runNextJob({ ...options, lane: 'interactive' })).toBe(false);
      expect(started).toEqual([]);
      expect(await runNextJob(options)).toBe(true);
      expect(started).toEqual(['build 1']);
    });

    it('takes a job of a background kind queued for a person in the interactive lane', async () => {
      await enqueueJob(database.db, build, { text: 'build 1' });
      await enqueueJob(database.db, build, { text: 'asked for' }, { lane: 'interactive' });
      const options = { db: database.db, config, jobs: [build, ask], workerId: 'w1' };
      expect(await runNextJob({ ...options, lane: 'interactive' })).toBe(true);
      expect(await runNextJob({ ...options, lane: 'interactive' })).toBe(false);
      expect(started).toEqual(['asked for']);
    });

    it('moves a waiting job to the interactive lane when a person asks for it, never back', async () => {
      const laneOf = async (id: number) => (await jobRepository.findById(database.db, id))?.lane;
      const key = { uniqueKey: `scan-1-${kind}` };
      const first = await enqueueJob(database.db, build, { text: 'build 1' }, key);
      expect(await laneOf(first.id)).toBe('background');
      expect(
        await enqueueJob(database.db, build, { text: 'build 1' }, { ...key, lane: 'interactive' }),
      ).toEqual({ id: first.id, created: false });
      expect(await laneOf(first.id)).toBe('interactive');
      await enqueueJob(database.db, build, { text: 'build 1' }, key);
      expect(await laneOf(first.id)).toBe('interactive');
    });

    it("starts a person's job at once while every other slot runs a background build", async () => {
      closeGate();
      await enqueueJob(database.db, build, { text: 'build 1' });
      await enqueueJob(database.db, build, { text: 'build 2' });
      const runner = startJobRunner({
        db: database.db,
        config,
        jobs: [build, ask],
        concurrency: 1,
        interactiveSlots: 1,
        pollMs: 20,
      });
      try {
        await waitFor(() => started.includes('build 1'));
        // The interactive slot is idle, yet it leaves the second build waiting.
        await pause(300);
        expect(started).toEqual(['build 1']);
        const { id } = await enqueueJob(database.db, ask, { text: 'ask 1' });
        await waitFor(
          async () => (await jobRepository.findById(database.db, id))?.status === 'done',
        );
        expect(started).toEqual(['build 1', 'ask 1']);
        openGate();
        await waitFor(() => started.includes('build 2'));
      } finally {
        openGate();
        await runner.stop();
      }
    });
  });

  describe('organizations', () => {
    const taken: string[] = [];
    const work = defineJob({
      kind: `work-${kind}`,
      schema: z.object({ text: z.string() }),
      async run(payload) {
        taken.push(payload.text);
      },
    });
    const batch = defineJob({
      kind: `batch-${kind}`,
      schema: z.object({ text: z.string() }),
      lane: 'background',
      async run(payload) {
        taken.push(payload.text);
      },
    });
    let a: number;
    let b: number;
    beforeAll(async () => {
      a = (await factories.organization(database.db, { name: `Turns A ${kind}` })).id;
      b = (await factories.organization(database.db, { name: `Turns B ${kind}` })).id;
    });
    afterEach(() => {
      taken.length = 0;
    });
    const options = () => ({ db: database.db, config, jobs: [work, batch], workerId: 'w1' });

    it("takes turns: one organization's batch does not hold back another's jobs", async () => {
      for (const text of ['A 1', 'A 2', 'A 3']) {
        await enqueueJob(database.db, work, { text }, { organizationId: a });
      }
      await enqueueJob(database.db, work, { text: 'B 1' }, { organizationId: b });
      await enqueueJob(database.db, work, { text: 'B 2' }, { organizationId: b });
      // Work of no organization is never held back by the turns.
      await enqueueJob(database.db, work, { text: 'none' });
      while (await runNextJob(options())) {}
      expect(taken).toEqual(['A 1', 'B 1', 'none', 'A 2', 'B 2', 'A 3']);
    });

    it('keeps the job with its organization and the turn with the claim', async () => {
      const { id } = await enqueueJob(database.db, work, { text: 'A 1' }, { organizationId: a });
      expect((await jobRepository.findById(database.db, id))?.organizationId).toBe(a);
      const turns = () =>
        withJobTables(database.db).selectFrom('jobTurns').select('organizationId').execute();
      expect(await turns()).toEqual([]);
      // Nothing due: no turn is taken.
      expect(await jobRepository.claim(database.db, ['other'], 'w1', 60_000)).toBeUndefined();
      expect(await turns()).toEqual([]);
      const claimed = await jobRepository.claim(database.db, [work.kind], 'w1', 60_000);
      expect(claimed).toMatchObject({ id, status: 'running', organizationId: a, attempts: 1 });
      expect(await turns()).toEqual([{ organizationId: a }]);
    });

    it("takes a job's organization from its payload when none is given", async () => {
      const named = defineJob({
        kind: `named-${kind}`,
        schema: z.object({ organizationId: z.number() }),
        async run() {},
      });
      const fromPayload = await enqueueJob(database.db, named, { organizationId: b });
      const given = await enqueueJob(
        database.db,
        named,
        { organizationId: b },
        { organizationId: a },
      );
      const none = await enqueueJob(database.db, work, { text: 'none' });
      const organizationOf = async (id: number) =>
        (await jobRepository.findById(database.db, id))?.organizationId;
      expect(await organizationOf(fromPayload.id)).toBe(b);
      expect(await organizationOf(given.id)).toBe(a);
      expect(await organizationOf(none.id)).toBeNull();
    });

    it('still puts every interactive job before a background one of an organization waiting its turn', async () => {
      await enqueueJob(database.db, work, { text: 'A 1' }, { organizationId: a });
      await enqueueJob(database.db, batch, { text: 'B build' }, { organizationId: b });
      await enqueueJob(database.db, work, { text: 'A 2' }, { organizationId: a });
      while (await runNextJob(options())) {}
      expect(taken).toEqual(['A 1', 'A 2', 'B build']);
    });
  });

  it("holds a claimed job for its own kind's lease, not the longest of the runner's kinds", async () => {
    const held: number[] = [];
    const quick = defineJob({
      kind: `quick-lease-${kind}`,
      schema: z.object({}),
      leaseMs: 60_000,
      async run(_payload, ctx) {
        const row = await jobRepository.findById(database.db, ctx.jobId);
        held.push(new Date(row!.lockedUntil!).getTime() - Date.now());
      },
    });
    const long = defineJob({
      kind: `long-lease-${kind}`,
      schema: z.object({}),
      leaseMs: 30 * 60_000,
      async run() {},
    });
    await enqueueJob(database.db, quick, {});
    expect(await runNextJob({ db: database.db, config, jobs: [long, quick], workerId: 'w1' })).toBe(
      true,
    );
    expect(held).toHaveLength(1);
    expect(held[0]).toBeGreaterThan(50_000);
    expect(held[0]).toBeLessThanOrEqual(61_000);
  });

  it('queues a job with a unique key once while it waits or runs, and again after it ran', async () => {
    const first = await enqueueJob(database.db, echo, { text: 'x' }, { uniqueKey: 'k1' });
    const second = await enqueueJob(database.db, echo, { text: 'x' }, { uniqueKey: 'k1' });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    await runNextJob({ db: database.db, config, jobs: [echo], workerId: 'w1' });
    const third = await enqueueJob(database.db, echo, { text: 'x' }, { uniqueKey: 'k1' });
    expect(third.created).toBe(true);
  });

  it('never gives one job to two runners (SKIP LOCKED)', async () => {
    const seen: string[] = [];
    const slow = defineJob({
      kind: `slow-${kind}`,
      schema: z.object({ n: z.number() }),
      async run(payload) {
        seen.push(String(payload.n));
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    for (let n = 0; n < 12; n++) await enqueueJob(database.db, slow, { n });
    const runners = [
      startJobRunner({ db: database.db, config, jobs: [slow], workerId: 'r1', pollMs: 20 }),
      startJobRunner({ db: database.db, config, jobs: [slow], workerId: 'r2', pollMs: 20 }),
    ];
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const jobs = await jobRepository.list(database.db, slow.kind);
      if (jobs.every((job) => job.status === 'done')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(runners.map((runner) => runner.stop()));
    const jobs = await jobRepository.list(database.db, slow.kind);
    expect(jobs.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
    expect(seen.sort()).toEqual(Array.from({ length: 12 }, (_, n) => String(n)).sort());
  });

  it('retries a failing job with backoff, then gives it up after max attempts', async () => {
    let calls = 0;
    const flaky = defineJob({
      kind: `flaky-${kind}`,
      schema: z.object({}),
      maxAttempts: 3,
      backoffMs: (attempt) => attempt * 60_000,
      async run() {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    });
    const { id } = await enqueueJob(database.db, flaky, {});
    const options = { db: database.db, config, jobs: [flaky], workerId: 'w1' };
    expect(await runNextJob(options)).toBe(true);
    let row = await jobRepository.findById(database.db, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1' });
    const delay = row!.runAfter.getTime() - row!.updated.getTime();
    expect(delay).toBeGreaterThan(59_000);
    expect(delay).toBeLessThan(61_000);
    // Not due yet: nothing to claim.
    expect(await runNextJob(options)).toBe(false);
    const makeDue = () =>
      withJobTables(database.db)
        .updateTable('jobs')
        .set({ runAfter: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', id)
        .execute();
    await makeDue();
    await runNextJob(options);
    row = await jobRepository.findById(database.db, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'boom 2' });
    expect(row!.runAfter.getTime() - row!.updated.getTime()).toBeGreaterThan(119_000);
    await makeDue();
    await runNextJob(options);
    row = await jobRepository.findById(database.db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    expect(calls).toBe(3);
  });

  it('gives a job up at once on a PermanentJobError or an invalid stored payload', async () => {
    const bad = defineJob({
      kind: `bad-${kind}`,
      schema: z.object({ n: z.number() }),
      async run() {
        throw new PermanentJobError('not fixable');
      },
    });
    const { id } = await enqueueJob(database.db, bad, { n: 1 });
    const options = { db: database.db, config, jobs: [bad], workerId: 'w1' };
    await runNextJob(options);
    expect(await jobRepository.findById(database.db, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'not fixable',
    });
    const broken = await jobRepository.insert(database.db, {
      kind: bad.kind,
      payload: { n: 'x' },
      lane: 'interactive',
      maxAttempts: 5,
    });
    await runNextJob(options);
    const row = await jobRepository.findById(database.db, broken.id);
    expect(row?.status).toBe('failed');
    expect(row?.lastError).toMatch(/Invalid payload/);
  });

  it('hands a job whose worker died to another runner once the lease runs out', async () => {
    runs.length = 0;
    const { id } = await enqueueJob(database.db, echo, { text: 'orphan' });
    // A worker claims the job and dies before finishing it.
    const claimed = await jobRepository.claim(database.db, [echo.kind], 'dead-worker', 60_000);
    expect(claimed?.id).toBe(id);
    const options = { db: database.db, config, jobs: [echo], workerId: 'w2' };
    expect(await runNextJob(options)).toBe(false);
    await withJobTables(database.db)
      .updateTable('jobs')
      .set({ lockedUntil: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    expect(await runNextJob(options)).toBe(true);
    expect(runs).toEqual(['orphan']);
    expect(await jobRepository.findById(database.db, id)).toMatchObject({
      status: 'done',
      attempts: 2,
    });
    // The dead worker coming back cannot mark the job again.
    expect(await jobRepository.complete(database.db, id, 'dead-worker')).toBe(false);
  });

  it('fails a job whose last attempt died with its worker instead of running it again', async () => {
    const once = defineJob({
      kind: `once-${kind}`,
      schema: z.object({}),
      maxAttempts: 1,
      async run() {
        throw new Error('must not run');
      },
    });
    const { id } = await enqueueJob(database.db, once, {});
    await jobRepository.claim(database.db, [once.kind], 'dead-worker', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await runNextJob({ db: database.db, config, jobs: [once], workerId: 'w2' });
    const row = await jobRepository.findById(database.db, id);
    expect(row?.status).toBe('failed');
    expect(row?.lastError).toMatch(/Gave up after 1 attempts/);
  });

  describe('a job that finishes with its last write', () => {
    /** A job that records a Completed entry through ctx.finish; `beforeFinish` runs just before. */
    const finishing = (beforeFinish: (jobId: number) => Promise<void>, failWrite = false) =>
      defineJob({
        kind: `finishing-${kind}`,
        schema: z.object({ key: z.string() }),
        maxAttempts: 3,
        backoffMs: () => 60_000,
        async run(payload, ctx) {
          await beforeFinish(ctx.jobId);
          await ctx.finish(async (db) => {
            await recordActivity(db, {
              activityType: 'FinishTest',
              referenceKey: payload.key,
              status: 'Completed',
              organizationId: null,
            });
            if (failWrite) throw new Error('the write failed');
          });
        },
      });
    const entry = (key: string) =>
      database.db
        .selectFrom('activityLogs')
        .select('status')
        .where('activityType', '=', 'FinishTest')
        .where('referenceKey', '=', key)
        .executeTakeFirst();

    it('commits the entry and the job done together', async () => {
      const job = finishing(async () => {});
      const { id } = await enqueueJob(database.db, job, { key: `done-${kind}` });
      await runNextJob({ db: database.db, config, jobs: [job], workerId: 'w1' });
      expect(await jobRepository.findById(database.db, id)).toMatchObject({ status: 'done' });
      expect(await entry(`done-${kind}`)).toEqual({ status: 'Completed' });
    });

    it('writes nothing when another worker took the job over meanwhile', async () => {
      // The lease ran out while this worker stalled, and another worker claimed the job.
      const job = finishing(async (jobId) => {
        await withJobTables(database.db)
          .updateTable('jobs')
          .set({ lockedBy: 'w2' })
          .where('id', '=', jobId)
          .execute();
      });
      const { id } = await enqueueJob(database.db, job, { key: `lost-${kind}` });
      await runNextJob({ db: database.db, config, jobs: [job], workerId: 'w1' });
      expect(await jobRepository.findById(database.db, id)).toMatchObject({
        status: 'running',
        lockedBy: 'w2',
      });
      expect(await entry(`lost-${kind}`)).toBeUndefined();
    });

    it('leaves the job to be tried again when the write fails', async () => {
      const job = finishing(async () => {}, true);
      const { id } = await enqueueJob(database.db, job, { key: `failed-${kind}` });
      await runNextJob({ db: database.db, config, jobs: [job], workerId: 'w1' });
      expect(await jobRepository.findById(database.db, id)).toMatchObject({
        status: 'queued',
        lastError: 'the write failed',
      });
      expect(await entry(`failed-${kind}`)).toBeUndefined();
    });
  });

  describe('a job that gives up with its last write', () => {
    /** A job that records a Failed entry through ctx.giveUp; `beforeGiveUp` runs just before. */
    const givingUp = (beforeGiveUp: (jobId: number) => Promise<void>, failWrite = false) =>
      defineJob({
        kind: `giving-up-${kind}`,
        schema: z.object({ key: z.string() }),
        maxAttempts: 3,
        backoffMs: () => 60_000,
        async run(payload, ctx) {
          await beforeGiveUp(ctx.jobId);
          await ctx.giveUp('the file is not a LAS file', async (db) => {
            await recordActivity(db, {
              activityType: 'GiveUpTest',
              referenceKey: payload.key,
              status: 'Failed',
              organizationId: null,
            });
            if (failWrite) throw new Error('the write failed');
          });
          throw new Error('giveUp returned');
        },
      });
    const entry = (key: string) =>
      database.db
        .selectFrom('activityLogs')
        .select('status')
        .where('activityType', '=', 'GiveUpTest')
        .where('referenceKey', '=', key)
        .executeTakeFirst();

    it('commits the entry and the job failed together, at the first attempt', async () => {
      const job = givingUp(async () => {});
      const { id } = await enqueueJob(database.db, job, { key: `gave-up-${kind}` });
      await runNextJob({ db: database.db, config, jobs: [job], workerId: 'w1' });
      expect(await jobRepository.findById(database.db, id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: 'the file is not a LAS file',
        lockedBy: null,
      });
      expect(await entry(`gave-up-${kind}`)).toEqual({ status: 'Failed' });
    });

    it('writes nothing when another worker took the job over meanwhile', async () => {
      const job = givingUp(async (jobId) => {
        await withJobTables(database.db)
          .updateTable('jobs')
          .set({ lockedBy: 'w2' })
          .where('id', '=', jobId)
          .execute();
      });
      const { id } = await enqueueJob(database.db, job, { key: `taken-${kind}` });
      await runNextJob({ db: database.db, config, jobs: [job], workerId: 'w1' });
      expect(await jobRepository.findById(database.db, id)).toMatchObject({
        status: 'running',
        lockedBy: 'w2',
      });
      expect(await entry(`taken-${kind}`)).toBeUndefined();
    });

    it('leaves the job to be tried again when the write fails', async () => {
      const job = givingUp(async () => {}, true);
      const { id } = await enqueueJob(database.db, job, { key: `unwritten-${kind}` });
      await runNextJob({ db: database.db, config, jobs: [job], workerId: 'w1' });
      expect(await jobRepository.findById(database.db, id)).toMatchObject({
        status: 'queued',
        lastError: 'the write failed',
      });
      expect(await entry(`unwritten-${kind}`)).toBeUndefined();
    });
  });

  it('takes a job queued inside a transaction once it commits, not at its next poll', async () => {
    const committed = defineJob({
      kind: `committed-${kind}`,
      schema: z.object({}),
      async run() {},
    });
    const runner = startJobRunner({ db: database.db, config, jobs: [committed], pollMs: 60_000 });
    try {
      await pause(100);
      const { id } = await database.db.transaction().execute(async (trx) => {
        const queued = await enqueueJob(trx, committed, {});
        // The runner is told now, before the commit.
        await pause(150);
        return queued;
      });
      const committedAt = Date.now();
      while ((await jobRepository.findById(database.db, id))?.status !== 'done') {
        if (Date.now() - committedAt > 5_000) throw new Error('the job waited for the poll');
        await pause(20);
      }
    } finally {
      await runner.stop();
    }
  });

  it('wakes an idle runner at once when a job is queued, and stop() waits for the running job', async () => {
    let finished = false;
    const gate = defineJob({
      kind: `gate-${kind}`,
      schema: z.object({}),
      async run() {
        await new Promise((resolve) => setTimeout(resolve, 200));
        finished = true;
      },
    });
    const runner = startJobRunner({ db: database.db, config, jobs: [gate], pollMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const { id } = await enqueueJob(database.db, gate, {});
    while ((await jobRepository.findById(database.db, id))?.status !== 'running') {
      if (Date.now() - started > 5_000) throw new Error('the runner was not woken');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await runner.stop();
    expect(finished).toBe(true);
    expect((await jobRepository.findById(database.db, id))?.status).toBe('done');
  });
});

// Worker processes apart from the one that queued a job hear of it from the database server.
describe('job notifications from the PostgreSQL server', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });

  const noop = defineJob({ kind: 'notified', schema: z.object({}), async run() {} });

  /** The server's backends of this database listening for queued jobs. */
  const listeners = async () => {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN %'`.execute(database.db);
    return rows.map((row) => row.pid);
  };
  const waitFor = async (what: string, done: () => Promise<boolean>) => {
    const started = Date.now();
    while (!(await done())) {
      if (Date.now() - started > 5_000) throw new Error(`timed out waiting for ${what}`);
      await pause(20);
    }
  };

  /** Queues a job as another process does: committed after 150 ms, with no signal here. */
  const queueElsewhere = async () => {
    const signalled = vi.fn();
    jobSignals.on('enqueued', signalled);
    try {
      return await database.db.transaction().execute(async (trx) => {
        const queued = await jobRepository.insert(trx, {
          kind: noop.kind,
          payload: {},
          lane: 'interactive',
          maxAttempts: 1,
        });
        await pause(150);
        return queued.id;
      });
    } finally {
      jobSignals.off('enqueued', signalled);
      expect(signalled).not.toHaveBeenCalled();
    }
  };
  /** A runner that polls only once a minute, started and listening. */
  const listeningRunner = async () => {
    const runner = startJobRunner({
      db: database.db,
      config: { ...config, databaseUrl: database.url },
      jobs: [noop],
      pollMs: 60_000,
    });
    try {
      await waitFor('the runner to listen', async () => (await listeners()).length === 1);
    } catch (error) {
      await runner.stop();
      throw error;
    }
    return runner;
  };
  const isDone = (id: number) => async () =>
    (await jobRepository.findById(database.db, id))?.status === 'done';

  it('wakes an idle runner at once when another process queues a job', async () => {
    const runner = await listeningRunner();
    try {
      const id = await queueElsewhere();
      await waitFor('the job, which waited for the 60 s poll', isDone(id));
    } finally {
      await runner.stop();
    }
    // Its listening connection ends with it (the server's backend may take a moment to go).
    await waitFor('the listening connection to end', async () => (await listeners()).length === 0);
  });

  it('listens again after its connection to the server is lost', async () => {
    const runner = await listeningRunner();
    try {
      const [lost] = await listeners();
      await sql`select pg_terminate_backend(${lost})`.execute(database.db);
      await waitFor('a new listening connection', async () => {
        const now = await listeners();
        return now.length === 1 && now[0] !== lost;
      });
      const id = await queueElsewhere();
      await waitFor('the job, which waited for the 60 s poll', isDone(id));
    } finally {
      await runner.stop();
    }
  });
});
