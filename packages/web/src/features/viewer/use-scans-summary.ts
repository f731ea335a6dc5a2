import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { FilterableScan } from '@asset-portal/shared';
import { useMemo } from 'react';

/** One scan of the viewer's list (spec §3 Scan summary, the fields the viewer uses). */
export interface ViewerScan extends FilterableScan {
  id: string;
  friendlyName: string | null;
  sessionId: string | null;
  assignmentType: string | null;
  deviceId: string | null;
  tags: string[];
  comment: string | null;
  capturedTimestamp: string | null;
  endCapturedTimestamp: string | null;
  friendlyLocationName: string | null;
  simplePath: { type: string; coordinates: [number, number][] } | null;
  projectId: string | null;
  artifacts: { id: string; artifactType: string; name: string; status: string }[];
  type: string | null;
}

export const SCANS_SUMMARY_QUERY = gql`
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
`;

export const ANNOTATED_SCANS_QUERY = gql`
  query ViewerAnnotatedScans($projectId: ID) {
    annotations(projectId: $projectId) {
      id
      scanId
    }
  }
`;

interface SummaryData {
  scansSummary: ViewerScan[];
}
interface AnnotationsData {
  annotations: { id: string; scanId: string }[];
}

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
  const summary = useQuery<SummaryData>(SCANS_SUMMARY_QUERY, {
    variables,
    skip,
    fetchPolicy: 'no-cache',
  });
  const annotations = useQuery<AnnotationsData>(ANNOTATED_SCANS_QUERY, { variables, skip });

  // One array per answer: the filter caches its index per list identity.
  const scans = skip ? NO_SCANS : (summary.data?.scansSummary ?? NO_SCANS);
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
