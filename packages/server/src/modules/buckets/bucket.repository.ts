import DataLoader from 'dataloader';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** A bucket as the API may show it: the credentials themselves are never selected. */
export interface PublicBucket {
  id: number;
  organizationId: number;
  name: string;
  endpoint: string | null;
  region: string;
  bucket: string;
  prefix: string;
  forcePathStyle: boolean;
  hasCredentials: boolean;
  created: Date;
  lastModified: Date;
}

export interface BucketValues {
  name: string;
  endpoint: string | null;
  region: string;
  bucket: string;
  prefix: string;
  forcePathStyle: boolean;
}

export interface BucketCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const publicColumns = [
  'id',
  'organizationId',
  'name',
  'endpoint',
  'region',
  'bucket',
  'prefix',
  'forcePathStyle',
  'created',
  'lastModified',
] as const;

const hasCredentials = (eb: ExpressionBuilder<Database, 'buckets'>) =>
  eb
    .and([eb('accessKeyId', 'is not', null), eb('secretAccessKey', 'is not', null)])
    .$castTo<boolean>()
    .as('hasCredentials');

function selectPublic(db: Db) {
  return db.selectFrom('buckets').select(publicColumns).select(hasCredentials);
}

/** All SQL about storage buckets. */
export const bucketRepository = {
  list(db: Db, organizationId: number | null): Promise<PublicBucket[]> {
    return selectPublic(db)
      .$if(organizationId !== null, (qb) => qb.where('organizationId', '=', organizationId!))
      .orderBy('organizationId')
      .orderBy('name')
      .execute();
  },

  findById(db: Db, id: number): Promise<PublicBucket | undefined> {
    return selectPublic(db).where('id', '=', id).executeTakeFirst();
  },

  /** The one read that includes the credentials: for talking to the store, never for answers. */
  findConnection(db: Db, id: number) {
    return db.selectFrom('buckets').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByName(db: Db, organizationId: number, name: string) {
    return db
      .selectFrom('buckets')
      .select(['id'])
      .where('organizationId', '=', organizationId)
      .where('name', '=', name)
      .executeTakeFirst();
  },

  async create(
    db: Db,
    organizationId: number,
    values: BucketValues,
    credentials: BucketCredentials | null,
  ): Promise<PublicBucket> {
    const { id } = await db
      .insertInto('buckets')
      .values({ organizationId, ...values, ...(credentials ?? {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await bucketRepository.findById(db, id))!;
  },

  /** Updates the settings; the stored credentials change only when new ones are given. */
  async update(
    db: Db,
    id: number,
    values: BucketValues,
    credentials: BucketCredentials | null,
  ): Promise<PublicBucket> {
    await db
      .updateTable('buckets')
      .set({ ...values, ...(credentials ?? {}), lastModified: new Date() })
      .where('id', '=', id)
      .execute();
    return (await bucketRepository.findById(db, id))!;
  },

  async delete(db: Db, id: number): Promise<void> {
    await db.deleteFrom('buckets').where('id', '=', id).execute();
  },

  byOrganizationLoader(db: Db) {
    return new DataLoader<number, PublicBucket[]>(async (ids) => {
      const rows = await selectPublic(db)
        .where('organizationId', 'in', ids)
        .orderBy('name')
        .execute();
      return ids.map((id) => rows.filter((r) => r.organizationId === id));
    });
  },
};
