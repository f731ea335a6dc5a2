import { NO_ROVER_OBSERVATION, type TrajectoryRunInput } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { sessionPolicy } from '../../policies/session.policy.ts';
import { recordActivity } from '../activity-logs/activity-log.service.ts';
import { findRnx2rtkp, RTKLIB_MISSING_MESSAGE } from './ppk/rtklib.ts';
import { trajectoryRunJob } from './trajectory-run.job.ts';
import {
  trajectoryRunRepository as repo,
  trajectoryRunJobKey,
} from './trajectory-run.repository.ts';
import {
  basestationProblem,
  hasRoverObservation,
  runActivityKey,
  SESSION_RUN_OPEN,
  TRAJECTORY_PROCESSING_ACTIVITY,
} from './trajectory-run-rules.ts';

/** Trajectory processing runs (PPK) of the sessions the caller may see. */
export const trajectoryRunService = {
  async listForSession(ctx: RequestContext, sessionId: string) {
    await requireVisibleSession(ctx, sessionId);
    return repo.listForSession(ctx.db, sessionId);
  },

  /** Whether runs can be processed here: RTKLIB's rnx2rtkp must be installed. */
  async availability() {
    const program = await findRnx2rtkp();
    return program
      ? { available: true, message: null }
      : { available: false, message: RTKLIB_MISSING_MESSAGE };
  },

  /**
   * Stores a Submitted run and queues its job, after checking the session, that every base
   * station is the session organization's, Ready and covering the session, and that RTKLIB is
   * installed, and that the session's package brought the rover's observations. A session with a
   * run still open is refused, so that two runs never race.
   */
  async create(ctx: RequestContext, input: TrajectoryRunInput) {
    const session = await requireVisibleSession(ctx, input.sessionId);
    // Without the rover's own observations there is nothing to process against a base station.
    if (!hasRoverObservation(session.manifest)) {
      throw new ValidationError(NO_ROVER_OBSERVATION(session.id));
    }
    const ids = [...new Set(input.basestationIds)];
    const basestations = await repo.findBasestations(ctx.db, ids);
    for (const id of ids) {
      const basestation = basestations.find((b) => b.id === id);
      if (!basestation || basestation.organizationId !== session.organizationId) {
        throw new NotFoundError(`Basestation ${id} not found`);
      }
      const problem = basestationProblem(basestation, session);
      if (problem) throw new ValidationError(problem);
    }
    if (!(await findRnx2rtkp())) throw new ValidationError(RTKLIB_MISSING_MESSAGE);
    if (await repo.hasOpenRun(ctx.db, session.id)) throw new ValidationError(SESSION_RUN_OPEN);

    const userId = ctx.viewer.user.id;
    const run = await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.insert(trx, {
        sessionId: session.id,
        organizationId: session.organizationId,
        userId,
        basestationIds: ids,
      });
      await enqueueJob(
        trx,
        trajectoryRunJob,
        { runId: row.id, organizationId: session.organizationId, userId },
        { uniqueKey: trajectoryRunJobKey(row.id) },
      );
      return row;
    });
    await recordActivity(ctx.db, {
      activityType: TRAJECTORY_PROCESSING_ACTIVITY,
      referenceKey: runActivityKey(session.organizationId, run.id),
      status: 'Submitted',
      userId,
      organizationId: session.organizationId,
      message: `Submitted ${session.id} for processing with basestations: ${ids.join(', ')}`,
      payload: { runId: run.id, sessionId: session.id, basestationIds: ids },
    });
    return run;
  },
};

async function requireVisibleSession(ctx: RequestContext, sessionId: string) {
  const session = await repo.findSession(ctx.db, sessionId);
  if (!session || !sessionPolicy.canRead(ctx.viewer, session)) {
    throw new NotFoundError();
  }
  return session;
}
