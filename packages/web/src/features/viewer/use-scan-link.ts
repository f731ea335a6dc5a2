import { SCAN_NOT_FOUND, SCAN_NOT_FOUND_MS } from '@asset-portal/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { setCurrentProject } from '../projects/current-project-store.ts';
import type { ProjectOption } from '../projects/use-projects.ts';
import { findScanProject, SCAN_LINK_PARAM } from './scan-link.ts';
import type { ViewerScan } from './use-scans-summary.ts';

/**
 * Opens the scan named by the `scan` query parameter: at once when it is in the current
 * project's summary, after switching project when it belongs to another project the user can
 * see, and otherwise warns 'Scan {id} not found in the current project' for 5 s (and drops the
 * parameter).
 *
 * Then the parameter names the focused scan, so that the address can be copied or reloaded and
 * opens the same scan: it follows each focus and goes when nothing is focused. The browser's
 * history is left as it is (the address is replaced, not pushed).
 */
export function useScanLink({
  projectId,
  projects,
  projectsLoading,
  summaryLoading,
  byId,
  focusedScanId,
  onOpen,
}: {
  projectId: string | null;
  projects: readonly ProjectOption[];
  projectsLoading: boolean;
  summaryLoading: boolean;
  byId: ReadonlyMap<string, ViewerScan>;
  focusedScanId: string | null;
  onOpen(scan: ViewerScan): void;
}): void {
  const [params, setParams] = useSearchParams();
  const scanId = params.get(SCAN_LINK_PARAM);
  // The project the link switched to, so its summary is awaited rather than asked about again.
  const switchedTo = useRef<{ scanId: string; projectId: string } | null>(null);
  const lookingUp = useRef<string | null>(null);
  const open = useRef(onOpen);
  open.current = onOpen;
  // The scan the address names that was opened or focused here: not a link to open.
  const opened = useRef<string | null>(null);
  // A change of the address asked for and not seen yet: until it is, the address still names
  // the scan before, which is neither a link nor out of step with the focus.
  const writing = useRef<{ to: string | null } | null>(null);
  const settled = useCallback((named: string | null) => {
    if (writing.current && named !== writing.current.to) return false;
    writing.current = null;
    return true;
  }, []);
  const nameInAddress = useCallback(
    (id: string | null) => {
      writing.current = { to: id };
      opened.current = id;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(SCAN_LINK_PARAM, id);
          else next.delete(SCAN_LINK_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // The address follows the focus, once any link in it has been opened.
  useEffect(() => {
    if (!settled(scanId)) return;
    if (scanId && scanId !== opened.current) return;
    if (scanId !== focusedScanId) nameInAddress(focusedScanId);
  }, [focusedScanId, scanId, settled, nameInAddress]);

  useEffect(() => {
    if (!scanId || projectsLoading || summaryLoading) return;
    if (!settled(scanId) || scanId === opened.current) return;
    const finish = () => {
      switchedTo.current = null;
      nameInAddress(null);
    };
    const scan = byId.get(scanId);
    if (scan) {
      switchedTo.current = null;
      opened.current = scanId;
      open.current(scan);
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
  }, [scanId, projectId, projects, projectsLoading, summaryLoading, byId, settled, nameInAddress]);
}
