import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization, organizationScope } from './scope.ts';

/**
 * Activity logs: Admin sees every log; others see the logs of their own organization's users.
 * A Standard user changes (acknowledges, updates a job) only their own logs; Power User and
 * Admin any log they see.
 */
export const activityLogPolicy = {
  canRead: (viewer: Viewer, log: { organizationId: number | null }) =>
    canSeeOrganization(viewer, log.organizationId),
  canChange: (viewer: Viewer, log: { userId: number | null }) =>
    viewer.user.userType !== 'Standard' || log.userId === viewer.user.id,
  /** The only user whose logs the caller may change in bulk; null means any in scope. */
  ownerScope: (viewer: Viewer): number | null =>
    viewer.user.userType === 'Standard' ? viewer.user.id : null,
  organizationScope,
};
