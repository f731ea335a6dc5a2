import { LAYER_SOURCE_MAX_BYTES } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { buildWorld } from '../../../test/world.ts';

const FIELDS = `id projectId project { id name } name comments source layers ignore showByDefault
  featureCount sourceBytes vendorId vendor { id name } created lastModified`;
const CREATE = `mutation($name: String!, $comments: String, $source: String!, $layers: String,
  $ignore: Boolean, $show: Boolean, $p: ID!, $v: ID) {
  createProjectLayer(name: $name, comments: $comments, source: $source, layers: $layers,
    ignore: $ignore, showByDefault: $show, projectId: $p, vendorId: $v) { ${FIELDS} } }`;
const UPDATE_NAME = `mutation($id: ID!, $name: String) {
  updateProjectLayer(id: $id, name: $name) { ${FIELDS} } }`;
const UPDATE_ALL = `mutation($id: ID!, $name: String, $comments: String, $source: String,
  $layers: String, $ignore: Boolean, $show: Boolean, $p: ID) {
  updateProjectLayer(id: $id, name: $name, comments: $comments, source: $source, layers: $layers,
    ignore: $ignore, showByDefault: $show, projectId: $p) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteProjectLayer(id: $id) }';
const SET_GROUP = `mutation($l: ID!, $v: ID) { updateLayerGroup(layerId: $l, vendorId: $v) {
  id vendorId vendor { id name } } }`;

const point = (lon: number, lat: number, name = 'p') => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties: { name },
});
const collection = (...features: unknown[]) =>
  JSON.stringify({ type: 'FeatureCollection', features });

interface Layer {
  id: string;
  projectId: string;
  project: { id: string; name: string };
  name: string;
  comments: string | null;
  source: string;
  layers: string;
  ignore: boolean;
  showByDefault: boolean;
  featureCount: number;
  sourceBytes: number;
  vendorId: string | null;
  vendor: { id: string; name: string } | null;
  lastModified: string;
}

describe.each(DATABASE_KINDS)('project layer mutations on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  /**
   * The Admin belongs to the other organization, so every Admin action here crosses organizations.
   * Our organization has a second project, `sibling`, to move layers to.
   */
  async function world() {
    const w = await buildWorld(api.database.db, { adminIn: 'other' });
    const { db, ours, project, power } = w;
    const sibling = await factories.project(db, ours.id);
    const group = (name: string, projectId: number | null, organizationId: number | null) =>
      db
        .insertInto('vendors')
        .values({ name, projectId, organizationId })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
    const create = (vars: Record<string, unknown>, user = power) =>
      api.graphql<{ createProjectLayer: Layer }>(user, CREATE, {
        name: 'Ditchline',
        source: collection(point(-123, 44)),
        p: project.id,
        ...vars,
      });
    const row = (id: string | number) =>
      db.selectFrom('projectLayers').selectAll().where('id', '=', Number(id)).executeTakeFirst();
    const groupOf = async (id: string | number) =>
      (
        await db
          .selectFrom('vendorLayers')
          .select('vendorId')
          .where('layerId', '=', Number(id))
          .execute()
      ).map((r) => r.vendorId);
    return { ...w, sibling, group, create, row, groupOf };
  }

  it('creates a layer with the spec defaults, its counts and its project', async () => {
    const w = await world();
    const source = collection(point(-123, 44), point(-123.1, 44.1, 'Zürich'));
    const result = await w.create({ name: '  KP markers ', source, comments: ' every km ' });
    expect(result.errors).toBeUndefined();
    const layer = result.data!.createProjectLayer;
    expect(layer).toMatchObject({
      projectId: String(w.project.id),
      project: { id: String(w.project.id), name: w.project.name },
      name: 'KP markers',
      comments: 'every km',
      source,
      layers: '[]',
      ignore: false,
      showByDefault: true,
      featureCount: 2,
      sourceBytes: Buffer.byteLength(source, 'utf8'),
      vendorId: null,
      vendor: null,
    });
    expect(await w.row(layer.id)).toMatchObject({ featureCount: 2, name: 'KP markers' });

    const styled = await w.create({
      name: 'ROW',
      layers: '[{"type":"line","paint":{"line-color":"#f00"}}]',
      ignore: true,
      show: false,
    });
    expect(styled.data?.createProjectLayer).toMatchObject({
      layers: '[{"type":"line","paint":{"line-color":"#f00"}}]',
      ignore: true,
      showByDefault: false,
    });
  });

  it('refuses bad names, sources and styles with the spec texts, storing nothing', async () => {
    const w = await world();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ name: '' }, 'This field is required'],
      [{ name: 'ab' }, /3 to 50/],
      [{ name: 'x'.repeat(51) }, /3 to 50/],
      [{ name: 'bad/name' }, /3 to 50/],
      [{ source: '{"type":"Feature"}' }, 'Invalid GeoJSON: Must be a FeatureCollection'],
      [{ source: 'not json' }, 'Invalid GeoJSON: Must be a FeatureCollection'],
      [
        { source: '{"type":"FeatureCollection","features":{}}' },
        'Invalid GeoJSON: Features must be an array',
      ],
      [{ layers: '[{"type":"line","id":"x"}]' }, 'Layer styles cannot contain id or source'],
      [{ layers: '[{"type":"line","source":"x"}]' }, 'Layer styles cannot contain id or source'],
      [{ layers: '{"type":"line"}' }, 'Layer styles must be a JSON array of style objects'],
      // Styles MapLibre refuses: saved, they would draw nothing on the map.
      [
        { layers: '[{"type":"circle"},{"type":"line","paint":{"line-color":123}}]' },
        'Entry 2: paint.line-color: color expected, number found',
      ],
      [{ layers: '[{"type":"bogus"}]' }, /^Entry 1: type: expected one of \[fill, line, /],
      [
        { layers: '[{"type":"line","paint":{"line-width":"wide"}}]' },
        'Entry 1: paint.line-width: number expected, string found',
      ],
    ];
    for (const [vars, message] of cases) {
      const result = await w.create(vars);
      expect(result.data, JSON.stringify(vars)).toBeNull();
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toMatch(message);
    }
    const stored = await w.db
      .selectFrom('projectLayers')
      .select('id')
      .where('projectId', '=', w.project.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('takes a name once per project, case aside, on create, rename and move', async () => {
    const w = await world();
    const first = await w.create({ name: 'Ditchline' });
    expect(first.errors).toBeUndefined();
    const again = await w.create({ name: 'DITCHLINE' });
    expect(again.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(again.errors?.[0]?.message).toBe(
      "A layer named 'DITCHLINE' already exists in this project.",
    );
    // Another project may have its own.
    const sibling = await w.create({ name: 'Ditchline', p: w.sibling.id });
    expect(sibling.errors).toBeUndefined();
    const other = await w.create({ name: 'Culverts' });
    const renamed = await api.graphql(w.power, UPDATE_ALL, {
      id: other.data!.createProjectLayer.id,
      name: 'ditchline',
    });
    expect(renamed.errors?.[0]?.message).toBe(
      "A layer named 'ditchline' already exists in this project.",
    );
    const moved = await api.graphql(w.power, UPDATE_ALL, {
      id: sibling.data!.createProjectLayer.id,
      p: w.project.id,
    });
    expect(moved.errors?.[0]?.message).toBe(
      "A layer named 'Ditchline' already exists in this project.",
    );
    // Its own name again is no clash.
    const same = await api.graphql(w.power, UPDATE_ALL, {
      id: first.data!.createProjectLayer.id,
      name: 'Ditchline',
    });
    expect(same.errors).toBeUndefined();
    const names = await w.db
      .selectFrom('projectLayers')
      .select(['name', 'projectId'])
      .where('projectId', 'in', [w.project.id, w.sibling.id])
      .orderBy('id')
      .execute();
    expect(names).toEqual([
      { name: 'Ditchline', projectId: w.project.id },
      { name: 'Ditchline', projectId: w.sibling.id },
      { name: 'Culverts', projectId: w.project.id },
    ]);
  });

  it('accepts a 16 MiB source through the 20 MiB body limit and refuses a larger one', async () => {
    const w = await world();
    const head = '{"type":"FeatureCollection","features":[';
    const feature = JSON.stringify(point(-123, 44));
    const count = Math.floor((LAYER_SOURCE_MAX_BYTES - head.length - 2) / (feature.length + 1));
    const fits = `${head}${Array(count).fill(feature).join(',')}]}`;
    expect(fits.length).toBeLessThanOrEqual(LAYER_SOURCE_MAX_BYTES);
    const ok = await w.create({ source: fits });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.createProjectLayer).toMatchObject({
      featureCount: count,
      sourceBytes: fits.length,
    });

    // Whitespace needs no escaping in the request, so this body stays under 20 MiB.
    const over = `${fits}${' '.repeat(200_000)}`;
    const tooLarge = await w.create({ source: over, name: 'Too large' });
    expect(tooLarge.errors?.[0]?.message).toBe(
      'The layer is 16.2 MB after conversion; the limit is 16 MB',
    );

    // Above 20 MiB the body itself is refused before anything runs.
    const huge = await w.create({ source: `${over}${' '.repeat(5 * 1024 * 1024)}`, name: 'Huge' });
    expect(huge.status).toBe(413);
    const names = await w.db
      .selectFrom('projectLayers')
      .select('name')
      .where('projectId', '=', w.project.id)
      .execute();
    expect(names).toEqual([{ name: 'Ditchline' }]);
  }, 60_000);

  it('still bounds the query text itself by the document limit', async () => {
    const w = await world();
    const inline = `mutation { createProjectLayer(name: "Inline", projectId: ${w.project.id},
      source: ${JSON.stringify(collection(point(0, 0)) + ' '.repeat(200_000))}) { id } }`;
    const result = await api.graphql(w.power, inline);
    expect(result.status).toBe(400);
    expect(result.errors?.[0]?.message).toMatch(/larger than/);
  });

  it('puts a new layer in a group of its project or a global one, never another project’s', async () => {
    const w = await world();
    const own = await w.group('Survey', w.project.id, w.ours.id);
    const global = await w.group('Public boundaries', null, null);
    const orgGlobal = await w.group('Company', null, w.ours.id);
    const siblings = await w.group('Sibling', w.sibling.id, w.ours.id);
    const foreign = await w.group('Foreign', w.foreignProject.id, w.other.id);
    const foreignGlobal = await w.group('Foreign global', null, w.other.id);

    for (const group of [own, global, orgGlobal]) {
      const result = await w.create({ name: `In ${group.name}`, v: group.id });
      expect(result.errors).toBeUndefined();
      expect(result.data?.createProjectLayer).toMatchObject({
        vendorId: String(group.id),
        vendor: { id: String(group.id), name: group.name },
      });
    }
    const wrong = await w.create({ name: 'Wrong group', v: siblings.id });
    expect(wrong.errors?.[0]?.message).toBe(
      "The group must belong to the layer's project or be global to its organization",
    );
    for (const group of [foreign, foreignGlobal]) {
      const hidden = await w.create({ name: 'Hidden group', v: group.id });
      expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    // An Admin sees every group, but a group must still fit the layer's organization.
    const adminWrong = await w.create({ name: 'Admin wrong', v: foreignGlobal.id }, w.admin);
    expect(adminWrong.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const count = await w.db
      .selectFrom('projectLayers')
      .select('name')
      .where('projectId', '=', w.project.id)
      .execute();
    expect(count.map((r) => r.name).sort()).toEqual([
      'In Company',
      'In Public boundaries',
      'In Survey',
    ]);
  });

  it('changes only the fields given, recounting a new source', async () => {
    const w = await world();
    const created = (
      await w.create({ comments: 'keep', layers: '[{"type":"circle"}]', ignore: true })
    ).data!.createProjectLayer;
    const renamed = await api.graphql<{ updateProjectLayer: Layer }>(w.power, UPDATE_NAME, {
      id: created.id,
      name: 'Ditchline 2',
    });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateProjectLayer).toMatchObject({
      name: 'Ditchline 2',
      comments: 'keep',
      layers: '[{"type":"circle"}]',
      ignore: true,
      showByDefault: true,
      source: created.source,
      featureCount: 1,
    });
    // Sent twice, so the compiled (JIT) form of the operation keeps absent arguments absent.
    const again = await api.graphql<{ updateProjectLayer: Layer }>(w.power, UPDATE_NAME, {
      id: created.id,
      name: 'Ditchline 3',
    });
    expect(again.data?.updateProjectLayer).toMatchObject({ name: 'Ditchline 3', comments: 'keep' });

    const source = collection(point(1, 1), point(2, 2), point(3, 3));
    const all = await api.graphql<{ updateProjectLayer: Layer }>(w.power, UPDATE_ALL, {
      id: created.id,
      name: 'Ditchline',
      comments: null,
      source,
      layers: '[]',
      ignore: false,
      show: false,
    });
    expect(all.errors).toBeUndefined();
    expect(all.data?.updateProjectLayer).toMatchObject({
      comments: null,
      source,
      layers: '[]',
      ignore: false,
      showByDefault: false,
      featureCount: 3,
      sourceBytes: source.length,
    });
    expect(new Date(all.data!.updateProjectLayer.lastModified).getTime()).toBeGreaterThanOrEqual(
      new Date(created.lastModified).getTime(),
    );

    const bad = await api.graphql(w.power, UPDATE_ALL, { id: created.id, source: '[]' });
    expect(bad.errors?.[0]?.message).toBe('Invalid GeoJSON: Must be a FeatureCollection');
    const badName = await api.graphql(w.power, UPDATE_NAME, { id: created.id, name: 'x' });
    expect(badName.errors?.[0]?.message).toMatch(/3 to 50/);
    expect(await w.row(created.id)).toMatchObject({ name: 'Ditchline', featureCount: 3 });
  });

  it('moves a layer to another project, leaving a group that no longer fits it', async () => {
    const w = await world();
    const own = await w.group('Survey', w.project.id, w.ours.id);
    const orgGlobal = await w.group('Company', null, w.ours.id);
    const inOwn = (await w.create({ name: 'In own', v: own.id })).data!.createProjectLayer;
    const inGlobal = (await w.create({ name: 'In global', v: orgGlobal.id })).data!
      .createProjectLayer;

    for (const layer of [inOwn, inGlobal]) {
      const moved = await api.graphql<{ updateProjectLayer: Layer }>(w.power, UPDATE_ALL, {
        id: layer.id,
        p: w.sibling.id,
      });
      expect(moved.errors).toBeUndefined();
      expect(moved.data?.updateProjectLayer.projectId).toBe(String(w.sibling.id));
    }
    expect(await w.groupOf(inOwn.id)).toEqual([]);
    expect(await w.groupOf(inGlobal.id)).toEqual([orgGlobal.id]);

    const foreign = await api.graphql(w.power, UPDATE_ALL, {
      id: inGlobal.id,
      p: w.foreignProject.id,
    });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await w.row(inGlobal.id))?.projectId).toBe(w.sibling.id);

    // An Admin moves it to another organization: a group global to the old one is left.
    const across = await api.graphql(w.admin, UPDATE_ALL, {
      id: inGlobal.id,
      p: w.foreignProject.id,
    });
    expect(across.errors).toBeUndefined();
    expect(await w.groupOf(inGlobal.id)).toEqual([]);
  });

  it('deletes a layer and its group link, keeping the group', async () => {
    const w = await world();
    const own = await w.group('Survey', w.project.id, w.ours.id);
    const layer = (await w.create({ v: own.id })).data!.createProjectLayer;
    const result = await api.graphql<{ deleteProjectLayer: boolean }>(w.power, DELETE, {
      id: layer.id,
    });
    expect(result.data?.deleteProjectLayer).toBe(true);
    expect(await w.row(layer.id)).toBeUndefined();
    expect(await w.groupOf(layer.id)).toEqual([]);
    const group = await w.db.selectFrom('vendors').select('id').where('id', '=', own.id).execute();
    expect(group).toHaveLength(1);
    const again = await api.graphql(w.power, DELETE, { id: layer.id });
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('moves a layer between groups, keeping it in at most one, and ungroups it', async () => {
    const w = await world();
    const own = await w.group('Survey', w.project.id, w.ours.id);
    const global = await w.group('Public boundaries', null, null);
    const siblings = await w.group('Sibling', w.sibling.id, w.ours.id);
    const foreignGlobal = await w.group('Foreign global', null, w.other.id);
    const layer = (await w.create({})).data!.createProjectLayer;

    const intoOwn = await api.graphql<{ updateLayerGroup: Layer }>(w.power, SET_GROUP, {
      l: layer.id,
      v: own.id,
    });
    expect(intoOwn.data?.updateLayerGroup).toMatchObject({
      vendorId: String(own.id),
      vendor: { name: 'Survey' },
    });
    await api.graphql(w.power, SET_GROUP, { l: layer.id, v: global.id });
    expect(await w.groupOf(layer.id)).toEqual([global.id]);

    const wrong = await api.graphql(w.power, SET_GROUP, { l: layer.id, v: siblings.id });
    expect(wrong.errors?.[0]?.message).toMatch(/must belong to the layer's project/);
    const hidden = await api.graphql(w.power, SET_GROUP, { l: layer.id, v: foreignGlobal.id });
    expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await w.groupOf(layer.id)).toEqual([global.id]);

    const out = await api.graphql<{ updateLayerGroup: Layer }>(w.power, SET_GROUP, {
      l: layer.id,
      v: null,
    });
    expect(out.data?.updateLayerGroup).toMatchObject({ vendorId: null, vendor: null });
    expect(await w.groupOf(layer.id)).toEqual([]);
  });

  it("refuses Standard users and answers another organization's layer as not found", async () => {
    const w = await world();
    const layer = (await w.create({})).data!.createProjectLayer;
    const standard = await w.create({ name: 'Standard' }, w.standard);
    expect(standard.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const [document, vars] of [
      [UPDATE_NAME, { id: layer.id, name: 'Renamed' }],
      [DELETE, { id: layer.id }],
      [SET_GROUP, { l: layer.id, v: null }],
    ] as const) {
      const refused = await api.graphql(w.standard, document, vars);
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const foreign = await api.graphql(w.outsider, document, vars);
      expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const missing = await api.graphql(w.power, document, {
        ...vars,
        id: 99_999_999,
        l: 99_999_999,
      });
      expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const foreignCreate = await w.create({ name: 'Foreign' }, w.outsider);
    expect(foreignCreate.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await w.row(layer.id)).toMatchObject({ name: 'Ditchline' });
    const admin = await api.graphql(w.admin, UPDATE_NAME, { id: layer.id, name: 'By admin' });
    expect(admin.errors).toBeUndefined();
  });
});
