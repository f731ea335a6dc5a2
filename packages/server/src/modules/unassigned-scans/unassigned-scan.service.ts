import { SESSION_PROJECT_SAME_ORGANIZATION } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { sessionPolicy } from '../../policies/session.policy.ts';
import { requireVisibleProject } from '../projects/project.service.ts';
import { unassignedScanRepository as repo } from './unassigned-scan.repository.ts';

/**
 * Placing by hand the sessions no device assignment placed (the list of their scans is the
 * scans module's unassignedScans). Admins act in every organization, Power Users in their own
 * (the role check is in the GraphQL operation).
 */
export const unassignedScanService = {
  async assignSession(ctx: RequestContext, sessionId: string, projectId: number) {
    const session = await repo.findSession(ctx.db, sessionId);
    if (!session || !sessionPolicy.canRead(ctx.viewer, session)) {
      throw new NotFoundError();
    }
    const project = await requireVisibleProject(ctx, projectId);
    if (project.organizationId !== session.organizationId) {
      throw new ValidationError(SESSION_PROJECT_SAME_ORGANIZATION);
    }
    const scanCount = await repo.assignSession(ctx.db, session.id, project.id);
    return { sessionId: session.id, projectId: project.id, scanCount };
  },
};
