import { canProcess } from '@asset-portal/shared';
import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Base stations: the Basestation Files and Trajectory Processing screens are for Admin and Power
 * User (spec §2, §6). They read their organization's base stations (Admin every organization's).
 * A zip belongs to the organization of the project it is uploaded for: an Admin's upload to a
 * customer's project is the customer's, stored, counted and listed as theirs.
 */
export const basestationPolicy = {
  canManage: (viewer: Viewer) => canProcess(viewer.user.userType),
  canRead: (viewer: Viewer, basestation: { organizationId: number }) =>
    canSeeOrganization(viewer, basestation.organizationId),
  /** The organization of an upload that names no project (the caller's own). */
  defaultUploadOrganization: (viewer: Viewer): number => viewer.user.organizationId,
  /** A base station is registered to a project the caller works in (Admin: any). */
  canRegisterTo: (viewer: Viewer, project: { organizationId: number }) =>
    canSeeOrganization(viewer, project.organizationId),
};
