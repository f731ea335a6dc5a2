import type { RouteDefinition } from '@asset-portal/shared';
import { useMatches } from 'react-router';

/** What every screen route carries in its `handle`: its entry in the shared route table. */
export interface RouteHandle {
  route: RouteDefinition;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The shared route-table entry of the screen being shown, or null outside the shell. */
export function useCurrentRouteMeta(): RouteDefinition | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return null;
}
