import type { Db } from '../../db/database.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { ValidationError } from '../../graphql/errors.ts';
import { uploadQuotaRepository as repo } from './upload-quota.repository.ts';
import { uploadQuotaProblem } from './upload-quota-rules.ts';

/**
 * Refuses an upload URL (before one is signed) when the organization's stored uploads and its
 * uploads in progress plus this file of `size` bytes would pass UPLOAD_QUOTA_GB_PER_ORGANIZATION;
 * no quota set, no limit.
 */
async function requireUploadRoom(
  ctx: RequestContext,
  organizationId: number,
  size: number,
): Promise<void> {
  const quota = ctx.config.uploadQuotaBytes;
  if (quota === undefined) return;
  const use = await repo.uploadUse(ctx.db, organizationId);
  const problem = uploadQuotaProblem(quota, use, size);
  if (problem) throw new ValidationError(problem);
}

/**
 * Starts an upload that is counted while in progress (a multipart package upload): the check and
 * `start`, which records the upload in the transaction it is given, hold the organization's
 * quota, so two uploads asked for at once cannot both pass a quota that has room for one.
 */
export async function startCountedUpload<T>(
  ctx: RequestContext,
  organizationId: number,
  size: number,
  start: (trx: Db) => Promise<T>,
): Promise<T> {
  if (ctx.config.uploadQuotaBytes === undefined) return start(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockOrganization(trx, organizationId);
    await requireUploadRoom({ ...ctx, db: trx }, organizationId, size);
    return start(trx);
  });
}

/**
 * Signs an upload (a single PUT, or an imported-scan multipart upload) and records a grant for
 * `key` at `size` bytes, counted until `settleUpload` or a day: with a quota, the check, the grant
 * and `sign` hold the organization's quota, so URLs asked for at once cannot pass one by one.
 * Without one the grant is still written: it is how the grant sweeper finds an object sent
 * through the URL and never recorded.
 */
export function grantUpload<T>(
  ctx: RequestContext,
  grant: { organizationId: number; key: string; size: number },
  sign: () => Promise<T>,
): Promise<T> {
  return startCountedUpload(ctx, grant.organizationId, grant.size, async (db) => {
    await repo.insertGrant(db, grant);
    return sign();
  });
}

/** The upload of `key` is recorded (in the transaction `db`): its grants stop counting. */
export async function settleUpload(db: Db, organizationId: number, key: string): Promise<void> {
  await repo.settleGrants(db, organizationId, key);
}
