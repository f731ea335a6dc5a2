// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase, CaseContext } from './authorization-cases.ts';

/** A layer in the aimed organization's project, so an allowed answer has a row to show. */
async function projectWithLayer({ db, aimed }: CaseContext) {
  await db
    .insertInto('projectLayers')
    .values({
      projectId: aimed.projectId,
      name: `Layer ${Math.random().toString(36).slice(2, 8)}`,
      source: '{"type":"FeatureCollection","features":[]}',
    })
    .execute();
  return { p: aimed.projectId };
}

/** A layer of the aimed organization's project, with a group of that project beside it. */
async function layerAndGroup({ db, aimed }: CaseContext) {
  const tag = Math.random().toString(36).slice(2, 8);
  const layer = await db
    .insertInto('projectLayers')
    .values({
      projectId: aimed.projectId,
      name: `Layer ${tag}`,
      source: '{"type":"FeatureCollection","features":[]}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await db
    .insertInto('vendors')
    .values({
      name: `Group ${tag}`,
      projectId: aimed.projectId,
      organizationId: aimed.organizationId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: layer.id, v: group.id };
}

/** Changing layers: Admin anywhere, Power User at home, Standard nowhere. */
const managers = {
  Admin: { own: 'allow', other: 'allow' },
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'deny', other: 'deny' },
} as const;

/** Project layers follow their project: Admin everywhere, everyone else at home. */
const ownOrgForAll = {
  Admin: { own: 'allow', other: 'allow' },
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'allow', other: 'deny' },
} as const;

export const projectLayersCases: Record<string, AuthorizationCase> = {
  projectLayer: {
    document: 'query($id:ID!){ projectLayer(id:$id){ id source } }',
    variables: async (context) => ({ id: (await layerAndGroup(context)).id }),
    expect: ownOrgForAll,
  },
  projectLayers: {
    document: 'query($p:ID!){ projectLayers(projectId:$p){ id projectId } }',
    variables: projectWithLayer,
    expect: ownOrgForAll,
  },
  projectLayersForProject: {
    document: 'query($p:ID!){ projectLayersForProject(projectId:$p){ id projectId } }',
    variables: projectWithLayer,
    expect: ownOrgForAll,
  },
  createProjectLayer: {
    document: `mutation($p:ID!,$s:String!){
      createProjectLayer(name:"Matrix layer", projectId:$p, source:$s){ id } }`,
    variables: ({ aimed }) => ({
      p: aimed.projectId,
      s: '{"type":"FeatureCollection","features":[]}',
    }),
    expect: managers,
  },
  updateProjectLayer: {
    document: 'mutation($id:ID!){ updateProjectLayer(id:$id, name:"Renamed layer"){ id } }',
    variables: layerAndGroup,
    expect: managers,
  },
  deleteProjectLayer: {
    document: 'mutation($id:ID!){ deleteProjectLayer(id:$id) }',
    variables: layerAndGroup,
    expect: managers,
  },
  updateLayerGroup: {
    document:
      'mutation($id:ID!,$v:ID){ updateLayerGroup(layerId:$id, vendorId:$v){ id vendorId } }',
    variables: layerAndGroup,
    expect: managers,
  },
};
