import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import {
  closedPort,
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3TestServer,
} from '../../../test/s3-test-server.ts';
import { buildWorld } from '../../../test/world.ts';

const SECRET = 'very-secret-value-42';
const KEY_ID = 'AKIA-KEY-ID-77';
const FIELDS =
  'id name endpoint region bucket prefix forcePathStyle hasCredentials organization { id }';
const CREATE = `mutation($o:ID!,$n:String!,$e:String,$r:String!,$b:String!,$p:String,$f:Boolean,$k:String,$s:String){
  createBucket(organizationId:$o,name:$n,endpoint:$e,region:$r,bucket:$b,prefix:$p,forcePathStyle:$f,accessKeyId:$k,secretAccessKey:$s){ ${FIELDS} } }`;
const UPDATE = `mutation($id:ID!,$n:String!,$e:String,$r:String!,$b:String!,$p:String,$f:Boolean,$k:String,$s:String){
  updateBucket(id:$id,name:$n,endpoint:$e,region:$r,bucket:$b,prefix:$p,forcePathStyle:$f,accessKeyId:$k,secretAccessKey:$s){ ${FIELDS} } }`;
const TEST = 'mutation($id:ID!){ testBucketConnection(id:$id){ ok message } }';

interface BucketAnswer {
  id: string;
  name: string;
  endpoint: string | null;
  prefix: string;
  hasCredentials: boolean;
  organization: { id: string };
}

describe.each(DATABASE_KINDS)('buckets API on %s', (kind) => {
  let api: TestApi;
  let store: S3TestServer;
  beforeAll(async () => {
    [api, store] = await Promise.all([startTestApi(kind), startS3TestServer(['survey-data'])]);
  });
  afterAll(async () => {
    await Promise.all([api?.close(), store?.close()]);
  });

  /** The Admin belongs to the vendor; the power and standard users to the customer, `ours`. */
  const world = () => buildWorld(api.database.db, { adminIn: 'vendor' });

  const bucketVars = (organizationId: number, extra: Record<string, unknown> = {}) => ({
    o: organizationId,
    n: 'Deliveries',
    e: store.endpoint,
    r: 'us-east-1',
    b: 'survey-data',
    p: '/out/',
    f: true,
    k: KEY_ID,
    s: SECRET,
    ...extra,
  });

  it('creates a bucket, never answers its credentials, and keeps them on an edit without new ones', async () => {
    const { db, ours, admin, power, standard } = await world();
    const created = await api.graphql<{ createBucket: BucketAnswer }>(
      admin,
      CREATE,
      bucketVars(ours.id),
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createBucket).toMatchObject({
      name: 'Deliveries',
      endpoint: store.endpoint,
      prefix: 'out/',
      hasCredentials: true,
      organization: { id: String(ours.id) },
    });
    const id = created.data!.createBucket.id;

    const updated = await api.graphql<{ updateBucket: BucketAnswer }>(admin, UPDATE, {
      ...bucketVars(ours.id, { n: 'Renamed', k: '', s: '' }),
      id,
    });
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updateBucket).toMatchObject({ name: 'Renamed', hasCredentials: true });
    const row = await db
      .selectFrom('buckets')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ accessKeyId: KEY_ID, secretAccessKey: SECRET });

    // Every way of reading a bucket, as every role: the secret is never in an answer.
    const reads = [
      `{ buckets { ${FIELDS} } }`,
      `{ buckets(organizationId:${ours.id}) { ${FIELDS} } }`,
      '{ organizations { id buckets { id name hasCredentials } } }',
    ];
    for (const user of [admin, power, standard]) {
      for (const query of reads) {
        const result = await api.graphql(user, query);
        expect(result.errors, query).toBeUndefined();
        const text = JSON.stringify(result);
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(KEY_ID);
      }
    }
    // ...nor in what the mutations answer.
    expect(JSON.stringify(created)).not.toContain(SECRET);
    expect(JSON.stringify(updated)).not.toContain(SECRET);

    // A typed pair replaces the stored one.
    await api.graphql(admin, UPDATE, {
      ...bucketVars(ours.id, { k: 'NEWKEY', s: 'NEWSECRET' }),
      id,
    });
    const replaced = await db
      .selectFrom('buckets')
      .select(['accessKeyId', 'secretAccessKey'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(replaced).toEqual({ accessKeyId: 'NEWKEY', secretAccessKey: 'NEWSECRET' });
  });

  it("shows a power user only their own organization's buckets", async () => {
    const { vendor, ours, admin, power } = await world();
    const mine = await api.graphql<{ createBucket: BucketAnswer }>(
      admin,
      CREATE,
      bucketVars(ours.id, { n: 'Theirs' }),
    );
    const foreign = await api.graphql<{ createBucket: BucketAnswer }>(
      admin,
      CREATE,
      bucketVars(vendor.id, { n: 'Vendor only' }),
    );
    const own = await api.graphql<{ buckets: BucketAnswer[] }>(power, '{ buckets { id name } }');
    expect(own.data?.buckets.map((b) => b.id)).toEqual([mine.data!.createBucket.id]);
    const aimed = await api.graphql<{ buckets: BucketAnswer[] }>(
      power,
      `{ buckets(organizationId:${vendor.id}) { id } }`,
    );
    expect(aimed.data?.buckets).toEqual([]);
    const all = await api.graphql<{ buckets: BucketAnswer[] }>(admin, '{ buckets { id } }');
    expect(all.data?.buckets.map((b) => b.id)).toEqual(
      expect.arrayContaining([mine.data!.createBucket.id, foreign.data!.createBucket.id]),
    );
  });

  it('refuses every write and test to a power user, even in their own organization', async () => {
    const { ours, admin, power } = await world();
    const created = await api.graphql<{ createBucket: BucketAnswer }>(
      admin,
      CREATE,
      bucketVars(ours.id),
    );
    const id = created.data!.createBucket.id;
    const attempts = [
      [CREATE, bucketVars(ours.id, { n: 'Mine now' })],
      [UPDATE, { ...bucketVars(ours.id), id }],
      ['mutation($id:ID!){ deleteBucket(id:$id) }', { id }],
      [TEST, { id }],
      [
        'mutation($e:String){ testBucketSettings(endpoint:$e,region:"us-east-1",bucket:"survey-data"){ ok } }',
        { e: store.endpoint },
      ],
    ] as const;
    for (const [document, variables] of attempts) {
      const result = await api.graphql(power, document, variables);
      expect(result.errors?.[0]?.extensions?.code, document).toBe('FORBIDDEN');
    }
  });

  it('validates endpoint, bucket name, region, credentials and duplicate names on the server', async () => {
    const { ours, admin } = await world();
    const cases: [Record<string, unknown>, string][] = [
      [{ e: 'ftp://example.com' }, 'Endpoint must be an http:// or https:// URL'],
      [{ e: 'not a url' }, 'Endpoint must be an http:// or https:// URL'],
      [{ b: 'Bad_Bucket' }, 'Bucket name must be 3 to 63 characters'],
      [{ b: 'ab' }, 'Bucket name must be 3 to 63 characters'],
      [{ r: ' ' }, 'Value is required'],
      [{ n: '' }, 'Value is required'],
      [{ s: '' }, 'Enter both the access key id and the secret access key'],
    ];
    for (const [extra, message] of cases) {
      const result = await api.graphql(admin, CREATE, bucketVars(ours.id, extra));
      expect(result.errors?.[0]?.message, JSON.stringify(extra)).toContain(message);
    }
    await api.graphql(admin, CREATE, bucketVars(ours.id, { n: 'Same' }));
    const duplicate = await api.graphql(admin, CREATE, bucketVars(ours.id, { n: 'Same' }));
    expect(duplicate.errors?.[0]?.message).toBe(
      "A bucket named 'Same' already exists in this organization.",
    );
    const unknown = await api.graphql(admin, CREATE, bucketVars(999_999));
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('tests the connection against a real S3-compatible store', async () => {
    const { ours, admin } = await world();
    const create = async (extra: Record<string, unknown>) => {
      const result = await api.graphql<{ createBucket: BucketAnswer }>(
        admin,
        CREATE,
        bucketVars(ours.id, {
          k: S3_TEST_CREDENTIALS.accessKeyId,
          s: S3_TEST_CREDENTIALS.secretAccessKey,
          ...extra,
        }),
      );
      expect(result.errors).toBeUndefined();
      return result.data!.createBucket.id;
    };
    const good = await create({ n: 'Good' });
    const missing = await create({ n: 'Missing', b: 'no-such-bucket' });
    const deadEndpoint = `http://127.0.0.1:${await closedPort()}`;
    const dead = await create({ n: 'Dead', e: deadEndpoint });

    const answer = async (id: string) =>
      (await api.graphql<{ testBucketConnection: unknown }>(admin, TEST, { id })).data
        ?.testBucketConnection;
    expect(await answer(good)).toEqual({ ok: true, message: 'Connected to bucket survey-data' });
    expect(await answer(missing)).toEqual({
      ok: false,
      message: 'Bucket no-such-bucket does not exist',
    });
    expect(await answer(dead)).toEqual({
      ok: false,
      message: `Could not reach ${deadEndpoint}: connection refused`,
    });

    // Unsaved settings from the dialog; blank credentials reuse the saved ones.
    const settings = await api.graphql<{ testBucketSettings: unknown }>(
      admin,
      'mutation($id:ID,$e:String,$k:String,$s:String){ testBucketSettings(id:$id,endpoint:$e,region:"us-east-1",bucket:"survey-data",accessKeyId:$k,secretAccessKey:$s){ ok message } }',
      { id: good, e: store.endpoint, k: '', s: '' },
    );
    expect(settings.data?.testBucketSettings).toEqual({
      ok: true,
      message: 'Connected to bucket survey-data',
    });
    const denied = await api.graphql<{ testBucketSettings: unknown }>(
      admin,
      'mutation($e:String){ testBucketSettings(endpoint:$e,region:"us-east-1",bucket:"survey-data",accessKeyId:"NOBODY",secretAccessKey:"x"){ ok message } }',
      { e: store.endpoint },
    );
    expect(denied.data?.testBucketSettings).toEqual({
      ok: false,
      message: 'Access denied: check the access key and secret',
    });
  });

  it('deletes a bucket, after which its organization can be deleted', async () => {
    const { db, admin } = await world();
    const empty = await factories.organization(db);
    const created = await api.graphql<{ createBucket: BucketAnswer }>(
      admin,
      CREATE,
      bucketVars(empty.id),
    );
    const refused = await api.graphql(admin, `mutation{ deleteOrganization(id:${empty.id}) }`);
    expect(refused.errors?.[0]?.message).toBe(
      `Organization '${empty.name}' still has 1 bucket; remove them before deleting it.`,
    );
    const deleted = await api.graphql(admin, 'mutation($id:ID!){ deleteBucket(id:$id) }', {
      id: created.data!.createBucket.id,
    });
    expect(deleted.data).toEqual({ deleteBucket: true });
    const again = await api.graphql(admin, 'mutation($id:ID!){ deleteBucket(id:$id) }', {
      id: created.data!.createBucket.id,
    });
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const gone = await api.graphql(admin, `mutation{ deleteOrganization(id:${empty.id}) }`);
    expect(gone.data).toEqual({ deleteOrganization: true });
  });
});
