import { NO_STORED_CLOUD_TO_SHOW } from '@asset-portal/shared';
import { graphql } from '../../../graphql/generated/gql.ts';
import type { PointCloudStreamsQuery } from '../../../graphql/generated/graphql.ts';

/** One scan's point cloud as the server offers it for streaming ('ready', 'building', 'failed', 'missing'). */
export type PointCloudStream = PointCloudStreamsQuery['pointCloudStreams'][number];

export const POINT_CLOUD_STREAMS_QUERY = graphql(`
  query PointCloudStreams($scanIds: [ID!]!) {
    pointCloudStreams(scanIds: $scanIds) {
      scanId
      status
      format
      metadataUrl
      hierarchyUrl
      octreeUrl
      expiresAt
      crs
      pointCount
    }
  }
`);

/** A stream the view can load: ready, with its three object URLs. */
export interface ReadyStream extends PointCloudStream {
  status: 'ready';
  metadataUrl: string;
  hierarchyUrl: string;
  octreeUrl: string;
}

export function isReadyStream(stream: PointCloudStream): stream is ReadyStream {
  return (
    stream.status === 'ready' &&
    stream.metadataUrl !== null &&
    stream.hierarchyUrl !== null &&
    stream.octreeUrl !== null
  );
}

/** What the view says about a scan whose point cloud cannot be shown (null when it can). */
export function streamStatusText(status: string): string | null {
  switch (status) {
    case 'ready':
      return null;
    case 'building':
      return 'Point cloud is being prepared…';
    case 'failed':
      return 'The point cloud could not be prepared.';
    case 'missing':
      return NO_STORED_CLOUD_TO_SHOW;
    default:
      return 'The point cloud is not available.';
  }
}

/** Refresh the URLs this long before they expire, so a node request never meets a dead URL. */
export const URL_REFRESH_MARGIN_MS = 60_000;
/** How often to ask again while a scan's point cloud is being prepared. */
export const BUILDING_POLL_MS = 10_000;

/**
 * Milliseconds until the streams must be asked for again: shortly before the first URL expires,
 * or the building poll interval while a cloud is being prepared; null when nothing needs it.
 */
export function nextRefreshDelay(streams: readonly PointCloudStream[], now: number): number | null {
  let delay: number | null = null;
  const consider = (value: number) => {
    delay = delay === null ? value : Math.min(delay, value);
  };
  for (const stream of streams) {
    if (stream.status === 'building') consider(BUILDING_POLL_MS);
    if (stream.status === 'ready' && stream.expiresAt) {
      const expires = Date.parse(stream.expiresAt);
      if (Number.isFinite(expires)) {
        consider(Math.max(1_000, expires - URL_REFRESH_MARGIN_MS - now));
      }
    }
  }
  return delay;
}
