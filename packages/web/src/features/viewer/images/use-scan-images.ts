import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';

/** One frame of the focused scan: where the cameras were. */
export interface ScanFrame {
  id: string;
  frame: number;
  lon: number;
  lat: number;
}

export const SCAN_FRAMES_QUERY = gql`
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
`;

interface ScanFramesData {
  scan: { id: string; images: ScanFrame[] };
}

const NO_FRAMES: ScanFrame[] = [];

/**
 * The focused scan's frames in frame order (the server sorts them), shared by the images panel
 * and the map's nearest-frame pick through one cached query.
 */
export function useScanImages(scanId: string | null): {
  images: ScanFrame[];
  loading: boolean;
} {
  const { data, loading } = useQuery<ScanFramesData>(SCAN_FRAMES_QUERY, {
    variables: { id: scanId ?? '' },
    skip: scanId === null,
  });
  const images = scanId !== null && data?.scan.id === scanId ? data.scan.images : NO_FRAMES;
  return { images, loading: scanId !== null && loading };
}
