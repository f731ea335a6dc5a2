import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { databaseAt } from '../../../test/migrated-database.ts';
import { migrateToLatest } from '../database.ts';

describe.each(DATABASE_KINDS)('migration 0006-layers on %s', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it('fills counts and sizes of existing layers and keeps each layer in one group', async () => {
    const at = await databaseAt(kind, '0004-trajectory-processing');
    drop = at.drop;
    const { db } = at;
    const org = await db
      .insertInto('organizations')
      .values({ name: 'Org' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const project = await db
      .insertInto('projects')
      .values({ name: 'P', organizationId: org.id, utm: JSON.stringify({ utm: '10N' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const source = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: null, properties: { name: 'Zürich' } },
        { type: 'Feature', geometry: null, properties: {} },
      ],
    });
    const values = [
      { projectId: project.id, name: 'Two', source },
      { projectId: project.id, name: 'Broken', source: 'not json' },
    ];
    // Typed as the new schema, so the old table's columns are named explicitly.
    const [two, broken] = await db
      .insertInto('projectLayers')
      .columns(['projectId', 'name', 'source'])
      .values(values)
      .returning('id')
      .execute();
    const [first, second, global] = await db
      .insertInto('vendors')
      .values([
        { name: 'First', projectId: project.id },
        { name: 'Second', projectId: project.id },
        { name: 'Global', projectId: null },
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('vendorLayers')
      .values([
        { layerId: two!.id, vendorId: second!.id },
        { layerId: two!.id, vendorId: first!.id },
      ])
      .execute();

    await migrateToLatest(db);

    const layers = await db
      .selectFrom('projectLayers')
      .select(['id', 'featureCount', 'sourceBytes'])
      .orderBy('id')
      .execute();
    expect(layers).toEqual([
      { id: two!.id, featureCount: 2, sourceBytes: Buffer.byteLength(source, 'utf8') },
      { id: broken!.id, featureCount: 0, sourceBytes: 8 },
    ]);
    const links = await db.selectFrom('vendorLayers').selectAll().execute();
    expect(links).toEqual([{ layerId: two!.id, vendorId: first!.id }]);
    await expect(
      db.insertInto('vendorLayers').values({ layerId: two!.id, vendorId: global!.id }).execute(),
    ).rejects.toThrow();
    const groups = await db
      .selectFrom('vendors')
      .select(['name', 'organizationId'])
      .orderBy('id')
      .execute();
    expect(groups).toEqual([
      { name: 'First', organizationId: org.id },
      { name: 'Second', organizationId: org.id },
      { name: 'Global', organizationId: null },
    ]);
  });
});
