import { canMarkPipelineGlobal, canProcess } from '@asset-portal/shared';
import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/**
 * Pipelines: a project pipeline is read with its project (organization scope); a global one is
 * read by everyone. Admin and Power User manage; only the vendor's own organization marks,
 * changes or deletes global pipelines (spec §6).
 */
export const pipelinePolicy = {
  canRead: (viewer: Viewer, pipeline: { global: boolean }, projectOrganizationId: number | null) =>
    pipeline.global || canSeeOrganization(viewer, projectOrganizationId),
  canManage: (viewer: Viewer) => canProcess(viewer.user.userType),
  canManageGlobal: (viewer: Viewer) => canMarkPipelineGlobal(viewer.organizationName),
};
