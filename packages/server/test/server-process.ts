import net from 'node:net';
import { type RoleProcess, startRole } from './role-process.ts';

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

export interface ServerProcess extends RoleProcess {
  origin: string;
}

/**
 * Runs the portal the way `npm start` does (the all-in-one bundle of scripts/all-in-one.mjs) and
 * resolves once it listens. Fails with the process output, its load and a diagnostic report when
 * it exits or takes too long.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const port = env.PORT;
  if (!port) throw new Error('startServerProcess needs PORT');
  const started = await startRole('all-in-one', env, timeoutMs);
  return Object.assign(started, { origin: `http://127.0.0.1:${port}` });
}
