import path from 'node:path';
import { artifactObjectKey } from '../pointclouds/point-cloud-rules.ts';

/** How long a link made by getSignedS3Url lives: long enough to open a log or a QC plot. */
export const OBJECT_LINK_SECONDS = 300;

const ORGANIZATION_KEY = /^org-(\d+)\//;

/**
 * The object key an `s3://<bucket>/<key>` URL names when it is in the portal's bucket and is a
 * key of the organization (the artifacts' rule); `organizationId` null (Admin) takes the
 * organization the key names. Null for anything else, so that a link is never made to another
 * organization's or bucket's object.
 */
export function readableObjectKey(
  s3Url: string,
  bucket: string,
  organizationId: number | null,
): string | null {
  const owner = ORGANIZATION_KEY.exec(s3Url.slice(`s3://${bucket}/`.length));
  const organization = organizationId ?? (owner ? Number(owner[1]) : null);
  return organization === null ? null : artifactObjectKey(s3Url, bucket, organization);
}

/** The name a browser saves the object under: the key's last segment. */
export function downloadName(key: string): string {
  return path.posix.basename(key);
}
