// Benchmark: ingestion of one generated ~1 GB package (no images), on PGlite and on PostgreSQL:
// wall time, MB/s and the peak resident memory of the ingesting process (`/usr/bin/time -v`).
// Run with: npm run bench:ingest. BENCH_INGEST_SIZE changes the size (default 1GB);
// BENCH_DATABASES=pglite skips PostgreSQL; BENCH_POSTGRES_URL points at the server
// (default postgresql://postgres@127.0.0.1:5432/postgres), where a throwaway database is made.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIZE = process.env.BENCH_INGEST_SIZE ?? '1GB';
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const BENCHMARK = path.join(root, 'bench/ingest-benchmark.ts');

/** Runs a command, echoing nothing, and resolves with its stdout and stderr. */
function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${stdout}\n${stderr}`));
    });
  });
}

async function withPostgresDatabase(work) {
  const name = `ingest_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = POSTGRES_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  try {
    return await work(url);
  } finally {
    const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

/** One ingestion in its own process, so its peak RSS is the ingestion's alone. */
async function ingest(file, databaseUrl) {
  const started = performance.now();
  const { stdout, stderr } = await run(
    '/usr/bin/time',
    ['-v', process.execPath, '--import', 'tsx', BENCHMARK, file],
    { DATABASE_URL: databaseUrl ?? '' },
  );
  const processSeconds = (performance.now() - started) / 1000;
  const lines = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
  const result = lines.find((line) => line.package);
  if (!result) throw new Error(`no result from the benchmark:\n${stdout}\n${stderr}`);
  const peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]);
  return { ...result, processSeconds, processMaxRssMiB: Math.round(peakKb / 1024) };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-bench-ingest-'));
  try {
    const made = performance.now();
    await run('npm', ['run', 'make-package', '--', '--out', work, '--target-size', SIZE]);
    const file = fs
      .readdirSync(work)
      .filter((name) => name.endsWith('.luxlz'))
      .map((name) => path.join(work, name))[0];
    if (!file) throw new Error('make-package wrote no .luxlz');
    const bytes = fs.statSync(file).size;
    console.log(
      `ingest benchmark: ${path.basename(file)} ${(bytes / 1e6).toFixed(0)} MB generated in ` +
        `${((performance.now() - made) / 1000).toFixed(1)} s, ${os.cpus().length} CPUs`,
    );
    const rows = [];
    for (const kind of DATABASES) {
      const result =
        kind === 'postgres'
          ? await withPostgresDatabase((url) => ingest(file, url))
          : await ingest(file, undefined);
      console.log(`${kind}: ${JSON.stringify(result)}`);
      rows.push({ kind, ...result });
    }
    console.log(
      '\n| database | package | ingestion wall time | MB/s | status | RSS before → peak during ingestion | max RSS of the process (time -v) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) {
      console.log(
        `| ${row.kind} | ${row.megabytes} MB | ${row.seconds} s | ${row.megabytesPerSecond} | ` +
          `${row.status} | ${row.rssBeforeMiB} → ${row.peakRssMiB} MiB | ${row.processMaxRssMiB} MiB |`,
      );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
