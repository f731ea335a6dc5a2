import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config.ts';

/**
 * Content types the portal's store serves as they were uploaded. Anything else (HTML, SVG,
 * JavaScript: what a browser would run or render as a page of this origin) goes out as
 * application/octet-stream.
 */
const SERVABLE_CONTENT_TYPES = new Set([
  'application/octet-stream',
  'application/json',
  'application/zip',
  'application/gzip',
  'application/x-gzip',
  'application/vnd.las',
  'application/vnd.laszip',
  'text/plain',
  'text/csv',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/tiff',
]);

/** The content type to serve an object with: its own when allowed, else octet-stream. */
export function servableContentType(contentType: string | null | undefined): string {
  const base = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!SERVABLE_CONTENT_TYPES.has(base)) return 'application/octet-stream';
  // text/* gets an explicit charset so that no browser sniffs one.
  return base.startsWith('text/') ? `${base}; charset=utf-8` : base;
}

/**
 * Origins the browser reaches besides the portal: the external S3-compatible store, which
 * serves presigned uploads, images and point-cloud nodes. The embedded store is the portal.
 */
export function storageOrigins(config: AppConfig): string[] {
  const storage = config.storage;
  if (storage.kind !== 's3') return [];
  if (storage.endpoint) {
    const endpoint = new URL(storage.endpoint);
    if (storage.forcePathStyle) return [endpoint.origin];
    return [endpoint.origin, `${endpoint.protocol}//${storage.bucket}.${endpoint.host}`];
  }
  return [
    `https://${storage.bucket}.s3.${storage.region}.amazonaws.com`,
    `https://s3.${storage.region}.amazonaws.com`,
  ];
}

/**
 * The app's policy: scripts only from the portal (no inline script); styles inline too, since
 * MUI's emotion writes style elements at run time; the map and point-cloud viewer start workers
 * from bundled files and blob URLs and decode WebAssembly; nothing may frame the portal.
 */
export function appContentSecurityPolicy(extraOrigins: readonly string[]): string {
  const external = extraOrigins.join(' ');
  const withExternal = (sources: string) => (external ? `${sources} ${external}` : sources);
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${withExternal("'self' data: blob:")}`,
    `connect-src ${withExternal("'self' data: blob:")}`,
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The identity provider's pages carry their own policy (a nonce for the sign-out form's script);
 * the header adds only what a meta element cannot say.
 */
const PROVIDER_PAGE_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

/** Sets the security headers on every answer, pages, API and stored objects alike. */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const appPolicy = appContentSecurityPolicy(storageOrigins(config));
  // Set on the raw response at the start so that the answers written outside Fastify's reply
  // (the identity provider's routes) carry them too.
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isProviderPage = path === '/oidc' || path.startsWith('/oidc/');
    const raw = reply.raw;
    raw.setHeader('content-security-policy', isProviderPage ? PROVIDER_PAGE_POLICY : appPolicy);
    raw.setHeader('x-content-type-options', 'nosniff');
    raw.setHeader('x-frame-options', 'DENY');
    raw.setHeader('referrer-policy', 'same-origin');
    raw.setHeader('cross-origin-opener-policy', 'same-origin');
  });
}
