import { describe, expect, it } from 'vitest';
import {
  acknowledgeAllMessage,
  acknowledgedCountMessage,
  acknowledgedFilterValue,
  EMPTY_FILTERS,
  metricsFileSize,
  prettyJson,
  statusColor,
} from './activity-log-format.ts';

describe('activity log display helpers', () => {
  it('colours statuses', () => {
    expect(statusColor('Completed')).toBe('success');
    expect(statusColor('Error')).toBe('error');
    expect(statusColor('Failed')).toBe('error');
    expect(statusColor('Hung')).toBe('warning');
    expect(statusColor('Started')).toBe('primary');
    expect(statusColor('Submitted')).toBe('info');
    expect(statusColor('Event')).toBe('default');
  });

  it('pretty-prints JSON and reads the file size of metrics', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(null)).toBe('');
    expect(metricsFileSize({ fileSize: 1536 })).toBe('1.5 KB');
    expect(metricsFileSize({ fileSize: 5 * 1024 ** 3 })).toBe('5.0 GB');
    expect(metricsFileSize({ fileSize: 'x' })).toBe('?');
    expect(metricsFileSize({ other: 1 })).toBeNull();
    expect(metricsFileSize(null)).toBeNull();
  });

  it('maps the acknowledged filter', () => {
    expect(acknowledgedFilterValue('all')).toBeNull();
    expect(acknowledgedFilterValue('acknowledged')).toBe(true);
    expect(acknowledgedFilterValue('unacknowledged')).toBe(false);
  });

  it('words the acknowledge-all question and answer', () => {
    expect(acknowledgeAllMessage(EMPTY_FILTERS, undefined)).toBe(
      'Acknowledge every log of any type, any status, any user?',
    );
    expect(
      acknowledgeAllMessage(
        { ...EMPTY_FILTERS, activityType: 'PackageUpload', status: 'Error', userId: '4' },
        'Sam Standard',
      ),
    ).toBe('Acknowledge every log of type PackageUpload, status Error, user Sam Standard?');
    expect(acknowledgedCountMessage(0)).toBe('No logs needed acknowledging');
    expect(acknowledgedCountMessage(1)).toBe('1 log acknowledged');
    expect(acknowledgedCountMessage(12)).toBe('12 logs acknowledged');
  });
});
