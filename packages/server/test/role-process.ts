import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allInOneArgs, allInOneEnv } from '../../../scripts/all-in-one.mjs';

// The portal's processes as the tests run them: the all-in-one of npm start, or the web and worker
// roles of the production layout, each killable and restartable on the same data.

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const mainDir = path.join(repoRoot, 'packages/server/src/main');

export type Role = 'all-in-one' | 'web' | 'worker';

const READY: Record<Role, string> = {
  'all-in-one': 'Asset Portal is running at',
  web: 'Asset Portal is running at',
  worker: 'Asset Portal worker started',
};

export interface RoleProcess {
  role: Role;
  child: ChildProcess;
  output(): string;
  /** SIGKILL; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop); SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** The all-in-one bundle is compiled once per test process; web and worker run through tsx. */
let bundleArgs: Promise<string[]> | undefined;

async function argsFor(role: Role): Promise<string[]> {
  if (role === 'all-in-one') {
    bundleArgs ??= allInOneArgs();
    return bundleArgs;
  }
  return ['--import', 'tsx', path.join(mainDir, role === 'web' ? 'web.ts' : 'worker.ts')];
}

export async function startRole(
  role: Role,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<RoleProcess> {
  // A process that does not become ready is asked for Node's diagnostic report (its JavaScript
  // stack and what its event loop waits on) before it is killed, so the failure says where.
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-role-report-'));
  const child = spawn(process.execPath, [...reportFlags(reportDir), ...(await argsFor(role))], {
    cwd: repoRoot,
    env: allInOneEnv({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const handle: RoleProcess = {
    role,
    child,
    output: () => output,
    async kill() {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
    async stop(graceMs = 15_000) {
      if (alive()) child.kill('SIGTERM');
      const timer = setTimeout(() => alive() && child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(async () => {
      cleanup();
      const load = loadDiagnosis(child.pid);
      const report = await diagnosticReport(child, reportDir);
      await handle.kill();
      reject(
        new Error(
          `The ${role} process did not start in ${timeoutMs} ms (${load}):\n${output}\n${report}`,
        ),
      );
    }, timeoutMs);
    const onData = () => {
      if (output.includes(READY[role])) {
        cleanup();
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`The ${role} process exited (${code}) before it was ready:\n${output}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    onData();
  }).finally(() => fs.rmSync(reportDir, { recursive: true, force: true }));
  return handle;
}

const REPORT_SIGNAL = 'SIGUSR2';
const reportFlags = (dir: string) => [
  '--report-on-signal',
  `--report-signal=${REPORT_SIGNAL}`,
  `--report-directory=${dir}`,
];

/** The JavaScript stack and the active handles of a stuck process, from Node's report. */
async function diagnosticReport(child: ChildProcess, dir: string): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null) return 'The process has exited.';
  child.kill(REPORT_SIGNAL);
  for (let waited = 0; waited < 5000; waited += 100) {
    const file = fs.readdirSync(dir).find((name) => name.endsWith('.json'));
    if (file) {
      try {
        const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
        const stack: string[] = report.javascriptStack?.stack ?? [];
        const handles = (report.libuv ?? [])
          .filter((h: { is_active?: boolean }) => h.is_active)
          .map((h: { type: string; remoteEndpoint?: { port?: number } }) =>
            h.remoteEndpoint?.port ? `${h.type}:${h.remoteEndpoint.port}` : h.type,
          );
        return [
          `JavaScript stack: ${report.javascriptStack?.message ?? ''}`,
          ...stack.slice(0, 30),
          `Active handles: ${handles.join(', ')}`,
        ].join('\n');
      } catch {
        // Still being written.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'The process wrote no diagnostic report.';
}

/**
 * The process's CPU time so far and the machine's load, for a start that timed out: little CPU
 * under a high load says the machine starved it; much CPU says the start itself was slow.
 */
function loadDiagnosis(pid: number | undefined): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  let cpu = 'unknown';
  try {
    // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 a second).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    cpu = `${((Number(fields[11]) + Number(fields[12])) / 100).toFixed(1)} s`;
  } catch {
    // Not Linux, or the process is gone.
  }
  return `CPU time of the process ${cpu}; load average ${load} on ${os.cpus().length} cores`;
}
