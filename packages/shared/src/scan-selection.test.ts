import { describe, expect, it } from 'vitest';
import {
  autoFocus,
  canSelectScan,
  focusScan,
  hideScan,
  initialSelectionState,
  markScanLoaded,
  projectChanged,
  type ScanSelectionState,
  selectAnnotation,
  selectLayers,
  selectScan,
  selectScans,
  showScan,
  unselectAllScans,
  unselectAnnotation,
  unselectScan,
} from './scan-selection.ts';

const summary = new Set(['a', 'b', 'imported']);

describe('canSelectScan', () => {
  it('requires an id in the project summary', () => {
    expect(canSelectScan({ id: 'a', sessionId: 's' }, summary)).toBe(true);
    expect(canSelectScan({ id: 'zzz', sessionId: 's' }, summary)).toBe(false);
    expect(canSelectScan({ sessionId: 's' }, summary)).toBe(false);
    expect(canSelectScan(null, summary)).toBe(false);
    expect(canSelectScan({ id: 'a', sessionId: 's' }, ['a'])).toBe(true);
  });

  it('requires a session id unless imported', () => {
    expect(canSelectScan({ id: 'b', sessionId: null }, summary)).toBe(false);
    expect(canSelectScan({ id: 'imported', assignmentType: 'Imported' }, summary)).toBe(true);
  });
});

describe('selection', () => {
  it('selects into the selected and visible lists', () => {
    const { state, error } = selectScan(initialSelectionState(), 'a');
    expect(error).toBeNull();
    expect(state.selectedScanIds).toEqual(['a']);
    expect(state.visibleScanIds).toEqual(['a']);
    expect(selectScan(state, 'a').state).toBe(state);
  });

  it('refuses more than 40 scans', () => {
    const ids = Array.from({ length: 45 }, (_, i) => `s${i}`);
    const { state, error } = selectScans(initialSelectionState(), ids);
    expect(state.selectedScanIds).toHaveLength(40);
    expect(error).toBe('At most 40 scans can be selected');
    const again = selectScan(state, 'extra');
    expect(again.state).toBe(state);
    expect(again.error).toBe('At most 40 scans can be selected');
  });

  it('hides without unselecting and unselect resets focus', () => {
    let state = selectScans(initialSelectionState(), ['a', 'b']).state;
    state = focusScan(state, 'a');
    expect(state.focusedImageIndex).toBe(0);
    state = hideScan(state, 'a');
    expect(state.selectedScanIds).toEqual(['a', 'b']);
    expect(state.visibleScanIds).toEqual(['b']);
    state = showScan(state, 'a');
    expect(state.visibleScanIds).toEqual(['b', 'a']);
    state = unselectScan(state, 'a');
    expect(state.selectedScanIds).toEqual(['b']);
    expect(state.focusedScanId).toBeNull();
    expect(state.focusedImageIndex).toBeNull();
    expect(unselectAllScans(state).selectedScanIds).toEqual([]);
  });

  it('auto-focuses a loaded scan only when none is focused', () => {
    let state = selectScans(initialSelectionState(), ['a', 'b']).state;
    expect(autoFocus(state)).toBe(state);
    state = markScanLoaded(state, 'b');
    state = autoFocus(state);
    expect(state.focusedScanId).toBe('b');
    state = markScanLoaded(state, 'a');
    expect(autoFocus(state).focusedScanId).toBe('b');
  });

  it('resets everything on project change', () => {
    let state: ScanSelectionState = selectScans(initialSelectionState(), ['a']).state;
    state = selectLayers(focusScan(markScanLoaded(state, 'a'), 'a'), ['l1']);
    expect(projectChanged(state)).toEqual(initialSelectionState());
  });
});

describe('annotations', () => {
  it('selects the scan with its annotation', () => {
    const { state } = selectAnnotation(initialSelectionState(), { id: 'n1', scanId: 'a' });
    expect(state.selectedScanIds).toEqual(['a']);
    expect(state.selectedAnnotations).toEqual([{ id: 'n1', scanId: 'a' }]);
  });

  it('keeps the scan while another selected annotation is on it', () => {
    let state = selectAnnotation(initialSelectionState(), { id: 'n1', scanId: 'a' }).state;
    state = selectAnnotation(state, { id: 'n2', scanId: 'a' }).state;
    state = unselectAnnotation(state, 'n1');
    expect(state.selectedScanIds).toEqual(['a']);
    state = unselectAnnotation(state, 'n2');
    expect(state.selectedScanIds).toEqual([]);
    expect(state.selectedAnnotations).toEqual([]);
    expect(unselectAnnotation(state, 'missing')).toBe(state);
  });

  it('does not select an annotation whose scan cannot be selected', () => {
    const full = selectScans(
      initialSelectionState(),
      Array.from({ length: 40 }, (_, i) => `s${i}`),
    ).state;
    const { state, error } = selectAnnotation(full, { id: 'n1', scanId: 'other' });
    expect(error).toBe('At most 40 scans can be selected');
    expect(state.selectedAnnotations).toEqual([]);
  });
});
