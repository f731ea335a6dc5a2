// Helpers shared by the benchmarks: free ports, child processes stopped cleanly, medians.
import { spawn } from 'node:child_process';
import net from 'node:net';

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
