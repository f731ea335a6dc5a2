import { Readable } from 'node:stream';
import type { Db } from '../src/db/database.ts';
// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase } from './authorization-cases.ts';
import type { OrgFixture } from './authorization-world.ts';

const all = (outcome: 'allow' | 'deny') => ({ own: outcome, other: outcome });

/** A Ready base station of the aimed organization covering its fixture session's hour. */
async function readyBasestation(db: Db, aimed: OrgFixture): Promise<number> {
  const row = await db
    .insertInto('basestations')
    .values({
      organizationId: aimed.organizationId,
      projectId: aimed.projectId,
      filename: `base-${aimed.sessionId}-${Math.random().toString(36).slice(2, 8)}.zip`,
      s3Url: `s3://portal/org-${aimed.organizationId}/project-none/basestations/base.zip`,
      status: 'Ready',
      point: JSON.stringify({ type: 'Point', coordinates: [-123, 44] }),
      ecef: [-2.5e6, -3.8e6, 4.4e6],
      startTimestamp: new Date('2024-04-01T07:00:00Z'),
      endTimestamp: new Date('2024-04-01T10:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A run of the aimed organization's fixture session. */
async function runOf(db: Db, aimed: OrgFixture): Promise<number> {
  const row = await db
    .insertInto('trajectoryProcessingRuns')
    .values({
      sessionId: aimed.sessionId,
      organizationId: aimed.organizationId,
      basestationIds: [],
      status: 'Completed',
      logS3Url: `s3://portal/org-${aimed.organizationId}/project-${aimed.projectId}/trajectory-runs/x/run.log`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const trajectoryCases: Record<string, AuthorizationCase> = {
  trajectoryProcessingRunsForSession: {
    document: 'query($s:String!){ trajectoryProcessingRunsForSession(sessionId:$s){ id } }',
    variables: async ({ db, aimed }) => {
      await runOf(db, aimed);
      return { s: aimed.sessionId };
    },
    expect: {
      Admin: all('allow'),
      'Power User': { own: 'allow', other: 'deny' },
      Standard: { own: 'allow', other: 'deny' },
    },
  },
  trajectoryProcessingAvailability: {
    document: '{ trajectoryProcessingAvailability { available message } }',
    expect: { Admin: all('allow'), 'Power User': all('allow'), Standard: all('deny') },
  },
  createSessionTrajectoryProcessingRun: {
    document:
      'mutation($s:String!,$b:[ID!]!){ createSessionTrajectoryProcessingRun(trajectoryProcessingRun:{sessionId:$s,basestationIds:$b}){ id status } }',
    variables: async ({ db, aimed }) => ({
      s: aimed.sessionId,
      b: [await readyBasestation(db, aimed)],
    }),
    expect: {
      Admin: all('allow'),
      'Power User': { own: 'allow', other: 'deny' },
      Standard: all('deny'),
    },
  },
  getSignedS3Url: {
    // An object of the aimed organization: a link for its own users and Admin, null otherwise.
    document: 'query($u:String!){ getSignedS3Url(s3Url:$u) }',
    variables: async ({ aimed, storage }) => {
      const key = `org-${aimed.organizationId}/project-${aimed.projectId}/trajectory-runs/1/run.log`;
      await storage.putStream(key, Readable.from([Buffer.from('log')]), { size: 3 });
      return { u: `s3://portal/${key}` };
    },
    judge: (result) => (typeof result.data?.getSignedS3Url === 'string' ? 'allow' : 'deny'),
    expect: {
      Admin: all('allow'),
      'Power User': { own: 'allow', other: 'deny' },
      Standard: { own: 'allow', other: 'deny' },
    },
  },
  pdal: {
    // Checked against the aimed organization's scan: another organization's is 'Not found'.
    document:
      'query($s:ID){ pdal(submission:{pipeline:"[{\\"type\\":\\"filters.range\\",\\"limits\\":\\"Classification[2:2]\\"}]",scanId:$s}){ ok errors } }',
    variables: ({ aimed }) => ({ s: aimed.scanId }),
    expect: {
      Admin: all('allow'),
      'Power User': { own: 'allow', other: 'deny' },
      Standard: all('deny'),
    },
  },
};
