import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { graphql } from '../../graphql/generated/gql.ts';
import type { ScanActionsScanQuery } from '../../graphql/generated/graphql.ts';
import { useStore } from '../../lib/create-store.ts';
import { refreshScanSummaries, scanSummaryChanged } from '../viewer/scan-summary-fetch.ts';
import type { FocusedScan } from './scan-action-rules.ts';

export const FOCUSED_SCAN_QUERY = graphql(`
  query ScanActionsScan($id: ID!) {
    scan(id: $id) {
      id
      friendlyName
      comment
      tags
      defaultVersion
      sessionId
      projectId
      metadata
      artifacts {
        id
        artifactType
        name
        status
        parameters
      }
    }
  }
`);

const PROJECT_QUERY = graphql(`
  query ScanActionsProject($id: ID!) {
    project(id: $id) {
      id
      tagOptions
      organization {
        id
      }
    }
  }
`);

const BUCKETS_QUERY = graphql(`
  query ScanActionsBuckets($organizationId: ID) {
    buckets(organizationId: $organizationId) {
      id
    }
  }
`);

const UPDATE_SCAN_HEADER = graphql(`
  mutation UpdateScanHeader(
    $id: ID!
    $friendlyName: String
    $comment: String
    $defaultVersion: String
    $tags: [String!]
  ) {
    updateScanHeader(
      id: $id
      friendlyName: $friendlyName
      comment: $comment
      defaultVersion: $defaultVersion
      tags: $tags
    ) {
      id
      friendlyName
      comment
      tags
      defaultVersion
    }
  }
`);

const DELETE_SCAN = graphql(`
  mutation DeleteScan($id: ID!) {
    deleteScan(id: $id)
  }
`);

const DOWNLOAD_QUERY = graphql(`
  query MostRecentArtifactForDownload($id: ID!) {
    getMostRecentArtifactForDownload(id: $id) {
      artifactId
      artifactType
      name
      url
      filename
    }
  }
`);

/**
 * What a header change makes stale: the viewer's list (name, tags, comment; its summary is not
 * a GraphQL query, see refreshScanSummaries), the focused scan, and the 3D streams (the default
 * version is the cloud they stream).
 */
const AFTER_HEADER_CHANGE = ['ScanActionsScan', 'PointCloudStreams'] as const;

export interface HeaderUpdate {
  friendlyName?: string | null;
  comment?: string | null;
  defaultVersion?: string | null;
  tags?: string[] | null;
}

/** A JSON value that is an object, or null. */
function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The scan's JSON metadata and artifact parameters as the action rules read them. */
function toFocusedScan(scan: NonNullable<ScanActionsScanQuery['scan']>): FocusedScan {
  return {
    ...scan,
    metadata: asRecord(scan.metadata),
    artifacts: scan.artifacts.map((artifact) => ({
      ...artifact,
      parameters: asRecord(artifact.parameters),
    })),
  };
}

/** The focused scan in full: header, metadata and every artifact with its parameters. */
export function useFocusedScan(scanId: string | null) {
  const { data, loading, refetch } = useQuery(FOCUSED_SCAN_QUERY, {
    variables: { id: scanId ?? '' },
    skip: scanId === null,
    fetchPolicy: 'cache-and-network',
  });
  // A summary that changed (a version added by a processing run, say) may have changed this scan.
  const summaryChanged = useStore(scanSummaryChanged);
  const seenChange = useRef(summaryChanged);
  useEffect(() => {
    if (summaryChanged === seenChange.current) return;
    seenChange.current = summaryChanged;
    if (scanId !== null) void refetch().catch(() => {});
  }, [summaryChanged, scanId, refetch]);
  const current = scanId !== null && data?.scan?.id === scanId ? data.scan : null;
  const scan = useMemo(() => (current ? toFocusedScan(current) : null), [current]);
  return { scan, loading };
}

/** The project's tag options and whether its organization has buckets to publish to. */
export function useProjectActionContext(projectId: string | null) {
  const project = useQuery(PROJECT_QUERY, {
    variables: { id: projectId ?? '' },
    skip: projectId === null,
  });
  const organizationId = project.data?.project?.organization?.id ?? null;
  const buckets = useQuery(BUCKETS_QUERY, {
    variables: { organizationId },
    skip: organizationId === null,
    fetchPolicy: 'cache-and-network',
  });
  return {
    tagOptions: project.data?.project?.tagOptions ?? [],
    hasBuckets: (buckets.data?.buckets.length ?? 0) > 0,
  };
}

export function useUpdateScanHeader() {
  const [mutate] = useMutation(UPDATE_SCAN_HEADER, {
    refetchQueries: [...AFTER_HEADER_CHANGE],
    awaitRefetchQueries: true,
  });
  return useCallback(
    (id: string, changes: HeaderUpdate) =>
      withSummaryRefresh(mutate({ variables: { id, ...changes } })),
    [mutate],
  );
}

export function useDeleteScan() {
  const [mutate] = useMutation(DELETE_SCAN, {
    refetchQueries: ['ViewerAnnotatedScans'],
    awaitRefetchQueries: true,
  });
  // `onDeleted` runs before the summary's reload: the scan leaves the focus first, so that the
  // reload does not read the deleted scan's details again (a 'Not found' for what was meant).
  return useCallback(
    async (id: string, onDeleted: () => void) => {
      await mutate({ variables: { id } });
      onDeleted();
      await refreshScanSummaries();
    },
    [mutate],
  );
}

/** Resolves after the mutation and the reload of the viewer's summary it makes stale. */
async function withSummaryRefresh<T>(mutation: Promise<T>): Promise<T> {
  const result = await mutation;
  await refreshScanSummaries();
  return result;
}

export interface ArtifactDownload {
  artifactId: string;
  artifactType: string;
  name: string;
  url: string;
  filename: string;
}

/** Asks for a fresh signed link each time: it is valid 15 minutes only. */
export function useArtifactDownload() {
  const client = useApolloClient();
  return useCallback(
    async (id: string): Promise<ArtifactDownload> => {
      const result = await client.query({
        query: DOWNLOAD_QUERY,
        variables: { id },
        fetchPolicy: 'network-only',
      });
      if (!result.data) throw new Error('No download link');
      return result.data.getMostRecentArtifactForDownload;
    },
    [client],
  );
}
