import { canModifyAnnotation } from '@asset-portal/shared';
import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Annotations: every signed-in user of the scan's organization reads and creates them (Admin:
 * any organization). A Standard user edits and deletes only the annotations they wrote; Power
 * User and Admin edit and delete any annotation in their scope.
 */
export const annotationPolicy = {
  canRead: (viewer: Viewer, scanOrganizationId: number) =>
    canSeeOrganization(viewer, scanOrganizationId),
  canCreate: (viewer: Viewer, scanOrganizationId: number) =>
    canSeeOrganization(viewer, scanOrganizationId),
  canModify: (viewer: Viewer, annotation: { userId: number | null }) =>
    canModifyAnnotation(viewer.user, annotation.userId),
};
