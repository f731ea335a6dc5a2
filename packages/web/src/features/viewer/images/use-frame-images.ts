import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { graphql } from '../../../graphql/generated/gql.ts';
import type { ScanFrameImagesQuery } from '../../../graphql/generated/graphql.ts';

/** Links to one camera's image of a frame; they expire (see `FrameImages.expiresAt`). */
export type CameraImageLinks = NonNullable<FrameImages['left']>;

export type FrameImages = ScanFrameImagesQuery['scanImageUrls'];

export const FRAME_IMAGES_QUERY = graphql(`
  query ScanFrameImages($scanId: ID!, $frame: Int!) {
    scanImageUrls(scanId: $scanId, frame: $frame) {
      scanId
      frame
      lat
      lon
      capturedAt
      expiresAt
      left {
        url
        thumbnailUrl
        jpegRotation
      }
      center {
        url
        thumbnailUrl
        jpegRotation
      }
      right {
        url
        thumbnailUrl
        jpegRotation
      }
    }
  }
`);

/** Links younger than this are reused from the cache; older ones are asked for again. */
const FRESH_FOR_MS = 60_000;

const isStale = (links: FrameImages) =>
  new Date(links.expiresAt).getTime() - Date.now() < FRESH_FOR_MS;

/**
 * The signed links of one frame's images. Frames already seen come from the cache while their
 * links stay valid, so stepping back shows the images the browser already holds.
 */
export function useFrameImages(scanId: string | null, frame: number | null) {
  const skip = scanId === null || frame === null;
  const { data, loading, error, refetch } = useQuery(FRAME_IMAGES_QUERY, {
    variables: { scanId: scanId ?? '', frame: frame ?? 0 },
    skip,
  });
  const links = !skip ? data?.scanImageUrls : undefined;
  const current = links && links.scanId === scanId && links.frame === frame ? links : undefined;
  useEffect(() => {
    if (current && isStale(current)) void refetch();
  }, [current, refetch]);
  return { links: current, loading: !skip && loading, error, refetch };
}

/**
 * Loads the neighbouring frames' links and thumbnails ahead of the user, so the next step shows
 * its thumbnails at once; full images are left until asked for.
 */
export function usePrefetchFrames(scanId: string | null, frames: readonly number[]) {
  const client = useApolloClient();
  const key = frames.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `frames`.
  useEffect(() => {
    if (scanId === null) return;
    let cancelled = false;
    for (const frame of frames) {
      client
        .query({ query: FRAME_IMAGES_QUERY, variables: { scanId, frame } })
        .then(({ data }) => {
          if (cancelled || !data) return;
          const links = data.scanImageUrls;
          for (const camera of [links.left, links.center, links.right]) {
            if (camera) new Image().src = camera.thumbnailUrl;
          }
        })
        .catch(() => {
          // A failed prefetch costs nothing: the step itself asks again and reports errors.
        });
    }
    return () => {
      cancelled = true;
    };
  }, [client, scanId, key]);
}
