// Benchmark: what a hostile GraphQL document costs the server. A 1.8 MB document of 95,000
// aliases (the one that took 4.4 s to refuse and stalled /healthz before the request guard) is
// sent again and again; the figures are its answer time and /healthz's answer time while the
// flood goes on, beside /healthz alone on the same server in the same run.
// Goal: every rejected document answers in ≤ 20 ms and /healthz is not delayed.
// The portal runs as `npm start` in its own process; a demo Admin sends the documents.
// Run with: npm run bench:request-guard
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInThroughLoginPage } from '../packages/server/test/sign-in.ts';
import { freePort, sleep, startProcess, waitForQuiet } from './lib/process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 4);

const aliases = Array.from({ length: 95_000 }, (_, i) => `a${i}: __typename`).join(' ');
const HOSTILE = JSON.stringify({ query: `{ ${aliases} }` });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const summary = (values) =>
  `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

async function timed(call) {
  const started = performance.now();
  const response = await call();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const port = await freePort();
const origin = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-guard-'));
const server = startProcess(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: 'bench-demo-password',
    LOG_LEVEL: 'warn',
  },
});
try {
  for (let ready = false; !ready; ) {
    ready = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await sleep(100);
  }
  const { sessionCookie } = await signInThroughLoginPage(origin, 'aadmin', 'bench-demo-password');
  const healthz = () => timed(() => fetch(`${origin}/healthz`));
  const hostile = () =>
    timed(() =>
      fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie: sessionCookie ?? '' },
        body: HOSTILE,
      }),
    );
  const typename = () =>
    timed(() =>
      fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie: sessionCookie ?? '' },
        body: '{"query":"{ __typename }"}',
      }),
    );
  for (let i = 0; i < 20; i++) await Promise.all([healthz(), hostile(), typename()]); // warm-up
  // The demo packages' ingestion at start-up must not land in the figures.
  await waitForQuiet(server.child.pid, path.join(dataDir, 'demo-packages.pending'));

  const quiet = [];
  for (let i = 0; i < ROUNDS; i++) quiet.push((await healthz()).ms);
  // A signed-in request that does no work: what every GraphQL call pays before its resolvers.
  const small = [];
  for (let i = 0; i < ROUNDS; i++) small.push((await typename()).ms);
  const alone = [];
  for (let i = 0; i < ROUNDS; i++) alone.push((await hostile()).ms);

  const rejected = [];
  const statuses = new Set();
  const underFlood = [];
  let flooding = true;
  const flood = async () => {
    while (flooding) {
      const answer = await hostile();
      rejected.push(answer.ms);
      statuses.add(answer.status);
    }
  };
  const floods = Array.from({ length: FLOOD }, flood);
  for (let i = 0; i < ROUNDS; i++) underFlood.push((await healthz()).ms);
  flooding = false;
  await Promise.all(floods);

  console.log(`document: ${(HOSTILE.length / 1e6).toFixed(2)} MB, 95,000 aliases`);
  console.log(
    `rejected documents (${rejected.length}, HTTP ${[...statuses].join(', ')}): ${summary(rejected)}`,
  );
  console.log(`rejected documents one at a time (${alone.length}): ${summary(alone)}`);
  console.log(`/healthz alone (${quiet.length}): ${summary(quiet)}`);
  console.log(`signed-in { __typename } one at a time (${small.length}): ${summary(small)}`);
  console.log(
    `/healthz during ${FLOOD} parallel floods (${underFlood.length}): ${summary(underFlood)}`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
