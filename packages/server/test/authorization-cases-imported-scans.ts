import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ASSIGNMENT_TYPE_IMPORTED } from '@asset-portal/shared';
import type { Db } from '../src/db/database.ts';
// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase, CaseContext } from './authorization-cases.ts';
import type { OrgFixture } from './authorization-world.ts';

const all = (outcome: 'allow' | 'deny') => ({ own: outcome, other: outcome });
/** The Imported Scans screen's actions: Admin anywhere, Power User at home, Standard nowhere. */
const managers = {
  Admin: all('allow'),
  'Power User': { own: 'allow', other: 'deny' },
  Standard: all('deny'),
} as const;
/** The list: every user of the organization, Admin everywhere. */
const readers = {
  Admin: all('allow'),
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'allow', other: 'deny' },
} as const;

/** An imported scan of the aimed organization's project, not yet uploaded. */
async function importedScanIn(db: Db, aimed: OrgFixture): Promise<string> {
  const id = `imp-${randomBytes(11).toString('hex')}`;
  await db
    .insertInto('scans')
    .values({
      id,
      organizationId: aimed.organizationId,
      projectId: aimed.projectId,
      friendlyName: 'Matrix import',
      assignmentType: ASSIGNMENT_TYPE_IMPORTED,
      metadata: JSON.stringify({ utm: '42N' }),
    })
    .execute();
  await db.insertInto('importedScans').values({ scanId: id }).execute();
  return id;
}

const sourceKey = (aimed: OrgFixture, id: string) =>
  `org-${aimed.organizationId}/project-${aimed.projectId}/imported/${id}/source/matrix.las`;

const byScan = async ({ db, aimed }: CaseContext) => ({ id: await importedScanIn(db, aimed) });

export const importedScansCases: Record<string, AuthorizationCase> = {
  importedScansForProject: {
    document: 'query($p:ID!){ importedScansForProject(projectId:$p){ id } }',
    variables: async ({ db, aimed }) => {
      await importedScanIn(db, aimed);
      return { p: aimed.projectId };
    },
    judge: (result) =>
      ((result.data?.importedScansForProject ?? []) as unknown[]).length > 0 ? 'allow' : 'deny',
    expect: readers,
  },
  createImportedScan: {
    document:
      'mutation($p:ID!){ createImportedScan(friendlyName:"Matrix", projectId:$p, metadata:{ utm: "42N" }){ id } }',
    variables: ({ aimed }) => ({ p: aimed.projectId }),
    expect: managers,
  },
  getImportScanUploadSignedURL: {
    document:
      'query($id:ID!){ getImportScanUploadSignedURL(importedScanId:$id, filename:"matrix.las", size:1){ uploadUrl } }',
    variables: byScan,
    expect: managers,
  },
  getImportScanUploadMultipartInfo: {
    document:
      'query($id:ID!){ getImportScanUploadMultipartInfo(importedScanId:$id, filename:"matrix.las", numberOfParts:1, size:1){ uploadId } }',
    variables: byScan,
    expect: managers,
  },
  completeImportScanUploadMultipart: {
    document:
      'mutation($id:ID!){ completeImportScanUploadMultipart(importedScanId:$id, filename:"matrix.las", uploadId:"no-such-upload", eTags:"abc") }',
    variables: byScan,
    // No such upload: getting past the access checks shows as the storage's refusal.
    judge: (result) =>
      /^The upload no-such-upload could not be completed/.test(result.errors?.[0]?.message ?? '')
        ? 'allow'
        : 'deny',
    expect: managers,
  },
  processImportedScan: {
    document:
      'mutation($id:ID!,$s:String!){ processImportedScan(importedScanId:$id, s3Url:$s, determineTrajectory:true){ id } }',
    variables: async ({ db, aimed, storage }) => {
      const id = await importedScanIn(db, aimed);
      const key = sourceKey(aimed, id);
      await storage.putStream(key, Readable.from([Buffer.from('LASF')]), { size: 4 });
      return { id, s: `s3://portal/${key}` };
    },
    expect: managers,
  },
  deleteImportedScan: {
    document: 'mutation($id:ID!){ deleteImportedScan(id:$id) }',
    variables: byScan,
    expect: managers,
  },
};
