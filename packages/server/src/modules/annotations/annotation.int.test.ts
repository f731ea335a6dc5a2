import { POINT_INVALID, VALUE_REQUIRED } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { buildWorld } from '../../../test/world.ts';

const FIELDS =
  'id scanId scan { id } title type comment point { type coordinates } created lastModified user { id name }';
const CREATE = `mutation($s: ID!, $t: String!, $ty: String, $c: String, $p: JSON!) {
  createAnnotation(scanId: $s, title: $t, type: $ty, comment: $c, point: $p) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $t: String!, $p: JSON!) {
  updateAnnotation(id: $id, title: $t, point: $p) { id title point { coordinates } } }`;
const DELETE = 'mutation($id: ID!) { deleteAnnotation(id: $id) }';

describe.each(DATABASE_KINDS)('annotations API on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  /** Two scans in our project, and a second Standard user who annotates too. */
  async function world() {
    const w = await buildWorld(api.database.db, { scans: 2 });
    const [scan, otherScan] = w.scans;
    return {
      ...w,
      scan: scan!,
      otherScan: otherScan!,
      colleague: await factories.user(w.db, w.ours.id, 'Standard'),
    };
  }

  it('creates an annotation recording its author, and validates title and point', async () => {
    const w = await world();
    const point = { type: 'Point', coordinates: [-114.07, 51.05, 1045.2] };
    const created = await api.graphql<{ createAnnotation: Record<string, unknown> }>(
      w.standard,
      CREATE,
      { s: w.scan.id, t: ' Crack ', ty: 'issue', c: 'near KP 12', p: point },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createAnnotation).toMatchObject({
      scanId: w.scan.id,
      scan: { id: w.scan.id },
      title: 'Crack',
      type: 'issue',
      comment: 'near KP 12',
      point,
      user: { id: String(w.standard.id), name: w.standard.name },
    });

    const blank = await api.graphql(w.standard, CREATE, { s: w.scan.id, t: '  ', p: point });
    expect(blank.errors?.[0]?.message).toBe(VALUE_REQUIRED);
    for (const bad of [
      { type: 'Point', coordinates: [200, 50] },
      { type: 'Point', coordinates: [-100, 95] },
      { type: 'Point', coordinates: [-100] },
      { type: 'LineString', coordinates: [-100, 50] },
      'POINT(1 2)',
    ]) {
      const refused = await api.graphql(w.standard, CREATE, { s: w.scan.id, t: 'x', p: bad });
      expect(refused.errors?.[0]?.message).toBe(POINT_INVALID);
    }
    const count = await w.db
      .selectFrom('annotations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scanId', '=', w.scan.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('lists visible annotations newest first, filtered by project or scan', async () => {
    const w = await world();
    const first = await scanFactories.annotation(w.db, w.scan.id, w.standard.id);
    const second = await scanFactories.annotation(w.db, w.otherScan.id, w.colleague.id);
    const foreign = await scanFactories.annotation(w.db, w.foreignScan.id, w.outsider.id);
    const all = await api.graphql<{ annotations: { id: string }[] }>(
      w.standard,
      '{ annotations { id } }',
    );
    const ids = all.data!.annotations.map((a) => a.id);
    expect(ids).toEqual([String(second.id), String(first.id)]);
    expect(ids).not.toContain(String(foreign.id));

    const byScan = await api.graphql<{ annotations: { id: string }[] }>(
      w.standard,
      'query($s: ID) { annotations(scanId: $s) { id } }',
      { s: w.scan.id },
    );
    expect(byScan.data?.annotations).toEqual([{ id: String(first.id) }]);
    const byProject = await api.graphql<{ annotations: { id: string }[] }>(
      w.standard,
      'query($p: ID) { annotations(projectId: $p) { id } }',
      { p: w.project.id },
    );
    expect(byProject.data?.annotations).toHaveLength(2);

    const foreignScan = await api.graphql(
      w.standard,
      'query($s: ID) { annotations(scanId: $s) { id } }',
      { s: w.foreignScan.id },
    );
    const missingScan = await api.graphql(
      w.standard,
      'query($s: ID) { annotations(scanId: $s) { id } }',
      { s: 'NOPE' },
    );
    expect(foreignScan.errors?.[0]?.message).toBe('Not found');
    expect(foreignScan.errors).toEqual(missingScan.errors);

    const everything = await api.graphql<{ annotations: { id: string }[] }>(
      w.admin,
      '{ annotations { id } }',
    );
    expect(everything.data!.annotations.map((a) => a.id)).toContain(String(foreign.id));
  });

  it('lets a Standard user change only their own annotations; a Power User any in scope', async () => {
    const w = await world();
    const mine = await scanFactories.annotation(w.db, w.scan.id, w.standard.id);
    const theirs = await scanFactories.annotation(w.db, w.scan.id, w.colleague.id);
    const p = { type: 'Point', coordinates: [-100.5, 50.5] };

    const updated = await api.graphql<{ updateAnnotation: { title: string } }>(w.standard, UPDATE, {
      id: mine.id,
      t: 'Renamed',
      p,
    });
    expect(updated.data?.updateAnnotation).toEqual({
      id: String(mine.id),
      title: 'Renamed',
      point: { coordinates: [-100.5, 50.5] },
    });

    const refused = await api.graphql(w.standard, UPDATE, { id: theirs.id, t: 'Mine now', p });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const refusedDelete = await api.graphql(w.standard, DELETE, { id: theirs.id });
    expect(refusedDelete.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const byPower = await api.graphql(w.power, UPDATE, { id: theirs.id, t: 'Checked', p });
    expect(byPower.errors).toBeUndefined();
    const deleted = await api.graphql<{ deleteAnnotation: boolean }>(w.power, DELETE, {
      id: theirs.id,
    });
    expect(deleted.data?.deleteAnnotation).toBe(true);
    const gone = await w.db
      .selectFrom('annotations')
      .select('id')
      .where('id', '=', theirs.id)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });

  it("answers another organization's scan or annotation like a missing one and changes nothing", async () => {
    const w = await world();
    const p = { type: 'Point', coordinates: [-100, 50] };
    const target = await scanFactories.annotation(w.db, w.scan.id, w.standard.id, {
      title: 'Original',
    });

    const createForeign = await api.graphql(w.outsider, CREATE, { s: w.scan.id, t: 'x', p });
    const createMissing = await api.graphql(w.outsider, CREATE, { s: 'NO-SCAN', t: 'x', p });
    expect(createForeign.errors?.[0]?.message).toBe('Not found');
    expect(createForeign.errors).toEqual(createMissing.errors);

    const updateForeign = await api.graphql(w.outsider, UPDATE, { id: target.id, t: 'Hacked', p });
    const updateMissing = await api.graphql(w.outsider, UPDATE, { id: 9_999_999, t: 'x', p });
    expect(updateForeign.errors?.[0]?.message).toBe('Not found');
    expect(updateForeign.errors).toEqual(updateMissing.errors);

    const deleteForeign = await api.graphql(w.outsider, DELETE, { id: target.id });
    const deleteMissing = await api.graphql(w.outsider, DELETE, { id: 9_999_999 });
    expect(deleteForeign.errors?.[0]?.message).toBe('Not found');
    expect(deleteForeign.errors).toEqual(deleteMissing.errors);

    const unchanged = await w.db
      .selectFrom('annotations')
      .select(['title'])
      .where('id', '=', target.id)
      .executeTakeFirst();
    expect(unchanged).toEqual({ title: 'Original' });
    const created = await w.db
      .selectFrom('annotations')
      .select('id')
      .where('scanId', '=', w.scan.id)
      .execute();
    expect(created).toHaveLength(1);
  });
});
