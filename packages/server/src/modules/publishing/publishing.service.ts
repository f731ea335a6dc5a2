import {
  GEOID_GRID_CONTENT_TYPE,
  GEOID_GRID_INVALID,
  NO_STORED_CLOUD,
  PUBLISH_NEEDS_PROJECTION,
  type PublishedScansQuery,
  type PublishScanItem,
  type PublishScansSubmission,
} from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { inParallel } from '../../lib/in-parallel.ts';
import { geoidGridFormat, readGeoidGrid } from '../../lib/transform/geoid-grid.ts';
import { canSeeOrganization } from '../../policies/scope.ts';
import { openBucketTarget } from '../../storage/bucket-target.ts';
import { readBytes } from '../../storage/object-bytes.ts';
import { recordActivity } from '../activity-logs/activity-log.service.ts';
import { bucketRepository } from '../buckets/bucket.repository.ts';
import { portalBucket, storedObjectKey } from '../pointclouds/point-cloud-rules.ts';
import { GEOID_GRID_PREFIX, requireVisibleProject } from '../projects/project.service.ts';
import { publishScanJob } from './publish-scan.job.ts';
import { publishingRepository as repo } from './publishing.repository.ts';
import {
  MANIFEST_NAME,
  publishActivityKey,
  publishedScanPrefix,
  SCAN_PUBLISHING_ACTIVITY,
} from './publishing-rules.ts';

/** Buckets asked at once whether a scan is published (HEAD requests). */
const PUBLISHED_CHECKS_AT_ONCE = 8;

/** Largest geoid grid read into memory for checking (global 1′ grids are about 900 MB). */
const GEOID_GRID_MAX_BYTES = 1024 ** 3;

/** Publishing scans to the organization's buckets, and the geoid grids transforms use. */
export const publishingService = {
  /**
   * Checks everything before queueing anything: the project (visible to the caller), the bucket
   * (the project organization's), a projection when transforming, and every scan (the project
   * organization's, with a point cloud, in the session named). Then one job per scan.
   */
  async publish(ctx: RequestContext, input: PublishScansSubmission) {
    const project = await requireVisibleProject(ctx, input.projectId);
    const organizationId = project.organizationId;
    const bucket = await bucketRepository.findById(ctx.db, input.bucketId);
    if (!bucket || bucket.organizationId !== organizationId) throw new NotFoundError();
    if (input.transform && !project.projection?.trim()) {
      throw new ValidationError(PUBLISH_NEEDS_PROJECTION);
    }
    const items = uniqueScans(input.scans);
    const ids = items.map((item) => item.scanId);
    const scans = new Map((await repo.findScans(ctx.db, ids)).map((s) => [s.id, s]));
    for (const item of items) {
      const scan = scans.get(item.scanId);
      if (
        !scan ||
        scan.organizationId !== organizationId ||
        !canSeeOrganization(ctx.viewer, scan.organizationId)
      ) {
        throw new NotFoundError(`Scan ${item.scanId} not found`);
      }
      if (item.sessionId !== null && scan.sessionId !== item.sessionId) {
        throw new ValidationError(`Scan ${item.scanId} is not in session ${item.sessionId}`);
      }
    }
    const clouds = await repo.cloudsToPublish(ctx.db, ids);
    const missing = ids.filter((id) => !clouds.has(id));
    if (missing.length > 0) {
      throw new ValidationError(NO_STORED_CLOUD(missing, 'publish'));
    }
    // A cloud known only by a customer bucket's address (the demo's reference scans) cannot be
    // read by the job: refused now, as the job would.
    const elsewhere = ids.filter(
      (id) => !storedObjectKey(ctx.config, clouds.get(id)!.s3Url, organizationId),
    );
    if (elsewhere.length > 0) {
      throw new ValidationError(NO_STORED_CLOUD(elsewhere, 'publish'));
    }

    const userId = ctx.viewer.user.id;
    await ctx.db.transaction().execute(async (trx) => {
      for (const item of items) {
        await enqueueJob(trx, publishScanJob, {
          scanId: item.scanId,
          sessionId: item.sessionId ?? scans.get(item.scanId)!.sessionId,
          projectId: project.id,
          bucketId: bucket.id,
          targetFolder: input.targetFolder,
          includeImages: input.includeImages,
          transform: input.transform,
          organizationId,
          userId,
        });
      }
    });
    for (const item of items) {
      await recordActivity(ctx.db, {
        activityType: SCAN_PUBLISHING_ACTIVITY,
        referenceKey: publishActivityKey(organizationId, item.scanId),
        status: 'Submitted',
        userId,
        organizationId,
        message: `Submitted ${item.scanId} for publishing to ${bucket.name}: ${project.name}/${input.targetFolder}`,
        payload: {
          scanId: item.scanId,
          bucketId: bucket.id,
          folder: input.targetFolder,
          includeImages: input.includeImages,
          transform: input.transform,
        },
      });
    }
    return { submitted: items.length };
  },

  /**
   * Of the scans, those the folder of the bucket already holds (their manifest.json is there):
   * publishing them again replaces what was delivered. Advisory: a bucket that cannot be reached
   * now answers none, and the publishing itself says what fails.
   */
  async publishedScans(ctx: RequestContext, input: PublishedScansQuery): Promise<string[]> {
    const project = await requireVisibleProject(ctx, input.projectId);
    const connection = await bucketRepository.findConnection(ctx.db, input.bucketId);
    if (!connection || connection.organizationId !== project.organizationId) {
      throw new NotFoundError();
    }
    const ids = [...new Set(input.scanIds)];
    const scans = await repo.findScans(ctx.db, ids);
    const ownIds = new Set(
      scans.filter((scan) => scan.organizationId === project.organizationId).map((scan) => scan.id),
    );
    const own = ids.filter((id) => ownIds.has(id));
    const bucket = openBucketTarget(connection, ctx.storage);
    try {
      const found = new Set<string>();
      await inParallel(own, PUBLISHED_CHECKS_AT_ONCE, async (id) => {
        const key = `${publishedScanPrefix(connection.prefix, project.name, input.targetFolder, id)}${MANIFEST_NAME}`;
        if ((await bucket.head(key)) !== null) found.add(id);
      });
      // In the order asked, whichever answered first.
      return own.filter((id) => found.has(id));
    } catch {
      return [];
    } finally {
      bucket.close();
    }
  },

  /**
   * A presigned PUT for `geoid/<filename>` of exactly `size` bytes in the portal's store (Admin
   * only). Grids belong to the portal, not to an organization: no upload quota applies.
   */
  async geoidGridUploadUrl(ctx: RequestContext, input: { filename: string; size: number }) {
    const key = `${GEOID_GRID_PREFIX}${input.filename}`;
    const uploadUrl = await ctx.storage.presignPut(key, {
      contentType: GEOID_GRID_CONTENT_TYPE,
      contentLength: input.size,
    });
    return { s3Uri: `s3://${portalBucket(ctx.config)}/${key}`, uploadUrl };
  },

  /**
   * Reads the uploaded grid with the transform module's reader; an unreadable file is deleted
   * and refused, so every grid offered to projects is one a transform can use.
   */
  async registerGeoidGrid(ctx: RequestContext, filename: string) {
    const key = `${GEOID_GRID_PREFIX}${filename}`;
    const head = await ctx.storage.head(key);
    if (!head) throw new ValidationError(GEOID_GRID_INVALID(`${filename} was not uploaded`));
    const refuse = async (reason: string) => {
      await ctx.storage.delete(key);
      return new ValidationError(GEOID_GRID_INVALID(reason));
    };
    if (head.size > GEOID_GRID_MAX_BYTES) {
      throw await refuse(`${filename} is larger than ${GEOID_GRID_MAX_BYTES / 1024 ** 3} GB`);
    }
    const bytes = await readBytes(ctx.storage, key);
    try {
      const grid = readGeoidGrid(filename, bytes);
      return {
        name: filename,
        format: geoidGridFormat(bytes),
        west: grid.west,
        south: grid.south,
        east: grid.east,
        north: grid.north,
      };
    } catch (error) {
      throw await refuse((error as Error).message);
    }
  },
};

/** The same scan named twice is published once (with the first session given). */
function uniqueScans(items: PublishScanItem[]): PublishScanItem[] {
  const seen = new Map<string, PublishScanItem>();
  for (const item of items) if (!seen.has(item.scanId)) seen.set(item.scanId, item);
  return [...seen.values()];
}
