import {
  GROUP_FOR_ALL_ORGANIZATIONS_ADMIN_ONLY,
  GROUP_HOLDS_OTHER_LAYERS,
  LAYER_ALREADY_IN_GROUP,
} from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { canSeeOrganization, organizationScope } from '../../policies/scope.ts';
import { type GroupScope, vendorPolicy } from '../../policies/vendor.policy.ts';
import { projectLayerRepository } from '../project-layers/project-layer.repository.ts';
import { requireVisibleLayer } from '../project-layers/project-layer.service.ts';
import { requireVisibleProject } from '../projects/project.service.ts';
import { requireUsableGroup, requireVisibleGroup } from './group-access.ts';
import {
  vendorRepository as repo,
  type VendorLayerRecord,
  type VendorValues,
} from './vendor.repository.ts';

export interface NewGroup {
  name: string;
  description: string | null;
  /** null: a global group. */
  projectId: number | null;
}

/** Absent fields stay as they are; projectId null makes the group global. */
export type GroupChanges = Partial<NewGroup>;

/** The group when the caller may change or delete it. */
async function requireChangeableGroup(ctx: RequestContext, id: number) {
  const group = await requireVisibleGroup(ctx, id);
  if (!vendorPolicy.canChange(ctx.viewer, group)) {
    throw new ForbiddenError(GROUP_FOR_ALL_ORGANIZATIONS_ADMIN_ONLY);
  }
  return group;
}

/** Where a group would belong: a visible project's, or global to the caller's scope. */
async function placement(
  ctx: RequestContext,
  projectId: number | null,
): Promise<Pick<VendorValues, 'projectId' | 'organizationId'> & GroupScope> {
  if (projectId === null) {
    const organizationId = vendorPolicy.globalOrganization(ctx.viewer);
    return { projectId: null, organizationId, projectOrganizationId: null };
  }
  const project = await requireVisibleProject(ctx, projectId);
  return {
    projectId: project.id,
    organizationId: project.organizationId,
    projectOrganizationId: project.organizationId,
  };
}

/**
 * Keeps the links whose layer and group the caller may see: a shared group holds many
 * organizations' layers, and a project moved to another organization keeps its layers' links.
 */
const visibleLinks = (ctx: RequestContext, links: VendorLayerRecord[]) =>
  links.filter(
    (link) =>
      canSeeOrganization(ctx.viewer, link.layerOrganizationId) &&
      vendorPolicy.canRead(ctx.viewer, link.group),
  );

/** Layer groups (vendors): per project or global, and the layers they hold. */
export const vendorService = {
  async list(ctx: RequestContext, projectId: number | null) {
    if (projectId === null) return repo.listVisible(ctx.db, organizationScope(ctx.viewer));
    const project = await requireVisibleProject(ctx, projectId);
    return repo.listForProject(ctx.db, project.id, project.organizationId);
  },

  get: requireVisibleGroup,

  async search(ctx: RequestContext, term: string, projectId: number | null) {
    if (projectId === null) {
      return repo.search(ctx.db, term, { organizationId: organizationScope(ctx.viewer) });
    }
    const project = await requireVisibleProject(ctx, projectId);
    return repo.search(ctx.db, term, {
      projectId: project.id,
      projectOrganizationId: project.organizationId,
    });
  },

  async create(ctx: RequestContext, input: NewGroup) {
    const { projectId, organizationId } = await placement(ctx, input.projectId);
    const id = await repo.create(ctx.db, {
      name: input.name,
      description: input.description,
      projectId,
      organizationId,
    });
    return requireVisibleGroup(ctx, id);
  },

  /**
   * Renames, describes or moves a group. A group that stays global keeps the organization it
   * is global to; a move is refused while the group holds a layer that would not fit it.
   */
  async update(ctx: RequestContext, id: number, changes: GroupChanges) {
    const group = await requireChangeableGroup(ctx, id);
    const values: Partial<VendorValues> = {};
    if (changes.name !== undefined) values.name = changes.name;
    if (changes.description !== undefined) values.description = changes.description;
    if (changes.projectId !== undefined && changes.projectId !== group.projectId) {
      const target = await placement(ctx, changes.projectId);
      const layers = await repo.layerProjects(ctx.db, id);
      if (!layers.every((layer) => vendorPolicy.fitsLayer(target, layer))) {
        throw new ValidationError(GROUP_HOLDS_OTHER_LAYERS);
      }
      values.projectId = target.projectId;
      values.organizationId = target.organizationId;
    }
    await repo.update(ctx.db, id, values);
    return requireVisibleGroup(ctx, id);
  },

  /** Its layers stay, ungrouped. */
  async delete(ctx: RequestContext, id: number) {
    await requireChangeableGroup(ctx, id);
    await repo.delete(ctx.db, id);
    return true;
  },

  /** Links of the project's layers, or of every layer the caller sees. */
  async links(ctx: RequestContext, projectId: number | null) {
    if (projectId === null) {
      const links = await repo.listLinks(ctx.db, { organizationId: organizationScope(ctx.viewer) });
      return visibleLinks(ctx, links);
    }
    const project = await requireVisibleProject(ctx, projectId);
    return visibleLinks(ctx, await repo.listLinks(ctx.db, { projectId: project.id }));
  },

  async linksOfGroup(ctx: RequestContext, vendorId: number) {
    await requireVisibleGroup(ctx, vendorId);
    return visibleLinks(ctx, await repo.listLinks(ctx.db, { vendorId }));
  },

  visibleLinks,

  /**
   * Puts an ungrouped layer in the group; a layer already there is answered as is, one in
   * another group is refused (updateLayerGroup moves layers).
   */
  async addLayer(ctx: RequestContext, layerId: number, vendorId: number) {
    const layer = await requireVisibleLayer(ctx, layerId);
    await requireUsableGroup(ctx, vendorId, layer);
    if (
      layer.vendorId === null &&
      (await projectLayerRepository.addToGroup(ctx.db, layerId, vendorId))
    ) {
      return { layerId, vendorId };
    }
    const current = await requireVisibleLayer(ctx, layerId);
    if (current.vendorId === vendorId) return { layerId, vendorId };
    const other =
      current.vendorId === null ? undefined : await repo.findById(ctx.db, current.vendorId);
    throw new ValidationError(LAYER_ALREADY_IN_GROUP(layer.name, other?.name ?? ''));
  },

  async removeLayer(ctx: RequestContext, layerId: number, vendorId: number) {
    await requireVisibleLayer(ctx, layerId);
    await requireVisibleGroup(ctx, vendorId);
    if (!(await projectLayerRepository.removeFromGroup(ctx.db, layerId, vendorId))) {
      throw new NotFoundError();
    }
    return true;
  },
};
