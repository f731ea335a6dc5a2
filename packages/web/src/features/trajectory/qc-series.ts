import { formatDistanceKm, formatPercent, formatQuantity } from './trajectory-format.ts';

/** The QC objects a run links to (docs/trajectory-processing.md, 'QC objects'). */
export interface AmbStatusQc {
  kind: 'ambStatus';
  time: string[];
  q: number[];
  status: string[];
}

export interface NumSatsQc {
  kind: 'numSats';
  time: string[];
  numSats: number[];
}

export interface SeparationQc {
  kind: 'altitudeSeparations' | 'distanceSeparations';
  time: string[];
  separation: (number | null)[];
}

export interface TrajectoryAudit {
  kind: 'trajectoryAudit';
  epochs?: number;
  fixed?: number;
  float?: number;
  single?: number;
  fixedPercent?: number;
  floatPercent?: number;
  rmsAltitudeSeparation?: number | null;
  rmsDistanceSeparation?: number | null;
  meanDistanceSeparation?: number | null;
  baselineKm?: number | null;
  thresholdPercent?: number;
  passed?: boolean;
  reason?: string | null;
  basestations?: { id: number | string; epochs: number; fixed: number; baselineKm: number }[];
  rtklib?: { program?: string; version?: string; optionsVersion?: string };
}

export type QcObject = AmbStatusQc | NumSatsQc | SeparationQc | TrajectoryAudit;
export type QcKind = QcObject['kind'];

/** The most points a chart draws; longer series are thinned evenly, keeping the ends. */
export const MAX_QC_CHART_POINTS = 1500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function arrayOfLength(value: unknown, length: number): value is unknown[] {
  return Array.isArray(value) && value.length === length;
}

/**
 * The QC object of the expected kind, or null when the JSON is not one (a missing field, an
 * array shorter than its times): a broken object draws nothing rather than a wrong chart.
 */
export function parseQcObject<K extends QcKind>(
  json: unknown,
  kind: K,
): Extract<QcObject, { kind: K }> | null {
  if (!isRecord(json) || json.kind !== kind) return null;
  if (kind === 'trajectoryAudit') return json as unknown as Extract<QcObject, { kind: K }>;
  const time = json.time;
  if (!Array.isArray(time) || !time.every((t) => typeof t === 'string')) return null;
  const fields: Record<Exclude<QcKind, 'trajectoryAudit'>, string[]> = {
    ambStatus: ['q', 'status'],
    numSats: ['numSats'],
    altitudeSeparations: ['separation'],
    distanceSeparations: ['separation'],
  };
  const ok = fields[kind as Exclude<QcKind, 'trajectoryAudit'>].every((field) =>
    arrayOfLength(json[field], time.length),
  );
  return ok ? (json as unknown as Extract<QcObject, { kind: K }>) : null;
}

/** Indexes of at most `max` entries spread evenly over `length`, first and last included. */
export function evenIndexes(length: number, max = MAX_QC_CHART_POINTS): number[] {
  if (length <= max) return Array.from({ length }, (_, i) => i);
  const step = (length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => Math.round(i * step));
}

export interface TimeSeries {
  time: Date[];
  values: (number | null)[];
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A value against time, thinned for drawing; unreadable values become gaps. */
export function timeSeries(times: readonly string[], values: readonly unknown[]): TimeSeries {
  const time: Date[] = [];
  const out: (number | null)[] = [];
  for (const i of evenIndexes(times.length)) {
    const at = Date.parse(times[i] ?? '');
    if (!Number.isFinite(at)) continue;
    time.push(new Date(at));
    out.push(numberOrNull(values[i]));
  }
  return { time, values: out };
}

/** The ambiguity states drawn, best first, with the level each is drawn at. */
export const AMBIGUITY_LEVELS = [
  { status: 'fix', label: 'Fix', level: 3, color: '#2e7d32' },
  { status: 'float', label: 'Float', level: 2, color: '#ed6c02' },
  { status: 'single', label: 'Single', level: 1, color: '#d32f2f' },
] as const;

export interface AmbiguityPoint {
  id: number;
  x: number;
  y: number;
}

/** One scatter series per ambiguity state: the epochs in that state at its level. */
export function ambiguitySeries(qc: AmbStatusQc): Record<string, AmbiguityPoint[]> {
  const series: Record<string, AmbiguityPoint[]> = {};
  for (const { status } of AMBIGUITY_LEVELS) series[status] = [];
  for (const i of evenIndexes(qc.time.length)) {
    const at = Date.parse(qc.time[i] ?? '');
    const status = String(qc.status[i] ?? '').toLowerCase();
    const level = AMBIGUITY_LEVELS.find((entry) => entry.status === status);
    if (!Number.isFinite(at) || !level) continue;
    series[status]?.push({ id: i, x: at, y: level.level });
  }
  return series;
}

/** The label of an ambiguity level on the chart's axis ('' between levels). */
export function ambiguityLevelLabel(level: number): string {
  return AMBIGUITY_LEVELS.find((entry) => entry.level === level)?.label ?? '';
}

/** 'HH:MM:SS' of a time in UTC, for chart axes. */
export function formatClockUtc(time: Date | number): string {
  const date = typeof time === 'number' ? new Date(time) : time;
  return Number.isFinite(date.getTime()) ? date.toISOString().slice(11, 19) : '?';
}

/** The audit as label and value lines, the outcome last: 'Passed' or 'Not passed: why'. */
export function auditSummary(audit: TrajectoryAudit): { label: string; value: string }[] {
  const count = (value: number | undefined) => (value === undefined ? '' : String(value));
  const lines = [
    { label: 'Epochs', value: count(audit.epochs) },
    { label: 'Fixed', value: formatPercent(audit.fixedPercent) },
    { label: 'Float', value: formatPercent(audit.floatPercent) },
    { label: 'RMS altitude separation', value: formatQuantity(audit.rmsAltitudeSeparation, 'm') },
    {
      label: 'RMS horizontal separation',
      value: formatQuantity(audit.rmsDistanceSeparation, 'm'),
    },
    {
      label: 'Baseline',
      value:
        audit.baselineKm === null || audit.baselineKm === undefined
          ? ''
          : `${formatDistanceKm(audit.baselineKm)} km`,
    },
  ];
  const outcome =
    audit.passed === true
      ? 'Passed'
      : audit.passed === false
        ? `Not passed${audit.reason ? `: ${audit.reason}` : ''}`
        : '';
  return [...lines, { label: 'Result', value: outcome }].filter((line) => line.value !== '');
}
