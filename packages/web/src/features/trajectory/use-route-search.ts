import { SEARCH_QUERY_PARAM } from '@asset-portal/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A search box's text, pre-filled from the route's `search` parameter (a session or
 * base-station id from a link) and following it when a link changes it.
 */
export function useRouteSearch(): [string, (value: string) => void] {
  const [params] = useSearchParams();
  const fromRoute = params.get(SEARCH_QUERY_PARAM) ?? '';
  const [search, setSearch] = useState(fromRoute);
  useEffect(() => setSearch(fromRoute), [fromRoute]);
  return [search, setSearch];
}
