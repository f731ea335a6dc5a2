import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import { defineJob, exponentialBackoff, type JobLane } from '../../jobs/define-job.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { LasFormatError } from '../../lib/las/las-header.ts';
import { PointCloudTooLargeError } from '../../pointcloud/potree-writer.ts';
import { InvalidObjectKeyError } from '../../storage/object-key.ts';
import { ObjectNotFoundError } from '../../storage/storage.ts';
import {
  findActivity,
  keepFinishedJobEntry,
  recordActivity,
} from '../activity-logs/activity-log.service.ts';
import { jobActivityLog } from '../activity-logs/job-activity-log.ts';
import { pointCloudRepository } from './point-cloud.repository.ts';
import {
  buildScanLod,
  type LodBuildOutcome,
  PointCloudSourceError,
  removeLodWork,
} from './point-cloud-lod.service.ts';
import {
  BUILD_POINT_CLOUD_LOD_KIND,
  lodRecordOf,
  lodUniqueKey,
  POINT_CLOUD_LOD_ACTIVITY,
} from './point-cloud-rules.ts';

export const buildPointCloudLodPayload = z.object({
  scanId: z.string().min(1),
  organizationId: z.number().int().positive(),
  userId: z.number().int().positive().nullable(),
});

/** Problems of the cloud itself: no retry can mend them. */
function isCloudProblem(error: unknown): error is Error {
  return (
    error instanceof LasFormatError ||
    error instanceof PointCloudTooLargeError ||
    error instanceof PointCloudSourceError ||
    error instanceof ObjectNotFoundError ||
    error instanceof InvalidObjectKeyError
  );
}

/**
 * Builds per job at most: the scan's default cloud changed during each build before. A request
 * made while a build of the scan runs is folded into that build's job (one build of a scan at a
 * time), so the job builds again when its cloud was replaced meanwhile.
 */
const MAX_BUILDS_PER_JOB = 3;

/**
 * Builds a scan's level-of-detail octree for streaming (see docs/pointcloud-lod.md). Progress
 * and outcome go to the activity log (PointCloudLod, keyed by the scan id): Submitted when
 * queued, Started (its message updated with the points done as the build goes), then Completed
 * with points and seconds, or Failed naming the problem.
 */
export const buildPointCloudLodJob = defineJob({
  kind: BUILD_POINT_CLOUD_LOD_KIND,
  schema: buildPointCloudLodPayload,
  lane: 'background',
  maxAttempts: 3,
  backoffMs: (attempt) => exponentialBackoff(attempt, 30_000),
  leaseMs: 10 * 60 * 1000,
  async run(payload, ctx) {
    const log = jobActivityLog<'Started' | 'Completed' | 'Failed'>(ctx, {
      activityType: POINT_CLOUD_LOD_ACTIVITY,
      referenceKey: payload.scanId,
      userId: payload.userId,
      organizationId: payload.organizationId,
      payload: { scanId: payload.scanId },
      // Each build (a new version's) keeps its own entry; enqueuePointCloudLod does so too.
      entryPerJob: true,
    });
    try {
      let outcome: LodBuildOutcome | undefined;
      let built: Extract<LodBuildOutcome, { status: 'built' }> | undefined;
      for (let round = 0; round < MAX_BUILDS_PER_JOB; round++) {
        outcome = await buildScanLod(
          { db: ctx.db, config: ctx.config, storage: ctx.storage },
          payload,
          () => log('Started', `Building the level of detail of scan ${payload.scanId}`),
          // The Started entry follows the build: "…: 120,000,000 of 200,000,000 points".
          (message) => log('Started', message),
        );
        if (outcome.status !== 'built') break;
        built = outcome;
      }
      if (built) {
        const { points, nodes, seconds } = built.metrics;
        await ctx.finish(
          await log.closing(
            'Completed',
            `Built the level of detail of scan ${payload.scanId}: ${points.toLocaleString('en-US')} points in ${nodes} nodes, ${seconds} s`,
            { metrics: built.metrics },
          ),
        );
      } else if (outcome && (await lodEntryStatus(ctx.db, payload)) !== 'Completed') {
        // Queued (Submitted) for a cloud whose build is current after all, or an earlier attempt
        // recorded this build, then its worker died before logging it.
        const { pointCount, nodeCount } = outcome.lod;
        await ctx.finish(
          await log.closing(
            'Completed',
            `Built the level of detail of scan ${payload.scanId}: ${pointCount.toLocaleString('en-US')} points in ${nodeCount} nodes`,
            { metrics: { points: pointCount, nodes: nodeCount } },
          ),
        );
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isCloudProblem(error)) {
        await removeLodWork(ctx.config, payload.scanId);
        return ctx.giveUp(
          reason,
          await log.closing(
            'Failed',
            `Scan ${payload.scanId}: level-of-detail build failed: ${reason}`,
            {},
          ),
        );
      }
      // Work files stay for the next attempt to resume from; none will come after the last.
      if (ctx.isLastAttempt) await removeLodWork(ctx.config, payload.scanId);
      const next = ctx.isLastAttempt
        ? ''
        : ` (attempt ${ctx.attempt} of ${ctx.maxAttempts}; it will be tried again)`;
      await log('Failed', `Scan ${payload.scanId}: level-of-detail build failed: ${reason}${next}`);
      throw error;
    }
  },
});

async function lodEntryStatus(db: Db, request: { scanId: string; organizationId: number }) {
  const entry = await findActivity(
    db,
    POINT_CLOUD_LOD_ACTIVITY,
    request.scanId,
    request.organizationId,
  );
  return entry?.status;
}

export interface PointCloudLodRequest {
  scanId: string;
  organizationId: number;
  userId: number | null;
}

/**
 * Queues the level-of-detail build of a scan's point cloud (after ingestion or import), in the
 * `interactive` lane when a person waits for it (a scan imported, processed or refined, a version
 * chosen) and the `background` lane after an ingestion. Idempotent: nothing is queued while a
 * build of the scan waits or runs (an interactive request moves it to its lane), nor when the
 * recorded build was made from the cloud the artifact names now.
 */
export async function enqueuePointCloudLod(
  db: Db,
  request: PointCloudLodRequest,
  lane: JobLane,
): Promise<{ id: number | null; created: boolean }> {
  const [row] = await pointCloudRepository.findScanClouds(db, [request.scanId]);
  const lod = row ? lodRecordOf(row.parameters) : null;
  if (row && lod && lod.source.s3Url === row.s3Url && lod.source.size === row.size) {
    return { id: null, created: false };
  }
  // One transaction: the log shows the build waiting from now on (not the scan's previous build
  // as its last word), and no worker can start it before that is written.
  return inTransaction(db, async (trx) => {
    const queued = await enqueueJob(trx, buildPointCloudLodJob, request, {
      uniqueKey: lodUniqueKey(request.scanId),
      lane,
    });
    if (queued.created) {
      // The scan's build before (another version's) keeps its entry and its outcome.
      await keepFinishedJobEntry(
        trx,
        {
          activityType: POINT_CLOUD_LOD_ACTIVITY,
          referenceKey: request.scanId,
          organizationId: request.organizationId,
        },
        queued.id,
      );
      await recordActivity(trx, {
        activityType: POINT_CLOUD_LOD_ACTIVITY,
        referenceKey: request.scanId,
        status: 'Submitted',
        userId: request.userId,
        organizationId: request.organizationId,
        message: `The level of detail of scan ${request.scanId} is queued`,
        payload: { scanId: request.scanId, jobId: queued.id },
      });
    }
    return queued;
  });
}
