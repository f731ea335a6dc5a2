import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Scans and sessions: every user reads those of their own organization's projects; Admin reads
 * all. Admin and Power User list scans that belong to no project yet (unassigned), the Power User
 * those of their own organization only.
 */
export const scanPolicy = {
  canReadProject: (viewer: Viewer, projectOrganizationId: number) =>
    canSeeOrganization(viewer, projectOrganizationId),
  canRead: (viewer: Viewer, scanOrganizationId: number) =>
    canSeeOrganization(viewer, scanOrganizationId),
  canListUnassigned: (viewer: Viewer, organizationId: number | null) =>
    (viewer.user.userType === 'Admin' || viewer.user.userType === 'Power User') &&
    (organizationId === null || canSeeOrganization(viewer, organizationId)),
};
