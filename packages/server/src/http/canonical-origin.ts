import type { FastifyInstance } from 'fastify';

/**
 * Sends a browser that opened a page at another address of this server (127.0.0.1 instead of
 * localhost, say) to the configured public origin first. Sign-in cookies and the identity
 * provider's redirect addresses belong to that one origin, so a sign-in started anywhere else
 * could only fail.
 */
export function registerCanonicalOrigin(app: FastifyInstance, publicUrl: string) {
  const canonical = new URL(publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!(request.headers.accept ?? '').includes('text/html')) return;
    if (request.host === canonical.host && request.protocol === canonical.protocol.slice(0, -1)) {
      return;
    }
    // Stored objects are addressed by signed URLs of their own; leave them alone.
    if (request.url.startsWith('/storage/')) return;
    // Joined as text, never resolved as a URL: '//other.example/' must stay a path here.
    const pathAndQuery = `/${request.url.replace(/^\/+/, '')}`;
    return reply.redirect(`${canonical.origin}${pathAndQuery}`, 302);
  });
}
