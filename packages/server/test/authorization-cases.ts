import { randomUUID } from 'node:crypto';
import type { UserType } from '@asset-portal/shared';
import type { Db } from '../src/db/database.ts';
import type { UserRow } from '../src/db/schema.ts';
import type { ObjectStorage } from '../src/storage/storage.ts';
import type { GraphqlResult } from './api.ts';
import { basestationCases } from './authorization-cases-basestations.ts';
import { bucketCases } from './authorization-cases-buckets.ts';
import { deviceAssignmentsCases } from './authorization-cases-device-assignments.ts';
import { importedScansCases } from './authorization-cases-imported-scans.ts';
import { logFilesCases } from './authorization-cases-log-files.ts';
import { packageUploadCases } from './authorization-cases-package-uploads.ts';
import { pointCloudCases } from './authorization-cases-pointclouds.ts';
import { projectLayersCases } from './authorization-cases-project-layers.ts';
import { publishingCases } from './authorization-cases-publishing.ts';
import { scanImagesCases } from './authorization-cases-scan-images.ts';
import { scanProcessingCases } from './authorization-cases-scan-processing.ts';
import { trajectoryCases } from './authorization-cases-trajectory.ts';
import { unassignedScansCases } from './authorization-cases-unassigned-scans.ts';
import { vendorCases } from './authorization-cases-vendors.ts';
import type { OrgFixture } from './authorization-world.ts';

export type Outcome = 'allow' | 'deny';
type Expectation = Record<UserType, { own: Outcome; other: Outcome }>;

export interface CaseContext {
  db: Db;
  home: OrgFixture;
  other: OrgFixture;
  /** The organization this run aims at: `home` for own, `other` for other. */
  aimed: OrgFixture;
  caller: UserRow;
  /** The app's object store, for cases whose rows name stored objects. */
  storage: ObjectStorage;
}

export interface AuthorizationCase {
  document: string;
  variables?: (ctx: CaseContext) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** For list queries: 'allow' when the aimed organization's rows are in the answer. */
  judge?: (result: GraphqlResult<Record<string, unknown>>, aimed: OrgFixture) => Outcome;
  expect: Expectation;
}

const all = (outcome: Outcome) => ({ own: outcome, other: outcome });
/** Admin everywhere; others only in their own organization. */
export const ownOrgForAll: Expectation = {
  Admin: all('allow'),
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'allow', other: 'deny' },
};
/** Admin everywhere; Power User in their own organization; Standard nowhere. */
export const processors: Expectation = {
  Admin: all('allow'),
  'Power User': { own: 'allow', other: 'deny' },
  Standard: all('deny'),
};
/** Not tied to an organization: every signed-in user. */
export const everyone: Expectation = {
  Admin: all('allow'),
  'Power User': all('allow'),
  Standard: all('allow'),
};
export const adminOnly: Expectation = {
  Admin: all('allow'),
  'Power User': all('deny'),
  Standard: all('deny'),
};

/** Admin anyone; Power User within their organization; Standard only themselves. */
const selfOrManager: Expectation = {
  Admin: all('allow'),
  'Power User': { own: 'allow', other: 'deny' },
  Standard: all('deny'),
};

/** Judges a list answer by whether the aimed organization's id appears in it. */
export const listContains =
  (field: string, pick: (aimed: OrgFixture) => string | number, key = 'id') =>
  (result: GraphqlResult<Record<string, unknown>>, aimed: OrgFixture): Outcome => {
    const list = (result.data?.[field] ?? []) as Record<string, unknown>[];
    return list.some((item) => String(item[key]) === String(pick(aimed))) ? 'allow' : 'deny';
  };

export const AUTHORIZATION_CASES: Record<string, AuthorizationCase> = {
  organizations: {
    document: '{ organizations { id } }',
    judge: listContains('organizations', (o) => o.organizationId),
    expect: ownOrgForAll,
  },
  devices: {
    document: '{ devices { id } }',
    judge: listContains('devices', (o) => o.deviceId),
    expect: ownOrgForAll,
  },
  createOrganization: {
    document: 'mutation($n:String!){ createOrganization(name:$n){ id } }',
    variables: ({ aimed }) => ({ n: `New ${aimed.organizationName}` }),
    expect: adminOnly,
  },
  updateOrganization: {
    document: 'mutation($id:ID!,$n:String!){ updateOrganization(id:$id,name:$n){ id } }',
    variables: ({ aimed }) => ({
      id: aimed.organizationId,
      n: `${aimed.organizationName} renamed`,
    }),
    expect: adminOnly,
  },
  deleteOrganization: {
    // An organization with users is refused for everyone; an empty one only Admin may delete.
    document: 'mutation($id:ID!){ deleteOrganization(id:$id) }',
    variables: async ({ db }) => {
      const empty = await db
        .insertInto('organizations')
        .values({ name: `Empty ${Math.random()}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: empty.id };
    },
    expect: adminOnly,
  },
  orgUsers: {
    document: '{ orgUsers { id } }',
    judge: listContains('orgUsers', (o) => o.spareUser.id),
    expect: ownOrgForAll,
  },
  orgUsersByOrgId: {
    document: 'query($id:ID!){ orgUsersByOrgId(orgId:$id){ id } }',
    variables: ({ aimed }) => ({ id: aimed.organizationId }),
    expect: ownOrgForAll,
  },
  getOrgUserContext: {
    document: 'query($s:String!){ getOrgUserContext(awsUserId:$s){ id } }',
    variables: ({ aimed }) => ({ s: aimed.spareUser.awsUserId }),
    expect: selfOrManager,
  },
  user: {
    document: 'query($s:String!){ user(awsUserId:$s){ id } }',
    variables: ({ aimed }) => ({ s: aimed.spareUser.awsUserId }),
    expect: selfOrManager,
  },
  createOrgUser: {
    document:
      'mutation($n:String,$e:String,$u:String,$o:ID){ createOrgUser(name:$n,email:$e,username:$u,organizationId:$o){ id organization { id } } }',
    variables: ({ aimed }) => {
      const tag = Math.random().toString(36).slice(2, 10);
      return {
        n: `New ${tag}`,
        e: `new-${tag}@example.com`,
        u: `new${tag}`,
        o: aimed.organizationId,
      };
    },
    judge: createdIn('createOrgUser'),
    expect: processors,
  },
  updateOrgUser: {
    document:
      'mutation($id:ID!,$o:ID,$e:String){ updateOrgUser(id:$id,name:"Renamed",enabled:true,organizationId:$o,userType:"Standard",email:$e){ id } }',
    variables: ({ aimed }) => ({
      id: aimed.spareUser.id,
      o: aimed.organizationId,
      e: aimed.spareUser.email,
    }),
    expect: processors,
  },
  deleteOrgUser: {
    document: 'mutation($id:ID!){ deleteOrgUser(id:$id) }',
    variables: ({ aimed }) => ({ id: aimed.spareUser.id }),
    expect: processors,
  },
  projects: {
    document: '{ projects { id } }',
    judge: listContains('projects', (o) => o.projectId),
    expect: ownOrgForAll,
  },
  projectsByOrgId: {
    document: 'query($id:ID!){ projectsByOrgId(orgId:$id){ id } }',
    variables: ({ aimed }) => ({ id: aimed.organizationId }),
    expect: ownOrgForAll,
  },
  project: {
    document: 'query($id:ID!){ project(id:$id){ id } }',
    variables: ({ aimed }) => ({ id: aimed.projectId }),
    expect: ownOrgForAll,
  },
  getGeoidGridFiles: { document: '{ getGeoidGridFiles }', expect: everyone },
  createProject: {
    // A Power User's organizationId is replaced by their own: the project never lands elsewhere.
    document:
      'mutation($n:String!,$o:ID){ createProject(name:$n,organizationId:$o,utm:"10N"){ id organization { id } } }',
    variables: ({ aimed }) => ({
      n: `Project ${Math.random().toString(36).slice(2, 10)}`,
      o: aimed.organizationId,
    }),
    judge: createdIn('createProject'),
    expect: processors,
  },
  updateProject: {
    document:
      'mutation($id:ID!,$o:ID){ updateProject(id:$id,name:"Renamed",organizationId:$o,utm:{utm:"11N"}){ id } }',
    variables: ({ aimed }) => ({ id: aimed.projectId, o: aimed.organizationId }),
    expect: processors,
  },
  deleteProject: {
    document: 'mutation($id:ID!){ deleteProject(id:$id) }',
    variables: async ({ db, aimed }) => {
      const empty = await db
        .insertInto('projects')
        .values({
          name: `Empty ${Math.random()}`,
          organizationId: aimed.organizationId,
          utm: JSON.stringify({ utm: '10N' }),
          tagOptions: [],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: empty.id };
    },
    expect: processors,
  },
  pipelineByProject: {
    document: 'query($id:ID!){ pipelineByProject(projectId:$id){ id } }',
    variables: ({ aimed }) => ({ id: aimed.projectId }),
    expect: ownOrgForAll,
  },
  pipelines: {
    document: '{ pipelines { id } }',
    judge: listContains('pipelines', (o) => o.pipelineId),
    expect: ownOrgForAll,
  },
  createPipeline: {
    document:
      'mutation($p:ID,$n:String){ createPipeline(projectId:$p,name:$n,description:"Crops",pipeline:"{}",dependencies:[],global:false){ id } }',
    // A name of its own each time: a project lists one pipeline of a name.
    variables: ({ aimed }) => ({ p: aimed.projectId, n: `Crop ${randomUUID().slice(0, 8)}` }),
    expect: processors,
  },
  updatePipeline: {
    document:
      'mutation($id:ID!,$p:ID,$n:String){ updatePipeline(id:$id,projectId:$p,name:$n,description:"Crops",pipeline:"{}",dependencies:[],global:false){ id } }',
    variables: ({ aimed }) => ({
      id: aimed.pipelineId,
      p: aimed.projectId,
      n: `Crop ${randomUUID().slice(0, 8)}`,
    }),
    expect: processors,
  },
  deletePipeline: {
    document: 'mutation($id:ID!){ deletePipeline(id:$id) }',
    variables: ({ aimed }) => ({ id: aimed.pipelineId }),
    expect: processors,
  },
  scansSummary: {
    document: 'query($p:ID!){ scansSummary(projectId:$p){ id } }',
    variables: ({ aimed }) => ({ p: aimed.projectId }),
    judge: listContains('scansSummary', (o) => o.scanId),
    expect: ownOrgForAll,
  },
  scansForProject: {
    document: 'query($p:ID!){ scansForProject(projectId:$p){ id } }',
    variables: ({ aimed }) => ({ p: aimed.projectId }),
    judge: listContains('scansForProject', (o) => o.scanId),
    expect: ownOrgForAll,
  },
  scan: {
    document: 'query($id:ID!){ scan(id:$id){ id } }',
    variables: ({ aimed }) => ({ id: aimed.scanId }),
    expect: ownOrgForAll,
  },
  sessionSummary: {
    document: 'query($p:ID!){ sessionSummary(projectId:$p){ sessionId } }',
    variables: ({ aimed }) => ({ p: aimed.projectId }),
    judge: listContains('sessionSummary', (o) => o.sessionId, 'sessionId'),
    expect: ownOrgForAll,
  },
  sessionsForProject: {
    document: 'query($p:ID!){ sessionsForProject(projectId:$p){ sessionId } }',
    variables: ({ aimed }) => ({ p: aimed.projectId }),
    judge: listContains('sessionsForProject', (o) => o.sessionId, 'sessionId'),
    expect: ownOrgForAll,
  },
  sessionsForProjects: {
    document: 'query($p:[ID!]!){ sessionsForProjects(projectIds:$p){ sessionId } }',
    variables: ({ aimed }) => ({ p: [aimed.projectId] }),
    judge: listContains('sessionsForProjects', (o) => o.sessionId, 'sessionId'),
    expect: ownOrgForAll,
  },
  annotations: {
    document: '{ annotations { id } }',
    judge: listContains('annotations', (o) => o.annotationId),
    expect: ownOrgForAll,
  },
  createAnnotation: {
    document:
      'mutation($s:ID!){ createAnnotation(scanId:$s,title:"Pothole",point:{type:"Point",coordinates:[-123,44]}){ id } }',
    variables: ({ aimed }) => ({ s: aimed.scanId }),
    expect: ownOrgForAll,
  },
  updateAnnotation: {
    // The annotation was written by the aimed organization's Standard user.
    document:
      'mutation($id:ID!){ updateAnnotation(id:$id,title:"Deep pothole",point:{type:"Point",coordinates:[-123,44]}){ id } }',
    variables: ({ aimed }) => ({ id: aimed.annotationId }),
    expect: ownOrgForAll,
  },
  deleteAnnotation: {
    document: 'mutation($id:ID!){ deleteAnnotation(id:$id) }',
    variables: ({ aimed }) => ({ id: aimed.annotationId }),
    expect: ownOrgForAll,
  },
  activityLog: {
    document: 'query($id:ID!){ activityLog(id:$id){ id } }',
    variables: ({ aimed }) => ({ id: aimed.activityLogId }),
    expect: ownOrgForAll,
  },
  activityLogTypes: { document: '{ activityLogTypes }', expect: everyone },
  activityLogs: {
    document: '{ activityLogs(pageIndex:0,pageSize:100){ items { id } total } }',
    judge: (result, aimed) => {
      const page = result.data?.activityLogs as { items: { id: string }[] } | undefined;
      return page?.items.some((i) => i.id === String(aimed.activityLogId)) ? 'allow' : 'deny';
    },
    expect: ownOrgForAll,
  },
  createActivityLogEvent: {
    document: 'mutation{ createActivityLogEvent(activityType:"UserLogin",message:"hello"){ id } }',
    expect: everyone,
  },
  upsertActivityLogJob: {
    // Moving an existing job of the aimed organization forward. Keys are per organization: from
    // another organization the same key writes the caller's own entry, so 'allow' means the
    // aimed entry itself was moved.
    document:
      'mutation($k:String!){ upsertActivityLogJob(activityType:"PackageUpload",referenceKey:$k,status:"Completed"){ id } }',
    variables: ({ aimed }) => ({ k: aimed.activityReferenceKey }),
    judge: (result, aimed) => {
      const written = result.data?.upsertActivityLogJob as { id?: string } | undefined;
      return written?.id === String(aimed.activityLogId) ? 'allow' : 'deny';
    },
    // An Admin's upload entries are the Admin's organization's too.
    expect: {
      Admin: { own: 'allow', other: 'deny' },
      'Power User': { own: 'allow', other: 'deny' },
      Standard: { own: 'allow', other: 'deny' },
    },
  },
  acknowledgeActivityLog: {
    document: 'mutation($id:ID!){ acknowledgeActivityLog(id:$id,isAcknowledged:true){ id } }',
    variables: ({ aimed }) => ({ id: aimed.activityLogId }),
    expect: ownOrgForAll,
  },
  acknowledgeMultipleActivityLogs: {
    document:
      'mutation($u:ID){ acknowledgeMultipleActivityLogs(userIdFilter:$u,isAcknowledged:true) }',
    variables: ({ aimed }) => ({ u: aimed.users.Standard.id }),
    judge: (result) =>
      Number(result.data?.acknowledgeMultipleActivityLogs ?? 0) > 0 ? 'allow' : 'deny',
    expect: ownOrgForAll,
  },
  // Feature case files (authorization-cases-<feature>.ts) are spread below.
  ...logFilesCases,
  ...packageUploadCases,
  ...deviceAssignmentsCases,
  ...unassignedScansCases,
  ...bucketCases,
  ...scanImagesCases,
  ...pointCloudCases,
  ...projectLayersCases,
  ...vendorCases,
  ...basestationCases,
  ...trajectoryCases,
  ...publishingCases,
  ...scanProcessingCases,
  ...importedScansCases,
};

/** Judges a create: 'allow' only when the new row belongs to the aimed organization. */
function createdIn(field: string) {
  return (result: GraphqlResult<Record<string, unknown>>, aimed: OrgFixture): Outcome => {
    const created = result.data?.[field] as { organization?: { id: string } } | undefined;
    return created?.organization?.id === String(aimed.organizationId) ? 'allow' : 'deny';
  };
}
