import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { jobActivityLog } from '../activity-logs/job-activity-log.ts';
import { processTrajectoryRun, TrajectoryRunFailure } from './trajectory-run.processor.ts';
import { trajectoryRunRepository as repo } from './trajectory-run.repository.ts';
import { runActivityKey, TRAJECTORY_PROCESSING_ACTIVITY } from './trajectory-run-rules.ts';

export const TRAJECTORY_RUN_KIND = 'trajectory-run';

export const trajectoryRunPayload = z.object({
  runId: z.number().int().positive(),
  organizationId: z.number().int().positive(),
  userId: z.number().int().positive().nullable(),
});

/**
 * Processes a trajectory processing run (see docs/trajectory-processing.md): In progress, then
 * Completed (passed or not, with why) or Failed naming the problem. A worker that dies leaves
 * the run In progress until the hung-run sweep marks it Hung; the job's second attempt takes it
 * over. Progress and outcome go to the activity log (TrajectoryProcessing).
 */
export const trajectoryRunJob = defineJob({
  kind: TRAJECTORY_RUN_KIND,
  schema: trajectoryRunPayload,
  maxAttempts: 2,
  backoffMs: () => 15_000,
  leaseMs: 5 * 60 * 1000,
  async run(payload, ctx) {
    const log = jobActivityLog<'Started' | 'Completed' | 'Failed'>(ctx, {
      activityType: TRAJECTORY_PROCESSING_ACTIVITY,
      referenceKey: runActivityKey(payload.organizationId, payload.runId),
      userId: payload.userId,
      organizationId: payload.organizationId,
      payload: { runId: payload.runId },
    });

    if (!(await repo.markStarted(ctx.db, payload.runId))) return;
    await log('Started', `Processing trajectory run ${payload.runId}`);
    try {
      const outcome = await processTrajectoryRun(
        { db: ctx.db, config: ctx.config, storage: ctx.storage },
        payload.runId,
        (message, metrics) => log('Started', message, { metrics }),
      );
      // The run's end, its entry and the job commit together: a run redone after a worker died
      // in between would find the run ended and leave its entry Started.
      const entry = await log.closing(
        'Completed',
        `Run ${payload.runId}: ${outcome.statusMessage}`,
        {
          metrics: outcome.metrics,
          logFileUrl: outcome.logS3Url,
        },
      );
      await ctx.finish(async (db) => {
        await repo.finish(db, payload.runId, outcome);
        await entry(db);
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof TrajectoryRunFailure || ctx.isLastAttempt) {
        const logS3Url = error instanceof TrajectoryRunFailure ? error.logS3Url : null;
        // With the job's end, for the same reason as the Completed end: a redone job skips an
        // ended run.
        const entry = await log.closing('Failed', `Run ${payload.runId} failed: ${reason}`, {
          logFileUrl: logS3Url,
        });
        return ctx.giveUp(reason, async (db) => {
          await repo.finish(db, payload.runId, {
            status: 'Failed',
            statusMessage: reason,
            logS3Url,
          });
          await entry(db);
        });
      }
      await log(
        'Started',
        `Run ${payload.runId}: attempt ${ctx.attempt} of ${ctx.maxAttempts} failed (${reason}); it will be tried again`,
        { attemptFailed: true },
      );
      throw error;
    }
  },
});
