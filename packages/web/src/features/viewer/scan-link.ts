import { print } from 'graphql';
import { graphql } from '../../graphql/generated/gql.ts';
import type {
  ScanProjectQuery,
  ScanProjectQueryVariables,
} from '../../graphql/generated/graphql.ts';

const SCAN_PROJECT_QUERY = graphql(`
  query ScanProject($id: ID!) {
    scan(id: $id) {
      id
      projectId
    }
  }
`);

/**
 * Links to one scan: `/?scan=<id>` (or `/full-viewer?scan=<id>`) opens the viewer on that scan,
 * switching to the scan's project when the user may see it.
 */
export const SCAN_LINK_PARAM = 'scan';

/** The path and query of a link to a scan on a viewer route. */
export function scanLink(scanId: string, viewerPath = '/'): string {
  return `${viewerPath}?${new URLSearchParams({ [SCAN_LINK_PARAM]: scanId })}`;
}

/**
 * The project of a scan, or null when there is no such scan or the user may not see it.
 * Asked with a bare request rather than the app's GraphQL client: a missing scan is an expected
 * answer here, and the client would report it as an error in red before the viewer's own
 * 'Scan … not found in the current project' warning.
 */
export async function findScanProject(scanId: string): Promise<string | null> {
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: print(SCAN_PROJECT_QUERY),
        variables: { id: scanId } satisfies ScanProjectQueryVariables,
      }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: ScanProjectQuery };
    return body.data?.scan?.projectId ?? null;
  } catch {
    return null;
  }
}
