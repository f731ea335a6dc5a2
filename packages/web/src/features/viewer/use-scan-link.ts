import { SCAN_NOT_FOUND, SCAN_NOT_FOUND_MS } from '@asset-portal/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { setCurrentProject } from '../projects/current-project-store.ts';
import type { ProjectOption } from '../projects/use-projects.ts';
import { findScanProject, SCAN_LINK_PARAM } from './scan-link.ts';
import type { ViewerScan } from './use-scans-summary.ts';

/**
 * Opens the scan named by the `scan` query parameter: at once when it is in the current
 * project's summary, after switching project when it belongs to another project the user can
 * see, and otherwise warns 'Scan {id} not found in the current project' for 5 s.
 */
export function useScanLink({
  projectId,
  projects,
  projectsLoading,
  summaryLoading,
  byId,
  onOpen,
}: {
  projectId: string | null;
  projects: readonly ProjectOption[];
  projectsLoading: boolean;
  summaryLoading: boolean;
  byId: ReadonlyMap<string, ViewerScan>;
  onOpen(scan: ViewerScan): void;
}): void {
  const [params, setParams] = useSearchParams();
  const scanId = params.get(SCAN_LINK_PARAM);
  // The project the link switched to, so its summary is awaited rather than asked about again.
  const switchedTo = useRef<{ scanId: string; projectId: string } | null>(null);
  const lookingUp = useRef<string | null>(null);
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    if (!scanId || projectsLoading || summaryLoading) return;
    const finish = () => {
      switchedTo.current = null;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(SCAN_LINK_PARAM);
          return next;
        },
        { replace: true },
      );
    };
    const scan = byId.get(scanId);
    if (scan) {
      open.current(scan);
      finish();
      return;
    }
    const switched = switchedTo.current;
    if (switched?.scanId === scanId && switched.projectId === projectId) {
      snackbar.warning(SCAN_NOT_FOUND(scanId), SCAN_NOT_FOUND_MS);
      finish();
      return;
    }
    if (lookingUp.current === scanId) return;
    lookingUp.current = scanId;
    void findScanProject(scanId).then((scanProjectId) => {
      lookingUp.current = null;
      const known = scanProjectId !== null && projects.some((p) => p.id === scanProjectId);
      if (known && scanProjectId !== projectId) {
        switchedTo.current = { scanId, projectId: scanProjectId };
        setCurrentProject(scanProjectId);
        return;
      }
      snackbar.warning(SCAN_NOT_FOUND(scanId), SCAN_NOT_FOUND_MS);
      finish();
    });
  }, [scanId, projectId, projects, projectsLoading, summaryLoading, byId, setParams]);
}
