import type { RequestContext } from '../../graphql/context.ts';
import { requireVisibleProjects } from '../scans/scan.service.ts';
import { projectLayerRepository as repo } from './project-layer.repository.ts';

/** Map layers of a project, read within the caller's organization (Admin: any). */
export const projectLayerService = {
  /** Every layer, hidden ones included and flagged by `ignore`: the viewer leaves those out. */
  async listForProject(ctx: RequestContext, projectId: number) {
    await requireVisibleProjects(ctx, [projectId]);
    return repo.listForProject(ctx.db, projectId);
  },
};
