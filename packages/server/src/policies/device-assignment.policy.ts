import { canProcess } from '@asset-portal/shared';
import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Device assignments belong to their project's organization: Admins manage every
 * organization's, Power Users their own; Standard users neither see nor change them.
 */
export const deviceAssignmentPolicy = {
  canManage: (viewer: Viewer) => canProcess(viewer.user.userType),
  canRead: (viewer: Viewer, assignment: { organizationId: number | null }) =>
    canProcess(viewer.user.userType) && canSeeOrganization(viewer, assignment.organizationId),
  /** Devices of no organization are visible to Admins only (they register and hand them out). */
  seesUnownedDevices: (viewer: Viewer) => viewer.user.userType === 'Admin',
};
