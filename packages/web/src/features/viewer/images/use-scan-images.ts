import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../graphql/generated/gql.ts';
import type { ScanFramesQuery } from '../../../graphql/generated/graphql.ts';

/** One frame of the focused scan: where the cameras were. */
export type ScanFrame = NonNullable<ScanFramesQuery['scan']>['images'][number];

export const SCAN_FRAMES_QUERY = graphql(`
  query ScanFrames($id: ID!) {
    scan(id: $id) {
      id
      images {
        id
        frame
        lon
        lat
      }
    }
  }
`);

const NO_FRAMES: ScanFrame[] = [];

/**
 * The focused scan's frames in frame order (the server sorts them), shared by the images panel
 * and the map's nearest-frame pick through one cached query.
 */
export function useScanImages(scanId: string | null): {
  images: ScanFrame[];
  loading: boolean;
} {
  const { data, loading } = useQuery(SCAN_FRAMES_QUERY, {
    variables: { id: scanId ?? '' },
    skip: scanId === null,
  });
  const images = scanId !== null && data?.scan.id === scanId ? data.scan.images : NO_FRAMES;
  return { images, loading: scanId !== null && loading };
}
