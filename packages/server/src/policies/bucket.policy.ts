import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Buckets: every user reads their own organization's (never the credentials); only Admin reads
 * all, changes them and tests their connection.
 */
export const bucketPolicy = {
  canRead: (viewer: Viewer, organizationId: number) => canSeeOrganization(viewer, organizationId),
  canManage: (viewer: Viewer) => viewer.user.userType === 'Admin',
};
