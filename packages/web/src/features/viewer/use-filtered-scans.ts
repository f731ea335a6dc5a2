import { filterScans, isFilterActive, type ScanFilter } from '@asset-portal/shared';
import { useMemo } from 'react';
import type { ViewerScan } from './use-scans-summary.ts';

export interface FilteredScans {
  scans: readonly ViewerScan[];
  noresults: boolean;
}

type Inputs = [
  scans: readonly ViewerScan[],
  filter: ScanFilter,
  selectedScanIds: readonly string[],
  annotatedScanIds: ReadonlySet<string>,
];

let last: { inputs: Inputs; result: FilteredScans } | null = null;

/**
 * The scans the filter leaves, selected scans always included. The last result is kept, so the
 * filter handler (which hands it to the map before React renders) and the render that follows
 * compute it once.
 */
export function filteredScansOf(...inputs: Inputs): FilteredScans {
  if (last?.inputs.every((input, i) => input === inputs[i])) return last.result;
  const [scans, filter, selectedScanIds, annotatedScanIds] = inputs;
  // Without a filter the list is the summary itself, so selecting a scan redraws nothing else.
  const result = isFilterActive(filter)
    ? filterScans(scans, filter, selectedScanIds, annotatedScanIds)
    : { scans, noresults: scans.length === 0 };
  last = { inputs, result };
  return result;
}

/**
 * The filtered scans of the current state. Filtering 10,000 scans takes a few milliseconds and
 * the list renders only its page, so every change, a keystroke included, updates the field, the
 * list and the map in the same frame.
 */
export function useFilteredScans(
  scans: readonly ViewerScan[],
  filter: ScanFilter,
  selectedScanIds: readonly string[],
  annotatedScanIds: ReadonlySet<string>,
): FilteredScans {
  return useMemo(
    () => filteredScansOf(scans, filter, selectedScanIds, annotatedScanIds),
    [scans, filter, selectedScanIds, annotatedScanIds],
  );
}
