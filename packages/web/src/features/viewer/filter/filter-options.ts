import {
  DEFAULT_TAG_OPTIONS,
  type FilterableScan,
  tagFilterOptions,
  utcDay,
} from '@asset-portal/shared';

/** The choices the filter panel offers for the scans of one project. */
export interface FilterOptions {
  types: string[];
  devices: string[];
  /** '(Empty)' first, then the default tags and every tag in use, sorted. */
  tags: string[];
  /** Scans captured on each UTC day: only these days can be picked. */
  scanCountByDay: Map<string, number>;
}

const byText = (a: string, b: string) => a.localeCompare(b);

/** Distinct types, devices, tags and capture days of the scans. */
export function filterOptionsOf(scans: readonly FilterableScan[]): FilterOptions {
  const types = new Set<string>();
  const devices = new Set<string>();
  const tags = new Set<string>(DEFAULT_TAG_OPTIONS);
  const scanCountByDay = new Map<string, number>();
  for (const scan of scans) {
    if (scan.type) types.add(scan.type);
    if (scan.deviceId) devices.add(scan.deviceId);
    for (const tag of scan.tags ?? []) tags.add(tag);
    const day = utcDay(scan.capturedTimestamp);
    if (day) scanCountByDay.set(day, (scanCountByDay.get(day) ?? 0) + 1);
  }
  return {
    types: [...types].sort(byText),
    devices: [...devices].sort(byText),
    tags: tagFilterOptions([...tags].sort(byText)),
    scanCountByDay,
  };
}
