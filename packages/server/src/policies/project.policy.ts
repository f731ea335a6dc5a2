import { canProcess } from '@asset-portal/shared';
import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/** Projects: read within the caller's organization (Admin all); Admin and Power User manage. */
export const projectPolicy = {
  canRead: (viewer: Viewer, project: { organizationId: number }) =>
    canSeeOrganization(viewer, project.organizationId),
  canManage: (viewer: Viewer) => canProcess(viewer.user.userType),
  /** Power Users create projects only in their own organization. */
  organizationForNewProject: (viewer: Viewer, requested: number | null): number | null =>
    viewer.user.userType === 'Admin' ? requested : viewer.user.organizationId,
  /** Only an Admin moves a project to another organization; others keep it where it is. */
  organizationOnUpdate: (
    viewer: Viewer,
    requested: number | null,
    current: { organizationId: number },
  ): number =>
    viewer.user.userType === 'Admin' && requested !== null ? requested : current.organizationId,
};
