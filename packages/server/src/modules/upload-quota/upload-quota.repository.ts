import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { STALE_MULTIPART_AGE_MS } from '../../storage/stale-multipart-sweeper.ts';
import type { UploadUse } from './upload-quota-rules.ts';

/**
 * How long an upload URL's grant counts when its upload is never recorded: a day, as multipart
 * uploads (URLs live 15 minutes, but a PUT begun in time may run long, and parts are signed
 * afresh while an upload goes on).
 */
export const GRANT_AGE_MS = STALE_MULTIPART_AGE_MS;

/**
 * A multipart package upload that may still complete: in progress and begun after `since`, the
 * stale-upload sweeper's cutoff (it aborts older ones in the store, and they cannot complete).
 */
const mayStillComplete =
  (since: Date | Expression<Date>) => (row: ExpressionBuilder<Database, 'packageUploads'>) =>
    row.and([
      row('packageUploads.status', '=', 'uploading'),
      row('packageUploads.created', '>', since),
    ]);

/** What the upload quota measures, in SQL. */
export const uploadQuotaRepository = {
  /**
   * Holds the organization's quota until the transaction ends: the uploads it starts meanwhile
   * wait, then count the one started under the lock.
   */
  async lockOrganization(trx: Db, organizationId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`upload-quota:${organizationId}`}))`.execute(
      trx,
    );
  },

  /**
   * The bytes of uploads the organization keeps, as recorded when each upload was accepted: the
   * latest completed upload of each package key (a package sent again replaces the older one),
   * the zip of every base station and the source file of every imported scan it still has. Rows
   * from before sizes were recorded are not counted. Besides, the multipart package uploads in
   * progress at their declared sizes: the latest of each key (completing any of them replaces
   * the others' object), started after the key's latest completed upload (one started before
   * was given up for it) and since the stale-upload sweeper's cutoff (older ones it aborts in
   * the store, and they cannot be completed). And the other upload URLs it was given (grants)
   * until their uploads are recorded, at their signed sizes: the latest of each key, for a day.
   */
  async uploadUse(db: Db, organizationId: number): Promise<UploadUse> {
    const [stored, multipart, granted] = await Promise.all([
      uploadQuotaRepository.storedUploadBytes(db, organizationId),
      db
        .selectFrom((eb) =>
          eb
            .selectFrom('packageUploads')
            .distinctOn('key')
            .select('size')
            .where('organizationId', '=', organizationId)
            .where(
              mayStillComplete(
                sql<Date>`now() - ${STALE_MULTIPART_AGE_MS} * interval '1 millisecond'`,
              ),
            )
            .where(({ exists, not, selectFrom }) =>
              not(
                exists(
                  selectFrom('packageUploads as later')
                    .select('later.id')
                    .where('later.organizationId', '=', organizationId)
                    .whereRef('later.key', '=', 'packageUploads.key')
                    .where('later.status', '=', 'completed')
                    .whereRef('later.id', '>', 'packageUploads.id'),
                ),
              ),
            )
            .orderBy('key')
            .orderBy('id', 'desc')
            .as('latest'),
        )
        .select((eb) => eb.fn.sum<string | number | null>('latest.size').as('bytes'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom((eb) =>
          eb
            .selectFrom('uploadGrants')
            .distinctOn('key')
            .select('size')
            .where('organizationId', '=', organizationId)
            .where('created', '>', sql<Date>`now() - ${GRANT_AGE_MS} * interval '1 millisecond'`)
            .orderBy('key')
            .orderBy('id', 'desc')
            .as('latest'),
        )
        .select((eb) => eb.fn.sum<string | number | null>('latest.size').as('bytes'))
        .executeTakeFirstOrThrow(),
    ]);
    return { stored, inProgress: Number(multipart.bytes ?? 0) + Number(granted.bytes ?? 0) };
  },

  /**
   * Records an upload URL given for `key`, counted in progress until settled (see uploadUse). One
   * too old to count stays until the grant sweeper has looked for its object.
   */
  async insertGrant(
    db: Db,
    grant: { organizationId: number; key: string; size: number },
  ): Promise<void> {
    await db.insertInto('uploadGrants').values(grant).execute();
  },

  /** The keys whose latest grant was given before `cutoff`: none of their URLs counts now. */
  staleGrantKeys(db: Db, cutoff: Date): Promise<{ organizationId: number; key: string }[]> {
    return db
      .selectFrom('uploadGrants')
      .select(['organizationId', 'key'])
      .groupBy(['organizationId', 'key'])
      .having((eb) => eb.fn.max('created'), '<=', cutoff)
      .orderBy('organizationId')
      .orderBy('key')
      .execute();
  },

  /**
   * Whether an upload was recorded at `key` (stored as `url` where the table keeps an address):
   * a completed package upload of the key or a multipart one that may still complete (begun
   * since `cutoff`), a base station's zip or an imported scan's source.
   */
  async isRecorded(
    db: Db,
    grant: { organizationId: number; key: string },
    url: string,
    cutoff: Date,
  ): Promise<boolean> {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('packageUploads')
                .select('id')
                .where('organizationId', '=', grant.organizationId)
                .where('key', '=', grant.key)
                .where((row) =>
                  row.or([row('status', '=', 'completed'), mayStillComplete(cutoff)(row)]),
                ),
            ),
            eb.exists(
              eb
                .selectFrom('basestations')
                .select('id')
                .where('organizationId', '=', grant.organizationId)
                .where('s3Url', '=', url),
            ),
            eb.exists(
              eb.selectFrom('importedScans').select('scanId').where('sourceS3Url', '=', url),
            ),
          ])
          .as('recorded'),
      ])
      .executeTakeFirstOrThrow();
    return Boolean(row.recorded);
  },

  /** Drops the grants of `key` given before `cutoff` (a newer one, given meanwhile, stays). */
  async dropGrants(db: Db, organizationId: number, key: string, cutoff: Date): Promise<void> {
    await db
      .deleteFrom('uploadGrants')
      .where('organizationId', '=', organizationId)
      .where('key', '=', key)
      .where('created', '<=', cutoff)
      .execute();
  },

  /** The upload of `key` is recorded: it counts as stored now, its URLs no longer in progress. */
  async settleGrants(db: Db, organizationId: number, key: string): Promise<void> {
    await db
      .deleteFrom('uploadGrants')
      .where('organizationId', '=', organizationId)
      .where('key', '=', key)
      .execute();
  },

  /** What the organization keeps (see `uploadUse`). */
  async storedUploadBytes(db: Db, organizationId: number): Promise<number> {
    const [packages, basestations, importedScans] = await Promise.all([
      db
        .selectFrom((eb) =>
          eb
            .selectFrom('packageUploads')
            .distinctOn('key')
            .select('size')
            .where('organizationId', '=', organizationId)
            .where('status', '=', 'completed')
            .orderBy('key')
            .orderBy('id', 'desc')
            .as('latest'),
        )
        .select((eb) => eb.fn.sum<string | number | null>('latest.size').as('bytes'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('basestations')
        .select((eb) => eb.fn.sum<string | number | null>('uploadSize').as('bytes'))
        .where('organizationId', '=', organizationId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('importedScans')
        .innerJoin('scans', 'scans.id', 'importedScans.scanId')
        .select((eb) => eb.fn.sum<string | number | null>('importedScans.sourceSize').as('bytes'))
        .where('scans.organizationId', '=', organizationId)
        .executeTakeFirstOrThrow(),
    ]);
    // SUM of bigint is numeric, which the drivers hand over as text.
    return [packages, basestations, importedScans].reduce(
      (total, row) => total + Number(row.bytes ?? 0),
      0,
    );
  },
};
