import { canProcess } from '@asset-portal/shared';
import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Base stations: the Basestation Files and Trajectory Processing screens are for Admin and Power
 * User (spec §2, §6). They read their organization's base stations (Admin every organization's).
 * A zip is uploaded into the caller's own organization, Admins included, since its object key
 * is made from the caller's organization before any project is named.
 */
export const basestationPolicy = {
  canManage: (viewer: Viewer) => canProcess(viewer.user.userType),
  canRead: (viewer: Viewer, basestation: { organizationId: number }) =>
    canSeeOrganization(viewer, basestation.organizationId),
  /** The organization a new upload is keyed and registered under. */
  uploadOrganization: (viewer: Viewer): number => viewer.user.organizationId,
  /** A base station is registered only to a project of the uploading organization. */
  canRegisterTo: (viewer: Viewer, project: { organizationId: number }) =>
    project.organizationId === viewer.user.organizationId,
};
