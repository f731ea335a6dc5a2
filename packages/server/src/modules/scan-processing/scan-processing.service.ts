import { NO_STORED_CLOUD, type ProcessingSubmission, VERSION_EXISTS } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { canSeeOrganization } from '../../policies/scope.ts';
import { recordActivity } from '../activity-logs/activity-log.service.ts';
import { storedObjectKey } from '../pointclouds/point-cloud-rules.ts';
import { builtInPipelineEngine } from '../processing/pipeline-engine/pipeline-engine.ts';
import { scanPipelineContext } from '../processing/scan-pipeline-context.ts';
import { enqueueScanProcessing } from './process-scan.job.ts';
import {
  scanProcessingRepository as repo,
  type SourceArtifactRow,
} from './scan-processing.repository.ts';
import { processActivityKey, SCAN_PROCESSING_ACTIVITY } from './scan-processing-rules.ts';

/** Post-processing: pipelines run on scans' point clouds as new versions. */
export const scanProcessingService = {
  /**
   * The scans among `scanIds` none of whose point clouds is in the portal's storage, in the order
   * asked: the Process and Publish dialogs leave them out before anything is submitted. A scan of
   * another organization, or none, is 'Not found'.
   */
  async scansWithoutStoredCloud(ctx: RequestContext, scanIds: readonly string[]) {
    const ids = [...new Set(scanIds)];
    const organizationOf = new Map<string, number>();
    const stored = new Set<string>();
    for (const row of await repo.pointCloudsOfScans(ctx.db, ids)) {
      organizationOf.set(row.scanId, row.organizationId);
      if (storedObjectKey(ctx.config, row.s3Url, row.organizationId)) stored.add(row.scanId);
    }
    for (const id of ids) {
      const organizationId = organizationOf.get(id);
      if (organizationId === undefined || !canSeeOrganization(ctx.viewer, organizationId)) {
        throw new NotFoundError(`Scan ${id} not found`);
      }
    }
    return ids.filter((id) => !stored.has(id));
  },

  /**
   * Checks the whole submission, then queues one `process-scan` job per scan with its
   * activity-log entry. Nothing is queued when any artifact, the name or the pipeline is refused;
   * another organization's artifact is 'Not found', like a missing one.
   */
  async submit(ctx: RequestContext, submission: ProcessingSubmission) {
    const ids = [...new Set(submission.artifactIds)];
    const rows = await repo.findArtifactsWithScans(ctx.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const artifacts: SourceArtifactRow[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row || !canSeeOrganization(ctx.viewer, row.organizationId)) {
        throw new NotFoundError();
      }
      artifacts.push(row);
    }
    const scans = new Set<string>();
    const unstored: string[] = [];
    for (const artifact of artifacts) {
      if (artifact.artifactType !== 'pointcloud') {
        throw new ValidationError(
          `Artifact ${artifact.id} of scan ${artifact.scanId} is not a point cloud`,
        );
      }
      if (scans.has(artifact.scanId)) {
        throw new ValidationError(
          `Scan ${artifact.scanId} is submitted twice: choose one point cloud per scan`,
        );
      }
      scans.add(artifact.scanId);
      // A cloud the portal only knows by a customer bucket's address (demo scans, links) cannot
      // be read by the job: say so now rather than in a failed job.
      if (!storedObjectKey(ctx.config, artifact.s3Url, artifact.organizationId)) {
        unstored.push(artifact.scanId);
      }
    }
    // All of them at once, so that they can be left out of the selection in one go.
    if (unstored.length > 0) throw new ValidationError(NO_STORED_CLOUD(unstored, 'process'));
    const taken = await repo.scansWithVersion(ctx.db, [...scans], submission.name);
    const clash = artifacts.find((artifact) => taken.has(artifact.scanId));
    if (clash) throw new ValidationError(VERSION_EXISTS(submission.name, clash.scanId));
    // Each scan's CRS and size, as the job will run it.
    const problems = new Set<string>();
    for (const artifact of artifacts) {
      const check = builtInPipelineEngine.validate(
        submission.pipeline,
        scanPipelineContext(artifact.metadata),
      );
      if (!check.ok) for (const error of check.errors) problems.add(error);
    }
    if (problems.size > 0) throw new ValidationError([...problems].join('; '));

    const userId = ctx.viewer.user.id;
    // The entries first: a worker may take a job the moment its transaction commits, and its
    // Started must not be overwritten by a late Submitted.
    for (const artifact of artifacts) {
      await recordActivity(ctx.db, {
        activityType: SCAN_PROCESSING_ACTIVITY,
        referenceKey: processActivityKey(artifact.organizationId, artifact.scanId, submission.name),
        status: 'Submitted',
        userId,
        organizationId: artifact.organizationId,
        message: `Submitted ${artifact.scanId}, ${submission.name} for post processing`,
        payload: { scanId: artifact.scanId, artifactId: artifact.id, name: submission.name },
      });
    }
    const queued = await ctx.db.transaction().execute(async (trx) => {
      let created = 0;
      for (const artifact of artifacts) {
        const request = {
          scanId: artifact.scanId,
          artifactId: artifact.id,
          name: submission.name,
          pipeline: submission.pipeline,
          organizationId: artifact.organizationId,
          userId,
        };
        // A job of the same scan and version already waiting or running counts once.
        if (await enqueueScanProcessing(trx, request)) created++;
      }
      return created;
    });
    return { submitted: queued };
  },
};
