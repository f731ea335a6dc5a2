import type { RequestContext } from '../../graphql/context.ts';
import { ValidationError } from '../../graphql/errors.ts';
import { uploadQuotaRepository as repo } from './upload-quota.repository.ts';
import { uploadQuotaProblem } from './upload-quota-rules.ts';

/**
 * Refuses an upload URL (before one is signed) when the organization's stored uploads and its
 * multipart uploads in progress plus this file of `size` bytes would pass
 * UPLOAD_QUOTA_GB_PER_ORGANIZATION; no quota set, no limit.
 */
export async function requireUploadRoom(
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
