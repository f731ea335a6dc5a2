import { canProcess } from '@asset-portal/shared';
import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization, organizationScope } from './scope.ts';

/** What the rules need of a group: its project, and the organization it belongs or is global to. */
export interface GroupScope {
  projectId: number | null;
  /** Global group: the organization it is global to, null for every organization. */
  organizationId: number | null;
  /** The project's current organization (a project can move); null for a global group. */
  projectOrganizationId: number | null;
}

/** A global group shared by every organization; only an Admin creates and changes those. */
const isForEveryOrganization = (group: GroupScope) =>
  group.projectId === null && group.organizationId === null;

/**
 * Layer groups (vendors): a project's group is read with its project; a global group by its
 * organization, or by everyone when it is global to every organization. Admin and Power User
 * manage groups; a group for every organization is an Admin's.
 */
export const vendorPolicy = {
  canRead(viewer: Viewer, group: GroupScope): boolean {
    if (group.projectId !== null) return canSeeOrganization(viewer, group.projectOrganizationId);
    return group.organizationId === null || canSeeOrganization(viewer, group.organizationId);
  },
  canManage: (viewer: Viewer) => canProcess(viewer.user.userType),
  canChange: (viewer: Viewer, group: GroupScope) =>
    !isForEveryOrganization(group) || organizationScope(viewer) === null,
  /**
   * The organization a new global group is global to: an Admin's is every organization's, a
   * Power User's their own.
   */
  globalOrganization: (viewer: Viewer): number | null => organizationScope(viewer),
  /** A layer may join its project's groups and the groups global to its organization. */
  fitsLayer(group: GroupScope, layer: { projectId: number; organizationId: number }): boolean {
    if (group.projectId !== null) return group.projectId === layer.projectId;
    return group.organizationId === null || group.organizationId === layer.organizationId;
  },
};
