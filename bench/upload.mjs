// Benchmark: the browser upload engine (headless chromium, Web Workers, multipart) sending the same
// 2 GiB file into the portal and into a loopback sink that drops the bytes, in alternating rounds
// of one run: the ratio of the medians is the share of the browser's own ceiling the portal lets
// it reach. The sink side is the same page and engine; only the part URLs point at the sink and
// the completion is answered in the page. Also the server's resident memory during each upload,
// which should stay flat (the bytes stream to disk).
// Run with: npm run bench:upload  (tsx). BENCH_UPLOAD_GIB changes the size, BENCH_ROUNDS (3) the
// rounds, BENCH_CURL=1 adds a `curl -T` single PUT into the portal to each round.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { allInOneArgs, allInOneEnv } from '../scripts/all-in-one.mjs';
import { freePort, median, sleep, startProcess, waitForQuiet } from './lib/process.mjs';
import { writeRandomFile } from './lib/random-file.mjs';
import { cpuSeconds, descendants, loadAverage, processKind } from './lib/upload-probes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GIB = 1024 ** 3;
const SIZE = Math.round(Number(process.env.BENCH_UPLOAD_GIB ?? 2) * GIB);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? process.env.BENCH_ORDERS ?? 3);
const WITH_CURL = process.env.BENCH_CURL === '1';
const DEMO_PASSWORD = 'bench-demo-password';
const USERNAME = 'sstandard';
const CONTENT_TYPE = 'application/octet-stream';
const RATIO_GOAL = 0.85;
const RSS_GOAL_MB = 300;
const UPLOAD_TIMEOUT_MS = 20 * 60_000;
/** Where the web-role configuration's database is created; '' skips that configuration. */
const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * Samples the server's VmRSS every 250 ms while `work` runs, and the CPU seconds the server and
 * the browser's processes (everything else this benchmark started: chromium or curl) used.
 */
async function withRssSamples(pid, work, receivers = [pid]) {
  const samples = [rssMb(pid)];
  const others = () => {
    const server = new Set(receivers.flatMap((receiver) => [receiver, ...descendants(receiver)]));
    return descendants(process.pid).filter((child) => !server.has(child));
  };
  // Short-lived children (curl) are caught by the 250 ms sampling; their last value counts.
  const seen = new Map();
  const kinds = new Map();
  const sampleCpu = () => {
    for (const child of others()) {
      seen.set(child, Math.max(seen.get(child) ?? 0, cpuSeconds(child)));
      if (!kinds.has(child)) kinds.set(child, processKind(child));
    }
  };
  sampleCpu();
  const before = new Map(seen);
  const serverBefore = cpuSeconds(pid);
  const timer = setInterval(() => {
    samples.push(rssMb(pid));
    sampleCpu();
  }, 250);
  try {
    const result = await work();
    return {
      result,
      samples,
      cpu: { server: cpuSeconds(pid) - serverBefore, client: clientCpu() },
    };
  } finally {
    clearInterval(timer);
    samples.push(rssMb(pid));
  }
  function clientCpu() {
    sampleCpu();
    let total = 0;
    const byKind = {};
    for (const [child, seconds] of seen) {
      const used = seconds - (before.get(child) ?? 0);
      total += used;
      const kind = kinds.get(child) ?? 'other';
      byKind[kind] = (byKind[kind] ?? 0) + used;
    }
    return { total, byKind };
  }
}

/** Writes every dirty page of the machine to disk (`sync`); returns the seconds it took. */
function flushDirtyPages() {
  const started = performance.now();
  spawnSync('sync');
  return (performance.now() - started) / 1000;
}

async function waitForHealth(origin, server) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited (${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`no /healthz 200 within 120 s:\n${server.output()}`);
}

/**
 * Signs in through the real login page, as a user would, and waits for the signed-in frame.
 * The page is loaded again (up to 3 times) if the web build was being replaced meanwhile.
 */
async function signIn(page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto('/package-upload', { waitUntil: 'load' });
      await page.locator('#username').waitFor({ state: 'visible', timeout: 60_000 });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`login page not shown (attempt ${attempt}), loading it again`);
    }
  }
  await page.locator('#username').fill(USERNAME);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-name').waitFor({ state: 'visible', timeout: 60_000 });
}

/**
 * Sends the parts of the next upload to `window.__benchUploadSink` when it is set: the part URLs
 * the portal signs are replaced by the sink's, and the completion is answered here (the
 * portal has no parts to complete). Everything else reaches the portal as usual.
 */
function redirectPartsToSink() {
  const send = window.fetch.bind(window);
  const json = (body) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  window.fetch = async (input, init) => {
    const sink = window.__benchUploadSink;
    const body = typeof init?.body === 'string' ? init.body : '';
    if (!sink || !String(input).endsWith('/graphql')) return send(input, init);
    if (body.includes('completePackageUploadMultipart')) {
      return json({ data: { completePackageUploadMultipart: true } });
    }
    const response = await send(input, init);
    const field = ['getPackageUploadMultipartInfo', 'getPackageUploadPartUrls'].find((name) =>
      body.includes(name),
    );
    if (!field) return response;
    const answer = await response.json();
    const data = answer.data[field];
    for (const part of data.parts ?? data) part.signedUrl = `${sink}/part/${part.partNumber}`;
    return json(answer);
  };
}

/**
 * The portal's content security policy lets the upload worker connect to the portal only; the
 * sink side needs it to reach the sink's origin. Chromium is asked (DevTools protocol) to pause
 * only the worker script's response and pass it on without that header, for both sides alike.
 * Playwright's own routing is not used: it pauses every request, and passing on a paused part
 * PUT made chromium read its 64 MiB into the protocol message (uploads at ~15 MB/s).
 */
async function serveUploadWorkerWithoutCsp(context, page) {
  const cdp = await context.newCDPSession(page);
  cdp.on('Fetch.requestPaused', async (event) => {
    const { body, base64Encoded } = await cdp.send('Fetch.getResponseBody', {
      requestId: event.requestId,
    });
    await cdp.send('Fetch.fulfillRequest', {
      requestId: event.requestId,
      responseCode: event.responseStatusCode ?? 200,
      responseHeaders: (event.responseHeaders ?? []).filter(
        (header) => header.name.toLowerCase() !== 'content-security-policy',
      ),
      body: base64Encoded ? body : Buffer.from(body).toString('base64'),
    });
  });
  await cdp.send('Fetch.enable', {
    patterns: [{ urlPattern: '*/upload.worker*', requestStage: 'Response' }],
  });
}

/**
 * Page load and file pick happen before `measure` starts: it covers the click to `Complete`.
 * With `sink` (an origin) the parts go there instead of the portal.
 */
async function browserUpload(page, file, measure, sink) {
  await page.goto('/package-upload', { waitUntil: 'load' });
  if (sink) await page.evaluate((origin) => (window.__benchUploadSink = origin), sink);
  await page.getByTestId('package-upload-card').waitFor({ timeout: 120_000 });
  // A path (not a buffer): chromium reads the file from disk like a picked file.
  await page.getByTestId('package-file-input').setInputFiles(file);
  const button = page.getByTestId('package-upload-button');
  await button.waitFor();
  const name = path.basename(file);
  const job = page.locator(`[data-testid="upload-job"][data-filename="${name}"]`);
  const timeline = watchRequests(page.context());
  const measured = await measure(async () => {
    const started = performance.now();
    await button.click();
    await job.and(page.locator('[data-state="complete"]')).waitFor({ timeout: UPLOAD_TIMEOUT_MS });
    return { seconds: (performance.now() - started) / 1000, started };
  });
  timeline.stop();
  const chip = ((await job.getByTestId('upload-job-chip').textContent()) ?? '').trim();
  if (chip !== 'Complete') throw new Error(`unexpected chip "${chip}"`);
  return { ...measured, phases: timeline.phases(measured.result.started) };
}

/**
 * Where the browser's time went, from the requests chromium made (its workers' PUTs included):
 * first part PUT start, last part PUT end, the completion call, and the part PUTs' durations.
 */
function watchRequests(context) {
  const starts = new Map();
  const parts = [];
  let completion = null;
  const onRequest = (request) => starts.set(request, performance.now());
  const onFinished = (request) => {
    const start = starts.get(request);
    if (start === undefined) return;
    const end = performance.now();
    if (request.method() === 'PUT' && /\/storage\/|\/part\//.test(request.url())) {
      parts.push({ start, end });
    } else if (request.postData?.()?.includes('completePackageUploadMultipart')) {
      completion = { start, end };
    }
  };
  context.on('request', onRequest);
  context.on('requestfinished', onFinished);
  return {
    stop() {
      context.off('request', onRequest);
      context.off('requestfinished', onFinished);
    },
    phases(clicked) {
      if (parts.length === 0) return null;
      const durations = parts.map((part) => part.end - part.start).sort((a, b) => a - b);
      const firstPut = Math.min(...parts.map((part) => part.start));
      const lastPut = Math.max(...parts.map((part) => part.end));
      return {
        parts: parts.length,
        beforeFirstPut: (firstPut - clicked) / 1000,
        puts: (lastPut - firstPut) / 1000,
        completion: completion ? (completion.end - completion.start) / 1000 : Number.NaN,
        partMedian: durations[Math.floor(durations.length / 2)] / 1000,
      };
    },
  };
}

async function graphql(origin, cookie, query, variables) {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
  return body.data;
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
  });
}

async function curlUpload(origin, cookie, file, measure) {
  const filename = path.basename(file);
  const { getPackageUploadSignedURL: signed } = await graphql(
    origin,
    cookie,
    `query ($filename: String!, $size: Float!, $contentType: String) {
      getPackageUploadSignedURL(filename: $filename, size: $size, contentType: $contentType) { uploadUrl }
    }`,
    { filename, size: fs.statSync(file).size, contentType: CONTENT_TYPE },
  );
  const measured = await measure(async () => {
    const started = performance.now();
    const status = await run('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-T',
      file,
      '-H',
      `content-type: ${CONTENT_TYPE}`,
      signed.uploadUrl,
    ]);
    if (!status.startsWith('2')) throw new Error(`curl PUT answered ${status}`);
    return { seconds: (performance.now() - started) / 1000 };
  });
  await graphql(origin, cookie, 'mutation ($f: String!) { confirmPackageUpload(filename: $f) }', {
    f: filename,
  });
  return measured;
}

const mbps = (seconds) => SIZE / 1e6 / seconds;

function describe(label, seconds, samples) {
  const valid = samples.filter(Number.isFinite);
  const max = Math.max(...valid);
  console.log(
    `${label}: ${seconds.toFixed(1)} s, ${mbps(seconds).toFixed(1)} MB/s; server RSS ` +
      `start ${valid[0].toFixed(0)} MB, max ${max.toFixed(0)} MB (+${(max - valid[0]).toFixed(0)}), ` +
      `end ${valid.at(-1).toFixed(0)} MB`,
  );
  return { seconds, max, start: valid[0], end: valid.at(-1) };
}

/**
 * The production layout: the web role alone (`main/web.ts`, jobs in separate worker processes)
 * on a PostgreSQL server. Its RSS idle after sign-in and during a `curl -T` upload of the file.
 */
async function webRoleOnPostgres(browser, work, source) {
  const name = `upload_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main/web.ts')],
    {
      cwd: root,
      env: {
        PORT: String(port),
        DATA_DIR: path.join(work, 'data-web'),
        DATABASE_URL: POSTGRES_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`),
        DEMO_PASSWORD,
        COOKIE_SECURE: 'false',
        PUBLIC_URL: origin,
        NODE_ENV: '',
        LOG_LEVEL: 'warn',
      },
    },
  );
  try {
    await waitForHealth(origin, server);
    const pid = server.child.pid;
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/package-upload', { waitUntil: 'load' });
    await page.getByTestId('package-upload-card').waitFor();
    const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');
    await sleep(2000);
    const idle = rssMb(pid);
    const file = path.join(work, 'bench-web-role.luxlz');
    fs.linkSync(source, file);
    const { result, samples } = await curlUpload(origin, cookie, file, (work) =>
      withRssSamples(pid, work),
    );
    fs.rmSync(file);
    const figures = describe('web role on PostgreSQL, curl', result.seconds, samples);
    console.log(
      `web role on PostgreSQL (production layout): idle after sign-in ${idle.toFixed(0)} MB, ` +
        `max during upload ${figures.max.toFixed(0)} MB (goal < ${RSS_GOAL_MB} MB: ` +
        `${Math.max(idle, figures.max) < RSS_GOAL_MB ? 'met' : 'missed'})`,
    );
  } catch (error) {
    console.error(`web role output:\n${server.output()}`);
    throw error;
  } finally {
    await server.stop();
    const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-bench-upload-'));
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server;
  let sink;
  let browser;
  const cleanUp = async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
    await sink?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  };
  process.once('SIGINT', () => cleanUp().then(() => process.exit(130)));
  try {
    const source = path.join(work, 'bench.luxlz');
    const generated = performance.now();
    writeRandomFile(source, SIZE);
    console.log(
      `upload benchmark: ${(SIZE / GIB).toFixed(2)} GiB file written in ` +
        `${((performance.now() - generated) / 1000).toFixed(1)} s, ${os.cpus().length} CPUs`,
    );
    const profileDir = process.env.BENCH_PROFILE ? path.join(root, 'bench/out/profiles') : null;
    server = startProcess(
      process.execPath,
      [
        ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
        ...(await allInOneArgs()),
      ],
      {
        cwd: root,
        env: allInOneEnv({
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          DEMO_PASSWORD,
          COOKIE_SECURE: 'false',
          PUBLIC_URL: origin,
          DATABASE_URL: '',
          NODE_ENV: '',
          LOG_LEVEL: 'warn',
        }),
      },
    );
    await waitForHealth(origin, server);
    const pid = server.child.pid;
    // The sink is a process of its own, like the portal, so that its CPU is measured apart.
    const sinkPort = await freePort();
    const sinkOrigin = `http://127.0.0.1:${sinkPort}`;
    sink = startProcess(process.execPath, [
      path.join(root, 'bench/lib/drop-sink.mjs'),
      String(sinkPort),
    ]);
    await new Promise((resolve) =>
      sink.onOutput((text) => text.includes('listening') && resolve()),
    );

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      // The sink is another origin: no CORS checks, so that its side needs no preflights.
      args: [...CHROMIUM_ARGS, '--disable-web-security'],
    });
    const context = await browser.newContext({ baseURL: origin });
    await context.addInitScript(redirectPartsToSink);
    const page = await context.newPage();
    await serveUploadWorkerWithoutCsp(context, page);
    await signIn(page);
    const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');

    // Start-up work of the server (first queries, demo packages and their jobs) must not land
    // in round 1.
    const startup = await waitForQuiet(pid, path.join(dataDir, 'demo-packages.pending'));
    console.log(`server idle after start-up work: ${startup.toFixed(1)} s`);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating orders, so that what the previous upload leaves (dirty pages, a warm
      // cache, the ingestion it queued) hits both sides alike.
      const order = round % 2 === 0 ? ['portal', 'sink'] : ['sink', 'portal'];
      if (WITH_CURL) order.push('curl');
      const figures = {};
      for (const kind of order) {
        // A link, not a copy: each upload is stored under its own name from the same bytes.
        const file = path.join(work, `bench-${kind}-${round + 1}.luxlz`);
        fs.linkSync(source, file);
        // The 2 GiB written before (the source file, the previous upload's copy) would otherwise
        // be written back to disk during this upload and throttle its writes.
        const flushed = flushDirtyPages();
        const load = loadAverage();
        console.log(`  ${kind}: dirty pages flushed in ${flushed.toFixed(1)} s`);
        const receiver = kind === 'sink' ? sink.child.pid : pid;
        const measure = (work) => withRssSamples(receiver, work, [pid, sink.child.pid]);
        const { result, samples, cpu, phases } =
          kind === 'curl'
            ? await curlUpload(origin, cookie, file, measure)
            : await browserUpload(page, file, measure, kind === 'sink' ? sinkOrigin : undefined);
        figures[kind] = describe(
          `round ${round + 1} ${kind === 'curl' ? 'curl → portal' : `browser → ${kind}`}`,
          result.seconds,
          samples,
        );
        figures[kind].cpu = cpu;
        console.log(
          `  load ${load.toFixed(1)}; CPU seconds: ${kind === 'sink' ? 'sink' : 'server'} ` +
            `${cpu.server.toFixed(1)}, ${kind === 'curl' ? 'curl' : 'chromium'} ` +
            `${cpu.client.total.toFixed(1)} (` +
            Object.entries(cpu.client.byKind)
              .filter(([, seconds]) => seconds >= 0.05)
              .map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`)
              .join(', ') +
            ')' +
            (phases
              ? `; ${phases.parts} part PUTs, click → first PUT ` +
                `${phases.beforeFirstPut.toFixed(2)} s, PUTs ${phases.puts.toFixed(1)} s ` +
                `(median part ${phases.partMedian.toFixed(2)} s)` +
                (kind === 'portal' ? `, completion ${phases.completion.toFixed(2)} s` : '')
              : ''),
        );
        fs.rmSync(file);
        // A portal upload queues an ingestion of the random bytes (it copies them before
        // failing); the next upload starts once the server is idle again.
        const quiet = await waitForQuiet(pid);
        console.log(`  server idle again after ${quiet.toFixed(1)} s`);
      }
      const ratio = mbps(figures.portal.seconds) / mbps(figures.sink.seconds);
      console.log(
        `round ${round + 1} (${order.join(', ')}): portal/sink ${(ratio * 100).toFixed(0)} %`,
      );
      rounds.push({ order, ratio, ...figures });
    }

    console.log(
      `\n${(SIZE / GIB).toFixed(2)} GiB, browser upload engine (${os.cpus().length} CPUs, load ` +
        `${loadAverage().toFixed(1)} at the end):`,
    );
    console.log(
      `| round | order | browser → portal MB/s | browser → sink MB/s | portal/sink | server CPU s | sink CPU s | chromium CPU s, portal / sink |${WITH_CURL ? ' curl → portal MB/s |' : ''} server RSS start → max → end |`,
    );
    console.log(`|---|---|---|---|---|---|---|---|${WITH_CURL ? '---|' : ''}---|`);
    for (const [index, r] of rounds.entries()) {
      const rss = (f) => `${f.start.toFixed(0)} → ${f.max.toFixed(0)} → ${f.end.toFixed(0)} MB`;
      console.log(
        `| ${index + 1} | ${r.order.join(', ')} | ${mbps(r.portal.seconds).toFixed(1)} | ` +
          `${mbps(r.sink.seconds).toFixed(1)} | ${(r.ratio * 100).toFixed(0)} % | ` +
          `${r.portal.cpu.server.toFixed(1)} | ${r.sink.cpu.server.toFixed(1)} | ` +
          `${r.portal.cpu.client.total.toFixed(1)} / ${r.sink.cpu.client.total.toFixed(1)} | ` +
          (WITH_CURL ? `${mbps(r.curl.seconds).toFixed(1)} | ` : '') +
          `${rss(r.portal)} |`,
      );
    }
    const portal = median(rounds.map((r) => mbps(r.portal.seconds)));
    const sinkMbps = median(rounds.map((r) => mbps(r.sink.seconds)));
    console.log(
      `medians of ${rounds.length} rounds: browser → portal ${portal.toFixed(1)} MB/s, ` +
        `browser → sink ${sinkMbps.toFixed(1)} MB/s; portal/sink ${((portal / sinkMbps) * 100).toFixed(0)} % ` +
        `(goal ≥ ${RATIO_GOAL * 100} %: ${portal / sinkMbps >= RATIO_GOAL ? 'met' : 'missed'}); ` +
        `median of the rounds' ratios ${(median(rounds.map((r) => r.ratio)) * 100).toFixed(0)} %`,
    );
    const maxRss = Math.max(
      ...rounds.flatMap((r) => [r.portal.max, ...(r.curl ? [r.curl.max] : [])]),
    );
    console.log(
      `all-in-one on PGlite (npm start): server RSS max ${maxRss.toFixed(0)} MB (goal < ${RSS_GOAL_MB} MB: ` +
        `${maxRss < RSS_GOAL_MB ? 'met' : 'missed'})`,
    );
    await sink.stop();
    sink = undefined;
    await browser.close();
    browser = undefined;
    await server.stop();
    server = undefined;
    if (POSTGRES_URL) {
      browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      });
      await webRoleOnPostgres(browser, work, source);
    }
  } catch (error) {
    if (server) console.error(`server output:\n${server.output()}`);
    if (sink) console.error(`sink output:\n${sink.output()}`);
    throw error;
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
