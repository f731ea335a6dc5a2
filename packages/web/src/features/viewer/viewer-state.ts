import {
  type AnnotationRef,
  autoFocus,
  canSelectScan,
  emptyScanFilter,
  focusScan,
  hideScan,
  initialSelectionState,
  markScanLoaded,
  type ScanFilter,
  type ScanSelectionState,
  type SelectableScan,
  selectAnnotation,
  selectScans,
  showScan,
  unselectAllScans,
  unselectAnnotation,
  unselectScans,
} from '@asset-portal/shared';

/** Everything the viewer screen remembers between renders of one project. */
export interface ViewerState {
  selection: ScanSelectionState;
  filter: ScanFilter;
  /** Zero-based page of the scan list. */
  page: number;
}

/** The outcome of an action that may refuse some scans. */
export interface ViewerUpdate {
  state: ViewerState;
  /** The message to show the user, when something was refused. */
  message: string | null;
}

/** A fresh viewer: nothing selected, no filter, first page. */
export function initialViewerState(): ViewerState {
  return { selection: initialSelectionState(), filter: emptyScanFilter(), page: 0 };
}

function withSelection(state: ViewerState, selection: ScanSelectionState): ViewerState {
  return selection === state.selection ? state : { ...state, selection };
}

/**
 * Selects scans of the current project's summary. Scans the rules refuse (unknown, no id, no
 * session unless imported) are skipped; the limit of 40 refuses the rest with its message.
 * A newly selected scan is loaded, and focused when nothing was.
 */
export function selectViewerScans(
  state: ViewerState,
  scans: readonly SelectableScan[],
  summaryIds: ReadonlySet<string>,
): ViewerUpdate {
  const ids = scans.filter((scan) => canSelectScan(scan, summaryIds)).map((scan) => scan.id!);
  const result = selectScans(state.selection, ids);
  let selection = result.state;
  for (const id of ids) {
    if (selection.selectedScanIds.includes(id)) selection = markScanLoaded(selection, id);
  }
  selection = autoFocus(selection);
  return { state: withSelection(state, selection), message: result.error };
}

/** Unselects scans; focus moves to another loaded selected scan when it was on one of them. */
export function unselectViewerScans(state: ViewerState, scanIds: readonly string[]): ViewerState {
  const removed = new Set(scanIds);
  let selection = unselectScans(state.selection, scanIds);
  selection = {
    ...selection,
    loadedScanIds: selection.loadedScanIds.filter((id) => !removed.has(id)),
  };
  return withSelection(state, autoFocus(selection));
}

/** 'Unselect all scans'. */
export function unselectAllViewerScans(state: ViewerState): ViewerState {
  const selection = unselectAllScans(state.selection);
  return withSelection(state, { ...selection, loadedScanIds: [] });
}

/** Toggles whether a selected scan is drawn; it stays selected either way. */
export function toggleScanVisibility(state: ViewerState, scanId: string): ViewerState {
  const visible = state.selection.visibleScanIds.includes(scanId);
  return withSelection(
    state,
    visible ? hideScan(state.selection, scanId) : showScan(state.selection, scanId),
  );
}

/**
 * Focuses a scan, selecting it first when it is not selected (a focused scan is always one of
 * the selected ones). Null clears the focus.
 */
export function focusViewerScan(
  state: ViewerState,
  scan: SelectableScan | null,
  summaryIds: ReadonlySet<string>,
): ViewerUpdate {
  if (!scan?.id)
    return { state: withSelection(state, focusScan(state.selection, null)), message: null };
  let next = state;
  let message: string | null = null;
  if (!state.selection.selectedScanIds.includes(scan.id)) {
    const update = selectViewerScans(state, [scan], summaryIds);
    next = update.state;
    message = update.message;
    if (!next.selection.selectedScanIds.includes(scan.id)) return { state, message };
  }
  const shown = showScan(next.selection, scan.id);
  return { state: withSelection(next, focusScan(shown, scan.id)), message };
}

/** Sets the focused image of the focused scan. */
export function setFocusedImage(state: ViewerState, index: number | null): ViewerState {
  if (state.selection.focusedScanId === null) return state;
  return withSelection(state, { ...state.selection, focusedImageIndex: index });
}

/**
 * Selecting an annotation selects its scan too, under the rules of selecting the scan itself
 * (in the project's summary, with a session unless imported) and the limit.
 */
export function selectViewerAnnotation(
  state: ViewerState,
  annotation: AnnotationRef,
  scan: SelectableScan | undefined,
  summaryIds: ReadonlySet<string>,
): ViewerUpdate {
  if (scan?.id !== annotation.scanId || !canSelectScan(scan, summaryIds)) {
    return { state, message: null };
  }
  const result = selectAnnotation(state.selection, annotation);
  let selection = result.state;
  if (selection.selectedScanIds.includes(annotation.scanId)) {
    selection = autoFocus(markScanLoaded(selection, annotation.scanId));
  }
  return { state: withSelection(state, selection), message: result.error };
}

/** Unselecting an annotation drops its scan unless another selected annotation is on it. */
export function unselectViewerAnnotation(state: ViewerState, annotationId: string): ViewerState {
  const selection = unselectAnnotation(state.selection, annotationId);
  if (selection === state.selection) return state;
  const selected = new Set(selection.selectedScanIds);
  return withSelection(
    state,
    autoFocus({
      ...selection,
      loadedScanIds: selection.loadedScanIds.filter((id) => selected.has(id)),
    }),
  );
}

/** Changes the filter; the list goes back to its first page. */
export function setViewerFilter(state: ViewerState, filter: ScanFilter): ViewerState {
  return { ...state, filter, page: 0 };
}

/** Sets the selected project layers. */
export function setViewerLayers(state: ViewerState, layerIds: readonly string[]): ViewerState {
  return withSelection(state, { ...state.selection, selectedLayerIds: [...layerIds] });
}
