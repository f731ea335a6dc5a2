/**
 * The Bulk Processing screen's selection: the viewer's shared selection rules (spec §5 Scan
 * selection, the limit of 40) on a selection of its own, so choosing scans here does not load
 * them into the viewer.
 */
import {
  canSelectScan,
  type ScanSelectionState,
  type SelectableScan,
  selectScans,
  unselectAllScans,
  unselectScans,
} from '@asset-portal/shared';

export interface BulkSelectionUpdate {
  state: ScanSelectionState;
  /** The limit's message when some scans were refused. */
  message: string | null;
}

/** Selects the scans the rules allow; the limit refuses the rest with its message. */
export function selectBulkScans(
  state: ScanSelectionState,
  scans: readonly SelectableScan[],
  summaryIds: ReadonlySet<string>,
): BulkSelectionUpdate {
  const ids = scans.filter((scan) => canSelectScan(scan, summaryIds)).map((scan) => scan.id!);
  const result = selectScans(state, ids);
  return { state: result.state, message: result.error };
}

/** Selects the scan when it is not selected, unselects it otherwise. */
export function toggleBulkScan(
  state: ScanSelectionState,
  scan: SelectableScan,
  summaryIds: ReadonlySet<string>,
): BulkSelectionUpdate {
  if (scan.id && state.selectedScanIds.includes(scan.id)) {
    return { state: unselectScans(state, [scan.id]), message: null };
  }
  return selectBulkScans(state, [scan], summaryIds);
}

/**
 * The header checkbox: selects every selectable listed scan, or unselects them all when they
 * already are.
 */
export function toggleAllBulkScans(
  state: ScanSelectionState,
  listed: readonly SelectableScan[],
  summaryIds: ReadonlySet<string>,
): BulkSelectionUpdate {
  const selectable = listed.filter((scan) => canSelectScan(scan, summaryIds));
  const selected = new Set(state.selectedScanIds);
  const allSelected = selectable.length > 0 && selectable.every((scan) => selected.has(scan.id!));
  if (allSelected) return { state: unselectAllScans(state), message: null };
  return selectBulkScans(state, selectable, summaryIds);
}

/** Whether the header checkbox shows all, some or none of the listed scans selected. */
export function headerCheckState(
  state: ScanSelectionState,
  listed: readonly SelectableScan[],
  summaryIds: ReadonlySet<string>,
): 'all' | 'some' | 'none' {
  const selected = new Set(state.selectedScanIds);
  const selectable = listed.filter((scan) => canSelectScan(scan, summaryIds));
  const count = selectable.filter((scan) => selected.has(scan.id!)).length;
  if (count === 0) return 'none';
  return count === selectable.length ? 'all' : 'some';
}
