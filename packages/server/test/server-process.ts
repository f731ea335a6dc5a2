import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allInOneArgs, allInOneEnv } from '../../../scripts/all-in-one.mjs';

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The process's CPU time so far and the machine's load, for a start that timed out: little CPU
 * under a high load says the machine starved it; much CPU says the start itself was slow.
 */
function startDiagnosis(pid: number | undefined): string {
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

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** What the process printed so far (for failure messages). */
  output(): string;
  /** SIGKILL, as a crash or an OOM killer would; resolves once the process is gone. */
  kill(): Promise<void>;
}

/**
 * Runs the portal the way `npm start` does (the all-in-one bundle of scripts/all-in-one.mjs) and
 * resolves once it listens. Fails with the process output when it exits or takes too long.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const port = env.PORT;
  if (!port) throw new Error('startServerProcess needs PORT');
  const child = spawn(process.execPath, await allInOneArgs(), {
    cwd: repoRoot,
    env: allInOneEnv({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const handle: ServerProcess = {
    child,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      const diagnosis = startDiagnosis(child.pid);
      void handle.kill();
      reject(new Error(`The server did not start in ${timeoutMs} ms (${diagnosis}):\n${output}`));
    }, timeoutMs);
    const onData = () => {
      if (output.includes('Asset Portal is running at')) {
        cleanup();
        resolve(handle);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`The server exited (${code}) before listening:\n${output}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}
