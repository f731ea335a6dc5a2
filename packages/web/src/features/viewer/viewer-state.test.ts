import { MAX_SELECTED_SCANS, MAX_SELECTED_SCANS_MESSAGE } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import {
  focusViewerScan,
  initialViewerState,
  selectViewerAnnotation,
  selectViewerScans,
  setViewerFilter,
  toggleScanVisibility,
  unselectAllViewerScans,
  unselectViewerAnnotation,
  unselectViewerScans,
} from './viewer-state.ts';

const scan = (id: string, extra: { sessionId?: string | null; assignmentType?: string } = {}) => ({
  id,
  sessionId: 'S-1',
  assignmentType: 'Device',
  ...extra,
});
const many = (n: number) => Array.from({ length: n }, (_, i) => scan(`SC-${i}`));
const summary = (scans: { id: string }[]) => new Set(scans.map((s) => s.id));

describe('viewer selection', () => {
  it('selects, loads and shows a scan, and focuses it when nothing was focused', () => {
    const a = scan('a');
    const b = scan('b');
    const first = selectViewerScans(initialViewerState(), [a], summary([a, b]));
    expect(first.message).toBeNull();
    expect(first.state.selection).toMatchObject({
      selectedScanIds: ['a'],
      visibleScanIds: ['a'],
      loadedScanIds: ['a'],
      focusedScanId: 'a',
      focusedImageIndex: 0,
    });
    const second = selectViewerScans(first.state, [b], summary([a, b])).state.selection;
    expect(second.selectedScanIds).toEqual(['a', 'b']);
    expect(second.focusedScanId).toBe('a');
  });

  it('refuses scans outside the summary, without id, or without session unless imported', () => {
    const known = [
      scan('no-session', { sessionId: null }),
      scan('imported', { sessionId: null, assignmentType: 'Imported' }),
    ];
    const update = selectViewerScans(
      initialViewerState(),
      [scan('elsewhere'), { id: null, sessionId: 'S' }, ...known],
      summary(known),
    );
    expect(update.state.selection.selectedScanIds).toEqual(['imported']);
  });

  it('selects at most 40 scans and says so past that', () => {
    const scans = many(45);
    const update = selectViewerScans(initialViewerState(), scans, summary(scans));
    expect(update.state.selection.selectedScanIds).toHaveLength(MAX_SELECTED_SCANS);
    expect(update.message).toBe(MAX_SELECTED_SCANS_MESSAGE);
    const again = selectViewerScans(update.state, [scans[44]!], summary(scans));
    expect(again.state.selection.selectedScanIds).toHaveLength(MAX_SELECTED_SCANS);
    expect(again.message).toBe(MAX_SELECTED_SCANS_MESSAGE);
  });

  it('unselecting the focused scan moves focus to another loaded selected scan', () => {
    const scans = [scan('a'), scan('b')];
    const { state } = selectViewerScans(initialViewerState(), scans, summary(scans));
    const next = unselectViewerScans(state, ['a']).selection;
    expect(next.selectedScanIds).toEqual(['b']);
    expect(next.loadedScanIds).toEqual(['b']);
    expect(next.focusedScanId).toBe('b');
    const none = unselectAllViewerScans(state).selection;
    expect(none).toMatchObject({ selectedScanIds: [], visibleScanIds: [], focusedScanId: null });
  });

  it('hide removes visibility only; show brings it back', () => {
    const scans = [scan('a')];
    const { state } = selectViewerScans(initialViewerState(), scans, summary(scans));
    const hidden = toggleScanVisibility(state, 'a').selection;
    expect(hidden.visibleScanIds).toEqual([]);
    expect(hidden.selectedScanIds).toEqual(['a']);
    expect(hidden.focusedScanId).toBe('a');
    const shown = toggleScanVisibility({ ...state, selection: hidden }, 'a').selection;
    expect(shown.visibleScanIds).toEqual(['a']);
  });

  it('focusing an unselected scan selects it first; focusing a refused one changes nothing', () => {
    const scans = [scan('a'), scan('b')];
    const { state } = selectViewerScans(initialViewerState(), [scans[0]!], summary(scans));
    const focused = focusViewerScan(state, scans[1]!, summary(scans)).state.selection;
    expect(focused.focusedScanId).toBe('b');
    expect(focused.selectedScanIds).toEqual(['a', 'b']);
    const refused = focusViewerScan(state, scan('elsewhere'), summary(scans));
    expect(refused.state).toBe(state);
  });

  it('selecting an annotation selects its scan; its scan goes with the last annotation on it', () => {
    const scans = [scan('a')];
    const ids = summary(scans);
    const [a] = scans;
    let state = selectViewerAnnotation(
      initialViewerState(),
      { id: '1', scanId: 'a' },
      a,
      ids,
    ).state;
    state = selectViewerAnnotation(state, { id: '2', scanId: 'a' }, a, ids).state;
    expect(state.selection.selectedScanIds).toEqual(['a']);
    state = unselectViewerAnnotation(state, '1');
    expect(state.selection.selectedScanIds).toEqual(['a']);
    state = unselectViewerAnnotation(state, '2');
    expect(state.selection.selectedScanIds).toEqual([]);
    expect(state.selection.focusedScanId).toBeNull();
  });

  it('an annotation selects its scan only where the scan itself could be selected', () => {
    const sessionless = scan('b', { sessionId: null });
    const imported = scan('c', { sessionId: null, assignmentType: 'Imported' });
    const elsewhere = scan('d');
    const ids = summary([sessionless, imported]);
    const select = (target: ReturnType<typeof scan> | undefined, scanId: string) =>
      selectViewerAnnotation(initialViewerState(), { id: '9', scanId }, target, ids).state
        .selection;
    expect(select(sessionless, 'b').selectedScanIds).toEqual([]);
    expect(select(sessionless, 'b').selectedAnnotations).toEqual([]);
    expect(select(elsewhere, 'd').selectedScanIds).toEqual([]);
    expect(select(undefined, 'b').selectedScanIds).toEqual([]);
    // A scan handed in for another annotation's id does not pass for it.
    expect(select(imported, 'b').selectedScanIds).toEqual([]);
    expect(select(imported, 'c').selectedScanIds).toEqual(['c']);
    expect(select(imported, 'c').selectedAnnotations).toEqual([{ id: '9', scanId: 'c' }]);
  });

  it('a new filter goes back to the first page', () => {
    const state = { ...initialViewerState(), page: 3 };
    expect(setViewerFilter(state, { ...state.filter, comment: 'x' }).page).toBe(0);
  });
});
