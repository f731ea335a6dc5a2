import { canProcess } from '@asset-portal/shared';
import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Project layers follow their project: everyone reads their organization's (Admin every
 * organization's); Admin and Power User create, change and delete them.
 */
export const projectLayerPolicy = {
  canRead: (viewer: Viewer, layer: { organizationId: number }) =>
    canSeeOrganization(viewer, layer.organizationId),
  canManage: (viewer: Viewer) => canProcess(viewer.user.userType),
};
