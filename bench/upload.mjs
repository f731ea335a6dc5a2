// Benchmark: the browser upload engine (headless chromium, Web Workers, multipart) against a plain
// `curl -T` single PUT of the same 2 GiB file to the same store, on loopback, in one run; plus the
// server's resident memory during each upload, which should stay flat (the bytes stream to disk).
// Run with: npm run bench:upload  (tsx). BENCH_UPLOAD_GIB changes the size, BENCH_ORDERS=1 skips
// the second round in the other order.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, sleep, startProcess } from './lib/process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const GIB = 1024 ** 3;
const SIZE = Math.round(Number(process.env.BENCH_UPLOAD_GIB ?? 2) * GIB);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2);
const DEMO_PASSWORD = 'bench-demo-password';
const USERNAME = 'sstandard';
const CONTENT_TYPE = 'application/octet-stream';
const RATIO_GOAL = 0.85;
const RSS_GOAL_MB = 300;
const UPLOAD_TIMEOUT_MS = 20 * 60_000;

/** Random bytes: one 64 MiB buffer written again and again (generating 2 GiB would be slow). */
function writeRandomFile(file, size) {
  const chunk = randomBytes(64 * 1024 ** 2);
  const fd = fs.openSync(file, 'w');
  try {
    for (let written = 0; written < size; ) {
      const length = Math.min(chunk.length, size - written);
      fs.writeSync(fd, chunk, 0, length);
      written += length;
    }
  } finally {
    fs.closeSync(fd);
  }
}

function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Samples the server's VmRSS every 250 ms while `work` runs. */
async function withRssSamples(pid, work) {
  const samples = [rssMb(pid)];
  const timer = setInterval(() => samples.push(rssMb(pid)), 250);
  try {
    const result = await work();
    return { result, samples };
  } finally {
    clearInterval(timer);
    samples.push(rssMb(pid));
  }
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

/** Signs in through the real login page, as a user would, and waits for the signed-in frame. */
async function signIn(page) {
  await page.goto('/package-upload', { waitUntil: 'load' });
  await page.locator('#username').waitFor({ state: 'visible', timeout: 60_000 });
  await page.locator('#username').fill(USERNAME);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-name').waitFor({ state: 'visible', timeout: 60_000 });
}

async function browserUpload(page, file) {
  await page.goto('/package-upload', { waitUntil: 'load' });
  await page.getByTestId('package-upload-card').waitFor();
  // A path (not a buffer): chromium reads the file from disk like a picked file.
  await page.getByTestId('package-file-input').setInputFiles(file);
  const button = page.getByTestId('package-upload-button');
  await button.waitFor();
  const name = path.basename(file);
  const job = page.locator(`[data-testid="upload-job"][data-filename="${name}"]`);
  const started = performance.now();
  await button.click();
  await job.and(page.locator('[data-state="complete"]')).waitFor({ timeout: UPLOAD_TIMEOUT_MS });
  const seconds = (performance.now() - started) / 1000;
  const chip = ((await job.getByTestId('upload-job-chip').textContent()) ?? '').trim();
  if (chip !== 'Complete') throw new Error(`unexpected chip "${chip}"`);
  return seconds;
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

async function curlUpload(origin, cookie, file) {
  const filename = path.basename(file);
  const { getPackageUploadSignedURL: signed } = await graphql(
    origin,
    cookie,
    `query ($filename: String!, $size: Float, $contentType: String) {
      getPackageUploadSignedURL(filename: $filename, size: $size, contentType: $contentType) { uploadUrl }
    }`,
    { filename, size: fs.statSync(file).size, contentType: CONTENT_TYPE },
  );
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
  const seconds = (performance.now() - started) / 1000;
  if (!status.startsWith('2')) throw new Error(`curl PUT answered ${status}`);
  await graphql(origin, cookie, 'mutation ($f: String!) { confirmPackageUpload(filename: $f) }', {
    f: filename,
  });
  return seconds;
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

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-bench-upload-'));
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server;
  let browser;
  const cleanUp = async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
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
    server = startProcess(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'packages/server/src/main/all-in-one.ts')],
      {
        cwd: root,
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          DEMO_PASSWORD,
          COOKIE_SECURE: 'false',
          PUBLIC_URL: origin,
          DATABASE_URL: '',
          NODE_ENV: '',
          LOG_LEVEL: 'warn',
        },
      },
    );
    await waitForHealth(origin, server);
    const pid = server.child.pid;

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await signIn(page);
    const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');

    const rounds = [];
    for (let round = 0; round < ORDERS; round++) {
      const order = round % 2 === 0 ? ['browser', 'curl'] : ['curl', 'browser'];
      const figures = {};
      for (const kind of order) {
        // A link, not a copy: each upload is stored under its own name from the same bytes.
        const file = path.join(work, `bench-${kind}-${round + 1}.luxlz`);
        fs.linkSync(source, file);
        const { result, samples } = await withRssSamples(pid, () =>
          kind === 'browser' ? browserUpload(page, file) : curlUpload(origin, cookie, file),
        );
        figures[kind] = describe(`round ${round + 1} ${kind}`, result, samples);
        fs.rmSync(file);
        // Let a queued ingestion attempt of the random bytes fail before the next upload.
        await sleep(3000);
      }
      const ratio = mbps(figures.browser.seconds) / mbps(figures.curl.seconds);
      console.log(
        `round ${round + 1} (${order.join(' first, ')} second): browser/curl ${(ratio * 100).toFixed(0)} %`,
      );
      rounds.push({ order, ratio, ...figures });
    }

    console.log(
      '\n| round | order | browser MB/s | curl MB/s | browser/curl (goal ≥ 85 %) | server RSS start → max → end, browser | curl |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const [index, r] of rounds.entries()) {
      const rss = (f) => `${f.start.toFixed(0)} → ${f.max.toFixed(0)} → ${f.end.toFixed(0)} MB`;
      console.log(
        `| ${index + 1} | ${r.order.join(', ')} | ${mbps(r.browser.seconds).toFixed(1)} | ` +
          `${mbps(r.curl.seconds).toFixed(1)} | ${(r.ratio * 100).toFixed(0)} % ` +
          `(${r.ratio >= RATIO_GOAL ? 'met' : 'missed'}) | ${rss(r.browser)} | ${rss(r.curl)} |`,
      );
    }
    const maxRss = Math.max(...rounds.flatMap((r) => [r.browser.max, r.curl.max]));
    console.log(
      `server RSS max ${maxRss.toFixed(0)} MB (goal < ${RSS_GOAL_MB} MB: ` +
        `${maxRss < RSS_GOAL_MB ? 'met' : 'missed'})`,
    );
  } catch (error) {
    if (server) console.error(`server output:\n${server.output()}`);
    throw error;
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
