import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config/config.ts';
import type { UserRow } from '../src/db/schema.ts';
import { SESSION_COOKIE } from '../src/identity/bff/session-cookie.ts';
import { webSessionRepository } from '../src/identity/bff/web-session.repository.ts';
import type { Identity } from '../src/identity/index.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

export interface LiveApp {
  app: FastifyInstance;
  identity: Identity;
  config: AppConfig;
  database: TestDatabase;
  /** http://127.0.0.1:<port>, also the app's PUBLIC_URL. */
  origin: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the real app listening on a loopback port (for tests that need real HTTP redirects). */
export async function startLiveApp(
  kind: TestDatabase['kind'],
  env: Record<string, string> = {},
): Promise<LiveApp> {
  const database = await createTestDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-live-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    NODE_ENV: 'test',
    PUBLIC_URL: origin,
    PORT: String(port),
    COOKIE_SECURE: 'false',
    ...env,
  });
  const { app, identity } = await createApp({ config, db: database.db });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    identity,
    config,
    database,
    origin,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A GraphQL answer as the browser reads it. */
export interface GraphqlAnswer<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** A GraphQL call to the live app as `user`, through a browser session made for it. */
export async function graphqlAs<T = Record<string, unknown>>(
  live: LiveApp,
  user: UserRow,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphqlAnswer<T>> {
  const session = await webSessionRepository.create(live.database.db, {
    subject: user.awsUserId!,
    ttlMs: 3_600_000,
  });
  const response = await fetch(`${live.origin}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `${SESSION_COOKIE}=${live.app.signCookie(session)}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlAnswer<T>;
}
