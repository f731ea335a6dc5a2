import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How long a signed log-file link stays valid. */
export const LOG_FILE_URL_TTL_SECONDS = 5 * 60;
/** The route that serves a log file's text to a signed link. */
export const LOG_FILE_ROUTE = '/log-files';

export const LOG_FILE_LINK_EXPIRED = 'This log file link has expired. Open the log again.';
export const LOG_FILE_LINK_INVALID = 'This log file link is not valid.';
export const LOG_FILE_NOT_AVAILABLE = 'Log file not available';

function signature(id: number, expires: number, secret: string): string {
  return createHmac('sha256', secret).update(`${id}:${expires}`).digest('hex');
}

/** A link to a log's text, valid for `ttlSeconds` from `now`: /log-files/<id>?expires=&signature=. */
export function signLogFileUrl(
  id: number,
  secret: string,
  now: Date,
  ttlSeconds = LOG_FILE_URL_TTL_SECONDS,
): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signature(id, expires, secret),
  });
  return `${LOG_FILE_ROUTE}/${id}?${query}`;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/**
 * Checks a link's signature (in constant time) before its expiry, so a forged link is told
 * apart from an old one only once it proves it was issued by this server.
 */
export function checkLogFileLink(
  id: number,
  expiresText: unknown,
  signatureText: unknown,
  secret: string,
  now: Date,
): LinkCheck {
  if (typeof expiresText !== 'string' || !/^\d{1,12}$/.test(expiresText)) return 'invalid';
  if (typeof signatureText !== 'string' || !/^[0-9a-f]{64}$/.test(signatureText)) return 'invalid';
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(id, expires, secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signatureText, 'hex'))) return 'invalid';
  return expires * 1000 < now.getTime() ? 'expired' : 'valid';
}

/**
 * The folder a log's file must lie in: DATA_DIR/logs/<organization id>, or DATA_DIR/logs/system
 * for logs of no organization. Keeping each organization to its own folder means a job entry
 * written through the API cannot point at another organization's log file.
 */
export function logFolderFor(logsDir: string, organizationId: number | null): string {
  return path.join(logsDir, organizationId === null ? 'system' : String(organizationId));
}

/**
 * The local file a `file://` log URL names, when it lies inside `folder` (after resolving `..`
 * and symbolic links); undefined for any other scheme, a path outside, or a missing file.
 */
export function localLogFilePath(logFileUrl: string, folder: string): string | undefined {
  let filePath: string;
  try {
    const url = new URL(logFileUrl);
    if (url.protocol !== 'file:' || (url.host !== '' && url.host !== 'localhost')) {
      return undefined;
    }
    filePath = fileURLToPath(url);
  } catch {
    return undefined;
  }
  if (!isInside(path.resolve(filePath), path.resolve(folder))) return undefined;
  let realFile: string;
  let realFolder: string;
  try {
    realFile = fs.realpathSync(filePath);
    realFolder = fs.realpathSync(folder);
  } catch {
    return undefined;
  }
  if (!isInside(realFile, realFolder) || !fs.statSync(realFile).isFile()) return undefined;
  return realFile;
}

function isInside(candidate: string, folder: string): boolean {
  const relative = path.relative(folder, candidate);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${path.sep}`) &&
    !path.isAbsolute(relative)
  );
}
