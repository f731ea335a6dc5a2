import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/database.ts';
// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase } from './authorization-cases.ts';
import type { OrgFixture } from './authorization-world.ts';

// Port 1 on loopback refuses at once, so connection tests answer quickly without a store.
const NOWHERE = 'http://127.0.0.1:1';

/** A fresh bucket of the aimed organization, so mutations never share rows. */
async function bucketOf(db: Db, aimed: OrgFixture) {
  const row = await db
    .insertInto('buckets')
    .values({
      organizationId: aimed.organizationId,
      name: `Bucket ${randomUUID().slice(0, 8)}`,
      endpoint: NOWHERE,
      bucket: 'survey-data',
      accessKeyId: 'KEY',
      secretAccessKey: 'SECRET',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const adminOnly: AuthorizationCase['expect'] = {
  Admin: { own: 'allow', other: 'allow' },
  'Power User': { own: 'deny', other: 'deny' },
  Standard: { own: 'deny', other: 'deny' },
};
/** Reads: Admin every organization's buckets, others their own organization's. */
const ownOrgForAll: AuthorizationCase['expect'] = {
  Admin: { own: 'allow', other: 'allow' },
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'allow', other: 'deny' },
};

const settings = 'endpoint:$e,region:"us-east-1",bucket:"survey-data"';

export const bucketCases: Record<string, AuthorizationCase> = {
  buckets: {
    document: 'query($o:ID){ buckets(organizationId:$o) { id organization { id } } }',
    variables: async ({ db, aimed }) => {
      await bucketOf(db, aimed);
      return { o: aimed.organizationId };
    },
    judge: (result, aimed) => {
      const buckets = (result.data?.buckets ?? []) as { organization: { id: string } }[];
      return buckets.some((b) => b.organization.id === String(aimed.organizationId))
        ? 'allow'
        : 'deny';
    },
    expect: ownOrgForAll,
  },
  createBucket: {
    document: `mutation($o:ID!,$n:String!,$e:String){ createBucket(organizationId:$o,name:$n,${settings}){ id } }`,
    variables: ({ aimed }) => ({
      o: aimed.organizationId,
      n: `New ${randomUUID().slice(0, 8)}`,
      e: NOWHERE,
    }),
    expect: adminOnly,
  },
  updateBucket: {
    document: `mutation($id:ID!,$e:String){ updateBucket(id:$id,name:"Renamed",${settings}){ id } }`,
    variables: async ({ db, aimed }) => ({ id: await bucketOf(db, aimed), e: NOWHERE }),
    expect: adminOnly,
  },
  deleteBucket: {
    document: 'mutation($id:ID!){ deleteBucket(id:$id) }',
    variables: async ({ db, aimed }) => ({ id: await bucketOf(db, aimed) }),
    expect: adminOnly,
  },
  testBucketConnection: {
    document: 'mutation($id:ID!){ testBucketConnection(id:$id){ ok message } }',
    variables: async ({ db, aimed }) => ({ id: await bucketOf(db, aimed) }),
    expect: adminOnly,
  },
  testBucketSettings: {
    // With the id of a saved bucket, whose stored credentials the test would use.
    document: `mutation($id:ID,$e:String){ testBucketSettings(id:$id,${settings}){ ok message } }`,
    variables: async ({ db, aimed }) => ({ id: await bucketOf(db, aimed), e: NOWHERE }),
    expect: adminOnly,
  },
};
