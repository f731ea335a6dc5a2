import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { buildWorld } from '../../../test/world.ts';
import { STALE_MULTIPART_AGE_MS } from '../../storage/stale-multipart-sweeper.ts';
import { activityLogRepository } from '../activity-logs/activity-log.repository.ts';
import { recordActivity } from '../activity-logs/activity-log.service.ts';
import { abandonedUploadMessage, endAbandonedUploadEntries } from './abandoned-upload-entries.ts';

const UPSERT = `mutation($k: String!, $s: String!, $m: String, $p: JSON) {
  upsertActivityLogJob(activityType: "PackageUpload", referenceKey: $k, status: $s, message: $m,
    payload: $p) { id status } }`;
const ERRORS = `query { activityLogs(pageIndex: 0, pageSize: 10, activityTypeFilter: "PackageUpload",
  statusFilter: "Error", isAcknowledgedFilter: false) { total items { id message } } }`;

describe.each(DATABASE_KINDS)('abandoned upload entries on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  it('end Error a day after their last write, once the upload can no longer finish', async () => {
    const w = await buildWorld(api.database.db);
    const upload = async (key: string, status: string, filename: string) => {
      const result = await api.graphql<{ upsertActivityLogJob: { id: string } }>(
        w.standard,
        UPSERT,
        {
          k: `${key}-${w.ours.id}`,
          s: status,
          m: `Upload of ${filename} started`,
          p: { filename },
        },
      );
      expect(result.errors).toBeUndefined();
      return Number(result.data!.upsertActivityLogJob.id);
    };
    const abandoned = await upload('abandoned', 'Started', 'drive-1.luxlz');
    const running = await upload('running', 'Started', 'drive-2.luxlz');
    const completed = await upload('completed', 'Completed', 'drive-3.luxlz');
    // The server's own jobs have their own sweeps (a job lease, Hung runs): not this one.
    const ingest = await recordActivity(w.db, {
      activityType: 'PackageIngest',
      referenceKey: `ingest-${w.ours.id}`,
      status: 'Started',
      organizationId: w.ours.id,
    });
    const dayAgo = Date.now() - STALE_MULTIPART_AGE_MS;
    const setLastWrite = (ids: number[], at: number) =>
      w.db
        .updateTable('activityLogs')
        .set({ lastModified: new Date(at) })
        .where('id', 'in', ids)
        .execute();
    await setLastWrite([abandoned, completed, ingest.id], dayAgo - 60_000);
    await setLastWrite([running], dayAgo + 60 * 60_000);

    const before = await w.db.selectFrom('activityLogs').selectAll().orderBy('id').execute();
    expect(await endAbandonedUploadEntries(w.db)).toEqual({ ended: 1 });
    const after = await w.db.selectFrom('activityLogs').selectAll().orderBy('id').execute();
    const ended = after.find((entry) => entry.id === abandoned)!;
    expect(ended).toMatchObject({
      status: 'Error',
      message: abandonedUploadMessage('drive-1.luxlz'),
      isAcknowledged: false,
    });
    expect(ended.message).toBe(
      'Upload of drive-1.luxlz failed: the page was closed or reloaded, or lost its connection, and the upload was not resumed within a day. Upload the file again.',
    );
    expect(ended.completed).not.toBeNull();
    expect(ended.started).toEqual(before.find((entry) => entry.id === abandoned)!.started);
    expect(after.filter((entry) => entry.id !== abandoned)).toEqual(
      before.filter((entry) => entry.id !== abandoned),
    );

    // The uploader finds it among the upload errors the upload screen counts.
    const errors = await api.graphql<{
      activityLogs: { total: number; items: { id: string; message: string }[] };
    }>(w.standard, ERRORS);
    expect(errors.data!.activityLogs.items.map((entry) => Number(entry.id))).toEqual([abandoned]);

    // A second run finds nothing more to end.
    expect(await endAbandonedUploadEntries(w.db)).toEqual({ ended: 0 });
  });

  it('never overwrites an entry written after the sweep read it', async () => {
    const w = await buildWorld(api.database.db);
    const entry = await recordActivity(w.db, {
      activityType: 'PackageUpload',
      referenceKey: `raced-${w.ours.id}`,
      status: 'Started',
      userId: w.standard.id,
    });
    // The sweep read it as a day old, then the browser resumed the upload and wrote it.
    const readBefore = new Date(Date.now() - STALE_MULTIPART_AGE_MS);
    await w.db
      .updateTable('activityLogs')
      .set({ lastModified: sql<Date>`now()` })
      .where('id', '=', entry.id)
      .execute();
    const written = await activityLogRepository.updateIfUnchangedSince(
      w.db,
      entry.id,
      { status: 'Started', before: readBefore },
      { status: 'Error' },
    );
    expect(written).toBeUndefined();
    const kept = await activityLogRepository.findById(w.db, entry.id);
    expect(kept?.status).toBe('Started');
  });
});
