import type { AnnotationRef, ScanFilter, SelectableScan } from '@asset-portal/shared';
import { emptyScanFilter } from '@asset-portal/shared';
import { createStore } from '../../lib/create-store.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { selectedAnnotationIds } from '../annotations/annotation-selection-store.ts';
import { currentProjectId } from '../projects/current-project-store.ts';
import {
  focusViewerScan,
  initialViewerState,
  selectViewerAnnotation,
  selectViewerScans,
  setFocusedImage,
  setViewerFilter,
  setViewerLayers,
  toggleScanVisibility,
  unselectAllViewerScans,
  unselectViewerAnnotation,
  unselectViewerScans,
  type ViewerState,
  type ViewerUpdate,
} from './viewer-state.ts';

/** The viewer's state: selection, focus, filter and list page of the current project. */
export const viewerState = createStore<ViewerState>(initialViewerState());

// The annotation panel reads the shared annotation selection; keep it equal to ours.
viewerState.subscribe(() => {
  const ids = viewerState.get().selection.selectedAnnotations.map((a) => a.id);
  const current = selectedAnnotationIds.get();
  if (ids.length === current.size && ids.every((id) => current.has(id))) return;
  selectedAnnotationIds.set(new Set(ids));
});

// A project change resets focus, layers, and visible, loaded, filtered and selected scans and
// annotations (the filter too: its values belong to the old project's scans).
let lastProjectId = currentProjectId.get();
currentProjectId.subscribe(() => {
  const id = currentProjectId.get();
  if (id === lastProjectId) return;
  lastProjectId = id;
  viewerState.set(initialViewerState());
});

function apply(update: ViewerUpdate): void {
  viewerState.set(update.state);
  if (update.message) snackbar.warning(update.message);
}

/** The viewer's actions; each applies one rule of the shared selection and filter rules. */
export const viewerActions = {
  select(scans: readonly SelectableScan[], summaryIds: ReadonlySet<string>) {
    apply(selectViewerScans(viewerState.get(), scans, summaryIds));
  },
  unselect(scanIds: readonly string[]) {
    viewerState.set((state) => unselectViewerScans(state, scanIds));
  },
  /** Selects the scan when it is not selected, unselects it otherwise. */
  toggle(scan: SelectableScan, summaryIds: ReadonlySet<string>) {
    if (scan.id && viewerState.get().selection.selectedScanIds.includes(scan.id)) {
      viewerActions.unselect([scan.id]);
    } else {
      viewerActions.select([scan], summaryIds);
    }
  },
  unselectAll() {
    viewerState.set(unselectAllViewerScans);
  },
  toggleVisibility(scanId: string) {
    viewerState.set((state) => toggleScanVisibility(state, scanId));
  },
  focus(scan: SelectableScan | null, summaryIds: ReadonlySet<string>) {
    apply(focusViewerScan(viewerState.get(), scan, summaryIds));
  },
  setFrameIndex(index: number | null) {
    viewerState.set((state) => setFocusedImage(state, index));
  },
  selectAnnotation(
    annotation: AnnotationRef,
    scan: SelectableScan | undefined,
    summaryIds: ReadonlySet<string>,
  ) {
    apply(selectViewerAnnotation(viewerState.get(), annotation, scan, summaryIds));
  },
  unselectAnnotation(annotationId: string) {
    viewerState.set((state) => unselectViewerAnnotation(state, annotationId));
  },
  setFilter(filter: ScanFilter) {
    viewerState.set((state) => setViewerFilter(state, filter));
  },
  clearFilter() {
    viewerState.set((state) => setViewerFilter(state, emptyScanFilter()));
  },
  setPage(page: number) {
    viewerState.set((state) => (state.page === page ? state : { ...state, page }));
  },
  setLayers(layerIds: readonly string[]) {
    viewerState.set((state) => setViewerLayers(state, layerIds));
  },
  reset() {
    viewerState.set(initialViewerState());
  },
};
