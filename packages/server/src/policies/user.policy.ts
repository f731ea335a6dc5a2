import { userTypeOptionsForOrganization } from '@asset-portal/shared';
import type { UserRow } from '../db/schema.ts';
import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Users: everyone reads themselves; a Power User reads and manages the users of their own
 * organization; a Standard user reads only themselves; Admin reads and manages everyone.
 */
export const userPolicy = {
  canRead(viewer: Viewer, user: Pick<UserRow, 'id' | 'organizationId'>): boolean {
    if (viewer.user.id === user.id) return true;
    if (viewer.user.userType === 'Standard') return false;
    return canSeeOrganization(viewer, user.organizationId);
  },

  /** Lists of users: Admin all organizations, everyone else their own. */
  canList: (viewer: Viewer, organizationId: number) => canSeeOrganization(viewer, organizationId),

  canManage: (viewer: Viewer) =>
    viewer.user.userType === 'Admin' || viewer.user.userType === 'Power User',

  /** The users a manager may change: Admin any; a Power User non-Admins of their organization. */
  canChange(viewer: Viewer, user: Pick<UserRow, 'organizationId' | 'userType'>): boolean {
    if (viewer.user.userType === 'Admin') return true;
    return (
      viewer.user.userType === 'Power User' &&
      user.organizationId === viewer.user.organizationId &&
      user.userType !== 'Admin'
    );
  },

  /** Power Users create and move users only within their own organization. */
  canAssignOrganization: (viewer: Viewer, organizationId: number) =>
    viewer.user.userType === 'Admin' || viewer.user.organizationId === organizationId,

  /** The Lux rule (spec §6) and: only an Admin makes Admins. */
  canGrantUserType(viewer: Viewer, userType: UserRow['userType'], organizationName: string) {
    if (!userTypeOptionsForOrganization(organizationName).includes(userType)) return false;
    return userType !== 'Admin' || viewer.user.userType === 'Admin';
  },
};
