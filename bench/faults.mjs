// Benchmark: fault injection (packages/server/test/fault-trials.ts). Run with: npm run bench:faults.
// BENCH_FAULTS_TRIALS seeded trials (default 200) from BENCH_FAULTS_SEED (default 20261126): each
// starts a portal (all-in-one on PGlite, web + separate worker on PostgreSQL, all-in-one on
// PostgreSQL, in turn), uploads a small generated package, SIGKILLs the process doing one stage
// (upload completion, ingestion, level-of-detail build, publishing, or ppk: a trajectory
// processing run with RTKLIB against an uploaded base station) at a seeded moment inside it,
// restarts it and checks jobs, objects, the run and the activity log. Prints per stage and per setup the
// trials, passes, failures, how many kills cut the stage short, and the time; then each failure.
// BENCH_FAULTS_ONLY=<index,…> replays chosen trials of the same seed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  planTrials,
  prepareTrials,
  runTrial,
  summarize,
} from '../packages/server/test/fault-trials.ts';

const TRIALS = Number(process.env.BENCH_FAULTS_TRIALS ?? 200);
const SEED = Number(process.env.BENCH_FAULTS_SEED ?? 20261126);
const ONLY = process.env.BENCH_FAULTS_ONLY?.split(',').map(Number);

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-faults-'));
const started = performance.now();
try {
  const bench = await prepareTrials(workDir);
  const { pkg } = bench;
  console.log(
    `${TRIALS} trials, seed ${SEED}; package ${pkg.name} (${pkg.bytes.length} bytes); nproc ${os.availableParallelism()}`,
  );
  const plans = planTrials(TRIALS, SEED).filter((p) => !ONLY || ONLY.includes(p.index));
  const results = [];
  for (const plan of plans) {
    const result = await runTrial(plan, bench);
    results.push(result);
    const { stage, setup, killDelayMs, index } = plan;
    console.log(
      `#${index} ${stage} on ${setup.topology}/${setup.database}, kill after ${killDelayMs} ms: ${
        result.passed ? 'pass' : 'FAIL'
      }${result.interrupted ? ' (cut short)' : ''} ${(result.ms / 1000).toFixed(1)} s ${JSON.stringify(result.phases)}`,
    );
    if (!result.passed) console.log(`  ${result.problems[0]?.slice(0, 2000)}`);
  }
  console.log('\nstage / setup                  trials  pass  fail  cut short  s/trial');
  for (const row of summarize(results)) {
    console.log(
      `${row.stage.padEnd(30)} ${String(row.trials).padStart(6)} ${String(row.passed).padStart(5)} ${String(row.failed).padStart(5)} ${String(row.interrupted).padStart(10)} ${(row.ms / row.trials / 1000).toFixed(1).padStart(8)}`,
    );
  }
  const failed = results.filter((r) => !r.passed);
  console.log(
    `\n${results.length} trials, ${results.length - failed.length} passed, ${failed.length} failed, ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
  );
  for (const result of failed) {
    console.log(
      `\n#${result.plan.index} (seed ${result.plan.seed}):\n${result.problems.join('\n')}`,
    );
  }
  process.exitCode = failed.length > 0 ? 1 : 0;
  await bench.dispose();
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
