import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import type { UserRow } from '../../db/schema.ts';

const PDAL = `query($p:String!,$s:ID,$b:BoundingBoxInput){
  pdal(submission:{pipeline:$p,scanId:$s,boundingBox:$b}){ ok errors stages { type summary memory } }
}`;

interface PdalAnswer {
  pdal: {
    ok: boolean;
    errors: string[];
    stages: { type: string; summary: string; memory: string | null }[];
  };
}

describe.each(DATABASE_KINDS)('pdal(submission) on %s', (kind) => {
  let api: TestApi;
  let power: UserRow;
  let scanId: string;

  beforeAll(async () => {
    api = await startTestApi(kind);
    const db = api.database.db;
    const organization = await factories.organization(db);
    power = await factories.user(db, organization.id, 'Power User');
    const project = await factories.project(db, organization.id);
    const scan = await scanFactories.scan(db, organization.id, { projectId: project.id });
    await db
      .updateTable('scans')
      .set({ metadata: JSON.stringify({ crs: 'EPSG:32610', point_count: 2_000_000 }) })
      .where('id', '=', scan.id)
      .execute();
    scanId = scan.id;
  });
  afterAll(async () => api?.close());

  const pdal = (pipeline: unknown, extra: Record<string, unknown> = {}) =>
    api.graphql<PdalAnswer>(power, PDAL, {
      p: typeof pipeline === 'string' ? pipeline : JSON.stringify(pipeline),
      s: scanId,
      ...extra,
    });

  it('lists the stages a valid pipeline runs on the scan, reader and writer included', async () => {
    const result = await pdal(
      [
        { type: 'filters.crop', bounds: '([<%xmin%>, <%xmax%>], [<%ymin%>, <%ymax%>])' },
        { type: 'filters.outlier', method: 'statistical', mean_k: 8, multiplier: 2 },
      ],
      { b: { minx: 0, miny: 0, minz: 0, maxx: 10, maxy: 10, maxz: 5 } },
    );
    expect(result.errors).toBeUndefined();
    const answer = result.data!.pdal;
    expect(answer.ok).toBe(true);
    expect(answer.stages.map((s) => s.type)).toEqual([
      'readers.las',
      'filters.crop',
      'filters.outlier',
      'writers.las',
    ]);
    // The neighbour stage says what it holds: the scan's 2,000,000 points.
    expect(answer.stages[2]!.memory).toMatch(/2,000,000/);
  });

  it('names the unknown stage, the unknown option and invalid JSON', async () => {
    const unknown = (await pdal([{ type: 'filters.hag_nn' }])).data!.pdal;
    expect(unknown.ok).toBe(false);
    expect(unknown.errors.join('\n')).toMatch(/filters\.hag_nn/);
    const option = (await pdal([{ type: 'filters.range', limits: 'Z[0:1]', bogus: 1 }])).data!.pdal;
    expect(option.errors.join('\n')).toMatch(/bogus/);
    const json = (await pdal('{ not json')).data!.pdal;
    expect(json.ok).toBe(false);
    expect(json.errors.length).toBeGreaterThan(0);
  });

  it('refuses placeholders without a bounding box and another organization’s scan', async () => {
    const missing = (
      await pdal([{ type: 'filters.crop', bounds: '([<%xmin%>, <%xmax%>], [0, 1])' }])
    ).data!.pdal;
    expect(missing.ok).toBe(false);
    const other = await factories.organization(api.database.db);
    const stranger = await factories.user(api.database.db, other.id, 'Power User');
    const foreign = await api.graphql(stranger, PDAL, { p: '[]', s: scanId });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const standard = await factories.user(api.database.db, other.id, 'Standard');
    const refused = await api.graphql(standard, PDAL, { p: '[]' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
