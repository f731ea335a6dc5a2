/** The viewer's scan filter (spec §5 Scan filter), shared by the viewer and bulk processing. */
import { COMMENT_MAX, SCAN_ID_MAX, SESSION_ID_MAX } from './constants.ts';
import {
  filterStatusOf,
  SCAN_STATUS_ALL,
  type ScanFilterStatus,
  type ScanStatusOption,
  type ScanWithArtifacts,
} from './scan-status.ts';

/** Tag filter value matching scans without tags. */
export const EMPTY_TAG = '(Empty)';

export interface FilterableScan extends ScanWithArtifacts {
  id: string;
  friendlyName?: string | null;
  sessionId?: string | null;
  type?: string | null;
  deviceId?: string | null;
  comment?: string | null;
  tags?: readonly string[] | null;
  capturedTimestamp?: string | number | Date | null;
}

export interface ScanFilter {
  sessionId: string;
  type: string;
  scanId: string;
  status: ScanStatusOption | '';
  comment: string;
  deviceId: string;
  tags: string[];
  /** UTC days 'YYYY-MM-DD': one means "on", two mean "from … to" inclusive. */
  dates: string[];
  /** 'Filter to selected scans'. */
  onlySelected?: boolean;
  /** 'Filter to annotated scans'. */
  onlyAnnotated?: boolean;
}

export interface ScanFilterResult<T> {
  scans: T[];
  /** Set when the filter leaves nothing to show. */
  noresults: boolean;
}

/** A filter that matches everything. */
export function emptyScanFilter(): ScanFilter {
  return {
    sessionId: '',
    type: '',
    scanId: '',
    status: SCAN_STATUS_ALL,
    comment: '',
    deviceId: '',
    tags: [],
    dates: [],
    onlySelected: false,
    onlyAnnotated: false,
  };
}

/** True when any criterion is set. */
export function isFilterActive(filter: ScanFilter): boolean {
  return (
    filter.sessionId.trim() !== '' ||
    filter.type !== '' ||
    filter.scanId.trim() !== '' ||
    (filter.status !== '' && filter.status !== SCAN_STATUS_ALL) ||
    filter.comment.trim() !== '' ||
    filter.deviceId !== '' ||
    filter.tags.length > 0 ||
    filter.dates.length > 0 ||
    Boolean(filter.onlySelected) ||
    Boolean(filter.onlyAnnotated)
  );
}

const MS_PER_DAY = 86_400_000;
// Scans cluster on few days, so formatting each day once keeps indexing cheap.
const dayCache = new Map<number, string>();
const UTC_ISO_PATTERN = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]00:?00))?$/;

/** The UTC day 'YYYY-MM-DD' of a timestamp, or null when it is not a valid date. */
export function utcDay(timestamp: string | number | Date | null | undefined): string | null {
  if (timestamp === null || timestamp === undefined || timestamp === '') return null;
  // Fast path for UTC ISO strings (what the API returns): Date parsing dominates indexing.
  if (typeof timestamp === 'string' && UTC_ISO_PATTERN.test(timestamp))
    return timestamp.slice(0, 10);
  const time =
    timestamp instanceof Date
      ? timestamp.getTime()
      : typeof timestamp === 'number'
        ? timestamp
        : Date.parse(timestamp);
  if (!Number.isFinite(time)) return null;
  const dayNumber = Math.floor(time / MS_PER_DAY);
  let day = dayCache.get(dayNumber);
  if (day === undefined) {
    day = new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
    dayCache.set(dayNumber, day);
  }
  return day;
}

interface IndexedScan<T> {
  scan: T;
  id: string;
  idText: string;
  sessionText: string;
  commentText: string;
  day: string | null;
  status: ScanFilterStatus;
  tags: readonly string[];
}

// Scan lists are replaced, never mutated, so the lowercase texts are computed once per list.
const indexCache = new WeakMap<readonly FilterableScan[], IndexedScan<FilterableScan>[]>();

function indexScans<T extends FilterableScan>(scans: readonly T[]): IndexedScan<T>[] {
  const cached = indexCache.get(scans);
  if (cached) return cached as IndexedScan<T>[];
  const index = scans.map((scan) => ({
    scan,
    id: scan.id,
    idText: `${scan.id}\n${scan.friendlyName ?? ''}`.toLowerCase(),
    sessionText: (scan.sessionId ?? '').toLowerCase(),
    commentText: (scan.comment ?? '').toLowerCase(),
    day: utcDay(scan.capturedTimestamp),
    status: filterStatusOf(scan),
    tags: scan.tags ?? [],
  }));
  indexCache.set(scans, index);
  return index;
}

function dayRange(dates: readonly string[]): [string, string] | null {
  const days = dates.map((d) => utcDay(d)).filter((d): d is string => d !== null);
  if (days.length === 0) return null;
  days.sort();
  return [days[0]!, days[days.length - 1]!];
}

/**
 * Applies the filter: substring (case-insensitive) on session id, scan id and comment, exact on
 * device and type, any-match on tags, a day or a day range on the capture time. Selected scans
 * always stay in the result.
 */
export function filterScans<T extends FilterableScan>(
  scans: readonly T[],
  filter: ScanFilter,
  selectedIds: Iterable<string> = [],
  annotatedScanIds: Iterable<string> = [],
): ScanFilterResult<T> {
  if (!isFilterActive(filter)) return { scans: [...scans], noresults: scans.length === 0 };

  const selected = new Set(selectedIds);
  const annotated = filter.onlyAnnotated ? new Set(annotatedScanIds) : null;
  const sessionText = filter.sessionId.trim().toLowerCase();
  const idText = filter.scanId.trim().toLowerCase();
  const commentText = filter.comment.trim().toLowerCase();
  const status = filter.status === SCAN_STATUS_ALL ? '' : filter.status;
  const wantedTags = new Set(filter.tags);
  const wantsUntagged = wantedTags.has(EMPTY_TAG);
  const range = dayRange(filter.dates);

  const matches = (entry: IndexedScan<T>): boolean => {
    if (filter.onlySelected && !selected.has(entry.id)) return false;
    if (annotated && !annotated.has(entry.id)) return false;
    if (sessionText && !entry.sessionText.includes(sessionText)) return false;
    if (idText && !entry.idText.includes(idText)) return false;
    if (commentText && !entry.commentText.includes(commentText)) return false;
    if (filter.type && entry.scan.type !== filter.type) return false;
    if (filter.deviceId && entry.scan.deviceId !== filter.deviceId) return false;
    if (status && entry.status !== status) return false;
    if (wantedTags.size > 0) {
      const tagMatch =
        (wantsUntagged && entry.tags.length === 0) || entry.tags.some((t) => wantedTags.has(t));
      if (!tagMatch) return false;
    }
    if (range && (entry.day === null || entry.day < range[0] || entry.day > range[1])) {
      return false;
    }
    return true;
  };

  const result: T[] = [];
  for (const entry of indexScans(scans)) {
    if (selected.has(entry.id) || matches(entry)) result.push(entry.scan);
  }
  return { scans: result, noresults: result.length === 0 };
}

/** The sorted distinct UTC days on which scans were captured (the only pickable dates). */
export function datesWithScans(scans: readonly FilterableScan[]): string[] {
  const days = new Set<string>();
  for (const entry of indexScans(scans)) {
    if (entry.day) days.add(entry.day);
  }
  return [...days].sort();
}

/** 'on: d' for one date, 'from: d1 to: d2' for two, '' for none. */
export function dateFilterLabel(dates: readonly string[]): string {
  const range = dayRange(dates);
  if (!range) return '';
  return range[0] === range[1] ? `on: ${range[0]}` : `from: ${range[0]} to: ${range[1]}`;
}

/** Tag filter choices: '(Empty)' followed by the project's tag options. */
export function tagFilterOptions(tagOptions: readonly string[]): string[] {
  return [EMPTY_TAG, ...tagOptions.filter((tag) => tag !== EMPTY_TAG)];
}

/** Cuts filter texts to the spec's limits (session id 29, scan id 26, comment 60). */
export function clampScanFilter(filter: ScanFilter): ScanFilter {
  return {
    ...filter,
    sessionId: filter.sessionId.slice(0, SESSION_ID_MAX),
    scanId: filter.scanId.slice(0, SCAN_ID_MAX),
    comment: filter.comment.slice(0, COMMENT_MAX),
  };
}
