import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError } from '../../graphql/errors.ts';
import { scanPolicy } from '../../policies/scan.policy.ts';
import { organizationScope } from '../../policies/scope.ts';
import { groupBy, scanRepository as repo } from './scan.repository.ts';

/**
 * Attaches to each scan its artifacts, from one list holding the artifacts of all of them. The
 * rows are fresh from the driver, so they are extended in place: no copy of 10,000 objects.
 */
function attachArtifacts<S extends { id: string }, A extends { scanId: string }>(
  scans: S[],
  artifacts: readonly A[],
): (S & { artifacts: A[] })[] {
  const byScan = groupBy(artifacts, (a) => a.scanId);
  const result = scans as (S & { artifacts: A[] })[];
  for (const scan of result) scan.artifacts = byScan.get(scan.id) ?? [];
  return result;
}

/**
 * Fails with 'Not found' unless every project exists and the caller may see it; another
 * organization's project answers exactly like a missing one.
 */
export async function requireVisibleProjects(
  ctx: RequestContext,
  projectIds: readonly number[],
): Promise<void> {
  const unique = [...new Set(projectIds)];
  const owners = await repo.projectOrganizations(ctx.db, unique);
  for (const id of unique) {
    const organizationId = owners.get(id);
    if (organizationId === undefined || !scanPolicy.canReadProject(ctx.viewer, organizationId)) {
      throw new NotFoundError();
    }
  }
}

/** Scans: the viewer's hot list, full scans and single scans, always organization-scoped. */
export const scanService = {
  /** The viewer's list: three statements whatever the number of scans. */
  async summaries(ctx: RequestContext, projectId: number) {
    await requireVisibleProjects(ctx, [projectId]);
    const [scans, artifacts] = await Promise.all([
      repo.listSummaries(ctx.db, projectId),
      repo.listProjectArtifactSummaries(ctx.db, projectId),
    ]);
    return attachArtifacts(scans, artifacts);
  },

  async forProject(ctx: RequestContext, projectId: number) {
    await requireVisibleProjects(ctx, [projectId]);
    const [scans, artifacts] = await Promise.all([
      repo.listFull(ctx.db, projectId),
      repo.listProjectArtifacts(ctx.db, projectId),
    ]);
    return attachArtifacts(scans, artifacts);
  },

  /** Scans not yet in any project (Admin only: they are not reachable through a project). */
  async unassigned(ctx: RequestContext) {
    if (!scanPolicy.canListUnassigned(ctx.viewer)) throw new ForbiddenError();
    const scope = organizationScope(ctx.viewer);
    const [scans, artifacts] = await Promise.all([
      repo.listUnassignedSummaries(ctx.db, scope),
      repo.listUnassignedArtifactSummaries(ctx.db, scope),
    ]);
    return attachArtifacts(scans, artifacts);
  },

  async byId(ctx: RequestContext, id: string) {
    const scan = await repo.findById(ctx.db, id);
    if (!scan || !scanPolicy.canRead(ctx.viewer, scan.organizationId)) throw new NotFoundError();
    return scan;
  },
};
