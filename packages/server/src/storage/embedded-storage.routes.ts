import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.ts';
import { servableContentType } from '../http/security-headers.ts';
import { createEmbeddedStorage } from './create-object-storage.ts';
import { StorageError } from './embedded-files.ts';
import { EMBEDDED_BUCKET, type EmbeddedObjectStorage } from './embedded-storage.ts';
import { parseQuery } from './sigv4-verifier.ts';
import { type ByteRange, ObjectNotFoundError } from './storage.ts';

const PATH_PREFIX = `/storage/${EMBEDDED_BUCKET}/`;

/** Serves the embedded store's presigned URLs when no external bucket is configured. */
export async function registerEmbeddedStorageRoutes(
  app: FastifyInstance,
  { config }: { config: AppConfig },
): Promise<void> {
  if (config.storage.kind !== 'embedded') return;
  await app.register(embeddedStorageRoutes(createEmbeddedStorage(config)));
}

/**
 * PUT object, PUT part, GET (with Range) and HEAD under /storage/portal/<key>, each allowed only
 * with a valid SigV4 presigned URL, answering as S3 does (XML errors, quoted ETags).
 */
export function embeddedStorageRoutes(storage: EmbeddedObjectStorage) {
  return async (scope: FastifyInstance) => {
    // Bodies stay unread streams: a part or package of gigabytes goes straight to disk.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.put(`${PATH_PREFIX}*`, (request, reply) =>
      guarded(request, reply, async (key, query) => {
        const uploadId = query.get('uploadId');
        const partNumber = query.get('partNumber');
        const length = request.headers['content-length'];
        const size = length === undefined ? undefined : Number(length);
        const eTag =
          uploadId !== undefined && partNumber !== undefined
            ? await storage.writePart(key, uploadId, Number(partNumber), request.raw, size)
            : (
                await storage.putUpload(key, request.raw, {
                  size,
                  contentType: request.headers['content-type'] ?? 'application/octet-stream',
                })
              ).eTag;
        return reply.code(200).header('etag', eTag).send();
      }),
    );

    const read = (request: FastifyRequest, reply: FastifyReply) =>
      guarded(request, reply, async (key, query) => {
        const info = await storage.head(key);
        if (!info) throw new ObjectNotFoundError(key);
        const range = parseRange(request.headers.range, info.size);
        if (range === 'unsatisfiable') {
          return sendError(reply, 416, 'InvalidRange', 'The requested range is not satisfiable', {
            'content-range': `bytes */${info.size}`,
          });
        }
        reply
          .header('etag', info.eTag)
          .header('last-modified', info.lastModified.toUTCString())
          .header('accept-ranges', 'bytes')
          .header(
            'content-type',
            servableContentType(query.get('response-content-type') ?? info.contentType),
          );
        const disposition = query.get('response-content-disposition');
        if (disposition) reply.header('content-disposition', disposition);
        const end = range?.end ?? info.size - 1;
        const length = range ? end - range.start + 1 : info.size;
        reply.header('content-length', String(length));
        if (range)
          reply.code(206).header('content-range', `bytes ${range.start}-${end}/${info.size}`);
        if (request.method === 'HEAD') return reply.send();
        return reply.send(await storage.getStream(key, range ?? undefined));
      });
    scope.get(`${PATH_PREFIX}*`, { exposeHeadRoute: false }, read);
    scope.head(`${PATH_PREFIX}*`, read);
  };

  /** Verifies the signature, decodes the key and turns storage errors into S3 answers. */
  async function guarded(
    request: FastifyRequest,
    reply: FastifyReply,
    handle: (key: string, query: Map<string, string>) => Promise<unknown>,
  ) {
    reply.header('access-control-expose-headers', 'ETag');
    const url = request.raw.url ?? '';
    const verdict = storage.verify({ method: request.method, url, headers: request.headers });
    if (!verdict.ok) return sendError(reply, 403, verdict.code, verdict.message);
    const queryAt = url.indexOf('?');
    const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = new Map(parseQuery(queryAt < 0 ? '' : url.slice(queryAt + 1)));
    try {
      const key = decodeURIComponent(rawPath.slice(PATH_PREFIX.length));
      return await handle(key, query);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) {
        return sendError(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
      }
      if (error instanceof StorageError)
        return sendError(reply, error.status, error.code, error.message);
      if (error instanceof RangeError || error instanceof URIError) {
        return sendError(reply, 400, 'InvalidArgument', error.message);
      }
      throw error;
    }
  }
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; null = whole object; multiple ranges are not served. */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (start >= size) return 'unsatisfiable';
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (end < start) return null;
  return { start, end };
}

function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error>`;
  return reply.code(status).headers(headers).type('application/xml').send(xml);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
