// Benchmark: scansSummary(projectId) of a 10,000-scan project through GraphQL, side by side with
// a bare JSON route running the same authentication, service and SQL, under 32 concurrent
// clients (autocannon), on PGlite and on PostgreSQL. Run with: npm run bench:scans-summary
// Env: BENCH_DBS=pglite,postgres  BENCH_BURSTS=1  BENCH_ROUNDS_PGLITE=1  BENCH_ROUNDS_POSTGRES=2
// BENCH_PROFILE=1 (CPU profile of the server,
// written to bench/out/profiles/, then summarised by bench/top-frames.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median, startProcess } from './lib/process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const CONNECTIONS = 32;
// Requests per client in one run, and alternating rounds (bare, GraphQL) per database. PGlite
// answers one statement at a time, so its runs take twice as long: one round keeps the whole
// benchmark under five minutes.
const BURSTS = Number(process.env.BENCH_BURSTS ?? 1);
const ROUNDS = {
  pglite: Number(process.env.BENCH_ROUNDS_PGLITE ?? 1),
  postgres: Number(process.env.BENCH_ROUNDS_POSTGRES ?? 2),
};
const PROFILE = process.env.BENCH_PROFILE === '1';
const GOALS = { ratio: 0.6, p95Ms: 15 };

// The viewer's document: every scan summary field of the spec plus the artifact summary.
const QUERY = `query ScansSummary($projectId: ID!) {
  scansSummary(projectId: $projectId) {
    id friendlyName sessionId assignmentType deviceId tags length metadata comment defaultVersion
    capturedTimestamp endCapturedTimestamp friendlyLocationName
    simplePath { type coordinates } projectId lastModified
    artifacts { id artifactType name url s3Url status }
  }
}`;

function targets(ready) {
  const origin = `http://127.0.0.1:${ready.port}`;
  return {
    bare: {
      url: `${origin}/bench/bare-scans?projectId=${ready.projectId}`,
      method: 'GET',
      headers: { cookie: ready.cookie },
    },
    graphql: {
      url: `${origin}/graphql`,
      method: 'POST',
      headers: { cookie: ready.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY, variables: { projectId: String(ready.projectId) } }),
    },
  };
}

async function state(origin) {
  const response = await fetch(`${origin}/bench/state`);
  return response.json();
}

/**
 * One burst: 32 clients each ask once, all at the same moment (autocannon, `amount` = 32), and
 * the run lasts until the last answer. A fixed 10 s window cannot be used: one answer costs the
 * server about a second of CPU, so 32 concurrent requests all finish after the window closes.
 * Latencies come from every response, so p95 is exact.
 */
async function load(target, origin) {
  const latencies = [];
  let peakRss = 0;
  const sampler = setInterval(() => {
    state(origin)
      .then((s) => {
        peakRss = Math.max(peakRss, s.rss);
      })
      .catch(() => {});
  }, 500);
  const start = performance.now();
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      { ...target, connections: CONNECTIONS, amount: CONNECTIONS * BURSTS, timeout: 600 },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
    });
  });
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)];
  return {
    seconds,
    ok: result['2xx'],
    errors: result.errors + result.timeouts + result.non2xx,
    reqPerSec: result['2xx'] / seconds,
    p50: at(0.5) ?? Number.NaN,
    p95: at(0.95) ?? Number.NaN,
    peakRss,
  };
}

/** A few sequential requests: response size and latency with nobody else asking. */
async function single(target) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < 2; i++) {
    const start = performance.now();
    const response = await fetch(target.url, {
      method: target.method,
      headers: target.headers,
      body: target.body,
    });
    const body = Buffer.from(await response.arrayBuffer());
    times.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${target.url}: ${response.status} ${body}`);
    bytes = body.length;
    const parsed = JSON.parse(body.toString());
    const list = Array.isArray(parsed) ? parsed : parsed.data?.scansSummary;
    if (!Array.isArray(list) || list.length === 0) throw new Error(`unexpected answer: ${body}`);
  }
  return { ms: median(times), bytes };
}

async function benchDatabase(kind) {
  const profileDir = path.join(here, 'out', 'profiles');
  const nodeArgs = ['--import', 'tsx'];
  if (PROFILE) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  const server = startProcess(
    process.execPath,
    [...nodeArgs, path.join(here, 'scans-summary-server.ts')],
    { cwd: root, env: { BENCH_DB: kind } },
  );
  let dataDir;
  try {
    const ready = await new Promise((resolve, reject) => {
      let buffer = '';
      server.onOutput((text) => {
        buffer += text;
        const line = buffer.split('\n').find((l) => l.startsWith('BENCH_READY '));
        if (line) resolve(JSON.parse(line.slice('BENCH_READY '.length)));
      });
      server.exited.then(() => reject(new Error(`server exited:\n${server.output()}`)));
      const timer = setTimeout(
        () => reject(new Error(`server not ready:\n${server.output()}`)),
        240_000,
      );
      server.onOutput(() => {
        if (buffer.includes('BENCH_READY ')) clearTimeout(timer);
      });
    });
    dataDir = ready.dataDir;
    const origin = `http://127.0.0.1:${ready.port}`;
    console.log(
      `\n[${kind}] ${ready.scans} scans, ${ready.artifacts} artifacts seeded in ${(ready.seedMs / 1000).toFixed(1)} s; ` +
        `in-process parts of one request: ${JSON.stringify(ready.breakdown)}`,
    );
    const t = targets(ready);
    const sizes = {};
    for (const name of ['bare', 'graphql']) {
      sizes[name] = await single(t[name]);
      console.log(
        `[${kind}] ${name}: ${(sizes[name].bytes / 1e6).toFixed(1)} MB, ${Math.round(sizes[name].ms)} ms alone`,
      );
    }
    // The sequential requests above are the warm-up (JIT, statement plans, caches).
    const runs = { bare: [], graphql: [] };
    for (let round = 1; round <= ROUNDS[kind]; round++) {
      for (const name of ['bare', 'graphql']) {
        const run = await load(t[name], origin);
        runs[name].push(run);
        console.log(
          `[${kind}] round ${round} ${name.padEnd(7)}: ${run.ok} answers in ${run.seconds.toFixed(1)} s = ` +
            `${run.reqPerSec.toFixed(2)} req/s, p50 ${Math.round(run.p50)} ms, p95 ${Math.round(run.p95)} ms, ` +
            `${run.errors} errors, peak RSS ${(run.peakRss / 1e6).toFixed(0)} MB`,
        );
      }
    }
    const final = await state(origin);
    return { kind, ready, sizes, runs, maxRss: final.maxRss };
  } finally {
    await server.stop(60_000);
    // The server removes its folder on a clean stop; this covers a stop that had to be forced.
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function summarise(result) {
  const m = (name, key) => median(result.runs[name].map((r) => r[key]));
  const bare = { rps: m('bare', 'reqPerSec'), p95: m('bare', 'p95'), rss: m('bare', 'peakRss') };
  const gql = {
    rps: m('graphql', 'reqPerSec'),
    p95: m('graphql', 'p95'),
    rss: m('graphql', 'peakRss'),
  };
  const ratio = gql.rps / bare.rps;
  return { bare, gql, ratio };
}

async function main() {
  const started = Date.now();
  console.log(
    `scans-summary benchmark: ${CONNECTIONS} connections × ${BURSTS} request(s) per run, ` +
      `${os.cpus().length} CPUs, node ${process.version}`,
  );
  const results = [];
  for (const kind of DBS) results.push(await benchDatabase(kind));
  console.log(`\nmedians of the runs (total ${Math.round((Date.now() - started) / 1000)} s):`);
  console.log(
    '| database | route | req/s | p95 | alone | response | peak RSS in run | GraphQL/bare ≥ 60 % | p95 ≤ 15 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const result of results) {
    const { bare, gql, ratio } = summarise(result);
    const row = (name, figures, size, goalRatio) =>
      `| ${result.kind} | ${name} | ${figures.rps.toFixed(2)} | ${Math.round(figures.p95)} ms | ` +
      `${Math.round(size.ms)} ms | ${(size.bytes / 1e6).toFixed(1)} MB | ` +
      `${(figures.rss / 1e6).toFixed(0)} MB | ${goalRatio} | ` +
      `${figures.p95 <= GOALS.p95Ms ? 'met' : `missed (×${(figures.p95 / GOALS.p95Ms).toFixed(0)})`} |`;
    console.log(row('bare', bare, result.sizes.bare, '—'));
    console.log(
      row(
        'GraphQL',
        gql,
        result.sizes.graphql,
        `${(ratio * 100).toFixed(0)} % ${ratio >= GOALS.ratio ? 'met' : 'missed'}`,
      ),
    );
    console.log(`| ${result.kind} | process peak RSS | ${(result.maxRss / 1e6).toFixed(0)} MB |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
