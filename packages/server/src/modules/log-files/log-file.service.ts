import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../../config/config.ts';
import { getOrCreateSecret, randomSecret } from '../../config/secrets.ts';
import type { Db } from '../../db/database.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import { activityLogRepository } from '../activity-logs/activity-log.repository.ts';
import { activityLogService } from '../activity-logs/activity-log.service.ts';
import { readableObjectKey } from '../object-links/object-link-rules.ts';
import { portalBucket } from '../pointclouds/point-cloud-rules.ts';
import {
  checkLogFileLink,
  type LinkCheck,
  localLogFilePath,
  logFolderFor,
  signLogFileUrl,
} from './log-file-rules.ts';

const secrets = new Map<string, string>();

/** The key log-file links are signed with, kept in DATA_DIR/secrets.json. */
function linkSecret(config: AppConfig): string {
  let secret = secrets.get(config.dataDir);
  if (!secret) {
    secret = getOrCreateSecret(config.dataDir, 'logFileUrlSecret', randomSecret);
    secrets.set(config.dataDir, secret);
  }
  return secret;
}

/** Where `file://` log files live: DATA_DIR/logs/<organization id>/… */
export function logsDir(config: AppConfig): string {
  return path.join(config.dataDir, 'logs');
}

export type LogFileOpening =
  | { kind: 'link'; check: Exclude<LinkCheck, 'valid'> }
  | { kind: 'missing' }
  | { kind: 'file'; stream: Readable };

/** Signed links to log files, and the files they open. */
export const logFileService = {
  /**
   * A short-lived link to the log's text, for a log the caller may see (others answer
   * 'Not found'); null when the log has no file.
   */
  async signedUrl(ctx: RequestContext, id: number): Promise<string | null> {
    const log = await activityLogService.byId(ctx, id);
    if (!log.logFileUrl) return null;
    return signLogFileUrl(log.id, linkSecret(ctx.config), new Date());
  },

  /** Opens the file a signed link names, after checking the link. */
  async open(
    db: Db,
    config: AppConfig,
    id: number,
    link: { expires?: unknown; signature?: unknown },
  ): Promise<LogFileOpening> {
    const check = checkLogFileLink(
      id,
      link.expires,
      link.signature,
      linkSecret(config),
      new Date(),
    );
    if (check !== 'valid') return { kind: 'link', check };
    const log = await activityLogRepository.findById(db, id);
    if (!log?.logFileUrl) return { kind: 'missing' };
    if (log.logFileUrl.startsWith('s3://')) {
      // A job's log in the object store: only under the entry's own organization's prefix.
      const key =
        log.organizationId === null
          ? null
          : readableObjectKey(log.logFileUrl, portalBucket(config), log.organizationId);
      const storage = createObjectStorage(config);
      if (!key || !(await storage.head(key))) return { kind: 'missing' };
      return { kind: 'file', stream: await storage.getStream(key) };
    }
    const file = localLogFilePath(
      log.logFileUrl,
      logFolderFor(logsDir(config), log.organizationId),
    );
    if (!file) return { kind: 'missing' };
    return { kind: 'file', stream: fs.createReadStream(file, { encoding: 'utf8' }) };
  },
};
