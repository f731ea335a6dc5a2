import fs from 'node:fs';
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

export interface GraphqlResult<T = Record<string, unknown>> {
  status: number;
  data: T | null | undefined;
  errors: { message: string; extensions?: { code?: string } }[] | undefined;
}

export interface TestApi {
  app: FastifyInstance;
  identity: Identity;
  config: AppConfig;
  database: TestDatabase;
  /** Sends a GraphQL operation as the given user (signed-in browser session). */
  graphql<T = Record<string, unknown>>(
    user: UserRow | null,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphqlResult<T>>;
  cookieFor(user: UserRow): Promise<string>;
  close(): Promise<void>;
}

/** Starts the real app (in process, no port) on a fresh database of the given kind. */
export async function startTestApi(
  kind: TestDatabase['kind'],
  env: Record<string, string> = {},
): Promise<TestApi> {
  const database = await createTestDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO_DATA: 'false',
    NODE_ENV: 'test',
    ...env,
  });
  const { app, identity } = await createApp({ config, db: database.db });
  await app.ready();
  const cookieFor = async (user: UserRow) => {
    const id = await webSessionRepository.create(database.db, {
      subject: user.awsUserId!,
      ttlMs: 3_600_000,
    });
    return `${SESSION_COOKIE}=${app.signCookie(id)}`;
  };
  return {
    app,
    identity,
    config,
    database,
    cookieFor,
    async graphql(user, query, variables) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (user) headers.cookie = await cookieFor(user);
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers,
        payload: JSON.stringify({ query, variables }),
      });
      const body = response.json() as { data?: never; errors?: GraphqlResult['errors'] };
      return { status: response.statusCode, data: body.data, errors: body.errors };
    },
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
