import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { adminFactories } from '../../../test/factories-admin.ts';
import { buildWorld } from '../../../test/world.ts';
import { GLOBAL_PIPELINE_REFUSED } from './pipeline.service.ts';

const FIELDS =
  'id name description pipeline dependencies global project { id } created lastModified';
const CREATE = `mutation($projectId:ID, $name:String, $description:String, $pipeline:String, $dependencies:[String!], $global:Boolean) {
  createPipeline(projectId:$projectId, name:$name, description:$description, pipeline:$pipeline, dependencies:$dependencies, global:$global) { ${FIELDS} } }`;
const UPDATE = `mutation($id:ID!, $projectId:ID, $name:String, $description:String, $pipeline:String, $dependencies:[String!], $global:Boolean) {
  updatePipeline(id:$id, projectId:$projectId, name:$name, description:$description, pipeline:$pipeline, dependencies:$dependencies, global:$global) { ${FIELDS} } }`;
const DELETE = 'mutation($id:ID!){ deletePipeline(id:$id) }';
const BY_PROJECT = 'query($p:ID!){ pipelineByProject(projectId:$p){ id global project { id } } }';
const PDAL = '{"pipeline":[{"type":"filters.range","limits":"Z[0:100]"}]}';

interface PipelineResult {
  id: string;
  name: string;
  global: boolean;
  project: { id: string } | null;
  dependencies: string[];
}

describe.each(DATABASE_KINDS)('pipelines API on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  /** Besides our own Admin, the vendor's Admin; and a pipeline of the other organization. */
  async function world() {
    const w = await buildWorld(api.database.db);
    const { db, other, vendor, foreignProject } = w;
    return {
      ...w,
      vendorAdmin: await factories.user(db, vendor.id, 'Admin'),
      foreignPipeline: await adminFactories.pipeline(db, {
        projectId: foreignProject.id,
        organizationId: other.id,
      }),
    };
  }

  it('creates a project pipeline for a power user and validates the fields', async () => {
    const { project, power } = await world();
    const base = {
      projectId: project.id,
      name: 'Ground',
      description: 'Keeps ground',
      pipeline: PDAL,
    };
    const created = await api.graphql<{ createPipeline: PipelineResult }>(power, CREATE, {
      ...base,
      dependencies: ['3D Bounding Box'],
    });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createPipeline).toMatchObject({
      name: 'Ground',
      global: false,
      project: { id: String(project.id) },
      dependencies: ['3D Bounding Box'],
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: '' }, 'Value is required'],
      [{ ...base, description: undefined }, 'Value is required'],
      [{ ...base, pipeline: '  ' }, 'Value is required'],
      [{ ...base, pipeline: '{not json' }, 'Pipeline must be valid JSON'],
      [
        { ...base, description: 'x'.repeat(201) },
        'Description cannot be longer than 200 characters',
      ],
      [{ ...base, projectId: null }, 'Value is required'],
    ];
    for (const [variables, message] of cases) {
      const result = await api.graphql(power, CREATE, variables);
      expect(result.errors?.[0]?.message, JSON.stringify(variables)).toBe(message);
    }
    const longest = await api.graphql(power, CREATE, {
      ...base,
      name: 'Ground long',
      description: 'x'.repeat(200),
    });
    expect(longest.errors).toBeUndefined();
  });

  it('says with each pipeline why the built-in engine would refuse it, as its editor does', async () => {
    const { project, power } = await world();
    const pipelines = {
      Crop: '{"pipeline":[{"type":"filters.crop","bounds":"([<%xmin%>,<%xmax%>],[<%ymin%>,<%ymax%>])"}]}',
      Delaunay: '{"pipeline":[{"type":"filters.delaunay"}]}',
    };
    for (const [name, pipeline] of Object.entries(pipelines)) {
      const created = await api.graphql(power, CREATE, {
        projectId: project.id,
        name,
        description: name,
        pipeline,
      });
      expect(created.errors).toBeUndefined();
    }
    const listed = await api.graphql<{
      pipelineByProject: { name: string; engineErrors: string[] }[];
    }>(power, 'query($p:ID!){ pipelineByProject(projectId:$p){ name engineErrors } }', {
      p: project.id,
    });
    const errors = new Map(listed.data?.pipelineByProject.map((p) => [p.name, p.engineErrors]));
    // The placeholders are read as numbers, as the drawn box will give them.
    expect(errors.get('Crop')).toEqual([]);
    expect(errors.get('Delaunay')).toEqual([expect.stringContaining('filters.delaunay')]);
  });

  it('takes a name once among a project’s pipelines and the global ones, case aside', async () => {
    const { db, project, power, vendorAdmin } = await world();
    const base = { projectId: project.id, description: 'Keeps ground', pipeline: PDAL };
    const first = await api.graphql<{ createPipeline: PipelineResult }>(power, CREATE, {
      ...base,
      name: 'Ground only',
    });
    expect(first.errors).toBeUndefined();
    const count = async () => (await db.selectFrom('pipelines').select('id').execute()).length;
    const before = await count();
    const again = await api.graphql(power, CREATE, { ...base, name: 'GROUND only' });
    expect(again.errors?.[0]?.message).toBe(
      "A pipeline named 'GROUND only' already exists in this project or as a global pipeline.",
    );
    // A global one of the same name would sit beside it in the project's select.
    const global = `Global ${Date.now()}`;
    const made = await api.graphql(vendorAdmin, CREATE, {
      ...base,
      name: global,
      global: true,
    });
    expect(made.errors).toBeUndefined();
    const shadow = await api.graphql(power, CREATE, { ...base, name: global.toLowerCase() });
    expect(shadow.errors?.[0]?.message).toMatch(/already exists in this project or as a global/);
    const twice = await api.graphql(vendorAdmin, CREATE, { ...base, name: global, global: true });
    expect(twice.errors?.[0]?.message).toBe(`A global pipeline named '${global}' already exists.`);
    // Renaming onto a taken name is refused too; keeping its own name is not a clash.
    const second = await adminFactories.pipeline(db, { projectId: project.id });
    const rename = await api.graphql(power, UPDATE, {
      ...base,
      id: second.id,
      name: 'ground ONLY',
    });
    expect(rename.errors?.[0]?.message).toMatch(/already exists in this project/);
    const same = await api.graphql(power, UPDATE, {
      ...base,
      id: first.data!.createPipeline.id,
      name: 'Ground only',
    });
    expect(same.errors).toBeUndefined();
    expect(await count()).toBe(before + 2);
    await db.deleteFrom('pipelines').where('name', '=', global).execute();
  });

  it('applies the same rules on update, leaving the stored pipeline untouched', async () => {
    const { db, project, power } = await world();
    const own = await adminFactories.pipeline(db, { projectId: project.id });
    const base = {
      id: own.id,
      projectId: project.id,
      name: 'Ground',
      description: 'Keeps ground',
      pipeline: PDAL,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: ' ' }, 'Value is required'],
      [
        { ...base, description: 'x'.repeat(201) },
        'Description cannot be longer than 200 characters',
      ],
      [{ ...base, pipeline: '{"pipeline": [' }, 'Pipeline must be valid JSON'],
      [{ ...base, pipeline: undefined }, 'Value is required'],
    ];
    for (const [variables, message] of cases) {
      const result = await api.graphql(power, UPDATE, variables);
      expect(result.errors?.[0]?.message, JSON.stringify(variables)).toBe(message);
    }
    const row = await db
      .selectFrom('pipelines')
      .selectAll()
      .where('id', '=', own.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(own);
  });

  it('refuses a global pipeline sent without a project by a customer organization', async () => {
    const { db, power, admin } = await world();
    for (const user of [power, admin]) {
      const refused = await api.graphql(user, CREATE, {
        name: 'Sneaky',
        description: 'Global without a project',
        pipeline: PDAL,
        global: true,
      });
      expect(refused.errors?.[0]?.message).toBe(GLOBAL_PIPELINE_REFUSED);
    }
    const rows = await db
      .selectFrom('pipelines')
      .select('id')
      .where('name', '=', 'Sneaky')
      .execute();
    expect(rows).toEqual([]);
  });

  it('denies standard users any change', async () => {
    const { project, standard } = await world();
    const result = await api.graphql(standard, CREATE, {
      projectId: project.id,
      name: 'n',
      description: 'd',
      pipeline: PDAL,
    });
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('lets only the vendor organization create, change and delete global pipelines', async () => {
    const { db, project, power, admin, vendorAdmin } = await world();
    const global = {
      projectId: project.id,
      name: 'Everyone',
      description: 'For all',
      pipeline: PDAL,
      global: true,
    };
    for (const user of [power, admin]) {
      const refused = await api.graphql(user, CREATE, global);
      expect(refused.errors?.[0]?.message).toBe(GLOBAL_PIPELINE_REFUSED);
    }
    const created = await api.graphql<{ createPipeline: PipelineResult }>(
      vendorAdmin,
      CREATE,
      global,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createPipeline).toMatchObject({ global: true, project: null });
    const id = created.data!.createPipeline.id;

    // Everyone sees it, with their project's pipelines.
    const seen = await api.graphql<{ pipelineByProject: PipelineResult[] }>(power, BY_PROJECT, {
      p: project.id,
    });
    expect(seen.data?.pipelineByProject.map((p) => p.id)).toContain(id);

    const change = await api.graphql(power, UPDATE, { ...global, id, name: 'Mine now' });
    expect(change.errors?.[0]?.message).toBe(GLOBAL_PIPELINE_REFUSED);
    const unglobal = await api.graphql(power, UPDATE, { ...global, id, global: false });
    expect(unglobal.errors?.[0]?.message).toBe(GLOBAL_PIPELINE_REFUSED);
    const remove = await api.graphql(power, DELETE, { id });
    expect(remove.errors?.[0]?.message).toBe(GLOBAL_PIPELINE_REFUSED);
    const row = await db
      .selectFrom('pipelines')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Everyone', global: true, projectId: null });

    const renamed = await api.graphql<{ updatePipeline: PipelineResult }>(vendorAdmin, UPDATE, {
      ...global,
      id,
      name: 'Renamed',
    });
    expect(renamed.data?.updatePipeline.name).toBe('Renamed');
    const deleted = await api.graphql(vendorAdmin, DELETE, { id });
    expect(deleted.data).toEqual({ deletePipeline: true });
  });

  it('lists own-organization pipelines plus globals, and hides other organizations’ pipelines', async () => {
    const { db, vendor, project, foreignPipeline, power, standard, vendorAdmin } = await world();
    const own = await adminFactories.pipeline(db, { projectId: project.id });
    const global = await adminFactories.pipeline(db, { global: true, organizationId: vendor.id });
    const list = await api.graphql<{ pipelines: PipelineResult[] }>(
      standard,
      '{ pipelines { id } }',
    );
    const ids = list.data!.pipelines.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([String(own.id), String(global.id)]));
    expect(ids).not.toContain(String(foreignPipeline.id));
    const all = await api.graphql<{ pipelines: PipelineResult[] }>(
      vendorAdmin,
      '{ pipelines { id } }',
    );
    expect(all.data!.pipelines.map((p) => p.id)).toContain(String(foreignPipeline.id));

    const byProject = await api.graphql<{ pipelineByProject: PipelineResult[] }>(
      power,
      BY_PROJECT,
      { p: project.id },
    );
    const projectIds = byProject.data!.pipelineByProject.map((p) => p.id);
    expect(projectIds).toEqual(expect.arrayContaining([String(own.id), String(global.id)]));
    expect(projectIds).not.toContain(String(foreignPipeline.id));
  });

  it('answers another organization’s pipeline or project exactly like a missing one', async () => {
    const { db, project, foreignProject, foreignPipeline, power } = await world();
    const pairs: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [BY_PROJECT, { p: foreignProject.id }, { p: 999999 }],
      [DELETE, { id: foreignPipeline.id }, { id: 999999 }],
      [
        UPDATE,
        {
          id: foreignPipeline.id,
          projectId: foreignProject.id,
          name: 'x',
          description: 'y',
          pipeline: PDAL,
        },
        { id: 999999, projectId: foreignProject.id, name: 'x', description: 'y', pipeline: PDAL },
      ],
      [
        CREATE,
        { projectId: foreignProject.id, name: 'x', description: 'y', pipeline: PDAL },
        { projectId: 999999, name: 'x', description: 'y', pipeline: PDAL },
      ],
    ];
    for (const [document, foreign, missing] of pairs) {
      const a = await api.graphql(power, document, foreign);
      const b = await api.graphql(power, document, missing);
      expect(a.errors?.[0]?.message).toBe('Not found');
      expect(a.errors).toEqual(b.errors);
    }
    // Moving an own pipeline into a foreign project is refused the same way.
    const own = await adminFactories.pipeline(db, { projectId: project.id });
    const moved = await api.graphql(power, UPDATE, {
      id: own.id,
      projectId: foreignProject.id,
      name: 'x',
      description: 'y',
      pipeline: PDAL,
    });
    expect(moved.errors?.[0]?.message).toBe('Not found');
    const after = await db
      .selectFrom('pipelines')
      .selectAll()
      .where('id', 'in', [foreignPipeline.id, own.id])
      .orderBy('id')
      .execute();
    expect(after).toEqual([foreignPipeline, own].sort((x, y) => x.id - y.id));
  });
});
