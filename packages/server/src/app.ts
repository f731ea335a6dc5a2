import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { type AppConfig, browserConfig } from './config/config.ts';
import { getOrCreateSecret, randomSecret } from './config/secrets.ts';
import type { Db } from './db/database.ts';
import type { Viewer } from './graphql/context.ts';
import { registerGraphql } from './graphql/register.ts';
import { registerCanonicalOrigin } from './http/canonical-origin.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { authenticate } from './identity/bff/authenticate.ts';
import { createIdentity, type Identity } from './identity/index.ts';
import { createMailTransport } from './mail/create-mail-transport.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import { registerLogFileRoutes } from './modules/log-files/log-file.routes.ts';
import { registerScanSummaryRoutes } from './modules/scan-summary/scan-summary.routes.ts';
import { createObjectStorage } from './storage/create-object-storage.ts';
import { registerEmbeddedStorageRoutes } from './storage/embedded-storage.routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer?: Viewer;
  }
}

export interface AppDeps {
  config: AppConfig;
  db: Db;
  /** Replaces the transport chosen from the configuration (tests). */
  mail?: MailTransport;
}

/**
 * Request bodies: /graphql carries a layer's source (up to 16 MiB of GeoJSON, in variables), so
 * it takes 20 MiB; every other route keeps 2 MiB. The query text itself stays bounded by the
 * request guard's document-size limit.
 */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
export const GRAPHQL_BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/** Builds the one HTTP server: runtime config, identity, GraphQL API and the web app. */
export async function createApp({
  config,
  db,
  mail: mailOverride,
}: AppDeps): Promise<{ app: FastifyInstance; identity: Identity }> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.isProduction,
  });
  const sessionSecret =
    config.sessionSecret ?? getOrCreateSecret(config.dataDir, 'sessionSecret', randomSecret);
  await app.register(cookie, { secret: sessionSecret });
  await app.register(formbody);
  registerSecurityHeaders(app, config);
  registerCanonicalOrigin(app, config.publicUrl);

  app.get('/config/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return browserConfig(config);
  });
  app.get('/healthz', async () => ({ ok: true }));

  const identity = await createIdentity({ config, db });
  await identity.register(app);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/graphql')) return;
    const auth = await authenticate(request, db, identity.verifyAccessToken);
    if (auth.kind !== 'signed-in') {
      reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ errors: [{ message: 'Unauthorized' }] });
      return reply;
    }
    request.viewer = auth.viewer;
  });
  const mail = mailOverride ?? createMailTransport(config, app.log);
  const storage = createObjectStorage(config);
  app.addHook('onRoute', (route) => {
    if (route.url === '/graphql') route.bodyLimit = GRAPHQL_BODY_LIMIT_BYTES;
  });
  await registerGraphql(app, { config, db, accounts: identity.accounts, mail, storage });
  await registerLogFileRoutes(app, { config, db });
  await registerScanSummaryRoutes(app, { db, verifyAccessToken: identity.verifyAccessToken });
  await registerEmbeddedStorageRoutes(app, { config });

  await registerWebApp(app);
  app.addHook('onClose', async () => {
    await identity.close();
    await mail.close();
  });
  return { app, identity };
}
