import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../src/db/database.ts';
import { writeGtx } from '../src/lib/transform/geoid-grid.ts';
// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase } from './authorization-cases.ts';
import type { OrgFixture } from './authorization-world.ts';

const all = (outcome: 'allow' | 'deny') => ({ own: outcome, other: outcome });
/** Admin any organization; Power User their own; Standard nowhere. */
const processors: AuthorizationCase['expect'] = {
  Admin: all('allow'),
  'Power User': { own: 'allow', other: 'deny' },
  Standard: all('deny'),
};
const adminOnly: AuthorizationCase['expect'] = {
  Admin: all('allow'),
  'Power User': all('deny'),
  Standard: all('deny'),
};

/** A bucket of the aimed organization (the job never runs in these cases). */
async function bucketOf(db: Db, aimed: OrgFixture) {
  const row = await db
    .insertInto('buckets')
    .values({
      organizationId: aimed.organizationId,
      name: `Publish ${randomUUID().slice(0, 8)}`,
      endpoint: 'http://127.0.0.1:1',
      bucket: 'survey-data',
      accessKeyId: 'KEY',
      secretAccessKey: 'SECRET',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const settings =
  'projectId:$p,bucketId:$b,targetFolder:"deliveries/2024",includeImages:true,transform:false';

export const publishingCases: Record<string, AuthorizationCase> = {
  publishScans: {
    document: `mutation($p:ID!,$b:ID!,$s:ID!){ publishScans(${settings},scans:[{scanId:$s}]){ submitted } }`,
    variables: async ({ db, aimed }) => ({
      p: aimed.projectId,
      b: await bucketOf(db, aimed),
      s: aimed.scanId,
    }),
    expect: processors,
  },
  publishScan: {
    document: `mutation($p:ID!,$b:ID!,$s:ID!,$x:String){ publishScan(${settings},scan:{scanId:$s,sessionId:$x}){ submitted } }`,
    variables: async ({ db, aimed }) => ({
      p: aimed.projectId,
      b: await bucketOf(db, aimed),
      s: aimed.scanId,
      x: aimed.sessionId,
    }),
    expect: processors,
  },
  publishedScans: {
    // The bucket cannot be reached (the check then answers none): allowed is an answer at all.
    document:
      'query($p:ID!,$b:ID!,$s:ID!){ publishedScans(projectId:$p,bucketId:$b,targetFolder:"deliveries/2024",scanIds:[$s]) }',
    variables: async ({ db, aimed }) => ({
      p: aimed.projectId,
      b: await bucketOf(db, aimed),
      s: aimed.scanId,
    }),
    expect: processors,
  },
  getGeoidGridUploadSignedURL: {
    document:
      'mutation{ getGeoidGridUploadSignedURL(filename:"matrix-grid.gtx", size:1){ s3Uri uploadUrl } }',
    expect: adminOnly,
  },
  registerGeoidGrid: {
    document: 'mutation($f:String!){ registerGeoidGrid(filename:$f){ name format } }',
    variables: async ({ storage }) => {
      const filename = `matrix-${randomUUID().slice(0, 8)}.gtx`;
      const bytes = writeGtx({
        south: 43,
        west: -124,
        latStep: 1,
        lonStep: 1,
        rows: 2,
        cols: 2,
        values: new Float32Array([-20, -21, -22, -23]),
      });
      await storage.putStream(`geoid/${filename}`, Readable.from([Buffer.from(bytes)]), {
        size: bytes.length,
      });
      return { f: filename };
    },
    expect: adminOnly,
  },
};
