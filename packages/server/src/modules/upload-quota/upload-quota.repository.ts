import type { Db } from '../../db/database.ts';

/** What the upload quota measures, in SQL. */
export const uploadQuotaRepository = {
  /**
   * The bytes of uploads the organization keeps, as recorded when each upload was accepted: the
   * latest completed upload of each package key (a package sent again replaces the older one),
   * the zip of every base station and the source file of every imported scan it still has.
   * Uploads still in progress and rows from before sizes were recorded are not counted.
   */
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
