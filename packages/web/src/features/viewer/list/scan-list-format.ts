import {
  filterStatusOf,
  type ScanFilterStatus,
  type ScanWithArtifacts,
} from '@asset-portal/shared';

/** 'YYYY-MM-DD HH:MM UTC', or '' when the time is missing or invalid. */
export function formatCapturedTime(timestamp: string | null | undefined): string {
  if (!timestamp) return '';
  const time = Date.parse(timestamp);
  if (!Number.isFinite(time)) return '';
  const iso = new Date(time).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** ' · 2024-05-01 10:07 UTC' after the scan's session; nothing for a scan with no time. */
export function capturedSuffix(timestamp: string | null | undefined): string {
  const captured = formatCapturedTime(timestamp);
  return captured ? ` · ${captured}` : '';
}

/** The number of pages of `count` rows, at least one. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The page to show: the asked one, or the last one when the list became shorter. */
export function clampPage(page: number, count: number, pageSize: number): number {
  return Math.min(Math.max(0, page), pageCount(count, pageSize) - 1);
}

/** The rows of one page. */
export function pageRows<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const start = clampPage(page, rows.length, pageSize) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** The status chip of a scan: its filter status and the chip colour that goes with it. */
export function statusChipOf(scan: ScanWithArtifacts): {
  label: ScanFilterStatus;
  color: 'success' | 'warning' | 'default';
} {
  const label = filterStatusOf(scan);
  return {
    label,
    color: label === 'Final' ? 'success' : label === 'Provisional' ? 'warning' : 'default',
  };
}

/** What the scan list says when it shows no rows: loading, an empty project, or the filter. */
export function emptyListText(loading: boolean, projectScans: number): string {
  if (projectScans > 0) return 'No scans match the filter.';
  return loading ? 'Loading scans…' : 'This project has no scans yet.';
}
