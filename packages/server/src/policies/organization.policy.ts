import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/** Organizations: every user reads their own; only Admin reads all and changes any. */
export const organizationPolicy = {
  canRead: (viewer: Viewer, organizationId: number) => canSeeOrganization(viewer, organizationId),
  canManage: (viewer: Viewer) => viewer.user.userType === 'Admin',
};
