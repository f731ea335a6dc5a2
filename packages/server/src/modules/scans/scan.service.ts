import path from 'node:path';
import {
  ASSIGNMENT_TYPE_IMPORTED,
  NO_STORED_CLOUD,
  type UpdateScanHeaderInput,
} from '@asset-portal/shared';
import type { Db } from '../../db/database.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { scanPolicy } from '../../policies/scan.policy.ts';
import { organizationScope } from '../../policies/scope.ts';
import { MAX_PRESIGN_SECONDS } from '../../storage/storage.ts';
import { checkImportedHeaderEdit } from '../imported-scans/imported-scan-rules.ts';
import { organizationRepository } from '../organizations/organization.repository.ts';
import { pointCloudRepository } from '../pointclouds/point-cloud.repository.ts';
import { enqueuePointCloudLod } from '../pointclouds/point-cloud-lod.job.ts';
import { portalBucket, storedObjectKey } from '../pointclouds/point-cloud-rules.ts';
import {
  groupBy,
  scanMaintenanceRepository as maintenance,
  scanRepository as repo,
  type ScanHeaderChanges,
} from './scan.repository.ts';
import { removeScanObjects, scanObjects } from './scan-objects.ts';

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

/** A project's scan summaries with their artifacts, unchecked: the caller checks access. */
export async function loadProjectSummaries(db: Db, projectId: number) {
  const [scans, artifacts] = await Promise.all([
    repo.listSummaries(db, projectId),
    repo.listProjectArtifactSummaries(db, projectId),
  ]);
  return attachArtifacts(scans, artifacts);
}

/** Scans: the viewer's hot list, full scans and single scans, always organization-scoped. */
export const scanService = {
  /** The viewer's list: three statements whatever the number of scans. */
  async summaries(ctx: RequestContext, projectId: number) {
    await requireVisibleProjects(ctx, [projectId]);
    return loadProjectSummaries(ctx.db, projectId);
  },

  async forProject(ctx: RequestContext, projectId: number) {
    await requireVisibleProjects(ctx, [projectId]);
    const [scans, artifacts] = await Promise.all([
      repo.listFull(ctx.db, projectId),
      repo.listProjectArtifacts(ctx.db, projectId),
    ]);
    return attachArtifacts(scans, artifacts);
  },

  /**
   * Scans not yet in any project, of one organization or (null) every visible one; they are not
   * reachable through a project, so only those who place them in one may list them.
   */
  async unassigned(ctx: RequestContext, organizationId: number | null) {
    if (!scanPolicy.canListUnassigned(ctx.viewer, null)) throw new ForbiddenError();
    if (organizationId !== null) {
      const organization = await organizationRepository.findById(ctx.db, organizationId);
      if (!organization || !scanPolicy.canListUnassigned(ctx.viewer, organizationId)) {
        throw new NotFoundError();
      }
    }
    const scope = organizationId ?? organizationScope(ctx.viewer);
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

  /**
   * Changes only the fields given: tags must be among the project's tag options, the default
   * version must name a pointcloud artifact of the scan (its level of detail is then queued,
   * so the viewer streams that version), metadata keys are merged into the stored ones. An
   * imported scan keeps its name and a valid UTM zone.
   */
  async updateHeader(ctx: RequestContext, input: UpdateScanHeaderInput) {
    const scan = await scanService.byId(ctx, input.id);
    const imported =
      scan.assignmentType === ASSIGNMENT_TYPE_IMPORTED
        ? checkImportedHeaderEdit(input, scan.metadata)
        : {};
    const changes: ScanHeaderChanges = {};
    if (input.friendlyName !== undefined) changes.friendlyName = input.friendlyName || null;
    if (input.comment !== undefined) changes.comment = input.comment?.trim() || null;
    if (input.tags) {
      const options =
        scan.projectId === null ? [] : await maintenance.projectTagOptions(ctx.db, scan.projectId);
      const unknown = input.tags.find((tag) => !options.includes(tag));
      if (unknown !== undefined) {
        throw new ValidationError(`Tag '${unknown}' is not one of the project's tag options`);
      }
      changes.tags = [...new Set(input.tags)];
    }
    if (input.defaultVersion) {
      if (!(await pointCloudRepository.findVersion(ctx.db, scan.id, input.defaultVersion))) {
        throw new ValidationError(
          `Version ${input.defaultVersion} does not exist on scan ${scan.id}`,
        );
      }
      changes.defaultVersion = input.defaultVersion;
    }
    if (input.metadata) changes.metadata = imported.metadata ?? input.metadata;
    if (Object.keys(changes).length > 0) await maintenance.updateHeader(ctx.db, scan.id, changes);
    if (changes.defaultVersion !== undefined && changes.defaultVersion !== scan.defaultVersion) {
      await enqueuePointCloudLod(
        ctx.db,
        {
          scanId: scan.id,
          organizationId: scan.organizationId,
          userId: ctx.viewer.user.id,
        },
        'interactive',
      );
    }
    return scanService.byId(ctx, scan.id);
  },

  /**
   * Deletes every stored object of the scan (clouds, level of detail, images and thumbnails),
   * then the scan with its artifacts, images and annotations. Objects first: a storage failure
   * leaves the rows, so deleting again finishes the job.
   */
  async delete(ctx: RequestContext, id: string): Promise<boolean> {
    const scan = await scanService.byId(ctx, id);
    const stored = await maintenance.storedObjectsOf(ctx.db, scan.id);
    await removeScanObjects(ctx.storage, scanObjects(scan, stored, portalBucket(ctx.config)));
    await maintenance.deleteScan(ctx.db, scan.id);
    return true;
  },

  /** The scan's newest pointcloud artifact, signed for one download under a telling name. */
  async latestArtifactDownload(ctx: RequestContext, id: string) {
    const scan = await scanService.byId(ctx, id);
    const artifact = await maintenance.latestPointcloud(ctx.db, scan.id);
    const key = artifact ? storedObjectKey(ctx.config, artifact.s3Url, scan.organizationId) : null;
    if (!artifact || !key || !(await ctx.storage.head(key))) {
      throw new NotFoundError(NO_STORED_CLOUD([scan.id], 'download'));
    }
    const filename = `${scan.id}-${artifact.name}${path.posix.extname(key)}`;
    return {
      artifactId: artifact.id,
      artifactType: artifact.artifactType,
      name: artifact.name,
      url: await ctx.storage.presignGet(key, MAX_PRESIGN_SECONDS, { filename }),
      filename,
    };
  },
};
