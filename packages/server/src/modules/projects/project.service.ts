import { type ProjectInput, projectionError } from '@asset-portal/shared';
import type { ProjectRow } from '../../db/schema.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { projectPolicy } from '../../policies/project.policy.ts';
import { canSeeOrganization, organizationScope } from '../../policies/scope.ts';
import { organizationRepository } from '../organizations/organization.repository.ts';
import { type ProjectValues, projectRepository as repo } from './project.repository.ts';

/** Where geoid grid files are kept in the object store. */
export const GEOID_GRID_PREFIX = 'geoid/';

/** Projects of an organization with their coordinate settings and scan tag options. */
export const projectService = {
  list(ctx: RequestContext) {
    return repo.list(ctx.db, organizationScope(ctx.viewer));
  },

  async listByOrganization(ctx: RequestContext, organizationId: number) {
    await requireVisibleOrganization(ctx, organizationId);
    return repo.list(ctx.db, organizationId);
  },

  get(ctx: RequestContext, id: number) {
    return requireVisibleProject(ctx, id);
  },

  /**
   * Geoid grid files to offer in the project dialog: the grids present in storage under
   * `geoid/` (public models, shared by every organization), plus any name a visible project
   * already uses, so an existing choice stays selectable.
   */
  async geoidGridFiles(ctx: RequestContext) {
    const names = new Set(await repo.geoidGridFiles(ctx.db, organizationScope(ctx.viewer)));
    for await (const object of ctx.storage.list(GEOID_GRID_PREFIX)) {
      const name = object.key.slice(GEOID_GRID_PREFIX.length);
      if (name && !name.includes('/')) names.add(name);
    }
    return [...names].sort((a, b) => a.localeCompare(b));
  },

  async create(ctx: RequestContext, input: ProjectInput) {
    const organizationId = projectPolicy.organizationForNewProject(
      ctx.viewer,
      input.organizationId,
    );
    if (organizationId === null) throw new ValidationError('Organization: Value is required');
    await requireVisibleOrganization(ctx, organizationId);
    const values = await checkValues(ctx, { ...input, organizationId }, null);
    return repo.create(ctx.db, values);
  },

  async update(ctx: RequestContext, id: number, input: ProjectInput) {
    const current = await requireVisibleProject(ctx, id);
    const organizationId = projectPolicy.organizationOnUpdate(
      ctx.viewer,
      input.organizationId,
      current,
    );
    if (organizationId !== current.organizationId) {
      await requireVisibleOrganization(ctx, organizationId);
    }
    const values = await checkValues(ctx, { ...input, organizationId }, id);
    return repo.update(ctx.db, id, values);
  },

  /** Refuses while scans belong to the project: they are never deleted as a side effect. */
  async delete(ctx: RequestContext, id: number) {
    const project = await requireVisibleProject(ctx, id);
    const scans = await repo.countScans(ctx.db, id);
    if (scans > 0) {
      throw new ValidationError(
        `Project '${project.name}' still has ${scans} scan${scans === 1 ? '' : 's'}; ` +
          'delete or move them before deleting the project.',
      );
    }
    await repo.delete(ctx.db, id);
    return true;
  },
};

/** The project if the caller may see it; a foreign id answers exactly like a missing one. */
export async function requireVisibleProject(ctx: RequestContext, id: number): Promise<ProjectRow> {
  const project = await repo.findById(ctx.db, id);
  if (!project || !projectPolicy.canRead(ctx.viewer, project)) throw new NotFoundError();
  return project;
}

async function requireVisibleOrganization(ctx: RequestContext, organizationId: number) {
  const organization = await organizationRepository.findById(ctx.db, organizationId);
  if (!organization || !canSeeOrganization(ctx.viewer, organizationId)) throw new NotFoundError();
  return organization;
}

async function checkValues(
  ctx: RequestContext,
  input: ProjectInput & { organizationId: number },
  selfId: number | null,
): Promise<ProjectValues> {
  const existing = await repo.findByName(ctx.db, input.organizationId, input.name);
  if (existing && existing.id !== selfId) {
    throw new ValidationError(
      `A project named '${existing.name}' already exists in this organization.`,
    );
  }
  if (input.projection !== null) {
    const problem = projectionError(input.projection);
    if (problem) throw new ValidationError(problem);
  }
  return {
    name: input.name,
    comments: input.comments,
    active: input.active,
    organizationId: input.organizationId,
    utm: input.utm,
    projection: input.projection,
    geoidGridFile: input.geoidGridFile,
    helmertParameters: input.helmertParameters,
    tagOptions: input.tagOptions,
    classifiers: input.classifiers,
  };
}
