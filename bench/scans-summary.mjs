// Benchmark: the viewer's project summary of a 10,000-scan project under 32 concurrent clients
// (autocannon), on PGlite and on PostgreSQL: the compact summary route the viewer uses
// (GET /api/projects/:id/scan-summary, brotli, once with no ETag and once revalidating with it,
// each after a change of a scan, so the first burst finds no summary computed, and warm), then
// scansSummary through GraphQL side by side with a bare JSON route running the same
// authentication, service and SQL. Run with: npm run bench:scans-summary
// Env: BENCH_DBS=pglite,postgres  BENCH_ROUTES=summary,graphql  BENCH_BURSTS=1
// BENCH_SUMMARY_BURSTS=10  BENCH_ROUNDS_PGLITE=1  BENCH_ROUNDS_POSTGRES=2
// BENCH_CLIENTS_BURSTS=3 (bursts per client where autocannon and raw sockets are run in turn on new
// versions; 0 skips it)
// BENCH_PROFILE=1 (CPU profile of the server,
// written to bench/out/profiles/, then summarised by bench/top-frames.mjs).
import fs from 'node:fs';
import net from 'node:net';
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
const GOALS = { ratio: 0.6, p95Ms: 15, summaryP95Ms: 250 };
// Which parts run: the compact summary route, GraphQL vs bare (minutes: 30 MB answers).
const ROUTES = (process.env.BENCH_ROUTES ?? 'summary,graphql').split(',');
// How long after a change the last bursts come: the refresher's interval (2 s) and a computation.
const AFTER_CHANGE_MS = 3_500;
// Bursts of 32 per warm summary run: one answer takes milliseconds.
const SUMMARY_BURSTS = Number(process.env.BENCH_SUMMARY_BURSTS ?? 10);
// Bursts per load generator where the two are run in turn on new versions.
const CLIENTS_BURSTS = Number(process.env.BENCH_CLIENTS_BURSTS ?? 3);

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
  const summary = {
    url: `${origin}/api/projects/${ready.projectId}/scan-summary`,
    method: 'GET',
    headers: { cookie: ready.cookie, 'accept-encoding': 'br, gzip' },
  };
  return {
    summary,
    // What a browser sends when it has the summary already.
    summaryEtag: (etag) => ({ ...summary, headers: { ...summary.headers, 'if-none-match': etag } }),
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
async function load(target, origin, bursts = BURSTS) {
  const latencies = [];
  let lastAnswerAt = 0;
  const sampler = sampleRss(origin);
  const start = performance.now();
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      { ...target, connections: CONNECTIONS, amount: CONNECTIONS * bursts, timeout: 600 },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200 || statusCode === 304) latencies.push(responseTime);
      lastAnswerAt = performance.timeOrigin + performance.now();
    });
  });
  const seconds = (performance.now() - start) / 1000;
  const peakRss = await sampler.stop();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)];
  return {
    seconds,
    ok: latencies.length,
    errors: result.errors + result.timeouts + result.non2xx - (result['3xx'] ?? 0),
    reqPerSec: latencies.length / seconds,
    p50: at(0.5) ?? Number.NaN,
    p95: at(0.95) ?? Number.NaN,
    peakRss,
    latencies,
    lastAnswerAt,
  };
}

/** Samples the server's RSS every 500 ms until `stop`, which resolves to the peak. */
function sampleRss(origin) {
  let peakRss = 0;
  const sampler = setInterval(() => {
    state(origin)
      .then((s) => {
        peakRss = Math.max(peakRss, s.rss);
      })
      .catch(() => {});
  }, 500);
  return {
    async stop() {
      clearInterval(sampler);
      // A burst may end before the first sample.
      return Math.max(peakRss, (await state(origin)).rss);
    },
  };
}

/**
 * One burst of 32 simultaneous requests on raw sockets: all 32 connected first, the requests
 * written in one turn of the event loop, each answer's bytes only counted (its head read for the
 * Content-Length), never parsed as autocannon does. The same requests from the same process, so
 * the difference from autocannon's burst is the load generator's own reading of 32 answers.
 */
async function rawLoad(target, origin) {
  const { host, port, pathname, search } = new URL(target.url);
  const request =
    `${target.method} ${pathname}${search} HTTP/1.1\r\nhost: ${host}\r\n` +
    Object.entries(target.headers ?? {})
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    'connection: close\r\n\r\n';
  const sockets = await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      () =>
        new Promise((resolve, reject) => {
          const socket = net.connect({ host: '127.0.0.1', port: Number(port) }, () =>
            resolve(socket),
          );
          socket.once('error', reject);
        }),
    ),
  );
  const sampler = sampleRss(origin);
  const start = performance.now();
  const answers = sockets.map(
    (socket) =>
      new Promise((resolve, reject) => {
        const sentAt = performance.now();
        let head = Buffer.alloc(0);
        let bytes = 0;
        let expected = Number.POSITIVE_INFINITY;
        let status = 0;
        socket.on('data', (chunk) => {
          bytes += chunk.length;
          if (status === 0) {
            head = Buffer.concat([head, chunk]);
            const end = head.indexOf('\r\n\r\n');
            if (end < 0) return;
            const text = head.subarray(0, end).toString('latin1');
            status = Number(text.slice(9, 12));
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1];
            expected = end + 4 + Number(length ?? 0);
          }
          if (bytes >= expected) {
            resolve({ ms: performance.now() - sentAt, status, at: performance.now() });
            socket.destroy();
          }
        });
        socket.once('error', reject);
        // After the whole answer this changes nothing; before it, the answer was cut short.
        socket.once('close', () => reject(new Error(`answer cut short after ${bytes} bytes`)));
        socket.write(request);
      }),
  );
  const done = await Promise.all(answers);
  const seconds = (performance.now() - start) / 1000;
  const peakRss = await sampler.stop();
  const ok = done.filter((a) => a.status === 200 || a.status === 304);
  return {
    seconds,
    latencies: ok.map((a) => a.ms).sort((a, b) => a - b),
    lastAnswerAt: performance.timeOrigin + Math.max(...done.map((a) => a.at)),
    errors: done.length - ok.length,
    peakRss,
  };
}

/**
 * `count` separate bursts of 32 simultaneous requests (32 viewers opening the project at the
 * same moment, again and again), their latencies pooled. The load generator's lag: how long after
 * the server handed its last answer of a burst to the socket this process had read it (both clocks
 * are the machine's; the largest of the bursts). 32 viewers read their answers on 32 machines; one
 * process reads all of them in turn, and when they are ready at once that shows in the latencies.
 */
async function bursts(target, origin, count) {
  const sent = [];
  await serverTimes(origin);
  for (let i = 0; i < count; i++) {
    sent.push(await burst(target, origin, load));
  }
  return pooled(sent);
}

/** One burst sent by `client`, with the server's own times of its answers. */
async function burst(target, origin, client) {
  const run = await client(target, origin, 1);
  return { run, served: await serverTimes(origin) };
}

/** The latencies of bursts pooled, and the largest load generator's lag among them. */
function pooled(sent) {
  const runs = sent.map((b) => b.run);
  const answers = sent.flatMap((b) => b.served);
  let generatorLag = 0;
  for (const { run, served } of sent) {
    const lastServed = Math.max(...served.map((a) => a.end));
    if (served.length > 0) generatorLag = Math.max(generatorLag, run.lastAnswerAt - lastServed);
  }
  const server = answers.map((a) => a.ms).sort((a, b) => a - b);
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)];
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return {
    seconds,
    ok: latencies.length,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    reqPerSec: latencies.length / seconds,
    p50: at(0.5) ?? Number.NaN,
    p95: at(0.95) ?? Number.NaN,
    serverP95: server[Math.min(server.length - 1, Math.ceil(0.95 * server.length) - 1)] ?? null,
    generatorLag: answers.length > 0 ? generatorLag : null,
    peakRss: Math.max(...runs.map((r) => r.peakRss)),
  };
}

/** The server's own times of the summary answers since the last call, and when each ended. */
async function serverTimes(origin) {
  const response = await fetch(`${origin}/bench/server-times`);
  return response.json();
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

/** One compact summary request alone: wire bytes (brotli), ETag, and the document's size. */
async function singleSummary(target) {
  const start = performance.now();
  const response = await fetch(target.url, { headers: target.headers });
  const text = await response.text();
  const ms = performance.now() - start;
  if (response.status !== 200) throw new Error(`${target.url}: ${response.status} ${text}`);
  const doc = JSON.parse(text);
  if (doc.format !== 1 || doc.id.length === 0) throw new Error('unexpected summary');
  return {
    ms,
    wireBytes: Number(response.headers.get('content-length')),
    encoding: response.headers.get('content-encoding'),
    jsonBytes: Buffer.byteLength(text),
    etag: response.headers.get('etag'),
    scans: doc.id.length,
  };
}

/** The compact summary route: cold and warm bursts, without and with the ETag. */
async function benchSummary(kind, t, origin) {
  const runs = [];
  const report = (name, run) => {
    runs.push({ name, ...run });
    console.log(
      `[${kind}] ${name.padEnd(26)}: ${run.ok} answers in ${run.seconds.toFixed(2)} s = ` +
        `${run.reqPerSec.toFixed(0)} req/s, p50 ${Math.round(run.p50)} ms, p95 ${Math.round(run.p95)} ms, ` +
        `${run.errors} errors, peak RSS ${(run.peakRss / 1e6).toFixed(0)} MB` +
        (run.serverP95 ? `, server's own p95 ${Math.round(run.serverP95)} ms` : '') +
        (typeof run.generatorLag === 'number'
          ? `, load generator's lag ${Math.round(run.generatorLag)} ms`
          : ''),
    );
  };
  const touch = () => fetch(`${origin}/bench/touch`, { method: 'POST' });
  // What this machine and client allow: the same bursts on the cheapest route of the server.
  report(
    `baseline /healthz (${SUMMARY_BURSTS} bursts)`,
    await bursts({ url: `${origin}/healthz`, method: 'GET' }, origin, SUMMARY_BURSTS),
  );
  const rssBefore = (await state(origin)).rss;
  await touch();
  report('cold, no ETag (1 burst)', await bursts(t.summary, origin, 1));
  const alone = await singleSummary(t.summary);
  console.log(
    `[${kind}] summary: ${alone.scans} scans, ${(alone.jsonBytes / 1e6).toFixed(2)} MB JSON, ` +
      `${(alone.wireBytes / 1e6).toFixed(2)} MB on the wire (${alone.encoding}), ${Math.round(alone.ms)} ms alone (warm)`,
  );
  report(
    `warm, no ETag (${SUMMARY_BURSTS} bursts)`,
    await bursts(t.summary, origin, SUMMARY_BURSTS),
  );
  report(
    `warm, ETag → 304 (${SUMMARY_BURSTS} bursts)`,
    await bursts(t.summaryEtag(alone.etag), origin, SUMMARY_BURSTS),
  );
  // After a change the old ETag no longer matches: every client gets the new summary.
  await touch();
  report('cold, old ETag (1 burst)', await bursts(t.summaryEtag(alone.etag), origin, 1));
  // Viewers who come a little after a change: the server has computed the new version meanwhile
  // (its refresher looks every SUMMARY_REFRESH_INTERVAL_MS).
  const latest = await singleSummary(t.summary);
  await touch();
  await new Promise((resolve) => setTimeout(resolve, AFTER_CHANGE_MS));
  report(
    `${AFTER_CHANGE_MS / 1000} s after a change, old ETag`,
    await bursts(t.summaryEtag(latest.etag), origin, 1),
  );
  await touch();
  await new Promise((resolve) => setTimeout(resolve, AFTER_CHANGE_MS));
  report(`${AFTER_CHANGE_MS / 1000} s after a change, no ETag`, await bursts(t.summary, origin, 1));
  // The bursts that meet a new version, sent by the two load generators in turn: how much of
  // their latency is the generator's own reading of 32 answers at once.
  if (CLIENTS_BURSTS > 0) {
    const clients = {
      autocannon: { send: load, sent: [] },
      'raw sockets': { send: rawLoad, sent: [] },
    };
    for (let i = 0; i < CLIENTS_BURSTS; i++) {
      for (const client of Object.values(clients)) {
        await touch();
        await serverTimes(origin);
        client.sent.push(await burst(t.summary, origin, client.send));
      }
    }
    for (const [name, { sent }] of Object.entries(clients)) {
      report(`new version, no ETag, ${name} (${CLIENTS_BURSTS} bursts)`, pooled(sent));
    }
  }
  const rssAfter = (await state(origin)).rss;
  return { runs, alone, rssBefore, rssAfter };
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
    const summary = ROUTES.includes('summary') ? await benchSummary(kind, t, origin) : null;
    if (!ROUTES.includes('graphql')) {
      const final = await state(origin);
      return { kind, ready, summary, sizes: null, runs: null, maxRss: final.maxRss };
    }
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
    return { kind, ready, summary, sizes, runs, maxRss: final.maxRss };
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
  console.log(`\ntotal ${Math.round((Date.now() - started) / 1000)} s`);
  if (ROUTES.includes('summary')) {
    console.log('\ncompact summary route, 32 concurrent clients:');
    console.log(
      "| database | run | answers | req/s | p50 | p95 | server's own p95 | load generator's lag | peak RSS in run | p95 ≤ 250 ms |",
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const { kind, summary } of results) {
      for (const run of summary.runs) {
        console.log(
          `| ${kind} | ${run.name} | ${run.ok} | ${run.reqPerSec.toFixed(0)} | ${Math.round(run.p50)} ms | ` +
            `${Math.round(run.p95)} ms | ${run.serverP95 ? `${Math.round(run.serverP95)} ms` : '—'} | ` +
            `${typeof run.generatorLag === 'number' ? `${Math.round(run.generatorLag)} ms` : '—'} | ` +
            `${(run.peakRss / 1e6).toFixed(0)} MB | ` +
            `${run.p95 <= GOALS.summaryP95Ms ? 'met' : 'missed'} |`,
        );
      }
      const { alone, rssBefore, rssAfter } = summary;
      console.log(
        `| ${kind} | size | ${alone.scans} scans: ${(alone.jsonBytes / 1e6).toFixed(2)} MB JSON, ` +
          `${(alone.wireBytes / 1e6).toFixed(2)} MB ${alone.encoding} | RSS before ${(rssBefore / 1e6).toFixed(0)} MB, ` +
          `after ${(rssAfter / 1e6).toFixed(0)} MB |`,
      );
    }
  }
  if (!ROUTES.includes('graphql')) return;
  console.log('\nGraphQL and bare, medians of the runs:');
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
