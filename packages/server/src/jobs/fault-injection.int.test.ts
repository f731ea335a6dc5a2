import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  planTrials,
  prepareTrials,
  runTrial,
  SETUPS,
  STAGES,
  summarize,
  type TrialBench,
  type TrialResult,
} from '../../test/fault-trials.ts';

// SIGKILL of the all-in-one or of a separate worker inside upload completion, ingestion, the
// level-of-detail build, publishing and a trajectory processing run (RTKLIB on the package's
// session against an uploaded base station), in seeded trials (test/fault-trials.ts): after the
// restart every job ran to its end exactly once, every object has the right bytes, the run ended
// Completed with its corrected clouds stored, and the activity log says so. The trials cover the databases themselves (the all-in-one on PGlite and
// on PostgreSQL, web + worker on PostgreSQL), so this file runs once, not once per database.
// `npm run bench:faults` runs 200 of them; FAULT_TRIALS and FAULT_SEED change this run.

const TRIALS = Number(process.env.FAULT_TRIALS ?? 50);
const SEED = Number(process.env.FAULT_SEED ?? 20261126);
const plans = planTrials(TRIALS, SEED);

describe('fault-injection trial plans', () => {
  it('replay from their seed and give every stage every setup', () => {
    expect(planTrials(24, 7)).toEqual(planTrials(24, 7));
    expect(planTrials(24, 7).map((p) => p.killDelayMs)).not.toEqual(
      planTrials(24, 8).map((p) => p.killDelayMs),
    );
    const pairs = new Set(
      planTrials(STAGES.length * SETUPS.length, 1).map(
        (p) => `${p.stage} ${p.setup.topology} ${p.setup.database}`,
      ),
    );
    expect(pairs.size).toBe(STAGES.length * SETUPS.length);
  });
});

describe(`${TRIALS} fault-injection trials from seed ${SEED}`, () => {
  let workDir: string;
  let bench: TrialBench;
  const results: TrialResult[] = [];

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-faults-'));
    bench = await prepareTrials(workDir);
  }, 600_000);
  afterAll(async () => {
    for (const row of summarize(results)) {
      console.log(
        `${row.stage}: ${row.trials} trials, ${row.passed} passed, ${row.interrupted} cut short, ${(row.ms / row.trials / 1000).toFixed(1)} s each`,
      );
    }
    await bench?.dispose();
    fs.rmSync(workDir, { recursive: true, force: true });
  }, 120_000);

  it.each(plans)(
    'trial $index: $stage on $setup.topology / $setup.database, kill after $killDelayMs ms',
    async (plan) => {
      const result = await runTrial(plan, bench);
      results.push(result);
      expect(result.problems.join('\n')).toBe('');
    },
    300_000,
  );
});
