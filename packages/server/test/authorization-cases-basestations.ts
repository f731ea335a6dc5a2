import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database.ts';
// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase, CaseContext } from './authorization-cases.ts';
import type { OrgFixture } from './authorization-world.ts';

const all = (outcome: 'allow' | 'deny') => ({ own: outcome, other: outcome });
/** The Basestation Files and Trajectory Processing screens: Admin anywhere, Power User at home. */
const managers = {
  Admin: all('allow'),
  'Power User': { own: 'allow', other: 'deny' },
  Standard: all('deny'),
} as const;
const unique = () => randomBytes(6).toString('hex');

/** A Ready base station of the aimed organization covering its session, matched at upload. */
async function basestationIn(db: Db, aimed: OrgFixture): Promise<{ id: number }> {
  const filename = `matrix-${unique()}.zip`;
  const row = await db
    .insertInto('basestations')
    .values({
      organizationId: aimed.organizationId,
      projectId: aimed.projectId,
      filename,
      s3Url: `s3://portal/org-${aimed.organizationId}/project-none/basestations/${filename}`,
      status: 'Ready',
      point: JSON.stringify({ type: 'Point', coordinates: [-123, 44] }),
      ecef: [-2498000, -3850000, 4404000],
      startTimestamp: new Date('2024-04-01T07:00:00Z'),
      endTimestamp: new Date('2024-04-01T10:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('basestationSessionMatches')
    .values({ basestationId: row.id, sessionId: aimed.sessionId, distanceKm: 0.1 })
    .execute();
  return row;
}

const byBasestation = async ({ db, aimed }: CaseContext) => ({
  id: (await basestationIn(db, aimed)).id,
});
const bySession = async ({ db, aimed }: CaseContext) => {
  await basestationIn(db, aimed);
  return { s: aimed.sessionId };
};

export const basestationCases: Record<string, AuthorizationCase> = {
  basestationsForProject: {
    document: 'query($p:ID!){ basestationsForProject(projectId:$p){ id } }',
    variables: ({ aimed }) => ({ p: aimed.projectId }),
    expect: managers,
  },
  basestation: {
    document: 'query($id:ID!){ basestation(id:$id){ id } }',
    variables: byBasestation,
    expect: managers,
  },
  timeMatchedSessionsForBasestation: {
    document: 'query($id:ID!){ timeMatchedSessionsForBasestation(basestationId:$id){ sessionId } }',
    variables: byBasestation,
    expect: managers,
  },
  matchedBasestationsForSessionId: {
    document: 'query($s:String!){ matchedBasestationsForSessionId(sessionId:$s){ id } }',
    variables: bySession,
    expect: managers,
  },
  matchedBasestations: {
    document: 'query($s:String!){ matchedBasestations(sessionId:$s){ id } }',
    variables: bySession,
    expect: managers,
  },
  potentialBasestations: {
    document: 'query($s:String!){ potentialBasestations(sessionId:$s){ distance recommended } }',
    variables: bySession,
    expect: managers,
  },
  potentialBasestationsForSessionIdAudit: {
    document:
      'query($s:String!){ potentialBasestationsForSessionIdAudit(sessionId:$s){ distance recommended } }',
    variables: bySession,
    expect: managers,
  },
  getBasestationUploadSignedURL: {
    document:
      'query($f:String!,$p:ID){ getBasestationUploadSignedURL(filename:$f, size:1, projectId:$p){ uploadUrl } }',
    // A zip is stored with the organization of the project it is for.
    variables: ({ aimed }) => ({ f: `base-${unique()}.zip`, p: aimed.projectId }),
    expect: managers,
  },
  registerUploadedBasestationFile: {
    document:
      'mutation($p:ID!,$f:String!){ registerUploadedBasestationFile(projectId:$p, filename:$f){ id } }',
    variables: ({ aimed }) => ({ p: aimed.projectId, f: `never-sent-${unique()}.zip` }),
    // Nothing was uploaded: passing the access checks shows as 'has not been uploaded'.
    judge: (result) =>
      /^The basestation file never-sent-[0-9a-f]+\.zip has not been uploaded$/.test(
        result.errors?.[0]?.message ?? '',
      )
        ? 'allow'
        : 'deny',
    expect: managers,
  },
  deleteBasestation: {
    document: 'mutation($id:ID!){ deleteBasestation(id:$id) }',
    variables: byBasestation,
    expect: managers,
  },
};
