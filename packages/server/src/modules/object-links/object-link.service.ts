import type { RequestContext } from '../../graphql/context.ts';
import { organizationScope } from '../../policies/scope.ts';
import { portalBucket } from '../pointclouds/point-cloud-rules.ts';
import { downloadName, OBJECT_LINK_SECONDS, readableObjectKey } from './object-link-rules.ts';

/** Short-lived links to stored objects (logs, QC plots, downloads) of the caller's organization. */
export const objectLinkService = {
  /**
   * A GET link valid OBJECT_LINK_SECONDS for an object the caller may read; null for a missing
   * object and, alike, for another organization's, so that the answer tells nothing about it.
   */
  async signedUrl(ctx: RequestContext, s3Url: string): Promise<string | null> {
    const key = readableObjectKey(s3Url, portalBucket(ctx.config), organizationScope(ctx.viewer));
    if (!key) return null;
    if (!(await ctx.storage.head(key))) return null;
    return ctx.storage.presignGet(key, OBJECT_LINK_SECONDS, { filename: downloadName(key) });
  },
};
