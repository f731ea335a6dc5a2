import type { AnnotationInput, AnnotationUpdateInput } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError } from '../../graphql/errors.ts';
import { annotationPolicy } from '../../policies/annotation.policy.ts';
import { organizationScope } from '../../policies/scope.ts';
import { requireVisibleProjects } from '../scans/scan.service.ts';
import { annotationRepository as repo } from './annotation.repository.ts';

/** Annotations on scans: read and written within the caller's organization (Admin: any). */
export const annotationService = {
  async list(ctx: RequestContext, filter: { projectId?: number; scanId?: string }) {
    if (filter.projectId !== undefined) await requireVisibleProjects(ctx, [filter.projectId]);
    if (filter.scanId !== undefined) await requireVisibleScan(ctx, filter.scanId);
    return repo.list(ctx.db, { organizationId: organizationScope(ctx.viewer), ...filter });
  },

  async create(ctx: RequestContext, input: AnnotationInput) {
    const scan = await repo.findScanScope(ctx.db, input.scanId);
    if (!scan || !annotationPolicy.canCreate(ctx.viewer, scan.organizationId)) {
      throw new NotFoundError();
    }
    const { scanId, ...fields } = input;
    return repo.create(ctx.db, scanId, ctx.viewer.user.id, fields);
  },

  async update(ctx: RequestContext, input: AnnotationUpdateInput) {
    await requireModifiable(ctx, input.id);
    const { id, ...fields } = input;
    return repo.update(ctx.db, id, fields);
  },

  async delete(ctx: RequestContext, id: number) {
    await requireModifiable(ctx, id);
    await repo.delete(ctx.db, id);
    return true;
  },
};

async function requireVisibleScan(ctx: RequestContext, scanId: string) {
  const scan = await repo.findScanScope(ctx.db, scanId);
  if (!scan || !annotationPolicy.canRead(ctx.viewer, scan.organizationId)) {
    throw new NotFoundError();
  }
}

/** Missing or foreign: 'Not found'; visible but someone else's for a Standard user: refused. */
async function requireModifiable(ctx: RequestContext, id: number) {
  const annotation = await repo.findWithScope(ctx.db, id);
  if (!annotation || !annotationPolicy.canRead(ctx.viewer, annotation.organizationId)) {
    throw new NotFoundError();
  }
  if (!annotationPolicy.canModify(ctx.viewer, annotation)) {
    throw new ForbiddenError(
      'Only the author, a Power User or an Admin can change this annotation.',
    );
  }
  return annotation;
}
