import { describe, expect, it } from 'vitest';
import { nextJobTimestamps, parseActivityLogSort } from './activity-log-rules.ts';

const t0 = new Date('2024-05-01T10:00:00Z');
const t1 = new Date('2024-05-01T10:05:00Z');
const t2 = new Date('2024-05-01T10:09:00Z');

describe('activity log sort', () => {
  it('defaults to created descending and accepts whitelisted fields only', () => {
    expect(parseActivityLogSort(undefined)).toEqual({ field: 'created', direction: 'desc' });
    expect(parseActivityLogSort('status')).toEqual({ field: 'status', direction: 'asc' });
    expect(parseActivityLogSort('completed:DESC')).toEqual({
      field: 'completed',
      direction: 'desc',
    });
    expect(parseActivityLogSort('message:asc')).toBeUndefined();
    expect(parseActivityLogSort('created:up')).toBeUndefined();
    expect(parseActivityLogSort('created:asc:x')).toBeUndefined();
  });
});

describe('job timestamps', () => {
  it('stamps each transition and keeps them on a repeated status', () => {
    const submitted = nextJobTimestamps(undefined, 'Submitted', t0);
    expect(submitted).toEqual({ submitted: t0, started: null, completed: null });
    const started = nextJobTimestamps({ ...submitted, status: 'Submitted' }, 'Started', t1);
    expect(started).toEqual({ submitted: t0, started: t1, completed: null });
    expect(nextJobTimestamps({ ...started, status: 'Started' }, 'Started', t2)).toEqual(started);
    const done = nextJobTimestamps({ ...started, status: 'Started' }, 'Completed', t2);
    expect(done).toEqual({ submitted: t0, started: t1, completed: t2 });
  });

  it('starts over on resubmission and treats a first Error as submitted and completed', () => {
    const failed = nextJobTimestamps(undefined, 'Error', t0);
    expect(failed).toEqual({ submitted: t0, started: null, completed: t0 });
    expect(nextJobTimestamps({ ...failed, status: 'Error' }, 'Submitted', t1)).toEqual({
      submitted: t1,
      started: null,
      completed: null,
    });
    expect(
      nextJobTimestamps(
        { submitted: t0, started: t1, completed: null, status: 'Started' },
        'Hung',
        t2,
      ),
    ).toEqual({ submitted: t0, started: t1, completed: null });
  });
});
