// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase, CaseContext } from './authorization-cases.ts';

const all = (outcome: 'allow' | 'deny') => ({ own: outcome, other: outcome });
/** Groups are read with their project: Admin everywhere, everyone else at home. */
const readers = {
  Admin: all('allow'),
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'allow', other: 'deny' },
} as const;
/** Groups are managed by Admin anywhere and Power User at home. */
const managers = {
  Admin: all('allow'),
  'Power User': { own: 'allow', other: 'deny' },
  Standard: all('deny'),
} as const;

/** A group of the aimed organization's project holding one of its layers, plus a free layer. */
async function groupWithLayer({ db, aimed }: CaseContext) {
  const tag = Math.random().toString(36).slice(2, 8);
  const group = await db
    .insertInto('vendors')
    .values({
      name: `Group ${tag}`,
      projectId: aimed.projectId,
      organizationId: aimed.organizationId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [linked, free] = await db
    .insertInto('projectLayers')
    .values(
      ['Linked', 'Free'].map((name) => ({
        projectId: aimed.projectId,
        name: `${name} ${tag}`,
        source: '{"type":"FeatureCollection","features":[]}',
      })),
    )
    .returning('id')
    .execute();
  await db.insertInto('vendorLayers').values({ layerId: linked!.id, vendorId: group.id }).execute();
  return { v: group.id, linked: linked!.id, free: free!.id, p: aimed.projectId, tag };
}

export const vendorCases: Record<string, AuthorizationCase> = {
  vendors: {
    document: 'query($p:ID){ vendors(projectId:$p){ id } }',
    variables: groupWithLayer,
    expect: readers,
  },
  vendor: {
    document: 'query($v:ID!){ vendor(id:$v){ id vendorLayers { layerId } } }',
    variables: groupWithLayer,
    expect: readers,
  },
  vendorLayers: {
    document: 'query($p:ID){ vendorLayers(projectId:$p){ layerId vendorId } }',
    variables: groupWithLayer,
    expect: readers,
  },
  vendorLayersByVendorId: {
    document: 'query($v:ID!){ vendorLayersByVendorId(vendorId:$v){ layerId } }',
    variables: groupWithLayer,
    expect: readers,
  },
  searchVendors: {
    document: 'query($tag:String!,$p:ID){ searchVendors(searchTerm:$tag, projectId:$p){ id } }',
    variables: groupWithLayer,
    expect: readers,
  },
  createVendor: {
    document: 'mutation($p:ID){ createVendor(name:"Matrix group", projectId:$p){ id } }',
    variables: ({ aimed }) => ({ p: aimed.projectId }),
    expect: managers,
  },
  updateVendor: {
    document: 'mutation($v:ID!){ updateVendor(id:$v, name:"Renamed group"){ id } }',
    variables: groupWithLayer,
    expect: managers,
  },
  deleteVendor: {
    document: 'mutation($v:ID!){ deleteVendor(id:$v) }',
    variables: groupWithLayer,
    expect: managers,
  },
  createVendorLayer: {
    document:
      'mutation($free:ID!,$v:ID!){ createVendorLayer(layerId:$free, vendorId:$v){ layerId } }',
    variables: groupWithLayer,
    expect: managers,
  },
  deleteVendorLayer: {
    document: 'mutation($linked:ID!,$v:ID!){ deleteVendorLayer(layerId:$linked, vendorId:$v) }',
    variables: groupWithLayer,
    expect: managers,
  },
};
