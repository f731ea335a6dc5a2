import {
  BASESTATION_STATUSES,
  type BasestationStatus,
  TRAJECTORY_RUN_STATUSES,
  type TrajectoryRunStatus,
} from '@asset-portal/shared';

/** Colours an MUI Chip takes. */
export type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error';

const UNKNOWN = '?';

/** 'YYYY-MM-DD HH:MM:SS' in UTC, '' when missing, '?' when not a date. */
export function formatUtc(timestamp: string | null | undefined): string {
  if (!timestamp) return '';
  const time = Date.parse(timestamp);
  if (!Number.isFinite(time)) return UNKNOWN;
  const iso = new Date(time).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** 'start – end' in UTC; the end alone drops its date when it is the same day. */
export function formatPeriod(
  start: string | null | undefined,
  end: string | null | undefined,
): string {
  const from = formatUtc(start);
  const to = formatUtc(end);
  if (!from && !to) return '';
  if (from.length === 19 && to.length === 19 && from.slice(0, 10) === to.slice(0, 10)) {
    return `${from} – ${to.slice(11)}`;
  }
  return `${from} – ${to}`;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A GeoJSON-ordered [lon, lat] position as 'lat, lon' (6 decimals); '?' when not a position. */
export function formatPoint(coordinates: readonly (number | null)[] | null | undefined): string {
  if (!coordinates) return '';
  const [lon, lat] = coordinates;
  if (!isNumber(lon) || !isNumber(lat)) return UNKNOWN;
  return `${lat.toFixed(6)}, ${lon.toFixed(6)}`;
}

/** Kilometres with 2 decimals, '?' for anything that is not a number. */
export function formatDistanceKm(km: unknown): string {
  return isNumber(km) ? km.toFixed(2) : UNKNOWN;
}

/** A number with a unit, or '' when missing, e.g. formatQuantity(1.5, 'm') === '1.500 m'. */
export function formatQuantity(value: unknown, unit: string, decimals = 3): string {
  if (value === null || value === undefined) return '';
  return isNumber(value) ? `${value.toFixed(decimals)} ${unit}` : UNKNOWN;
}

/** A percentage with one decimal, or '' when missing. */
export function formatPercent(value: unknown): string {
  if (value === null || value === undefined) return '';
  return isNumber(value) ? `${value.toFixed(1)} %` : UNKNOWN;
}

const RUN_COLORS: Record<TrajectoryRunStatus, ChipColor> = {
  Submitted: 'default',
  'In progress': 'info',
  Completed: 'success',
  Hung: 'warning',
  Failed: 'error',
};

/** Chip colour of a processing run's status. */
export function runStatusColor(status: string): ChipColor {
  return RUN_COLORS[status as TrajectoryRunStatus] ?? 'default';
}

/** A run still being worked on: the screens poll while one is. */
export function isRunActive(status: string): boolean {
  return status === 'Submitted' || status === 'In progress';
}

const BASESTATION_COLORS: Record<BasestationStatus, ChipColor> = {
  Submitted: 'default',
  Processing: 'info',
  Ready: 'success',
  Failed: 'error',
};

/** Chip colour of a base station's status: grey/blue while read, green Ready, red Failed. */
export function basestationStatusColor(status: string): ChipColor {
  return BASESTATION_COLORS[status as BasestationStatus] ?? 'default';
}

/** A base station still being read: the screen polls while one is. */
export function isBasestationActive(status: string): boolean {
  return status === BASESTATION_STATUSES[0] || status === BASESTATION_STATUSES[1];
}

/** How many runs have each status, in the order of the statuses, without the absent ones. */
export function runStatusCounts(
  runs: readonly { status: string }[],
): { status: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const run of runs) counts.set(run.status, (counts.get(run.status) ?? 0) + 1);
  const known: readonly string[] = TRAJECTORY_RUN_STATUSES;
  const order = [...known, ...[...counts.keys()].filter((status) => !known.includes(status))];
  return order
    .filter((status) => counts.has(status))
    .map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** The fixed share of a run's audit (its `metrics`), or null when it has none yet. */
export function fixedPercentOf(metrics: unknown): number | null {
  if (!metrics || typeof metrics !== 'object') return null;
  const value = (metrics as { fixedPercent?: unknown }).fixedPercent;
  return isNumber(value) ? value : null;
}

/** Newest first by submission time (runs without one last). */
export function newestRunsFirst<T extends { submitted?: string | null; id: string }>(
  runs: readonly T[],
): T[] {
  const time = (run: T) => Date.parse(run.submitted ?? '') || 0;
  return [...runs].sort((a, b) => time(b) - time(a) || Number(b.id) - Number(a.id));
}

/** Whether a search text looks like a base-station id (ids are whole numbers). */
export function isBasestationIdSearch(search: string): boolean {
  return /^\d+$/.test(search.trim());
}

export interface SearchableSession {
  sessionId: string;
  trajectoryProcessingRuns?: readonly { basestationIds: readonly (number | string)[] }[];
}

/**
 * Whether a session row matches the search box. A base-station id (a whole number) that matched
 * sessions shows those sessions and the ones processed with it; any other text matches session
 * ids containing it (any case) and, when a number, the sessions processed with that base station.
 */
export function sessionMatchesSearch(
  session: SearchableSession,
  search: string,
  matchedSessionIds: ReadonlySet<string> = new Set(),
): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  const processedWith =
    isBasestationIdSearch(text) &&
    (session.trajectoryProcessingRuns ?? []).some((run) =>
      run.basestationIds.some((id) => String(id) === text),
    );
  if (isBasestationIdSearch(text) && matchedSessionIds.size > 0) {
    return matchedSessionIds.has(session.sessionId) || processedWith;
  }
  return session.sessionId.toLowerCase().includes(text) || processedWith;
}

export interface SearchableBasestation {
  id: string;
  filename: string;
  markerName?: string | null;
}

/** Whether a base-station row matches the search box: its exact id, or part of its names. */
export function basestationMatchesSearch(basestation: SearchableBasestation, search: string) {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  if (basestation.id === text) return true;
  return [basestation.filename, basestation.markerName ?? ''].some((value) =>
    value.toLowerCase().includes(text),
  );
}
