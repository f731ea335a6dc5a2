import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { buildWorld } from '../../../test/world.ts';

const GROUP = `id name description projectId project { id name } created lastModified
  vendorLayers { layerId vendorId layer { id name } vendor { id name } }`;
const LIST = `query($p: ID) { vendors(projectId: $p) { id name projectId } }`;
const GET = `query($id: ID!) { vendor(id: $id) { ${GROUP} } }`;
const SEARCH = `query($t: String!, $p: ID) { searchVendors(searchTerm: $t, projectId: $p) { id name } }`;
const LINKS = `query($p: ID) { vendorLayers(projectId: $p) { layerId vendorId } }`;
const LINKS_OF = `query($v: ID!) { vendorLayersByVendorId(vendorId: $v) {
  layerId vendorId layer { name } vendor { name } } }`;
const CREATE = `mutation($name: String!, $d: String, $p: ID) {
  createVendor(name: $name, description: $d, projectId: $p) { ${GROUP} } }`;
const RENAME = `mutation($id: ID!, $name: String) { updateVendor(id: $id, name: $name) {
  id name description projectId } }`;
const MOVE = `mutation($id: ID!, $p: ID) { updateVendor(id: $id, projectId: $p) {
  id name projectId } }`;
const DESCRIBE = `mutation($id: ID!, $d: String) { updateVendor(id: $id, description: $d) {
  id description } }`;
const DELETE = 'mutation($id: ID!) { deleteVendor(id: $id) }';
const LINK = `mutation($l: ID!, $v: ID!) { createVendorLayer(layerId: $l, vendorId: $v) {
  layerId vendorId vendor { name } layer { name vendorId } } }`;
const UNLINK = 'mutation($l: ID!, $v: ID!) { deleteVendorLayer(layerId: $l, vendorId: $v) }';

type Group = { id: string; name: string; projectId: string | null };

describe.each(DATABASE_KINDS)('layer groups (vendors) on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  /**
   * The Admin belongs to the other organization, so every Admin action here crosses organizations.
   * Our organization has a second project, `sibling`, to move groups and layers between.
   */
  async function world() {
    const w = await buildWorld(api.database.db, { adminIn: 'other' });
    const { db, ours } = w;
    const sibling = await factories.project(db, ours.id);
    const tag = Math.random().toString(36).slice(2, 8);
    const group = (name: string, projectId: number | null, organizationId: number | null) =>
      db
        .insertInto('vendors')
        .values({ name: `${name} ${tag}`, projectId, organizationId })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
    const layer = async (projectId: number, name: string, vendorId?: number) => {
      const row = await db
        .insertInto('projectLayers')
        .values({ projectId, name, source: '{"type":"FeatureCollection","features":[]}' })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      if (vendorId)
        await db.insertInto('vendorLayers').values({ layerId: row.id, vendorId }).execute();
      return row;
    };
    const links = async (vendorId: number) =>
      (
        await db
          .selectFrom('vendorLayers')
          .select('layerId')
          .where('vendorId', '=', vendorId)
          .orderBy('layerId')
          .execute()
      ).map((r) => r.layerId);
    const stored = (id: number | string) =>
      db.selectFrom('vendors').selectAll().where('id', '=', Number(id)).executeTakeFirst();
    return { ...w, sibling, tag, group, layer, links, stored };
  }

  it('lists the groups usable in a project: its own and those global to its organization', async () => {
    const w = await world();
    const own = await w.group('B own', w.project.id, w.ours.id);
    const everyOrg = await w.group('A every', null, null);
    const orgGlobal = await w.group('C company', null, w.ours.id);
    const siblings = await w.group('D sibling', w.sibling.id, w.ours.id);
    const foreign = await w.group('E foreign', w.foreignProject.id, w.other.id);
    const foreignGlobal = await w.group('F foreign global', null, w.other.id);
    const ids = (groups: Group[] | undefined) =>
      (groups ?? []).filter((g) => g.name.endsWith(w.tag)).map((g) => Number(g.id));

    const inProject = await api.graphql<{ vendors: Group[] }>(w.standard, LIST, {
      p: w.project.id,
    });
    expect(inProject.errors).toBeUndefined();
    expect(ids(inProject.data?.vendors)).toEqual([everyOrg.id, own.id, orgGlobal.id]);
    expect(inProject.data?.vendors.find((g) => Number(g.id) === everyOrg.id)?.projectId).toBeNull();

    const all = await api.graphql<{ vendors: Group[] }>(w.standard, LIST, {});
    expect(ids(all.data?.vendors)).toEqual([everyOrg.id, own.id, orgGlobal.id, siblings.id]);

    const asAdmin = await api.graphql<{ vendors: Group[] }>(w.admin, LIST, {});
    expect(ids(asAdmin.data?.vendors)).toEqual([
      everyOrg.id,
      own.id,
      orgGlobal.id,
      siblings.id,
      foreign.id,
      foreignGlobal.id,
    ]);
    // An Admin looking at a project sees what that project's layers may join.
    const adminInProject = await api.graphql<{ vendors: Group[] }>(w.admin, LIST, {
      p: w.project.id,
    });
    expect(ids(adminInProject.data?.vendors)).toEqual([everyOrg.id, own.id, orgGlobal.id]);

    const foreignProject = await api.graphql(w.standard, LIST, { p: w.foreignProject.id });
    expect(foreignProject.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('answers one group with its project and only the layers the caller may see', async () => {
    const w = await world();
    const everyOrg = await w.group('Public boundaries', null, null);
    const mine = await w.layer(w.project.id, 'States', everyOrg.id);
    await w.layer(w.foreignProject.id, 'Cantons', everyOrg.id);
    const own = await w.group('Survey', w.project.id, w.ours.id);

    const result = await api.graphql<{
      vendor: { vendorLayers: { layerId: string; layer: { name: string } }[] };
    }>(w.standard, GET, { id: everyOrg.id });
    expect(result.errors).toBeUndefined();
    expect(result.data?.vendor).toMatchObject({ projectId: null, project: null });
    expect(result.data?.vendor.vendorLayers).toEqual([
      {
        layerId: String(mine.id),
        vendorId: String(everyOrg.id),
        layer: { id: String(mine.id), name: 'States' },
        vendor: { id: String(everyOrg.id), name: everyOrg.name },
      },
    ]);
    const admin = await api.graphql<{ vendor: { vendorLayers: unknown[] } }>(w.admin, GET, {
      id: everyOrg.id,
    });
    expect(admin.data?.vendor.vendorLayers).toHaveLength(2);

    const ownGroup = await api.graphql<{ vendor: { project: { id: string; name: string } } }>(
      w.standard,
      GET,
      { id: own.id },
    );
    expect(ownGroup.data?.vendor.project).toEqual({
      id: String(w.project.id),
      name: w.project.name,
    });
    for (const id of [own.id, 99_999_999]) {
      const hidden = await api.graphql(w.outsider, GET, { id });
      expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }

    const byVendor = await api.graphql<{ vendorLayersByVendorId: unknown[] }>(
      w.standard,
      LINKS_OF,
      { v: everyOrg.id },
    );
    expect(byVendor.data?.vendorLayersByVendorId).toEqual([
      {
        layerId: String(mine.id),
        vendorId: String(everyOrg.id),
        layer: { name: 'States' },
        vendor: { name: everyOrg.name },
      },
    ]);
    const hiddenLinks = await api.graphql(w.outsider, LINKS_OF, { v: own.id });
    expect(hiddenLinks.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('lists the links of a project, or of every visible layer', async () => {
    const w = await world();
    const own = await w.group('Survey', w.project.id, w.ours.id);
    const siblings = await w.group('Sibling', w.sibling.id, w.ours.id);
    const foreign = await w.group('Foreign', w.foreignProject.id, w.other.id);
    const a = await w.layer(w.project.id, 'A', own.id);
    await w.layer(w.project.id, 'Ungrouped');
    const b = await w.layer(w.sibling.id, 'B', siblings.id);
    const c = await w.layer(w.foreignProject.id, 'C', foreign.id);

    const inProject = await api.graphql<{ vendorLayers: unknown[] }>(w.standard, LINKS, {
      p: w.project.id,
    });
    expect(inProject.data?.vendorLayers).toEqual([
      { layerId: String(a.id), vendorId: String(own.id) },
    ]);
    const all = await api.graphql<{ vendorLayers: { layerId: string }[] }>(w.standard, LINKS, {});
    const layerIds = all.data?.vendorLayers.map((l) => Number(l.layerId)) ?? [];
    expect(layerIds).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(layerIds).not.toContain(c.id);
    const foreignProject = await api.graphql(w.standard, LINKS, { p: w.foreignProject.id });
    expect(foreignProject.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('hides a group of the old organization from the layers of a project that moved', async () => {
    const w = await world();
    const orgGlobal = await w.group('Company', null, w.ours.id);
    const layer = await w.layer(w.project.id, 'Moved', orgGlobal.id);
    await w.db
      .updateTable('projects')
      .set({ organizationId: w.other.id })
      .where('id', '=', w.project.id)
      .execute();
    const links = await api.graphql<{ vendorLayers: unknown[] }>(w.outsider, LINKS, {
      p: w.project.id,
    });
    expect(links.data?.vendorLayers).toEqual([]);
    const layers = await api.graphql<{ projectLayers: { id: string; vendor: unknown }[] }>(
      w.outsider,
      'query($p: ID!) { projectLayers(projectId: $p) { id vendor { id } } }',
      { p: w.project.id },
    );
    expect(layers.data?.projectLayers).toEqual([{ id: String(layer.id), vendor: null }]);
  });

  it('searches group names case-insensitively, literally, within what the caller sees', async () => {
    const w = await world();
    const boundaries = await w.group('Public Boundaries', null, null);
    const percent = await w.group('100% survey', w.project.id, w.ours.id);
    await w.group('Boundaries abroad', w.foreignProject.id, w.other.id);
    const siblings = await w.group('Sibling boundaries', w.sibling.id, w.ours.id);
    const names = (r: { data?: { searchVendors: Group[] } | null }) =>
      (r.data?.searchVendors ?? []).filter((g) => g.name.endsWith(w.tag)).map((g) => Number(g.id));

    expect(names(await api.graphql(w.standard, SEARCH, { t: 'bOUNDAR' }))).toEqual([
      boundaries.id,
      siblings.id,
    ]);
    expect(names(await api.graphql(w.standard, SEARCH, { t: 'boundar', p: w.project.id }))).toEqual(
      [boundaries.id],
    );
    expect(names(await api.graphql(w.standard, SEARCH, { t: '0% s' }))).toEqual([percent.id]);
    expect(names(await api.graphql(w.standard, SEARCH, { t: '_' }))).toEqual([]);
    const foreign = await api.graphql(w.standard, SEARCH, { t: 'x', p: w.foreignProject.id });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('creates project groups and global ones: every organization’s for an Admin, own for a Power User', async () => {
    const w = await world();
    const projectGroup = await api.graphql<{ createVendor: Group & { description: string } }>(
      w.power,
      CREATE,
      { name: '  Survey ', d: ' field crews ', p: w.project.id },
    );
    expect(projectGroup.errors).toBeUndefined();
    expect(projectGroup.data?.createVendor).toMatchObject({
      name: 'Survey',
      description: 'field crews',
      projectId: String(w.project.id),
      project: { id: String(w.project.id), name: w.project.name },
      vendorLayers: [],
    });
    expect(await w.stored(projectGroup.data!.createVendor.id)).toMatchObject({
      organizationId: w.ours.id,
    });

    const powerGlobal = await api.graphql<{ createVendor: Group }>(w.power, CREATE, {
      name: 'Company',
    });
    expect(powerGlobal.data?.createVendor.projectId).toBeNull();
    expect(await w.stored(powerGlobal.data!.createVendor.id)).toMatchObject({
      projectId: null,
      organizationId: w.ours.id,
    });
    const adminGlobal = await api.graphql<{ createVendor: Group }>(w.admin, CREATE, {
      name: 'Public boundaries',
    });
    expect(await w.stored(adminGlobal.data!.createVendor.id)).toMatchObject({
      projectId: null,
      organizationId: null,
    });
    // The foreign organization does not see the Power User's global group.
    const seen = await api.graphql<{ vendors: Group[] }>(w.outsider, LIST, {});
    const seenIds = seen.data?.vendors.map((g) => g.id);
    expect(seenIds).toContain(adminGlobal.data!.createVendor.id);
    expect(seenIds).not.toContain(powerGlobal.data!.createVendor.id);

    const blank = await api.graphql(w.power, CREATE, { name: '  ', p: w.project.id });
    expect(blank.errors?.[0]?.message).toBe('This field is required');
    const foreign = await api.graphql(w.power, CREATE, { name: 'X', p: w.foreignProject.id });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const standard = await api.graphql(w.standard, CREATE, { name: 'X' });
    expect(standard.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const count = await w.db.selectFrom('vendors').select('id').where('name', '=', 'X').execute();
    expect(count).toEqual([]);
  });

  it('renames, describes and moves a group, keeping absent fields', async () => {
    const w = await world();
    const group = await w.group('Survey', w.project.id, w.ours.id);
    await w.db
      .updateTable('vendors')
      .set({ description: 'keep' })
      .where('id', '=', group.id)
      .execute();
    for (const name of ['Survey 2', 'Survey 3']) {
      const renamed = await api.graphql<{ updateVendor: unknown }>(w.power, RENAME, {
        id: group.id,
        name,
      });
      expect(renamed.data?.updateVendor).toEqual({
        id: String(group.id),
        name,
        description: 'keep',
        projectId: String(w.project.id),
      });
    }
    const cleared = await api.graphql<{ updateVendor: unknown }>(w.power, DESCRIBE, {
      id: group.id,
      d: null,
    });
    expect(cleared.data?.updateVendor).toEqual({ id: String(group.id), description: null });
    const blank = await api.graphql(w.power, RENAME, { id: group.id, name: '' });
    expect(blank.errors?.[0]?.message).toBe('This field is required');

    const toSibling = await api.graphql<{ updateVendor: Group }>(w.power, MOVE, {
      id: group.id,
      p: w.sibling.id,
    });
    expect(toSibling.data?.updateVendor.projectId).toBe(String(w.sibling.id));
    const toGlobal = await api.graphql<{ updateVendor: Group }>(w.power, MOVE, {
      id: group.id,
      p: null,
    });
    expect(toGlobal.data?.updateVendor.projectId).toBeNull();
    expect(await w.stored(group.id)).toMatchObject({
      projectId: null,
      organizationId: w.ours.id,
      name: 'Survey 3',
    });
    const foreign = await api.graphql(w.power, MOVE, { id: group.id, p: w.foreignProject.id });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses to move a group away from the layers it holds', async () => {
    const w = await world();
    const global = await w.group('Company', null, w.ours.id);
    await w.layer(w.project.id, 'A', global.id);
    await w.layer(w.sibling.id, 'B', global.id);
    const refused = await api.graphql(w.power, MOVE, { id: global.id, p: w.project.id });
    expect(refused.errors?.[0]?.message).toBe(
      'The group holds layers of other projects; move or ungroup them first',
    );
    expect(await w.stored(global.id)).toMatchObject({ projectId: null });

    const own = await w.group('Own', w.project.id, w.ours.id);
    await w.layer(w.project.id, 'C', own.id);
    const back = await api.graphql(w.power, MOVE, { id: own.id, p: w.sibling.id });
    expect(back.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // Becoming global to the organization still fits the layer.
    const widened = await api.graphql(w.power, MOVE, { id: own.id, p: null });
    expect(widened.errors).toBeUndefined();
  });

  it('leaves a group for every organization to Admins', async () => {
    const w = await world();
    const everyOrg = await w.group('Public boundaries', null, null);
    for (const [document, vars] of [
      [RENAME, { id: everyOrg.id, name: 'Renamed' }],
      [DELETE, { id: everyOrg.id }],
    ] as const) {
      const refused = await api.graphql(w.power, document, vars);
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(refused.errors?.[0]?.message).toBe(
        'Only an Admin can change or delete a group shared by every organization',
      );
    }
    expect(await w.stored(everyOrg.id)).toMatchObject({ name: everyOrg.name });
    const admin = await api.graphql(w.admin, RENAME, { id: everyOrg.id, name: 'Boundaries' });
    expect(admin.errors).toBeUndefined();

    // Each group says whether the caller may change it, so the screen offers only what works.
    const orgGlobal = await w.group('Company', null, w.ours.id);
    const own = await w.group('Survey', w.project.id, w.ours.id);
    const canChange = async (user: typeof w.power, id: number) =>
      (
        await api.graphql<{ vendor: { canChange: boolean } }>(
          user,
          'query($id: ID!) { vendor(id: $id) { canChange } }',
          { id },
        )
      ).data?.vendor.canChange;
    expect(await canChange(w.power, everyOrg.id)).toBe(false);
    expect(await canChange(w.power, orgGlobal.id)).toBe(true);
    expect(await canChange(w.power, own.id)).toBe(true);
    expect(await canChange(w.admin, everyOrg.id)).toBe(true);
    // A Standard user changes no group, their own organization's neither.
    expect(await canChange(w.standard, own.id)).toBe(false);
    expect(await canChange(w.standard, orgGlobal.id)).toBe(false);
  });

  it('deletes a group, leaving its layers ungrouped', async () => {
    const w = await world();
    const group = await w.group('Survey', w.project.id, w.ours.id);
    const a = await w.layer(w.project.id, 'A', group.id);
    const result = await api.graphql<{ deleteVendor: boolean }>(w.power, DELETE, { id: group.id });
    expect(result.data?.deleteVendor).toBe(true);
    expect(await w.stored(group.id)).toBeUndefined();
    const layer = await w.db
      .selectFrom('projectLayers')
      .select('id')
      .where('id', '=', a.id)
      .execute();
    expect(layer).toHaveLength(1);
    expect(await w.links(group.id)).toEqual([]);

    const foreign = await w.group('Foreign', w.foreignProject.id, w.other.id);
    for (const id of [foreign.id, group.id]) {
      const hidden = await api.graphql(w.power, DELETE, { id });
      expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect(await w.stored(foreign.id)).toBeDefined();
    const standard = await api.graphql(w.standard, DELETE, { id: foreign.id });
    expect(standard.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('links an ungrouped layer to a usable group, once, and unlinks it', async () => {
    const w = await world();
    const own = await w.group('Survey', w.project.id, w.ours.id);
    const global = await w.group('Public boundaries', null, null);
    const siblings = await w.group('Sibling', w.sibling.id, w.ours.id);
    const foreignGlobal = await w.group('Foreign global', null, w.other.id);
    const layer = await w.layer(w.project.id, 'States');

    const linked = await api.graphql<{ createVendorLayer: unknown }>(w.power, LINK, {
      l: layer.id,
      v: own.id,
    });
    expect(linked.errors).toBeUndefined();
    expect(linked.data?.createVendorLayer).toEqual({
      layerId: String(layer.id),
      vendorId: String(own.id),
      vendor: { name: own.name },
      layer: { name: 'States', vendorId: String(own.id) },
    });
    const same = await api.graphql(w.power, LINK, { l: layer.id, v: own.id });
    expect(same.errors).toBeUndefined();
    const other = await api.graphql(w.power, LINK, { l: layer.id, v: global.id });
    expect(other.errors?.[0]?.message).toBe(`Layer States is already in group ${own.name}`);
    const wrong = await api.graphql(w.power, LINK, { l: layer.id, v: siblings.id });
    expect(wrong.errors?.[0]?.message).toMatch(/must belong to the layer's project/);
    const hidden = await api.graphql(w.power, LINK, { l: layer.id, v: foreignGlobal.id });
    expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await w.links(own.id)).toEqual([layer.id]);
    expect(await w.links(global.id)).toEqual([]);

    const notLinked = await api.graphql(w.power, UNLINK, { l: layer.id, v: global.id });
    expect(notLinked.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const foreignCaller = await api.graphql(w.outsider, UNLINK, { l: layer.id, v: own.id });
    expect(foreignCaller.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const standard = await api.graphql(w.standard, UNLINK, { l: layer.id, v: own.id });
    expect(standard.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const unlinked = await api.graphql<{ deleteVendorLayer: boolean }>(w.power, UNLINK, {
      l: layer.id,
      v: own.id,
    });
    expect(unlinked.data?.deleteVendorLayer).toBe(true);
    expect(await w.links(own.id)).toEqual([]);
    const intoGlobal = await api.graphql(w.power, LINK, { l: layer.id, v: global.id });
    expect(intoGlobal.errors).toBeUndefined();
  });
});
