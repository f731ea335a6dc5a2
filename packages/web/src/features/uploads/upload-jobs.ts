import {
  formatRate,
  formatSize,
  formatTimeRemaining,
  progressPercent,
  UPLOAD_SUMMARY_SIZE_DECIMALS,
  type UploadType,
  uploadChipLabel,
} from '@asset-portal/shared';

/** The states of an upload job (spec §4): not started, starting, uploading, complete, error. */
export type UploadJobState = 'notStarted' | 'starting' | 'uploading' | 'complete' | 'error';

/** What the screen knows about one upload; the File itself stays inside the engine. */
export interface UploadJob {
  /** Client-generated id, also the activity log's reference key. */
  id: string;
  filename: string;
  size: number;
  uploadType: UploadType;
  state: UploadJobState;
  uploadedBytes: number;
  percent: number;
  /** Bytes per second since the transfer started; null until there is a measure. */
  bytesPerSecond: number | null;
  error: string | null;
  createdAt: number;
  startedAt: number | null;
}

/** The list order: running uploads first, then the queue, then failures, then finished ones. */
const STATE_ORDER: Record<UploadJobState, number> = {
  uploading: 0,
  starting: 1,
  notStarted: 2,
  error: 3,
  complete: 4,
};

/** Uploads sorted by state, then by creation time (spec §2). */
export function sortUploadJobs(jobs: readonly UploadJob[]): UploadJob[] {
  return [...jobs].sort(
    (a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || a.createdAt - b.createdAt,
  );
}

export function isPending(job: UploadJob): boolean {
  return job.state === 'notStarted' || job.state === 'starting' || job.state === 'uploading';
}

/** Whether any upload is queued or active (pauses the idle countdown, drives polling). */
export function hasPendingUploads(jobs: readonly UploadJob[]): boolean {
  return jobs.some(isPending);
}

/** The chip of one upload: 'Complete', 'N%', 'Error (N% complete)' or 'In Queue'. */
export function jobChipLabel(job: UploadJob): string {
  return uploadChipLabel({
    isComplete: job.state === 'complete',
    hasError: job.state === 'error',
    hasStarted: job.state === 'starting' || job.state === 'uploading',
    percent: job.percent,
  });
}

export type JobColor = 'success' | 'error' | 'primary';

/** Progress bar and chip colour: green when complete, red on error. */
export function jobColor(job: UploadJob): JobColor {
  if (job.state === 'complete') return 'success';
  if (job.state === 'error') return 'error';
  return 'primary';
}

/** Seconds left at the current rate; null when it cannot be estimated. */
export function secondsRemaining(job: UploadJob): number | null {
  if (job.state !== 'uploading' || !job.bytesPerSecond || job.bytesPerSecond <= 0) return null;
  return Math.max(0, job.size - job.uploadedBytes) / job.bytesPerSecond;
}

/** 'Rate · time remaining' of a running upload, or '' when there is nothing to say. */
export function jobRateText(job: UploadJob): string {
  const remaining = secondsRemaining(job);
  if (remaining === null || !job.bytesPerSecond) return '';
  return `${formatRate(job.bytesPerSecond)} · ${formatTimeRemaining(remaining)} remaining`;
}

export interface OverallProgress {
  uploadedBytes: number;
  totalBytes: number;
  percent: number;
  completeCount: number;
  fileCount: number;
}

export function overallProgress(jobs: readonly UploadJob[]): OverallProgress {
  const totalBytes = jobs.reduce((sum, job) => sum + job.size, 0);
  const uploadedBytes = jobs.reduce((sum, job) => sum + Math.min(job.uploadedBytes, job.size), 0);
  return {
    uploadedBytes,
    totalBytes,
    percent: progressPercent(uploadedBytes, totalBytes),
    completeCount: jobs.filter((job) => job.state === 'complete').length,
    fileCount: jobs.length,
  };
}

/**
 * The overall display is shown while uploads are under way, unless at 0 or 100 % (spec, limits
 * table); a batch that ended with errors is not under way, though short of 100 %.
 */
export function showsOverallProgress(
  jobs: readonly UploadJob[],
  progress: OverallProgress,
): boolean {
  return hasPendingUploads(jobs) && progress.percent > 0 && progress.percent < 100;
}

/** 'Uploaded 1.50 MB of 3.00 MB (50%), 1 of 2 file(s) complete'. */
export function overallProgressText(progress: OverallProgress): string {
  const size = (bytes: number) => formatSize(bytes, UPLOAD_SUMMARY_SIZE_DECIMALS);
  return (
    `Uploaded ${size(progress.uploadedBytes)} of ${size(progress.totalBytes)} ` +
    `(${Math.round(progress.percent)}%), ${progress.completeCount} of ${progress.fileCount} ` +
    'file(s) complete'
  );
}
