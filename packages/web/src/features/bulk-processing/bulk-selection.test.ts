import {
  initialSelectionState,
  MAX_SELECTED_SCANS,
  MAX_SELECTED_SCANS_MESSAGE,
} from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import {
  headerCheckState,
  selectBulkScans,
  toggleAllBulkScans,
  toggleBulkScan,
} from './bulk-selection.ts';

const scan = (
  id: string,
  sessionId: string | null = 'S',
  assignmentType: string | null = null,
) => ({
  id,
  sessionId,
  assignmentType,
});
const scans = [scan('a'), scan('b'), scan('c', null), scan('d', null, 'Imported')];
const summaryIds = new Set(['a', 'b', 'c', 'd']);

describe('the bulk selection', () => {
  it('skips scans the rules refuse: no session unless imported, not in the project', () => {
    const { state } = selectBulkScans(initialSelectionState(), [...scans, scan('x')], summaryIds);
    expect(state.selectedScanIds).toEqual(['a', 'b', 'd']);
  });

  it('toggles one scan', () => {
    const first = toggleBulkScan(initialSelectionState(), scans[0]!, summaryIds).state;
    expect(first.selectedScanIds).toEqual(['a']);
    expect(toggleBulkScan(first, scans[0]!, summaryIds).state.selectedScanIds).toEqual([]);
  });

  it('selects all listed scans, then unselects them', () => {
    const all = toggleAllBulkScans(initialSelectionState(), scans, summaryIds).state;
    expect(all.selectedScanIds).toEqual(['a', 'b', 'd']);
    expect(headerCheckState(all, scans, summaryIds)).toBe('all');
    const none = toggleAllBulkScans(all, scans, summaryIds).state;
    expect(none.selectedScanIds).toEqual([]);
    expect(headerCheckState(none, scans, summaryIds)).toBe('none');
    const some = toggleBulkScan(none, scans[1]!, summaryIds).state;
    expect(headerCheckState(some, scans, summaryIds)).toBe('some');
  });

  it('keeps the limit of the viewer, with its message', () => {
    const many = Array.from({ length: MAX_SELECTED_SCANS + 5 }, (_, i) => scan(`s${i}`));
    const ids = new Set(many.map((s) => s.id));
    const result = toggleAllBulkScans(initialSelectionState(), many, ids);
    expect(result.state.selectedScanIds).toHaveLength(MAX_SELECTED_SCANS);
    expect(result.message).toBe(MAX_SELECTED_SCANS_MESSAGE);
  });
});
