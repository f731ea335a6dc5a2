import { canProcess } from '@asset-portal/shared';
import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Imported scans (spec §2 Imported Scans, for Admin and Power User): every user lists those of
 * their organization's projects (Admin every organization's); only Admin and Power User create,
 * upload, process and delete them.
 */
export const importedScanPolicy = {
  canRead: (viewer: Viewer, organizationId: number) => canSeeOrganization(viewer, organizationId),
  canManage: (viewer: Viewer) => canProcess(viewer.user.userType),
};
