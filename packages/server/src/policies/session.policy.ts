import type { Viewer } from '../graphql/context.ts';
import { canSeeOrganization } from './scope.ts';

/** Sessions are read within their organization (Admin every organization's). */
export const sessionPolicy = {
  canRead: (viewer: Viewer, session: { organizationId: number | null }) =>
    canSeeOrganization(viewer, session.organizationId),
};
