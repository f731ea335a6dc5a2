import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatRate,
  formatSize,
  formatTimeRemaining,
  progressPercent,
  shouldShowProgress,
  uploadChipLabel,
} from './format.ts';

describe('formatSize', () => {
  it('uses bytes below 1024 and factors of 1024 above', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1.0 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatSize(3.25 * 1024 ** 3, 2)).toBe('3.25 GB');
    expect(formatSize(2048 * 1024 ** 3)).toBe('2048.0 GB');
  });

  it.each([Number.NaN, -1, Number.POSITIVE_INFINITY, '12', null, undefined])(
    'returns ? for %s',
    (value) => {
      expect(formatSize(value)).toBe('?');
      expect(formatRate(value)).toBe('?');
      expect(formatTimeRemaining(value)).toBe('?');
    },
  );

  it('formats rates', () => {
    expect(formatRate(2 * 1024 * 1024)).toBe('2.0 MB/s');
  });
});

describe('formatTimeRemaining', () => {
  it('uses seconds, minutes, hours and days', () => {
    expect(formatTimeRemaining(1)).toBe('1 second');
    expect(formatTimeRemaining(45)).toBe('45 seconds');
    expect(formatTimeRemaining(180)).toBe('3 minutes');
    expect(formatTimeRemaining(7200)).toBe('2 hours');
    expect(formatTimeRemaining(86400 * 3)).toBe('3 days');
  });
});

describe('upload progress', () => {
  it('computes and shows progress', () => {
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(5, 0)).toBe(0);
    expect(shouldShowProgress(0)).toBe(false);
    expect(shouldShowProgress(100)).toBe(false);
    expect(shouldShowProgress(42)).toBe(true);
  });

  it('labels chips', () => {
    expect(uploadChipLabel({ isComplete: true, percent: 100 })).toBe('Complete');
    expect(uploadChipLabel({ hasError: true, percent: 41.6 })).toBe('Error (42% complete)');
    expect(uploadChipLabel({ isUploading: true, percent: 10 })).toBe('10%');
    expect(uploadChipLabel({ percent: 0 })).toBe('In Queue');
  });

  it('counts in the singular for one, the plural otherwise', () => {
    expect(countOf(1, 'scan')).toBe('1 scan');
    expect(countOf(0, 'scan')).toBe('0 scans');
    expect(countOf(1204, 'scan')).toBe('1,204 scans');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
