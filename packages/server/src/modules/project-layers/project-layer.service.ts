import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { projectLayerPolicy } from '../../policies/project-layer.policy.ts';
import { vendorPolicy } from '../../policies/vendor.policy.ts';
import { requireVisibleProject } from '../projects/project.service.ts';
import { requireVisibleProjects } from '../scans/scan.service.ts';
import { requireUsableGroup } from '../vendors/group-access.ts';
import { vendorRepository } from '../vendors/vendor.repository.ts';
import {
  type ProjectLayerRecord,
  type ProjectLayerValues,
  projectLayerRepository as repo,
} from './project-layer.repository.ts';

export const LAYER_NAME_TAKEN = (name: string) =>
  `A layer named '${name}' already exists in this project.`;

/** The viewer's Layers menu lists a project's layers by name: a name is taken once (case aside). */
async function requireFreeName(
  ctx: RequestContext,
  projectId: number,
  name: string,
  selfId: number | null,
) {
  if ((await repo.sameNameId(ctx.db, projectId, name, selfId)) !== null) {
    throw new ValidationError(LAYER_NAME_TAKEN(name));
  }
}

/** A checked source with what is stored about it. */
export interface LayerSource {
  text: string;
  featureCount: number;
  sourceBytes: number;
}

export interface NewLayer {
  projectId: number;
  name: string;
  comments: string | null;
  source: LayerSource;
  layers: string;
  ignore: boolean;
  showByDefault: boolean;
  vendorId: number | null;
}

/** Absent fields stay as they are. */
export type LayerChanges = Partial<Omit<NewLayer, 'vendorId'>>;

/** The layer when the caller may see it; another organization's answers as a missing one. */
export async function requireVisibleLayer(
  ctx: RequestContext,
  id: number,
): Promise<ProjectLayerRecord> {
  const layer = await repo.findById(ctx.db, id);
  if (!layer || !projectLayerPolicy.canRead(ctx.viewer, layer)) throw new NotFoundError();
  return layer;
}

function toValues(changes: LayerChanges): Partial<ProjectLayerValues> {
  const { source, ...rest } = changes;
  const values: Partial<ProjectLayerValues> = { ...rest };
  if (source) {
    values.source = source.text;
    values.featureCount = source.featureCount;
    values.sourceBytes = source.sourceBytes;
  }
  return values;
}

/** Map layers of a project, read within the caller's organization (Admin: any). */
export const projectLayerService = {
  /** Every layer, hidden ones included and flagged by `ignore`: the viewer leaves those out. */
  async listForProject(ctx: RequestContext, projectId: number) {
    await requireVisibleProjects(ctx, [projectId]);
    return repo.listForProject(ctx.db, projectId);
  },

  byId: requireVisibleLayer,

  async create(ctx: RequestContext, input: NewLayer) {
    const project = await requireVisibleProject(ctx, input.projectId);
    if (input.vendorId !== null) {
      await requireUsableGroup(ctx, input.vendorId, {
        projectId: project.id,
        organizationId: project.organizationId,
      });
    }
    await requireFreeName(ctx, project.id, input.name, null);
    const { vendorId, ...fields } = input;
    const values = toValues(fields) as ProjectLayerValues;
    const id = await repo.create(ctx.db, values, vendorId);
    return requireVisibleLayer(ctx, id);
  },

  /**
   * Changes the given fields. A layer moved to another project leaves a group that no longer
   * fits it (the old project's, or one global to the old organization).
   */
  async update(ctx: RequestContext, id: number, changes: LayerChanges) {
    const layer = await requireVisibleLayer(ctx, id);
    let ungroup = false;
    if (changes.projectId !== undefined && changes.projectId !== layer.projectId) {
      const project = await requireVisibleProject(ctx, changes.projectId);
      if (layer.vendorId !== null) {
        const group = await vendorRepository.findById(ctx.db, layer.vendorId);
        ungroup =
          !group ||
          !vendorPolicy.fitsLayer(group, {
            projectId: project.id,
            organizationId: project.organizationId,
          });
      }
    }
    if (changes.name !== undefined || changes.projectId !== undefined) {
      await requireFreeName(
        ctx,
        changes.projectId ?? layer.projectId,
        changes.name ?? layer.name,
        layer.id,
      );
    }
    await repo.update(ctx.db, id, toValues(changes), { ungroup });
    return requireVisibleLayer(ctx, id);
  },

  async delete(ctx: RequestContext, id: number) {
    await requireVisibleLayer(ctx, id);
    await repo.delete(ctx.db, id);
    return true;
  },

  /** Puts the layer in the group (out of any other); null ungroups it. */
  async setGroup(ctx: RequestContext, layerId: number, vendorId: number | null) {
    const layer = await requireVisibleLayer(ctx, layerId);
    if (vendorId !== null) await requireUsableGroup(ctx, vendorId, layer);
    await repo.setGroup(ctx.db, layerId, vendorId);
    return requireVisibleLayer(ctx, layerId);
  },
};
