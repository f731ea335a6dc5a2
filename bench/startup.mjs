// Benchmark: `npm start` on embedded defaults, from process spawn to the first /healthz 200 and
// to the first successful GraphQL answer of a demo user signed in through the login page.
// Cold start = fresh DATA_DIR (PGlite created, migrated, demo data seeded); warm start = the
// same DATA_DIR again. Run with: npm run bench:startup  (tsx, to reuse the test sign-in helper)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInThroughLoginPage } from '../packages/server/test/sign-in.ts';
import { freePort, median, sleep, startProcess } from './lib/process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL_MS = 5000;
const DEMO_PASSWORD = 'bench-demo-password';
const DEMO_USER = 'aadmin';
const TIMEOUT_MS = 90_000;

function ensureWebBuilt() {
  if (fs.existsSync(path.join(root, 'packages/web/dist/index.html'))) return;
  console.log('Building the web app first (not timed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function firstOk(url, deadline) {
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`no 200 from ${url} within ${TIMEOUT_MS} ms`);
}

async function firstGraphqlAnswer(origin, deadline) {
  let lastError;
  while (performance.now() < deadline) {
    try {
      const signInStart = performance.now();
      const { sessionCookie } = await signInThroughLoginPage(origin, DEMO_USER, DEMO_PASSWORD);
      const signInMs = performance.now() - signInStart;
      const response = await fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: sessionCookie ?? '' },
        body: JSON.stringify({ query: '{ projects { id } }' }),
      });
      const body = await response.json();
      if (response.status === 200 && Array.isArray(body.data?.projects) && !body.errors) {
        return { at: performance.now(), signInMs, projects: body.data.projects.length };
      }
      lastError = new Error(`GraphQL ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    } catch (error) {
      lastError = error;
    }
    await sleep(50);
  }
  throw lastError ?? new Error('no GraphQL answer');
}

/** One start of `node scripts/start.mjs`; returns the timings measured from spawn. */
async function measureStart(dataDir) {
  const port = await freePort();
  // Embedded defaults: only the port, the data folder and a known demo password are set.
  const env = { PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD };
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'SEED_DEMO_DATA', 'NODE_ENV', 'LOG_LEVEL']) {
    env[name] = '';
  }
  const origin = `http://localhost:${port}`;
  const spawnedAt = performance.now();
  const server = startProcess(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
  });
  const deadline = spawnedAt + TIMEOUT_MS;
  try {
    const healthAt = await Promise.race([
      firstOk(`${origin}/healthz`, deadline),
      server.exited.then(({ code }) => {
        throw new Error(`server exited (${code}) before answering:\n${server.output()}`);
      }),
    ]);
    const graphql = await firstGraphqlAnswer(origin, deadline);
    const stopStart = performance.now();
    await server.stop();
    return {
      healthzMs: healthAt - spawnedAt,
      graphqlMs: graphql.at - spawnedAt,
      signInMs: graphql.signInMs,
      projects: graphql.projects,
      stopMs: performance.now() - stopStart,
    };
  } catch (error) {
    await server.stop();
    console.error(`server output:\n${server.output()}`);
    throw error;
  }
}

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  ensureWebBuilt();
  console.log(`startup benchmark: ${RUNS} cold + ${RUNS} warm starts, ${os.cpus().length} CPUs`);
  const rows = { cold: [], warm: [] };
  for (let run = 1; run <= RUNS; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-bench-start-'));
    try {
      const cold = await measureStart(dataDir);
      rows.cold.push(cold);
      console.log(
        `run ${run} cold: healthz ${fmt(cold.healthzMs)}, GraphQL ${fmt(cold.graphqlMs)} ` +
          `(sign-in ${Math.round(cold.signInMs)} ms, ${cold.projects} projects), stop ${Math.round(cold.stopMs)} ms`,
      );
      const warm = await measureStart(dataDir);
      rows.warm.push(warm);
      console.log(
        `run ${run} warm: healthz ${fmt(warm.healthzMs)}, GraphQL ${fmt(warm.graphqlMs)} ` +
          `(sign-in ${Math.round(warm.signInMs)} ms), stop ${Math.round(warm.stopMs)} ms`,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log('\nmedians (from process spawn):');
  console.log('| start | /healthz 200 | first GraphQL answer | sign-in | goal ≤ 5 s |');
  console.log('|---|---|---|---|---|');
  for (const kind of ['cold', 'warm']) {
    const list = rows[kind];
    const graphqlMs = median(list.map((r) => r.graphqlMs));
    console.log(
      `| ${kind} | ${fmt(median(list.map((r) => r.healthzMs)))} | ${fmt(graphqlMs)} | ` +
        `${Math.round(median(list.map((r) => r.signInMs)))} ms | ` +
        `${graphqlMs <= GOAL_MS ? 'met' : `missed by ${fmt(graphqlMs - GOAL_MS)}`} |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
