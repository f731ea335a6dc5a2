import { filterScans, isFilterActive, type ScanFilter } from '@asset-portal/shared';
import { useDeferredValue, useMemo } from 'react';
import type { ViewerScan } from './use-scans-summary.ts';

export interface FilteredScans {
  scans: readonly ViewerScan[];
  noresults: boolean;
  /** True while the list still shows the result of older filter texts. */
  stale: boolean;
}

/**
 * The scans the filter leaves, selected scans always included. Filtering 10,000 scans takes a
 * few milliseconds, so a pick in a menu or a button updates list and map in the same render.
 * Only the typed texts are deferred: a keystroke never waits for the list and the map.
 */
export function useFilteredScans(
  scans: readonly ViewerScan[],
  filter: ScanFilter,
  selectedScanIds: readonly string[],
  annotatedScanIds: ReadonlySet<string>,
): FilteredScans {
  const sessionId = useDeferredValue(filter.sessionId);
  const scanId = useDeferredValue(filter.scanId);
  const comment = useDeferredValue(filter.comment);
  const { type, status, deviceId, tags, dates, onlySelected, onlyAnnotated } = filter;
  // Built from the fields, not the filter object: a keystroke whose text is still deferred
  // leaves it, the result and the map's data unchanged.
  const effective = useMemo<ScanFilter>(
    () => ({
      sessionId,
      type,
      scanId,
      status,
      comment,
      deviceId,
      tags,
      dates,
      onlySelected,
      onlyAnnotated,
    }),
    [sessionId, type, scanId, status, comment, deviceId, tags, dates, onlySelected, onlyAnnotated],
  );
  const active = isFilterActive(effective);
  // Without a filter the list is the summary itself, so selecting a scan redraws nothing else.
  const result = useMemo(
    () =>
      active
        ? filterScans(scans, effective, selectedScanIds, annotatedScanIds)
        : { scans, noresults: scans.length === 0 },
    [active, scans, effective, selectedScanIds, annotatedScanIds],
  );
  return {
    scans: result.scans,
    noresults: result.noresults,
    stale: sessionId !== filter.sessionId || scanId !== filter.scanId || comment !== filter.comment,
  };
}
