import {
  type PipelineInput,
  PLACEHOLDER_CHECK_BOX,
  usesBoundingBoxPlaceholders,
} from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { pipelinePolicy } from '../../policies/pipeline.policy.ts';
import { organizationScope } from '../../policies/scope.ts';
import { builtInPipelineEngine } from '../processing/pipeline-engine/pipeline-engine.ts';
import { requireVisibleProject } from '../projects/project.service.ts';
import { type PipelineValues, pipelineRepository as repo } from './pipeline.repository.ts';

export const PIPELINE_NAME_TAKEN = (name: string, global: boolean) =>
  global
    ? `A global pipeline named '${name}' already exists.`
    : `A pipeline named '${name}' already exists in this project or as a global pipeline.`;

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

  /**
   * Why the built-in engine would refuse the pipeline on any scan (as its editor says); empty
   * when it runs it. What a scan adds (its CRS, its size) is checked when it is processed.
   */
  engineErrors(pipeline: string): string[] {
    const boundingBox = usesBoundingBoxPlaceholders(pipeline) ? PLACEHOLDER_CHECK_BOX : null;
    const verdict = builtInPipelineEngine.validate(pipeline, { srs: null, boundingBox });
    return verdict.ok ? [] : verdict.errors;
  },

  async create(ctx: RequestContext, input: PipelineInput) {
    return repo.create(ctx.db, await uniqueValues(ctx, input, null));
  },

  async update(ctx: RequestContext, id: number, input: PipelineInput) {
    const current = await requireVisible(ctx, id);
    if (current.global) requireVendor(ctx);
    return repo.update(ctx.db, id, await uniqueValues(ctx, input, id));
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

/**
 * The values, unless the Pipeline select would list two of this name: a project's own and the
 * global pipelines share it, so a name is taken once among them (case aside).
 */
async function uniqueValues(ctx: RequestContext, input: PipelineInput, selfId: number | null) {
  const values = await toValues(ctx, input);
  if ((await repo.sameNameId(ctx.db, values, selfId)) !== null) {
    throw new ValidationError(PIPELINE_NAME_TAKEN(values.name, values.projectId === null));
  }
  return values;
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
