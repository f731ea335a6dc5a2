import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { adminFactories } from '../../../test/factories-admin.ts';
import { countQueries } from '../../../test/query-counter.ts';
import { buildWorld } from '../../../test/world.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';

const PROJECT_FIELDS =
  'id name comments active utm projection proj4 geoidGridFile helmertParameters tagOptions classifiers from to organization { id }';
const CREATE = `mutation($name:String!, $org:ID, $utm:JSON, $projection:String, $helmert:String, $tags:[String!], $grid:String) {
  createProject(name:$name, organizationId:$org, utm:$utm, projection:$projection,
    helmertParameters:$helmert, tagOptions:$tags, geoidGridFile:$grid, active:true, classifiers:"x") { ${PROJECT_FIELDS} } }`;
const UPDATE = `mutation($id:ID!, $name:String!, $org:ID, $utm:JSON, $projection:String) {
  updateProject(id:$id, name:$name, organizationId:$org, utm:$utm, projection:$projection) { ${PROJECT_FIELDS} } }`;
const UTM_PROJECTION = '+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs';

interface ProjectResult {
  id: string;
  name: string;
  utm: string;
  organization: { id: string };
  tagOptions: string[];
  classifiers: string;
  from: string | null;
  to: string | null;
  helmertParameters: string | null;
}

describe.each(DATABASE_KINDS)('projects API on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  const world = () => buildWorld(api.database.db);

  it('creates with a plain utm and defaults, and updates with a wrapped utm (object or string)', async () => {
    const { db, ours, admin } = await world();
    const created = await api.graphql<{ createProject: ProjectResult }>(admin, CREATE, {
      name: 'Highway 1',
      org: ours.id,
      utm: '10n',
      projection: UTM_PROJECTION,
    });
    expect(created.errors).toBeUndefined();
    const project = created.data!.createProject;
    expect(project).toMatchObject({
      name: 'Highway 1',
      utm: '10N',
      organization: { id: String(ours.id) },
      tagOptions: ['QA - OK', 'QA - Issue/Poor'],
      classifiers: 'none',
      from: null,
      to: null,
      proj4: UTM_PROJECTION,
    });
    const stored = await db
      .selectFrom('projects')
      .select('utm')
      .where('id', '=', Number(project.id))
      .executeTakeFirstOrThrow();
    expect(stored.utm).toEqual({ utm: '10N' });

    const asObject = await api.graphql<{ updateProject: ProjectResult }>(admin, UPDATE, {
      id: project.id,
      name: 'Highway 1',
      utm: { utm: '11S' },
    });
    expect(asObject.errors).toBeUndefined();
    expect(asObject.data?.updateProject.utm).toBe('11S');
    const asString = await api.graphql<{ updateProject: ProjectResult }>(admin, UPDATE, {
      id: project.id,
      name: 'Highway 1',
      utm: '{"utm":"12N"}',
    });
    expect(asString.data?.updateProject.utm).toBe('12N');
    const again = await db
      .selectFrom('projects')
      .select('utm')
      .where('id', '=', Number(project.id))
      .executeTakeFirstOrThrow();
    expect(again.utm).toEqual({ utm: '12N' });
  });

  it('refuses a utm without N or S, an invalid proj4 projection and invalid Helmert JSON', async () => {
    const { ours, admin } = await world();
    const badUtm = await api.graphql(admin, CREATE, { name: 'P', org: ours.id, utm: '10X' });
    expect(badUtm.errors?.[0]?.message).toMatch(/followed by N or S/);
    const missingUtm = await api.graphql(admin, CREATE, { name: 'P', org: ours.id });
    expect(missingUtm.errors?.[0]?.message).toBe('Value is required');
    const badProjection = await api.graphql(admin, CREATE, {
      name: 'P',
      org: ours.id,
      utm: '10N',
      projection: '+proj=nonsense +zone=10',
    });
    expect(badProjection.errors?.[0]?.message).toBe(
      "Projection is not a valid proj4 definition: '+proj=nonsense +zone=10'",
    );
    const noZone = await api.graphql(admin, CREATE, {
      name: 'P',
      org: ours.id,
      utm: '10N',
      projection: '+proj=utm',
    });
    expect(noZone.errors?.[0]?.message).toMatch(/not a valid proj4/);
    const badHelmert = await api.graphql(admin, CREATE, {
      name: 'P',
      org: ours.id,
      utm: '10N',
      helmert: '{"Dx":"east"}',
    });
    expect(badHelmert.errors?.[0]?.message).toBe('Helmert parameters must be valid JSON numbers');
    const good = await api.graphql<{ createProject: ProjectResult }>(admin, CREATE, {
      name: 'With Helmert',
      org: ours.id,
      utm: '10N',
      helmert: JSON.stringify({ name: 'x', Dx: 1 }),
    });
    expect(good.errors).toBeUndefined();
    expect(JSON.parse(good.data!.createProject.helmertParameters!)).toMatchObject({
      name: 'x',
      Dx: 1,
      Dy: 0,
    });
  });

  it('puts a power user’s project in their own organization and denies standard users', async () => {
    const { db, ours, other, power, standard } = await world();
    const created = await api.graphql<{ createProject: ProjectResult }>(power, CREATE, {
      name: 'Mine',
      org: other.id,
      utm: '10N',
    });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createProject.organization.id).toBe(String(ours.id));
    const denied = await api.graphql(standard, CREATE, { name: 'No', org: ours.id, utm: '10N' });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const duplicate = await api.graphql(power, CREATE, { name: 'Mine', utm: '10N' });
    expect(duplicate.errors?.[0]?.message).toBe(
      "A project named 'Mine' already exists in this organization.",
    );
    // Case aside: the project selector would list both as the same name.
    const variant = await api.graphql(power, CREATE, { name: 'MINE', utm: '10N' });
    expect(variant.errors?.[0]?.message).toBe(
      "A project named 'Mine' already exists in this organization.",
    );
    const mine = await db
      .selectFrom('projects')
      .select('name')
      .where('organizationId', '=', ours.id)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', 'mine'))
      .execute();
    expect(mine).toEqual([{ name: 'Mine' }]);
  });

  it('scopes lists to the caller’s organization and answers a foreignProject id like a missing one', async () => {
    const { db, other, admin, power, standard, project, foreignProject } = await world();
    const list = await api.graphql<{ projects: { id: string }[] }>(standard, '{ projects { id } }');
    const ids = list.data!.projects.map((p) => p.id);
    expect(ids).toContain(String(project.id));
    expect(ids).not.toContain(String(foreignProject.id));
    const all = await api.graphql<{ projects: { id: string }[] }>(admin, '{ projects { id } }');
    expect(all.data!.projects.map((p) => p.id)).toContain(String(foreignProject.id));

    const byOrg = await api.graphql(power, 'query($o:ID!){ projectsByOrgId(orgId:$o){ id } }', {
      o: other.id,
    });
    const byMissingOrg = await api.graphql(
      power,
      'query($o:ID!){ projectsByOrgId(orgId:$o){ id } }',
      { o: 999999 },
    );
    expect(byOrg.errors?.[0]?.message).toBe('Not found');
    expect(byOrg.errors).toEqual(byMissingOrg.errors);

    const read = await api.graphql(power, 'query($id:ID!){ project(id:$id){ id } }', {
      id: foreignProject.id,
    });
    const missing = await api.graphql(power, 'query($id:ID!){ project(id:$id){ id } }', {
      id: 999999,
    });
    expect(read.errors?.[0]?.message).toBe('Not found');
    expect(read.errors).toEqual(missing.errors);

    const update = await api.graphql(power, UPDATE, {
      id: foreignProject.id,
      name: 'Taken over',
      utm: '10N',
    });
    const updateMissing = await api.graphql(power, UPDATE, {
      id: 999999,
      name: 'Taken over',
      utm: '10N',
    });
    expect(update.errors?.[0]?.message).toBe('Not found');
    expect(update.errors).toEqual(updateMissing.errors);
    const remove = await api.graphql(power, 'mutation($id:ID!){ deleteProject(id:$id) }', {
      id: foreignProject.id,
    });
    expect(remove.errors?.[0]?.message).toBe('Not found');
    const after = await db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', foreignProject.id)
      .executeTakeFirst();
    expect(after).toEqual(foreignProject);
  });

  it('refuses to delete a project that still has scans, and deletes it once they are gone', async () => {
    const { db, ours, power } = await world();
    const project = await factories.project(db, ours.id, { name: 'Busy' });
    await adminFactories.scan(db, ours.id, project.id);
    await adminFactories.scan(db, ours.id, project.id);
    const refused = await api.graphql(power, 'mutation($id:ID!){ deleteProject(id:$id) }', {
      id: project.id,
    });
    expect(refused.errors?.[0]?.message).toBe(
      "Project 'Busy' still has 2 scans; delete or move them before deleting the project.",
    );
    expect(
      await db.selectFrom('scans').select('id').where('projectId', '=', project.id).execute(),
    ).toHaveLength(2);
    await db.deleteFrom('scans').where('projectId', '=', project.id).execute();
    const deleted = await api.graphql(power, 'mutation($id:ID!){ deleteProject(id:$id) }', {
      id: project.id,
    });
    expect(deleted.data).toEqual({ deleteProject: true });
  });

  it('dates a project by its device assignments and lists referenced geoid grids', async () => {
    const { db, ours, standard, project } = await world();
    const device = await factories.device(db, ours.id);
    const open = await factories.project(db, ours.id);
    await adminFactories.deviceAssignment(
      db,
      device.id,
      project.id,
      new Date('2024-03-01T00:00:00Z'),
      new Date('2024-04-01T00:00:00Z'),
    );
    await adminFactories.deviceAssignment(
      db,
      device.id,
      project.id,
      new Date('2024-01-01T00:00:00Z'),
      new Date('2024-02-01T00:00:00Z'),
    );
    await adminFactories.deviceAssignment(
      db,
      device.id,
      open.id,
      new Date('2024-05-01T00:00:00Z'),
      null,
    );
    await db
      .updateTable('projects')
      .set({ geoidGridFile: 'CGG2013a.byn' })
      .where('id', '=', project.id)
      .execute();
    const result = await api.graphql<{
      projects: { id: string; from: string | null; to: string | null }[];
    }>(standard, '{ projects { id from to } }');
    const byId = new Map(result.data!.projects.map((p) => [p.id, p]));
    expect(byId.get(String(project.id))).toMatchObject({
      from: '2024-01-01T00:00:00.000Z',
      to: '2024-04-01T00:00:00.000Z',
    });
    expect(byId.get(String(open.id))).toMatchObject({ from: '2024-05-01T00:00:00.000Z', to: null });
    const grids = await api.graphql<{ getGeoidGridFiles: string[] }>(
      standard,
      '{ getGeoidGridFiles }',
    );
    expect(grids.data?.getGeoidGridFiles).toEqual(['CGG2013a.byn']);

    // Grids put into the object store under geoid/ are offered too, sorted, without folders.
    const storage = createObjectStorage(api.config);
    await storage.putStream('geoid/HT2_2010v70.byn', Readable.from([Buffer.from('grid')]));
    await storage.putStream('geoid/old/ignored.byn', Readable.from([Buffer.from('grid')]));
    const stored = await api.graphql<{ getGeoidGridFiles: string[] }>(
      standard,
      '{ getGeoidGridFiles }',
    );
    expect(stored.data?.getGeoidGridFiles).toEqual(['CGG2013a.byn', 'HT2_2010v70.byn']);
  });

  it('loads nested organization, buckets and assignment period in a fixed number of queries', async () => {
    const db = api.database.db;
    const organizations = [await factories.organization(db), await factories.organization(db)];
    const admin = await factories.user(db, organizations[0]!.id, 'Admin');
    const device = await factories.device(db, organizations[0]!.id);
    await db
      .insertInto('buckets')
      .values({ organizationId: organizations[0]!.id, name: 'b1', bucket: 'b1' })
      .execute();
    const addProjects = async (n: number) => {
      for (let i = 0; i < n; i += 1) {
        const project = await factories.project(db, organizations[i % 2]!.id);
        await adminFactories.deviceAssignment(
          db,
          device.id,
          project.id,
          new Date('2024-01-01T00:00:00Z'),
          null,
        );
      }
    };
    const query = '{ projects { id organization { id name buckets { id } } from to } }';
    const counter = countQueries(db);
    try {
      await addProjects(2);
      counter.reset();
      const few = await api.graphql<{ projects: unknown[] }>(admin, query);
      const fewQueries = counter.count;
      expect(fewQueries).toBeGreaterThan(2);
      await addProjects(18);
      counter.reset();
      const many = await api.graphql<{ projects: unknown[] }>(admin, query);
      expect(many.errors).toBeUndefined();
      expect(many.data!.projects.length).toBeGreaterThanOrEqual(few.data!.projects.length + 18);
      expect(counter.count, counter.statements.join('\n')).toBe(fewQueries);
    } finally {
      counter.restore();
    }
  });
});
