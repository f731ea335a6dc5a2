import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';

/**
 * Hands /oidc/* to the provider's Koa app. The routes live in their own plugin whose body parser
 * leaves the request stream unread, because the provider parses its bodies itself.
 */
export async function registerProviderRoutes(
  app: FastifyInstance,
  provider: Provider,
): Promise<void> {
  const callback = provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/oidc/*', (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      // The provider derives its mount path from originalUrl minus url.
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice('/oidc'.length) || '/';
      callback(raw, reply.raw);
    });
  });
}
