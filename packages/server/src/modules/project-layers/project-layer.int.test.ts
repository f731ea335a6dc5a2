import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { buildWorld } from '../../../test/world.ts';

const LIST = `query($p: ID!) { projectLayers(projectId: $p) {
  id projectId name comments source layers ignore showByDefault created lastModified } }`;

type Layer = { id: string; name: string; ignore: boolean; showByDefault: boolean };

describe.each(DATABASE_KINDS)('project layers API on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  /** The Admin belongs to the other organization; our organization has a second project. */
  async function world() {
    const w = await buildWorld(api.database.db, { adminIn: 'other' });
    const { db, ours } = w;
    const add = (projectId: number, name: string, fields: Record<string, unknown> = {}) =>
      db
        .insertInto('projectLayers')
        .values({
          projectId,
          name,
          source: '{"type":"FeatureCollection","features":[]}',
          ...fields,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    return { ...w, otherProject: await factories.project(db, ours.id), add };
  }

  it("lists the project's layers sorted by name, hidden ones flagged, defaults as the spec sets", async () => {
    const w = await world();
    await w.add(w.project.id, 'TWS', { layers: '[{"type":"line"}]', comments: 'workspace' });
    await w.add(w.project.id, 'Ditchline', { ignore: true });
    await w.add(w.project.id, 'KPs', { showByDefault: false });
    await w.add(w.otherProject.id, 'ROW');

    const result = await api.graphql<{ projectLayers: Layer[] }>(w.standard, LIST, {
      p: w.project.id,
    });
    expect(result.errors).toBeUndefined();
    const layers = result.data?.projectLayers ?? [];
    expect(layers.map((l) => l.name)).toEqual(['Ditchline', 'KPs', 'TWS']);
    expect(layers.map((l) => [l.ignore, l.showByDefault])).toEqual([
      [true, true],
      [false, false],
      [false, true],
    ]);
    expect(layers[2]).toMatchObject({
      projectId: String(w.project.id),
      comments: 'workspace',
      layers: '[{"type":"line"}]',
      source: '{"type":"FeatureCollection","features":[]}',
    });
    // A layer saved without styles has an empty style list, so the map draws its defaults.
    expect((layers[0] as Record<string, unknown>).layers).toBe('[]');
  });

  it("answers 'Not found' for another organization's project, as for a missing one", async () => {
    const w = await world();
    await w.add(w.project.id, 'KPs');
    for (const p of [w.project.id, 99_999_999]) {
      const result = await api.graphql(w.outsider, LIST, { p });
      expect(result.data).toBeNull();
      expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const admin = await api.graphql<{ projectLayers: Layer[] }>(w.admin, LIST, {
      p: w.project.id,
    });
    expect(admin.data?.projectLayers.map((l) => l.name)).toEqual(['KPs']);
  });

  it('answers each layer with its project, counts and group', async () => {
    const w = await world();
    const group = await api.database.db
      .insertInto('vendors')
      .values({ name: 'Survey', projectId: w.project.id, organizationId: w.ours.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grouped = await w.add(w.project.id, 'Grouped', { featureCount: 3, sourceBytes: 120 });
    await w.add(w.project.id, 'Loose');
    await api.database.db
      .insertInto('vendorLayers')
      .values({ layerId: grouped.id, vendorId: group.id })
      .execute();
    const result = await api.graphql<{ projectLayers: unknown[] }>(
      w.standard,
      `query($p: ID!) { projectLayers(projectId: $p) {
        name project { id name } featureCount sourceBytes vendorId vendor { id name } } }`,
      { p: w.project.id },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.projectLayers).toEqual([
      {
        name: 'Grouped',
        project: { id: String(w.project.id), name: w.project.name },
        featureCount: 3,
        sourceBytes: 120,
        vendorId: String(group.id),
        vendor: { id: String(group.id), name: 'Survey' },
      },
      {
        name: 'Loose',
        project: { id: String(w.project.id), name: w.project.name },
        featureCount: 0,
        sourceBytes: 0,
        vendorId: null,
        vendor: null,
      },
    ]);
  });

  it('answers the same list as projectLayersForProject', async () => {
    const w = await world();
    await w.add(w.project.id, 'ROW');
    const result = await api.graphql<{ projectLayersForProject: Layer[] }>(
      w.standard,
      'query($p: ID!) { projectLayersForProject(projectId: $p) { name } }',
      { p: w.project.id },
    );
    expect(result.data?.projectLayersForProject).toEqual([{ name: 'ROW' }]);
  });
});
