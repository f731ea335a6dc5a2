import { useQuery } from '@apollo/client/react';
import type { FilterableScan } from '@asset-portal/shared';
import { useEffect, useMemo, useState } from 'react';
import { graphql } from '../../graphql/generated/gql.ts';
import { useStore } from '../../lib/create-store.ts';
import {
  loadScanSummary,
  mountSummaryLoader,
  scanSummaryRefresh,
  settleRefreshes,
} from './scan-summary-fetch.ts';
import type { ViewerSummaryScan } from './summary-request.ts';

/**
 * One scan of the viewer's list (spec §3 Scan summary, the fields the list, the map and the
 * filters read), from the project's compact summary. The focused scan's details come from its
 * own query.
 */
export type ViewerScan = ViewerSummaryScan & FilterableScan;

export { refreshScanSummaries } from './scan-summary-fetch.ts';

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

interface Loaded {
  projectId: string;
  scans: ViewerScan[];
}

/**
 * The project's compact summary, loaded again when a change asks for it (refreshScanSummaries).
 * The browser revalidates it with its ETag, so opening the same project again moves no summary
 * over the wire unless a scan changed, and an unchanged summary keeps its array: nothing is
 * decoded or re-rendered.
 */
function useScanSummary(projectId: string | null): { scans: ViewerScan[]; loading: boolean } {
  const refresh = useStore(scanSummaryRefresh);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);

  useEffect(mountSummaryLoader, []);
  useEffect(() => {
    if (projectId === null) return;
    let left = false;
    loadScanSummary(projectId).then((result) => {
      if (left) return;
      if (result.kind === 'failed') {
        setFailedFor(projectId);
      } else {
        setFailedFor(null);
        setLoaded((current) =>
          current?.projectId === projectId && current.scans === result.scans
            ? current
            : { projectId, scans: result.scans as ViewerScan[] },
        );
      }
      settleRefreshes(refresh);
    });
    return () => {
      left = true;
    };
  }, [projectId, refresh]);

  if (projectId === null) return { scans: NO_SCANS, loading: false };
  const current = loaded?.projectId === projectId ? loaded.scans : null;
  return { scans: current ?? NO_SCANS, loading: current === null && failedFor !== projectId };
}

/** The current project's scan summary and annotated scans, indexed for the viewer. */
export function useProjectScans(projectId: string | null): ProjectScans {
  const skip = projectId === null;
  const summary = useScanSummary(projectId);
  const annotations = useQuery(ANNOTATED_SCANS_QUERY, {
    variables: { projectId: projectId ?? '' },
    skip,
  });

  // One array per answer: the filter caches its index per list identity.
  const scans = summary.scans;
  const summaryIds = useMemo(() => new Set(scans.map((scan) => scan.id)), [scans]);
  const byId = useMemo(() => new Map(scans.map((scan) => [scan.id, scan])), [scans]);
  const annotationRows = annotations.data?.annotations;
  const annotatedScanIds = useMemo(
    () => new Set((annotationRows ?? []).map((a) => a.scanId)),
    [annotationRows],
  );
  return { scans, summaryIds, byId, annotatedScanIds, loading: summary.loading };
}
