import { entityIdSchema } from '@asset-portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../graphql/errors.ts';
import { NOT_FOUND_MESSAGE } from '../../graphql/messages.ts';
import { type AccessTokenVerifier, authenticate } from '../../identity/bff/authenticate.ts';
import { type CompactSummary, scanSummaryService } from './scan-summary.service.ts';

export const SCAN_SUMMARY_ROUTE = '/api/projects/:id/scan-summary';

/** True when the If-None-Match header names the ETag (weak comparison, or '*'). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** The encoding to send: brotli, else gzip, else none, as the client accepts (q=0 refuses). */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

/**
 * GET /api/projects/:id/scan-summary: the viewer's compact project summary (the codec in
 * @asset-portal/shared). Same callers as /graphql (session cookie or bearer token, 401 without),
 * same access as the scansSummary query (404 'Not found' for a missing project and for another
 * organization's). The answer is computed once per project version; the ETag lets the browser
 * revalidate with no body (304), and no-cache makes it revalidate every time.
 */
export async function registerScanSummaryRoutes(
  app: FastifyInstance,
  { db, verifyAccessToken }: { db: Db; verifyAccessToken: AccessTokenVerifier },
) {
  app.get<{ Params: { id: string } }>(SCAN_SUMMARY_ROUTE, async (request, reply) => {
    reply.header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
    const auth = await authenticate(request, db, verifyAccessToken);
    if (auth.kind !== 'signed-in') {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Unauthorized' });
    }
    const id = entityIdSchema.safeParse(request.params.id);
    if (!id.success) return reply.code(404).send({ error: NOT_FOUND_MESSAGE });
    let summary: CompactSummary;
    try {
      summary = await scanSummaryService.compact(db, auth.viewer, id.data);
    } catch (error) {
      if (error instanceof NotFoundError) return reply.code(404).send({ error: NOT_FOUND_MESSAGE });
      throw error;
    }
    reply.header('etag', summary.etag);
    if (etagMatches(request.headers['if-none-match'], summary.etag)) {
      return reply.code(304).send();
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply.type('application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(
      encoding === 'br' ? summary.br : encoding === 'gzip' ? await summary.gzip() : summary.json,
    );
  });
}
