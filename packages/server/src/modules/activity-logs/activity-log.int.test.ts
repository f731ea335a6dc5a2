import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { buildWorld } from '../../../test/world.ts';
import { recordActivity } from './activity-log.service.ts';

const FIELDS = `id activityType referenceKey userId user { id name } status message logFileUrl
  payload metrics created submitted started completed lastModified isAcknowledged`;
const PAGE = `query($i: Int, $s: Int, $sort: String, $t: String, $st: String, $u: ID, $a: Boolean) {
  activityLogs(pageIndex: $i, pageSize: $s, sort: $sort, activityTypeFilter: $t, statusFilter: $st,
    userIdFilter: $u, isAcknowledgedFilter: $a) { total take skip items { id status activityType userId } } }`;
const UPSERT = `mutation($t: String!, $k: String!, $s: String!, $m: String, $l: String, $p: JSON, $x: JSON) {
  upsertActivityLogJob(activityType: $t, referenceKey: $k, status: $s, message: $m, logFileUrl: $l,
    payload: $p, metrics: $x) { ${FIELDS} } }`;
const ACK =
  'mutation($id: ID!, $a: Boolean!) { acknowledgeActivityLog(id: $id, isAcknowledged: $a) { id isAcknowledged } }';
const ACK_MANY = `mutation($t: String, $st: String, $u: ID, $a: Boolean!) {
  acknowledgeMultipleActivityLogs(activityTypeFilter: $t, statusFilter: $st, userIdFilter: $u, isAcknowledged: $a) }`;

interface Page {
  total: number;
  take: number;
  skip: number;
  items: { id: string; status: string; activityType: string; userId: string }[];
}

describe.each(DATABASE_KINDS)('activity logs API on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  /** Our organization has a second Standard user, whose activity others may or may not see. */
  async function world() {
    const w = await buildWorld(api.database.db);
    return { ...w, colleague: await factories.user(w.db, w.ours.id, 'Standard') };
  }

  const page = async (user: Parameters<TestApi['graphql']>[0], vars: Record<string, unknown>) => {
    const result = await api.graphql<{ activityLogs: Page }>(user, PAGE, vars);
    expect(result.errors).toBeUndefined();
    return result.data!.activityLogs;
  };

  it('writes an event as the caller and reads it back; foreign ids answer Not found', async () => {
    const w = await world();
    const created = await api.graphql<{ createActivityLogEvent: Record<string, unknown> }>(
      w.standard,
      `mutation($p: JSON, $x: JSON) { createActivityLogEvent(activityType: "PackageUpload",
        message: "Upload started", payload: $p, metrics: $x) { ${FIELDS} } }`,
      { p: { filename: 'a.luxlz', upload_id: 'u-1', parts: [1, 2] }, x: { fileSize: 1024 } },
    );
    expect(created.errors).toBeUndefined();
    const log = created.data!.createActivityLogEvent;
    expect(log).toMatchObject({
      activityType: 'PackageUpload',
      status: 'Event',
      message: 'Upload started',
      userId: String(w.standard.id),
      user: { id: String(w.standard.id), name: w.standard.name },
      payload: { filename: 'a.luxlz', upload_id: 'u-1', parts: [1, 2] },
      metrics: { fileSize: 1024 },
      isAcknowledged: false,
      referenceKey: null,
    });

    const query = `query($id: ID!) { activityLog(id: $id) { id } }`;
    const own = await api.graphql(w.colleague, query, { id: log.id });
    expect(own.errors).toBeUndefined();
    const foreign = await api.graphql(w.outsider, query, { id: log.id });
    const missing = await api.graphql(w.outsider, query, { id: 9_999_999 });
    expect(foreign.errors?.[0]?.message).toBe('Not found');
    expect(foreign.errors).toEqual(missing.errors);

    const bad = await api.graphql(
      w.standard,
      'mutation { createActivityLogEvent(activityType: "  ") { id } }',
    );
    expect(bad.errors?.[0]?.message).toBe('Value is required');
  });

  it('pages, filters and sorts within the caller’s organization; Admin sees all', async () => {
    const w = await world();
    const base = Date.UTC(2024, 0, 1);
    for (let i = 0; i < 12; i++) {
      await scanFactories.activityLog(w.db, i % 3 === 0 ? w.colleague : w.standard, {
        activityType: i % 2 ? 'PackageUpload' : 'TestJob',
        status: i % 4 === 0 ? 'Error' : 'Event',
        isAcknowledged: i === 4,
        created: new Date(base + i * 60_000),
      });
    }
    const foreignLog = await scanFactories.activityLog(w.db, w.outsider, {
      created: new Date(base + 99 * 60_000),
    });

    const first = await page(w.standard, {});
    expect(first).toMatchObject({ total: 12, take: 10, skip: 0 });
    expect(first.items).toHaveLength(10);
    expect(first.items.map((i) => i.id)).not.toContain(String(foreignLog.id));
    const second = await page(w.standard, { i: 1, s: 5 });
    expect(second).toMatchObject({ total: 12, take: 5, skip: 5 });
    expect(second.items.map((i) => i.id)).toEqual(first.items.slice(5, 10).map((i) => i.id));
    const ascending = await page(w.standard, { sort: 'created:asc', s: 12 });
    expect(ascending.items.map((i) => i.id)).toEqual(
      [...first.items, ...(await page(w.standard, { i: 1, s: 10 })).items]
        .map((i) => i.id)
        .reverse(),
    );

    expect((await page(w.standard, { st: 'Error' })).total).toBe(3);
    expect((await page(w.standard, { t: 'TestJob' })).total).toBe(6);
    expect((await page(w.standard, { u: w.colleague.id })).total).toBe(4);
    expect((await page(w.standard, { a: true })).total).toBe(1);
    expect((await page(w.standard, { t: 'TestJob', st: 'Error', a: false })).total).toBe(2);
    expect((await page(w.standard, { st: '', t: '' })).total).toBe(12);
    expect((await page(w.outsider, {})).total).toBe(1);

    const everything = await page(w.admin, { s: 100 });
    expect(everything.items.map((i) => i.id)).toContain(String(foreignLog.id));

    const tooBig = await api.graphql(w.standard, PAGE, { s: 101 });
    expect(tooBig.errors?.[0]?.message).toBe('Page size must be between 1 and 100');
    const badSort = await api.graphql(w.standard, PAGE, { sort: 'message:desc' });
    expect(badSort.errors?.[0]?.message).toMatch(/^Sort must be one of created, lastModified/);
    const badStatus = await api.graphql(w.standard, PAGE, { st: 'Done' });
    expect(badStatus.errors?.[0]?.message).toBe(
      'Status must be one of Event, Submitted, Started, Completed, Failed, Error, Hung',
    );

    const types = await api.graphql<{ activityLogTypes: string[] }>(
      w.outsider,
      '{ activityLogTypes }',
    );
    expect(types.data?.activityLogTypes).toEqual(
      expect.arrayContaining(['PackageUpload', 'UserLogin']),
    );
    expect(types.data?.activityLogTypes).not.toContain('TestJob');
    const mine = await api.graphql<{ activityLogTypes: string[] }>(
      w.standard,
      '{ activityLogTypes }',
    );
    expect(mine.data?.activityLogTypes).toContain('TestJob');
  });

  it('upserts a job by (type, reference key) and stamps its status transitions', async () => {
    const w = await world();
    const write = async (vars: Record<string, unknown>, user = w.standard) => {
      const result = await api.graphql<{ upsertActivityLogJob: Record<string, string | null> }>(
        user,
        UPSERT,
        { t: 'PackageUpload', k: `job-${w.ours.id}`, ...vars },
      );
      return result;
    };
    const submitted = (await write({ s: 'Submitted', m: 'queued', p: { filename: 'x.luxlz' } }))
      .data!.upsertActivityLogJob;
    expect(submitted).toMatchObject({ status: 'Submitted', message: 'queued', started: null });
    expect(submitted.submitted).not.toBeNull();

    const started = (await write({ s: 'Started' })).data!.upsertActivityLogJob;
    expect(started).toMatchObject({ id: submitted.id, status: 'Started', message: 'queued' });
    expect(started.submitted).toBe(submitted.submitted);
    expect(started.started).not.toBeNull();
    expect(started.completed).toBeNull();

    const done = (
      await write({ s: 'Completed', m: 'uploaded', l: 's3://logs/x.txt', x: { fileSize: 9 } })
    ).data!.upsertActivityLogJob;
    expect(done).toMatchObject({
      id: submitted.id,
      status: 'Completed',
      message: 'uploaded',
      logFileUrl: 's3://logs/x.txt',
      payload: { filename: 'x.luxlz' },
      metrics: { fileSize: 9 },
      started: started.started,
    });
    expect(done.completed).not.toBeNull();

    const invalid = await write({ s: 'Event' });
    expect(invalid.errors?.[0]?.message).toBe(
      'Status must be one of Submitted, Started, Completed, Failed, Error, Hung',
    );

    // A colleague (Standard) may not move someone else's job; a Power User may.
    const byColleague = await write({ s: 'Error' }, w.colleague);
    expect(byColleague.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const byPower = await write({ s: 'Hung' }, w.power);
    expect(byPower.data?.upsertActivityLogJob).toMatchObject({
      status: 'Hung',
      userId: String(w.standard.id),
    });
  });

  it("keeps another organization's entry of the same key apart: the caller writes its own", async () => {
    const w = await world();
    const key = `foreign-${w.ours.id}`;
    const theirs = await scanFactories.activityLog(w.db, w.outsider, {
      activityType: 'PackageUpload',
      referenceKey: key,
      status: 'Started',
    });
    const attempt = await api.graphql<{ upsertActivityLogJob: { id: string; status: string } }>(
      w.power,
      UPSERT,
      { t: 'PackageUpload', k: key, s: 'Failed', m: 'mine' },
    );
    expect(attempt.errors).toBeUndefined();
    expect(attempt.data?.upsertActivityLogJob.id).not.toBe(String(theirs.id));
    const rows = await w.db
      .selectFrom('activityLogs')
      .select(['id', 'status', 'message', 'userId', 'organizationId'])
      .where('referenceKey', '=', key)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: theirs.id,
        status: 'Started',
        message: theirs.message,
        userId: w.outsider.id,
        organizationId: w.outsider.organizationId,
      },
      {
        id: Number(attempt.data?.upsertActivityLogJob.id),
        status: 'Failed',
        message: 'mine',
        userId: w.power.id,
        organizationId: w.ours.id,
      },
    ]);
  });

  it("refuses a client's write of the server's own activity types, and the server's later entry is its own", async () => {
    const w = await world();
    const key = `org-${w.outsider.organizationId}/project-none/packages/drive.luxlz`;
    for (const type of ['PackageIngest', 'PointCloudLod', 'ScanPublishing']) {
      const squat = await api.graphql(w.standard, UPSERT, { t: type, k: key, s: 'Started' });
      expect(squat.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect(
      await w.db.selectFrom('activityLogs').select('id').where('referenceKey', '=', key).execute(),
    ).toEqual([]);
    const serverEntry = await recordActivity(w.db, {
      activityType: 'PackageIngest',
      referenceKey: key,
      status: 'Completed',
      organizationId: w.outsider.organizationId,
      message: 'Ingested session',
    });
    expect(serverEntry.organizationId).toBe(w.outsider.organizationId);
    const visible = await api.graphql<{ activityLogs: { items: { id: string }[] } }>(
      w.power,
      '{ activityLogs(pageIndex: 0, pageSize: 50) { items { id } } }',
    );
    expect(visible.data?.activityLogs.items.map((i) => i.id)).not.toContain(String(serverEntry.id));
  });

  it('acknowledges one log or many, within scope, Standard users only their own', async () => {
    const w = await world();
    const mine = await scanFactories.activityLog(w.db, w.standard, { status: 'Error' });
    const mine2 = await scanFactories.activityLog(w.db, w.standard, { status: 'Error' });
    const theirs = await scanFactories.activityLog(w.db, w.colleague, { status: 'Error' });
    const foreign = await scanFactories.activityLog(w.db, w.outsider, { status: 'Error' });

    const ok = await api.graphql(w.standard, ACK, { id: mine.id, a: true });
    expect(ok.data).toEqual({
      acknowledgeActivityLog: { id: String(mine.id), isAcknowledged: true },
    });
    const refused = await api.graphql(w.standard, ACK, { id: theirs.id, a: true });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const foreignAck = await api.graphql(w.standard, ACK, { id: foreign.id, a: true });
    const missingAck = await api.graphql(w.standard, ACK, { id: 9_999_999, a: true });
    expect(foreignAck.errors?.[0]?.message).toBe('Not found');
    expect(foreignAck.errors).toEqual(missingAck.errors);

    const many = async (user: typeof w.standard, vars: Record<string, unknown>) =>
      (await api.graphql<{ acknowledgeMultipleActivityLogs: number }>(user, ACK_MANY, vars)).data
        ?.acknowledgeMultipleActivityLogs;
    expect(await many(w.standard, { st: 'Error', u: w.colleague.id, a: true })).toBe(0);
    expect(await many(w.standard, { st: 'Error', a: true })).toBe(1);
    expect(await many(w.power, { t: 'PackageUpload', st: 'Error', a: true })).toBe(1);

    const states = await w.db
      .selectFrom('activityLogs')
      .select(['id', 'isAcknowledged'])
      .where('id', 'in', [mine.id, mine2.id, theirs.id, foreign.id])
      .orderBy('id')
      .execute();
    expect(states).toEqual([
      { id: mine.id, isAcknowledged: true },
      { id: mine2.id, isAcknowledged: true },
      { id: theirs.id, isAcknowledged: true },
      { id: foreign.id, isAcknowledged: false },
    ]);
  });

  it('lets server-side jobs write through recordActivity', async () => {
    const w = await world();
    const event = await recordActivity(w.db, {
      activityType: 'UserLogin',
      status: 'Event',
      userId: w.standard.id,
      message: 'signed in',
    });
    expect(event).toMatchObject({ organizationId: w.ours.id, status: 'Event' });
    const job = await recordActivity(w.db, {
      activityType: 'PackageIngest',
      referenceKey: `ingest-${w.ours.id}`,
      status: 'Started',
      organizationId: w.ours.id,
    });
    const finished = await recordActivity(w.db, {
      activityType: 'PackageIngest',
      referenceKey: `ingest-${w.ours.id}`,
      status: 'Failed',
      organizationId: w.ours.id,
      message: 'bad manifest',
    });
    expect(finished).toMatchObject({ id: job.id, status: 'Failed', message: 'bad manifest' });
    expect(finished.started).toEqual(job.started);
    expect(finished.completed).not.toBeNull();
  });
});
