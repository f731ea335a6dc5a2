import { MAX_SELECTED_SCANS_MESSAGE } from '@asset-portal/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { snackbarQueue } from '../../snackbar/snackbar-service.ts';
import { selectedAnnotationIds } from '../annotations/annotation-selection-store.ts';
import { setCurrentProject } from '../projects/current-project-store.ts';
import { viewerActions, viewerState } from './viewer-store.ts';

const scans = Array.from({ length: 41 }, (_, i) => ({ id: `SC-${i}`, sessionId: 'S-1' }));
const ids = new Set(scans.map((s) => s.id));

describe('viewer store', () => {
  beforeEach(() => {
    setCurrentProject('1');
    viewerActions.reset();
    snackbarQueue.set([]);
  });

  it('a project change resets selection, focus, layers, filter and annotations', () => {
    viewerActions.select(scans.slice(0, 3), ids);
    viewerActions.selectAnnotation({ id: 'n1', scanId: 'SC-0' }, scans[0], ids);
    viewerActions.setLayers(['L1']);
    viewerActions.setFilter({ ...viewerState.get().filter, comment: 'culvert' });
    expect(selectedAnnotationIds.get()).toEqual(new Set(['n1']));

    setCurrentProject('2');

    const { selection, filter } = viewerState.get();
    expect(selection).toMatchObject({
      selectedScanIds: [],
      visibleScanIds: [],
      loadedScanIds: [],
      filteredScanIds: null,
      focusedScanId: null,
      selectedAnnotations: [],
      selectedLayerIds: [],
    });
    expect(filter.comment).toBe('');
    expect(selectedAnnotationIds.get().size).toBe(0);
  });

  it('warns past 40 selected scans', () => {
    viewerActions.select(scans, ids);
    expect(viewerState.get().selection.selectedScanIds).toHaveLength(40);
    expect(snackbarQueue.get().map((m) => [m.severity, m.text])).toEqual([
      ['warning', MAX_SELECTED_SCANS_MESSAGE],
    ]);
  });

  it('toggles a scan in and out of the selection', () => {
    viewerActions.toggle(scans[0]!, ids);
    expect(viewerState.get().selection.selectedScanIds).toEqual(['SC-0']);
    viewerActions.toggle(scans[0]!, ids);
    expect(viewerState.get().selection.selectedScanIds).toEqual([]);
  });
});
