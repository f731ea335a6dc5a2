import { LAYER_GROUP_NOT_USABLE } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { vendorPolicy } from '../../policies/vendor.policy.ts';
import { type VendorRecord, vendorRepository } from './vendor.repository.ts';

/** The group when the caller may see it; another organization's answers as a missing one. */
export async function requireVisibleGroup(ctx: RequestContext, id: number): Promise<VendorRecord> {
  const group = await vendorRepository.findById(ctx.db, id);
  if (!group || !vendorPolicy.canRead(ctx.viewer, group)) throw new NotFoundError();
  return group;
}

/** The group when the layer may join it: the layer's project's, or global to its organization. */
export async function requireUsableGroup(
  ctx: RequestContext,
  id: number,
  layer: { projectId: number; organizationId: number },
): Promise<VendorRecord> {
  const group = await requireVisibleGroup(ctx, id);
  if (!vendorPolicy.fitsLayer(group, layer)) throw new ValidationError(LAYER_GROUP_NOT_USABLE);
  return group;
}
