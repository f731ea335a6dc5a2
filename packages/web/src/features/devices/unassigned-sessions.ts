import type { UnassignedScansQuery } from '../../graphql/generated/graphql.ts';

/** A scan in no project, as the unassignedScans query gives it. */
export type UnassignedScanItem = UnassignedScansQuery['unassignedScans'][number];

/** One row of the Unassigned scans table: a session and how many of its scans are in no project. */
export interface UnassignedSessionRow {
  /** The session id, or the scan id for a scan without a session (it cannot be assigned). */
  key: string;
  sessionId: string | null;
  deviceId: string;
  capturedStart: string | null;
  capturedEnd: string | null;
  scanCount: number;
  scanNames: string[];
}

const earlier = (a: string | null, b: string | null) =>
  a === null || (b !== null && b < a) ? b : a;
const later = (a: string | null, b: string | null) => (a === null || (b !== null && b > a) ? b : a);

/**
 * Groups the scans by session, because a session moves into a project as a whole; the captured
 * period spans all of its unassigned scans. Newest capture first.
 */
export function groupBySession(scans: readonly UnassignedScanItem[]): UnassignedSessionRow[] {
  const rows = new Map<string, UnassignedSessionRow>();
  for (const scan of scans) {
    const key = scan.sessionId ?? scan.id;
    const row = rows.get(key) ?? {
      key,
      sessionId: scan.sessionId,
      deviceId: scan.deviceId ?? '',
      capturedStart: null,
      capturedEnd: null,
      scanCount: 0,
      scanNames: [],
    };
    row.capturedStart = earlier(row.capturedStart, scan.capturedTimestamp);
    row.capturedEnd = later(row.capturedEnd, scan.endCapturedTimestamp ?? scan.capturedTimestamp);
    row.scanCount += 1;
    row.scanNames.push(scan.friendlyName || scan.id);
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) =>
    (b.capturedStart ?? '').localeCompare(a.capturedStart ?? ''),
  );
}
