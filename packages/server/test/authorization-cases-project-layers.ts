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

/** Project layers follow their project: Admin everywhere, everyone else at home. */
const ownOrgForAll = {
  Admin: { own: 'allow', other: 'allow' },
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'allow', other: 'deny' },
} as const;

export const projectLayersCases: Record<string, AuthorizationCase> = {
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
};
