import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { databaseUrlFor, TRIAL_PASSWORD, withAdminClient } from './fault-portal.ts';
import { type RoleProcess, startRole } from './role-process.ts';
import { S3_TEST_CREDENTIALS, type S3TestServer, startS3TestServer } from './s3-test-server.ts';
import { freePort } from './server-process.ts';

// The production layout on one machine: web processes and worker processes started from their
// own entry points (src/main/web.ts, src/main/worker.ts), each with a data folder of its own as if
// on a machine of its own, sharing only what docs/deployment.md says they share: the PostgreSQL
// database, the S3 bucket, SESSION_SECRET and the web processes' DATA_DIR/secrets.json. A
// round-robin balancer in front of the web processes stands in for the reverse proxy.

export const CLUSTER_BUCKET = 'portal-objects';
/**
 * Short, so the job of a killed worker is taken over within seconds; not shorter, because a
 * worker renews its lease every third of it, and one starved of CPU for a second and a half (a
 * machine loaded by other work) lost a job it was still running at 2 s.
 */
export const CLUSTER_LEASE_SECONDS = 4;

/** Where the balancer sends each request: in turn, or always to one web process. */
export type Route = 'round-robin' | number;

export interface Balancer {
  origin: string;
  route: Route;
  /** The web process (index) that answered each request, with its method and path. */
  served: { web: number; method: string; path: string }[];
  close(): Promise<void>;
}

/** A plain HTTP reverse proxy: Host kept (the portal checks it against PUBLIC_URL), X-Forwarded-*. */
export async function startBalancer(targets: () => string[]): Promise<Balancer> {
  let turn = 0;
  const server = http.createServer((request, response) => {
    const all = targets();
    const web = balancer.route === 'round-robin' ? turn++ % all.length : balancer.route;
    const target = new URL(all[web]!);
    balancer.served.push({ web, method: request.method ?? 'GET', path: request.url ?? '/' });
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const balancer: Balancer = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    route: 'round-robin',
    served: [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return balancer;
}

export interface Cluster {
  balancer: Balancer;
  s3: S3TestServer;
  databaseUrl: string;
  /** Each web process's own origin (its PORT on loopback). */
  webOrigins: string[];
  webs: RoleProcess[];
  workers: RoleProcess[];
  /** The worker process whose id (`host:pid:…`) a job's `locked_by` names; -1 when none. */
  workerOf(lockedBy: string): number;
  output(): string;
  dispose(): Promise<void>;
}

/**
 * Starts `webCount` web and `workerCount` worker processes on a fresh database and bucket. The
 * first web process migrates and seeds the demo accounts (password TRIAL_PASSWORD, no fixture
 * scans); the others start once it listens, the other web processes with a copy of its
 * DATA_DIR/secrets.json (the built-in sign-in provider's keys).
 */
export async function startCluster(options: {
  workDir: string;
  webCount: number;
  workerCount: number;
}): Promise<Cluster> {
  const { workDir } = options;
  const s3 = await startS3TestServer([CLUSTER_BUCKET]);
  const dbName = `ap_multi_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${dbName}`));
  const databaseUrl = databaseUrlFor(dbName);
  const webPorts = await Promise.all(Array.from({ length: options.webCount }, () => freePort()));
  const webOrigins = webPorts.map((port) => `http://127.0.0.1:${port}`);
  const balancer = await startBalancer(() => webOrigins);
  const webs: RoleProcess[] = [];
  const workers: RoleProcess[] = [];
  const shared: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: balancer.origin,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    STORAGE_ENDPOINT: s3.endpoint,
    STORAGE_BUCKET: CLUSTER_BUCKET,
    STORAGE_REGION: 'us-east-1',
    STORAGE_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    STORAGE_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    STORAGE_FORCE_PATH_STYLE: 'true',
    JOB_LEASE_SECONDS: String(CLUSTER_LEASE_SECONDS),
    SEED_DEMO_DATA: 'false',
  };
  const dataDir = (name: string) => {
    const dir = path.join(workDir, name);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  };
  const webEnv = (index: number) => ({
    ...shared,
    HOST: '127.0.0.1',
    PORT: String(webPorts[index]),
    DATA_DIR: dataDir(`web-${index}`),
  });
  const cluster: Cluster = {
    balancer,
    s3,
    databaseUrl,
    webOrigins,
    webs,
    workers,
    workerOf: (lockedBy) =>
      workers.findIndex((worker) => lockedBy.split(':')[1] === String(worker.child.pid)),
    output: () =>
      [...webs, ...workers]
        .map((p, i) => `--- ${p.role} ${i} (pid ${p.child.pid}) ---\n${p.output()}`)
        .join('\n'),
    async dispose() {
      await Promise.all([...webs, ...workers].map((p) => p.kill()));
      await balancer.close();
      await s3.close();
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`),
      );
    },
  };
  try {
    const first = webEnv(0);
    webs.push(
      await startRole('web', {
        ...first,
        SEED_DEMO_DATA: 'true',
        DEMO_PASSWORD: TRIAL_PASSWORD,
        // The demo scans' fixtures left out: building them would compete with the test.
        FIXTURES_DIR: path.join(workDir, 'no-fixtures'),
      }),
    );
    const secrets = fs.readFileSync(path.join(first.DATA_DIR, 'secrets.json'));
    const others = Array.from({ length: options.webCount - 1 }, (_, i) => {
      const env = webEnv(i + 1);
      fs.writeFileSync(path.join(env.DATA_DIR, 'secrets.json'), secrets, { mode: 0o600 });
      return startRole('web', env);
    });
    const jobs = Array.from({ length: options.workerCount }, (_, i) =>
      startRole('worker', { ...shared, DATA_DIR: dataDir(`worker-${i}`) }),
    );
    webs.push(...(await Promise.all(others)));
    workers.push(...(await Promise.all(jobs)));
  } catch (error) {
    await cluster.dispose();
    throw error;
  }
  return cluster;
}

/** A job row as the watcher saw it: which workers held it, in order. */
export interface WatchedJob {
  id: number;
  kind: string;
  payload: unknown;
  holders: string[];
}

/**
 * Polls the job table for running jobs and records each job's `locked_by` as it changes, so a
 * test can tell which worker claimed a job and which took it over (the row forgets its worker
 * once done).
 */
export async function watchJobs(databaseUrl: string, everyMs = 20) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const jobs = new Map<number, WatchedJob>();
  let stopped = false;
  const poll = async () => {
    while (!stopped) {
      const { rows } = await client.query<{
        id: number;
        kind: string;
        payload: unknown;
        locked_by: string;
      }>(`SELECT id, kind, payload, locked_by FROM jobs WHERE status = 'running'`);
      for (const row of rows) {
        const job = jobs.get(row.id) ?? { ...row, holders: [] };
        if (job.holders.at(-1) !== row.locked_by) job.holders.push(row.locked_by);
        jobs.set(row.id, job);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  const polling = poll();
  return {
    jobs,
    async stop() {
      stopped = true;
      await polling;
      await client.end();
    },
  };
}
