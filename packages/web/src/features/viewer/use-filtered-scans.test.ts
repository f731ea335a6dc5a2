import { emptyScanFilter } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { filteredScansOf } from './use-filtered-scans.ts';
import type { ViewerScan } from './use-scans-summary.ts';

const scans = ['SC-1', 'SC-2', 'SC-3'].map((id) => ({ id, sessionId: 'S-1' }) as ViewerScan);
const noAnnotations = new Set<string>();

describe('filtered scans', () => {
  it('answers the same inputs with the same result, so the map and the list share one', () => {
    const filter = { ...emptyScanFilter(), scanId: 'SC-2' };
    const selected: string[] = [];
    const first = filteredScansOf(scans, filter, selected, noAnnotations);
    expect(first.scans.map((scan) => scan.id)).toEqual(['SC-2']);
    expect(filteredScansOf(scans, filter, selected, noAnnotations)).toBe(first);
  });

  it('computes again when any input is another one', () => {
    const filter = { ...emptyScanFilter(), scanId: 'SC-2' };
    const first = filteredScansOf(scans, filter, [], noAnnotations);
    const selected = filteredScansOf(scans, filter, ['SC-3'], noAnnotations);
    expect(selected).not.toBe(first);
    expect(selected.scans.map((scan) => scan.id)).toEqual(['SC-2', 'SC-3']);
    const wider = filteredScansOf(scans, { ...filter, scanId: 'SC' }, ['SC-3'], noAnnotations);
    expect(wider.scans).toHaveLength(3);
  });

  it('is the summary itself without a filter', () => {
    const result = filteredScansOf(scans, emptyScanFilter(), [], noAnnotations);
    expect(result.scans).toBe(scans);
    expect(filteredScansOf([], emptyScanFilter(), [], noAnnotations).noresults).toBe(true);
  });
});
