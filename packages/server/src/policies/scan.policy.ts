import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Scans and sessions: every user reads those of their own organization's projects; Admin reads
 * all, and alone lists scans that belong to no project yet (unassigned).
 */
export const scanPolicy = {
  canReadProject: (viewer: Viewer, projectOrganizationId: number) =>
    canSeeOrganization(viewer, projectOrganizationId),
  canRead: (viewer: Viewer, scanOrganizationId: number) =>
    canSeeOrganization(viewer, scanOrganizationId),
  canListUnassigned: (viewer: Viewer) => viewer.user.userType === 'Admin',
};
