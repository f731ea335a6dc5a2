// Helpers shared by the benchmarks: free ports, child processes stopped cleanly, medians.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { treeCpuSeconds } from './upload-probes.mjs';

/** A TCP port nobody listens on right now (loopback). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Spawns a command in its own process group and keeps the tail of its output, so a failure can
 * be shown and the whole group can be stopped even if a grandchild ignores the signal.
 */
export function startProcess(command, args, { env, cwd, echo = false } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let tail = '';
  const listeners = new Set();
  const onData = (chunk) => {
    const text = chunk.toString();
    if (echo) process.stderr.write(text);
    tail = (tail + text).slice(-8000);
    for (const listener of listeners) listener(text);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    exited,
    output: () => tail,
    onOutput: (listener) => listeners.add(listener),
    /** SIGTERM, then SIGKILL of the group after `graceMs`; resolves once the child is gone. */
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, graceMs);
      const result = await exited;
      clearTimeout(timer);
      // The group may hold a grandchild that outlived its parent; it belongs to this run.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // nothing left
      }
      return result;
    },
  };
}

/**
 * Waits until the process and its children used under 0.1 s of CPU in each of two seconds in a
 * row (at most 3 minutes), and until `marker` (if given) is gone: the demo packages are built in
 * a child process at the lowest priority, which a busy machine can starve for a while, and only
 * then ingested by the server.
 */
export async function waitForQuiet(pid, marker) {
  const started = performance.now();
  let last = treeCpuSeconds(pid);
  let quietSeconds = 0;
  while (performance.now() - started < 180_000) {
    await sleep(1000);
    const now = treeCpuSeconds(pid);
    quietSeconds = now - last < 0.1 ? quietSeconds + 1 : 0;
    last = now;
    if (quietSeconds >= 2 && !(marker && fs.existsSync(marker))) break;
  }
  return (performance.now() - started) / 1000;
}
