import { useQuery } from '@apollo/client/react';
import type { FilterableScan } from '@asset-portal/shared';
import { useMemo } from 'react';
import { graphql } from '../../graphql/generated/gql.ts';
import type { ViewerScansSummaryQuery } from '../../graphql/generated/graphql.ts';

/** One scan of the viewer's list (spec §3 Scan summary, the fields the viewer uses). */
type SummaryScan = ViewerScansSummaryQuery['scansSummary'][number];

/**
 * One scan of the viewer's list (spec §3 Scan summary, the fields the viewer uses). The path's
 * coordinates are a JSON value in the schema: the server writes [lon, lat] pairs.
 */
export type ViewerScan = Omit<SummaryScan, 'simplePath'> &
  FilterableScan & {
    simplePath: { type: string; coordinates: [number, number][] } | null;
  };

export const SCANS_SUMMARY_QUERY = graphql(`
  query ViewerScansSummary($projectId: ID!) {
    scansSummary(projectId: $projectId) {
      id
      friendlyName
      sessionId
      assignmentType
      deviceId
      tags
      comment
      capturedTimestamp
      endCapturedTimestamp
      friendlyLocationName
      simplePath {
        type
        coordinates
      }
      projectId
      type
      artifacts {
        id
        artifactType
        name
        status
      }
    }
  }
`);

export const ANNOTATED_SCANS_QUERY = graphql(`
  query ViewerAnnotatedScans($projectId: ID) {
    annotations(projectId: $projectId) {
      id
      scanId
    }
  }
`);

export interface ProjectScans {
  scans: readonly ViewerScan[];
  /** Ids of the scans of the summary: the only ones that can be selected. */
  summaryIds: ReadonlySet<string>;
  byId: ReadonlyMap<string, ViewerScan>;
  /** Ids of the scans that carry at least one annotation. */
  annotatedScanIds: ReadonlySet<string>;
  loading: boolean;
}

const NO_SCANS: ViewerScan[] = [];

/** The current project's scan summary and annotated scans, indexed for the viewer. */
export function useProjectScans(projectId: string | null): ProjectScans {
  const skip = projectId === null;
  const variables = { projectId: projectId ?? '' };
  // 10,000 summaries are read as a whole and never edited here: normalizing them into the cache
  // would cost seconds for nothing.
  const summary = useQuery(SCANS_SUMMARY_QUERY, {
    variables,
    skip,
    fetchPolicy: 'no-cache',
  });
  const annotations = useQuery(ANNOTATED_SCANS_QUERY, { variables, skip });

  // One array per answer: the filter caches its index per list identity.
  const scans = skip
    ? NO_SCANS
    : ((summary.data?.scansSummary as ViewerScan[] | undefined) ?? NO_SCANS);
  const summaryIds = useMemo(() => new Set(scans.map((scan) => scan.id)), [scans]);
  const byId = useMemo(() => new Map(scans.map((scan) => [scan.id, scan])), [scans]);
  const annotationRows = annotations.data?.annotations;
  const annotatedScanIds = useMemo(
    () => new Set((annotationRows ?? []).map((a) => a.scanId)),
    [annotationRows],
  );
  return {
    scans,
    summaryIds,
    byId,
    annotatedScanIds,
    loading: !skip && summary.loading && !summary.data,
  };
}
