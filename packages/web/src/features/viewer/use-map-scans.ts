import { filterStatusOf } from '@asset-portal/shared';
import { useMemo } from 'react';
import type { MapScan } from '../map/index.ts';
import type { ViewerScan } from './use-scans-summary.ts';

/** A scan as the map draws it: status colour and path. */
export function toMapScan(scan: ViewerScan): MapScan {
  return { id: scan.id, status: filterStatusOf(scan), path: scan.path, mercator: scan.mercator };
}

/**
 * The scans to draw: the filtered list (which holds the selected scans) less the selected scans
 * the user hid. Each scan's map entry is built once per summary, so a filter change only picks
 * existing objects and the map can tell unchanged scans by identity. `toMap` builds the list for
 * another filtered list, for the map to draw a change before React renders it.
 */
export function useMapScans(
  allScans: readonly ViewerScan[],
  filtered: readonly ViewerScan[],
  selectedScanIds: ReadonlySet<string>,
  visibleScanIds: ReadonlySet<string>,
): { mapScans: MapScan[]; toMap: (filtered: readonly ViewerScan[]) => MapScan[] } {
  const byId = useMemo(
    () => new Map(allScans.map((scan) => [scan.id, toMapScan(scan)])),
    [allScans],
  );
  // Keyed by the hidden ids' text: selecting or focusing a scan leaves the drawn list as it is.
  const hiddenKey = useMemo(
    () => [...selectedScanIds].filter((id) => !visibleScanIds.has(id)).join('\n'),
    [selectedScanIds, visibleScanIds],
  );
  // Each builder keeps the last list it built: the render after a filter change asks for the
  // one the handler built, and the map tells it by identity.
  const toMap = useMemo(() => {
    let last: { list: readonly ViewerScan[]; result: MapScan[] } | null = null;
    return (list: readonly ViewerScan[]) => {
      if (last?.list === list) return last.result;
      const hidden = new Set(hiddenKey ? hiddenKey.split('\n') : []);
      const result: MapScan[] = [];
      for (const scan of list) {
        if (hidden.has(scan.id)) continue;
        const entry = byId.get(scan.id);
        if (entry) result.push(entry);
      }
      last = { list, result };
      return result;
    };
  }, [byId, hiddenKey]);
  const mapScans = useMemo(() => toMap(filtered), [toMap, filtered]);
  return { mapScans, toMap };
}
