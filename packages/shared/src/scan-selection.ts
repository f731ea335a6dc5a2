/** Scan and annotation selection rules (spec §4, §5 Scan selection) as pure state updates. */
import { ASSIGNMENT_TYPE_IMPORTED, MAX_SELECTED_SCANS } from './constants.ts';
import { MAX_SELECTED_SCANS_MESSAGE } from './messages.ts';

export interface SelectableScan {
  id?: string | null;
  sessionId?: string | null;
  assignmentType?: string | null;
}

export interface AnnotationRef {
  id: string;
  scanId: string;
}

export interface ScanSelectionState {
  selectedScanIds: string[];
  visibleScanIds: string[];
  loadedScanIds: string[];
  /** Scans left by the filter, or null when no filter has been applied. */
  filteredScanIds: string[] | null;
  focusedScanId: string | null;
  /** Index of the focused image set of the focused scan. */
  focusedImageIndex: number | null;
  selectedAnnotations: AnnotationRef[];
  selectedLayerIds: string[];
}

export interface SelectionResult {
  state: ScanSelectionState;
  /** Set when some scans were not selected because of the limit. */
  error: string | null;
}

/** The state after sign-in or a project change. */
export function initialSelectionState(): ScanSelectionState {
  return {
    selectedScanIds: [],
    visibleScanIds: [],
    loadedScanIds: [],
    filteredScanIds: null,
    focusedScanId: null,
    focusedImageIndex: null,
    selectedAnnotations: [],
    selectedLayerIds: [],
  };
}

/**
 * A scan can be selected only when it has an id and is in the current project's summary list,
 * and (unless imported) has a session id.
 */
export function canSelectScan(
  scan: SelectableScan | null | undefined,
  projectSummaryIds: ReadonlySet<string> | readonly string[],
): boolean {
  if (!scan?.id) return false;
  const inSummary =
    projectSummaryIds instanceof Set
      ? projectSummaryIds.has(scan.id)
      : (projectSummaryIds as readonly string[]).includes(scan.id);
  if (!inSummary) return false;
  return Boolean(scan.sessionId) || scan.assignmentType === ASSIGNMENT_TYPE_IMPORTED;
}

function withAdded(list: readonly string[], ids: readonly string[]): string[] {
  const result = [...list];
  const seen = new Set(list);
  for (const id of ids) {
    if (!seen.has(id)) {
      seen.add(id);
      result.push(id);
    }
  }
  return result;
}

function without(list: readonly string[], ids: ReadonlySet<string>): string[] {
  return list.filter((id) => !ids.has(id));
}

/** Selects scans (made visible too) up to the limit of 40; the rest are refused. */
export function selectScans(
  state: ScanSelectionState,
  scanIds: readonly string[],
): SelectionResult {
  const already = new Set(state.selectedScanIds);
  const fresh = [...new Set(scanIds)].filter((id) => !already.has(id));
  const room = Math.max(0, MAX_SELECTED_SCANS - state.selectedScanIds.length);
  const accepted = fresh.slice(0, room);
  const error = accepted.length < fresh.length ? MAX_SELECTED_SCANS_MESSAGE : null;
  if (accepted.length === 0) return { state, error };
  return {
    state: {
      ...state,
      selectedScanIds: [...state.selectedScanIds, ...accepted],
      visibleScanIds: withAdded(state.visibleScanIds, accepted),
    },
    error,
  };
}

/** Selects one scan; see selectScans. */
export function selectScan(state: ScanSelectionState, scanId: string): SelectionResult {
  return selectScans(state, [scanId]);
}

/** Unselects scans, hides them, drops their annotations and resets focus if it was on one. */
export function unselectScans(
  state: ScanSelectionState,
  scanIds: readonly string[],
): ScanSelectionState {
  const removed = new Set(scanIds);
  const focusRemoved = state.focusedScanId !== null && removed.has(state.focusedScanId);
  return {
    ...state,
    selectedScanIds: without(state.selectedScanIds, removed),
    visibleScanIds: without(state.visibleScanIds, removed),
    selectedAnnotations: state.selectedAnnotations.filter((a) => !removed.has(a.scanId)),
    focusedScanId: focusRemoved ? null : state.focusedScanId,
    focusedImageIndex: focusRemoved ? null : state.focusedImageIndex,
  };
}

/** Unselects one scan; see unselectScans. */
export function unselectScan(state: ScanSelectionState, scanId: string): ScanSelectionState {
  return unselectScans(state, [scanId]);
}

/** 'Unselect all scans'. */
export function unselectAllScans(state: ScanSelectionState): ScanSelectionState {
  return unselectScans(state, state.selectedScanIds);
}

/** Hide removes visibility only; the scan stays selected. */
export function hideScan(state: ScanSelectionState, scanId: string): ScanSelectionState {
  return { ...state, visibleScanIds: without(state.visibleScanIds, new Set([scanId])) };
}

/** Shows a selected scan again. */
export function showScan(state: ScanSelectionState, scanId: string): ScanSelectionState {
  if (!state.selectedScanIds.includes(scanId)) return state;
  return { ...state, visibleScanIds: withAdded(state.visibleScanIds, [scanId]) };
}

/** Records that a scan's full data has been loaded. */
export function markScanLoaded(state: ScanSelectionState, scanId: string): ScanSelectionState {
  if (state.loadedScanIds.includes(scanId)) return state;
  return { ...state, loadedScanIds: [...state.loadedScanIds, scanId] };
}

/** Focuses a scan on its first image set. */
export function focusScan(state: ScanSelectionState, scanId: string | null): ScanSelectionState {
  return { ...state, focusedScanId: scanId, focusedImageIndex: scanId === null ? null : 0 };
}

/** When nothing is focused, focuses the first loaded selected scan. */
export function autoFocus(state: ScanSelectionState): ScanSelectionState {
  if (state.focusedScanId !== null) return state;
  const selected = new Set(state.selectedScanIds);
  const candidate = state.loadedScanIds.find((id) => selected.has(id));
  return candidate ? focusScan(state, candidate) : state;
}

/** Stores the filter's result (null clears it). */
export function setFilteredScans(
  state: ScanSelectionState,
  scanIds: readonly string[] | null,
): ScanSelectionState {
  return { ...state, filteredScanIds: scanIds ? [...scanIds] : null };
}

/** A project change resets focus, layers, and visible, loaded, filtered and selected scans. */
export function projectChanged(_state: ScanSelectionState): ScanSelectionState {
  return initialSelectionState();
}

/** Selecting an annotation also selects its scan (subject to the selection limit). */
export function selectAnnotation(
  state: ScanSelectionState,
  annotation: AnnotationRef,
): SelectionResult {
  if (state.selectedAnnotations.some((a) => a.id === annotation.id)) return { state, error: null };
  const withScan = selectScan(state, annotation.scanId);
  if (!withScan.state.selectedScanIds.includes(annotation.scanId)) return withScan;
  return {
    state: {
      ...withScan.state,
      selectedAnnotations: [...withScan.state.selectedAnnotations, annotation],
    },
    error: withScan.error,
  };
}

/** Unselects an annotation; its scan goes too unless another selected annotation is on it. */
export function unselectAnnotation(
  state: ScanSelectionState,
  annotationId: string,
): ScanSelectionState {
  const annotation = state.selectedAnnotations.find((a) => a.id === annotationId);
  if (!annotation) return state;
  const remaining = state.selectedAnnotations.filter((a) => a.id !== annotationId);
  const next = { ...state, selectedAnnotations: remaining };
  const scanStillUsed = remaining.some((a) => a.scanId === annotation.scanId);
  return scanStillUsed ? next : unselectScan(next, annotation.scanId);
}

/** Clears selected annotations (choosing a project from the dropdown does this). */
export function clearSelectedAnnotations(state: ScanSelectionState): ScanSelectionState {
  return { ...state, selectedAnnotations: [] };
}

/** Sets the selected layers. */
export function selectLayers(
  state: ScanSelectionState,
  layerIds: readonly string[],
): ScanSelectionState {
  return { ...state, selectedLayerIds: [...new Set(layerIds)] };
}
