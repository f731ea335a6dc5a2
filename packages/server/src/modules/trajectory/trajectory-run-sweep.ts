import type { Db } from '../../db/database.ts';
import { trajectoryRunRepository as repo } from './trajectory-run.repository.ts';

/**
 * Marks runs whose worker died (job lease run out) Hung, and runs whose job was given up
 * Failed. Runs on the worker's timer; returns how many runs changed.
 */
export async function sweepHungTrajectoryRuns(db: Db): Promise<{ hung: number; failed: number }> {
  const hung = await repo.markHungRuns(db);
  const failed = await repo.failAbandonedRuns(db);
  return { hung, failed };
}
