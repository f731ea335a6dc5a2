import { describe, expect, it } from 'vitest';
import {
  isVisibleProgress,
  MAX_ATTEMPTS,
  partCount,
  partSizeFor,
  retryDelayMs,
} from './multipart-plan.ts';
import {
  canSelectAll,
  canSkipExisting,
  defaultSelection,
  redundantItems,
  skipExisting,
  uploadButtonLabel,
} from './redundant-selection.ts';
import {
  jobChipLabel,
  jobColor,
  jobRateText,
  overallProgress,
  overallProgressText,
  showsOverallProgress,
  sortUploadJobs,
  type UploadJob,
} from './upload-jobs.ts';

const job = (change: Partial<UploadJob>): UploadJob => ({
  id: 'j',
  filename: 'a.luxlz',
  size: 1000,
  uploadType: 'single-part',
  state: 'notStarted',
  uploadedBytes: 0,
  percent: 0,
  bytesPerSecond: null,
  error: null,
  createdAt: 0,
  startedAt: null,
  ...change,
});

describe('upload jobs', () => {
  it('labels the chip by state', () => {
    expect(jobChipLabel(job({}))).toBe('In Queue');
    expect(jobChipLabel(job({ state: 'uploading', percent: 41.6 }))).toBe('42%');
    expect(jobChipLabel(job({ state: 'error', percent: 12.2 }))).toBe('Error (12% complete)');
    expect(jobChipLabel(job({ state: 'complete', percent: 100 }))).toBe('Complete');
  });

  it('colours complete green and errors red', () => {
    expect(jobColor(job({ state: 'complete' }))).toBe('success');
    expect(jobColor(job({ state: 'error' }))).toBe('error');
    expect(jobColor(job({ state: 'uploading' }))).toBe('primary');
  });

  it('sorts by state, then creation time', () => {
    const sorted = sortUploadJobs([
      job({ id: 'done', state: 'complete', createdAt: 1 }),
      job({ id: 'q2', createdAt: 3 }),
      job({ id: 'q1', createdAt: 2 }),
      job({ id: 'up', state: 'uploading', createdAt: 5 }),
      job({ id: 'err', state: 'error', createdAt: 0 }),
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual(['up', 'q1', 'q2', 'err', 'done']);
  });

  it('sums the overall progress', () => {
    const progress = overallProgress([
      job({ size: 1024 * 1024, uploadedBytes: 1024 * 1024, state: 'complete' }),
      job({ size: 1024 * 1024, uploadedBytes: 0 }),
    ]);
    expect(progress.percent).toBe(50);
    expect(overallProgressText(progress)).toBe(
      'Uploaded 1.00 MB of 2.00 MB (50%), 1 of 2 file(s) complete',
    );
  });

  it('shows the overall progress only while the batch is under way, never at 0 or 100 %', () => {
    const MIB = 1024 * 1024;
    const shows = (jobs: UploadJob[]) => showsOverallProgress(jobs, overallProgress(jobs));
    const done = job({ size: MIB, uploadedBytes: MIB, state: 'complete' });
    expect(shows([done, job({ size: MIB, uploadedBytes: MIB / 2, state: 'uploading' })])).toBe(
      true,
    );
    expect(shows([job({ size: MIB }), job({ size: MIB })])).toBe(false);
    expect(shows([done, job({ size: MIB, uploadedBytes: MIB, state: 'complete' })])).toBe(false);
    expect(shows([done, job({ size: MIB, state: 'error' })])).toBe(false);
    expect(shows([])).toBe(false);
  });

  it('shows rate and time remaining while uploading', () => {
    expect(
      jobRateText(
        job({
          state: 'uploading',
          size: 3 * 1024 * 1024,
          uploadedBytes: 1024 * 1024,
          bytesPerSecond: 1024 * 1024,
        }),
      ),
    ).toBe('1.0 MB/s · 2 seconds remaining');
    expect(jobRateText(job({}))).toBe('');
  });
});

describe('multipart plan', () => {
  it('uses 8 MiB parts, larger for files that would need over 10,000', () => {
    expect(partSizeFor(100)).toBe(8 * 1024 * 1024);
    expect(partCount(20 * 1024 * 1024, partSizeFor(20 * 1024 * 1024))).toBe(3);
    const huge = 200 * 1024 ** 3;
    expect(partCount(huge, partSizeFor(huge))).toBeLessThanOrEqual(10_000);
  });

  it('ignores progress steps under 0.1 %', () => {
    expect(isVisibleProgress(10, 10.05)).toBe(false);
    expect(isVisibleProgress(10, 10.1)).toBe(true);
    expect(isVisibleProgress(99.99, 100)).toBe(true);
  });
});

describe('the redundant-upload choice', () => {
  const items = redundantItems(
    [
      { name: 'same.luxlz', size: 10 },
      { name: 'differs.luxlz', size: 20 },
      { name: 'new.luxiz', size: 30 },
    ],
    [
      { filename: 'same.luxlz', size: 10 },
      { filename: 'differs.luxlz', size: 25 },
    ],
  );

  it('pre-selects existing files only when their size differs', () => {
    expect([...defaultSelection(items)].sort()).toEqual(['differs.luxlz', 'new.luxiz']);
  });

  it('offers Select all while some are unchecked and Skip while an existing one is checked', () => {
    const selected = defaultSelection(items);
    expect(canSelectAll(items, selected)).toBe(true);
    expect(canSkipExisting(items, selected)).toBe(true);
    const skipped = skipExisting(items, selected);
    expect([...skipped]).toEqual(['new.luxiz']);
    expect(canSkipExisting(items, skipped)).toBe(false);
    expect(uploadButtonLabel(skipped.size)).toBe('Upload 1 File(s)');
  });
});

describe('retry delays', () => {
  it('double from 0.5 s up to 8 s and ride out half a minute of an unreachable server', () => {
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) => retryDelayMs(index + 1));
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThanOrEqual(30_000);
  });
});
