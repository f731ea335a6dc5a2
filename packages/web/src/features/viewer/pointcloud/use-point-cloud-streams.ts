import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  isReadyStream,
  nextRefreshDelay,
  POINT_CLOUD_STREAMS_QUERY,
  type PointCloudStream,
  type ReadyStream,
} from './point-cloud-streams.ts';

/**
 * The streams of the scans' point clouds, asked for again before their URLs expire and while a
 * cloud is being prepared. `refresh` asks at once (after a URL was refused).
 */
export function usePointCloudStreams(scanIds: readonly string[]) {
  // The same scans in a new array must not ask the server again.
  const key = scanIds.join('\n');
  const ids = useMemo(() => (key ? key.split('\n') : []), [key]);
  const { data, loading, error, refetch } = useQuery(POINT_CLOUD_STREAMS_QUERY, {
    variables: { scanIds: ids },
    skip: ids.length === 0,
    fetchPolicy: 'network-only',
  });
  const streams: PointCloudStream[] = ids.length === 0 ? [] : (data?.pointCloudStreams ?? []);

  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  const refresh = useCallback(async (): Promise<ReadyStream[]> => {
    const result = await refetchRef.current();
    return (result.data?.pointCloudStreams ?? []).filter(isReadyStream);
  }, []);

  useEffect(() => {
    const delay = nextRefreshDelay(streams, Date.now());
    if (delay === null) return;
    const timer = setTimeout(() => void refresh().catch(() => []), delay);
    return () => clearTimeout(timer);
  }, [streams, refresh]);

  const ready: ReadyStream[] = useMemo(() => streams.filter(isReadyStream), [streams]);
  return { streams, ready, loading, error, refresh };
}
