import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { logFileService } from './log-file.service.ts';
import {
  LOG_FILE_LINK_EXPIRED,
  LOG_FILE_LINK_INVALID,
  LOG_FILE_NOT_AVAILABLE,
  LOG_FILE_ROUTE,
} from './log-file-rules.ts';

/**
 * GET /log-files/:id?expires=&signature= answers the log text to a link made by
 * activityLogFileUrl. The link is the permission, so no session is needed; it is checked first.
 * Served: `file://` logs under DATA_DIR/logs/<organization>, and `s3://` logs in the portal's
 * bucket under the entry's organization (the logs of trajectory runs).
 */
export async function registerLogFileRoutes(
  app: FastifyInstance,
  { config, db }: { config: AppConfig; db: Db },
) {
  app.get<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>(
    `${LOG_FILE_ROUTE}/:id`,
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
      const text = (status: number, message: string) =>
        reply.code(status).type('text/plain; charset=utf-8').send(message);
      const id = /^[1-9]\d{0,15}$/.test(request.params.id) ? Number(request.params.id) : null;
      if (id === null) return text(404, LOG_FILE_NOT_AVAILABLE);
      const opened = await logFileService.open(db, config, id, request.query);
      if (opened.kind === 'link') {
        return text(
          403,
          opened.check === 'expired' ? LOG_FILE_LINK_EXPIRED : LOG_FILE_LINK_INVALID,
        );
      }
      if (opened.kind === 'missing') return text(404, LOG_FILE_NOT_AVAILABLE);
      return reply.type('text/plain; charset=utf-8').send(opened.stream);
    },
  );
}
