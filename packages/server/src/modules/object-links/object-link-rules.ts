import path from 'node:path';

/** How long a link made by getSignedS3Url lives: long enough to open a log or a QC plot. */
export const OBJECT_LINK_SECONDS = 300;

const ORGANIZATION_KEY = /^org-(\d+)\//;

/**
 * The object key an `s3://<bucket>/<key>` URL names when it is in the portal's bucket and under
 * an organization's prefix; `organizationId` null (Admin) accepts any organization. Null for
 * anything else, so that a link is never made to another organization's or bucket's object.
 */
export function readableObjectKey(
  s3Url: string,
  bucket: string,
  organizationId: number | null,
): string | null {
  const prefix = `s3://${bucket}/`;
  if (!s3Url.startsWith(prefix)) return null;
  const key = s3Url.slice(prefix.length);
  const owner = ORGANIZATION_KEY.exec(key);
  if (!owner) return null;
  if (key.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) {
    return null;
  }
  if (organizationId !== null && Number(owner[1]) !== organizationId) return null;
  return key;
}

/** The name a browser saves the object under: the key's last segment. */
export function downloadName(key: string): string {
  return path.posix.basename(key);
}
