import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const webDist = path.resolve(fileURLToPath(import.meta.url), '../../../../web/dist');

/** A year, the longest a cache keeps anything, and never asked again meanwhile. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A file's content, read again when its modification time changes: a running server then sends
 * the page of a new build (which names the new build's files) instead of the one it started with.
 * While the file is missing (a build in progress) the last content read is kept.
 */
export function freshFile(file: string): () => Buffer {
  // The time before the content: a change in between is read again at the next request.
  let read = { mtimeMs: fs.statSync(file).mtimeMs, body: fs.readFileSync(file) };
  return () => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (mtimeMs !== read.mtimeMs) read = { mtimeMs, body: fs.readFileSync(file) };
    } catch {
      // Kept: the build is writing its files again.
    }
    return read.body;
  };
}

/**
 * Serves the built single-page app; unknown GET paths get index.html so client routes load. Files
 * are looked up at each request (not routed once at start), so a build made while the server runs
 * is served whole.
 */
export async function registerWebApp(app: FastifyInstance) {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built (${webDist}); run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    // A missing file falls through to the not-found handler below.
    wildcard: true,
    index: false,
    // The build writes brotli and gzip copies beside each file (packages/web/vite.config.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, file) => {
      // Built files carry their content's hash in their names: a browser keeps them for good.
      const built = path.relative(webDist, file).startsWith(`assets${path.sep}`);
      response.setHeader('cache-control', built ? IMMUTABLE : 'no-cache');
      response.setHeader('vary', 'accept-encoding');
    },
  });
  const indexHtml = freshFile(indexFile);
  const sendIndex = (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml());
  app.get('/', sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|graphql|auth|oidc|config|storage)(\/|$)/.test(request.url);
    if (request.method !== 'GET' || isApi || path.extname(request.url.split('?')[0] ?? '')) {
      return reply.code(404).send({ error: 'Not found' });
    }
    return sendIndex(request, reply);
  });
}
