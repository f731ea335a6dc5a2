import type { Viewer } from '../graphql/context.ts';

/**
 * The organization a caller's reads and writes are limited to; null means every organization
 * (Admin). Every service filters its queries with this, so a foreign id behaves as a missing one.
 */
export function organizationScope(viewer: Viewer): number | null {
  return viewer.user.userType === 'Admin' ? null : viewer.user.organizationId;
}

/** True when the caller may see rows of this organization. */
export function canSeeOrganization(viewer: Viewer, organizationId: number | null): boolean {
  const scope = organizationScope(viewer);
  return scope === null || scope === organizationId;
}
