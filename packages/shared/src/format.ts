/** Display helpers for sizes, rates and durations (spec §8, §9). They return '?' for bad input. */
import { SIZE_THRESHOLD_BYTES } from './constants.ts';

const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;

function isValidAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** '512 B', '1.5 KB', '2.0 MB', '3.2 GB'; '?' for NaN, negative or non-numbers. */
export function formatSize(bytes: unknown, decimals = 1): string {
  if (!isValidAmount(bytes)) return '?';
  if (bytes < SIZE_THRESHOLD_BYTES) return `${bytes} B`;
  let value = bytes;
  let unit: (typeof SIZE_UNITS)[number] = 'KB';
  for (const candidate of SIZE_UNITS) {
    value /= 1024;
    unit = candidate;
    if (value < 1024) break;
  }
  return `${value.toFixed(Math.max(0, decimals))} ${unit}`;
}

/** Transfer rate such as '1.5 MB/s'; '?' for invalid input. */
export function formatRate(bytesPerSecond: unknown, decimals = 1): string {
  const size = formatSize(bytesPerSecond, decimals);
  return size === '?' ? size : `${size}/s`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** '45 seconds', '3 minutes', '2 hours', '1 day'; '?' for invalid input. */
export function formatTimeRemaining(seconds: unknown): string {
  if (!isValidAmount(seconds)) return '?';
  if (seconds < 60) return plural(Math.round(seconds), 'second');
  const minutes = seconds / 60;
  if (minutes < 60) return plural(Math.round(minutes), 'minute');
  const hours = minutes / 60;
  if (hours < 24) return plural(Math.round(hours), 'hour');
  return plural(Math.round(hours / 24), 'day');
}

/** Percent of bytes done, 0..100; 0 when the total is unknown. */
export function progressPercent(uploadedBytes: number, totalBytes: number): number {
  if (!(totalBytes > 0) || !(uploadedBytes >= 0)) return 0;
  return Math.min(100, (uploadedBytes / totalBytes) * 100);
}

/** Upload progress is displayed unless it is exactly 0 or 100. */
export function shouldShowProgress(percent: number): boolean {
  return Number.isFinite(percent) && percent !== 0 && percent !== 100;
}

export interface UploadChipState {
  isComplete?: boolean;
  hasError?: boolean;
  hasStarted?: boolean;
  isUploading?: boolean;
  percent: number;
}

/** Chip text of an upload: 'Complete', 'N%', 'Error (N% complete)' or 'In Queue'. */
export function uploadChipLabel(job: UploadChipState): string {
  const percent = Math.round(Number.isFinite(job.percent) ? job.percent : 0);
  if (job.isComplete) return 'Complete';
  if (job.hasError) return `Error (${percent}% complete)`;
  if (job.hasStarted || job.isUploading) return `${percent}%`;
  return 'In Queue';
}

/** '1 scan', '3 scans', '1,204 scans': a count with its noun in the number it needs. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
