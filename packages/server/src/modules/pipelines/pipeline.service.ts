import type { PipelineInput } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError } from '../../graphql/errors.ts';
import { pipelinePolicy } from '../../policies/pipeline.policy.ts';
import { organizationScope } from '../../policies/scope.ts';
import { requireVisibleProject } from '../projects/project.service.ts';
import { type PipelineValues, pipelineRepository as repo } from './pipeline.repository.ts';

export const GLOBAL_PIPELINE_REFUSED =
  'Only users of the vendor organization can create, change or delete global pipelines.';

/** Processing pipelines (PDAL JSON): per project, or global for every organization. */
export const pipelineService = {
  list(ctx: RequestContext) {
    return repo.listVisible(ctx.db, organizationScope(ctx.viewer));
  },

  async listForProject(ctx: RequestContext, projectId: number) {
    await requireVisibleProject(ctx, projectId);
    return repo.listForProject(ctx.db, projectId);
  },

  async create(ctx: RequestContext, input: PipelineInput) {
    return repo.create(ctx.db, await toValues(ctx, input));
  },

  async update(ctx: RequestContext, id: number, input: PipelineInput) {
    const current = await requireVisible(ctx, id);
    if (current.global) requireVendor(ctx);
    return repo.update(ctx.db, id, await toValues(ctx, input));
  },

  async delete(ctx: RequestContext, id: number) {
    const current = await requireVisible(ctx, id);
    if (current.global) requireVendor(ctx);
    await repo.delete(ctx.db, id);
    return true;
  },
};

async function requireVisible(ctx: RequestContext, id: number) {
  const pipeline = await repo.findById(ctx.db, id);
  if (!pipeline || !pipelinePolicy.canRead(ctx.viewer, pipeline, pipeline.projectOrganizationId)) {
    throw new NotFoundError();
  }
  return pipeline;
}

function requireVendor(ctx: RequestContext) {
  if (!pipelinePolicy.canManageGlobal(ctx.viewer))
    throw new ForbiddenError(GLOBAL_PIPELINE_REFUSED);
}

/** A global pipeline has no project; any other belongs to a project the caller can see. */
async function toValues(ctx: RequestContext, input: PipelineInput): Promise<PipelineValues> {
  let organizationId: number;
  if (input.global) {
    requireVendor(ctx);
    organizationId = ctx.viewer.user.organizationId;
  } else {
    // The shared input schema already requires projectId for a non-global pipeline.
    const project = await requireVisibleProject(ctx, input.projectId as number);
    organizationId = project.organizationId;
  }
  return {
    projectId: input.global ? null : input.projectId,
    organizationId,
    name: input.name,
    description: input.description,
    pipeline: input.pipeline,
    dependencies: input.dependencies,
    global: input.global,
  };
}
