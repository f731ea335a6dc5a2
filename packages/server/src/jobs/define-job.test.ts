import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_MAX_ATTEMPTS, defineJob, exponentialBackoff } from './define-job.ts';

describe('exponentialBackoff', () => {
  it('doubles from the base and stops at one hour', () => {
    expect([1, 2, 3, 4].map((attempt) => exponentialBackoff(attempt))).toEqual([
      5_000, 10_000, 20_000, 40_000,
    ]);
    expect(exponentialBackoff(30)).toBe(3_600_000);
  });
});

describe('defineJob', () => {
  it('fills in the default retry policy', () => {
    const job = defineJob({ kind: 'x', schema: z.object({}), run: async () => {} });
    expect(job.maxAttempts).toBe(DEFAULT_MAX_ATTEMPTS);
    expect(job.backoffMs(2)).toBe(10_000);
  });

  it('puts a kind in the interactive lane unless it says background', () => {
    const run = async () => {};
    expect(defineJob({ kind: 'x', schema: z.object({}), run }).lane).toBe('interactive');
    expect(defineJob({ kind: 'y', schema: z.object({}), lane: 'background', run }).lane).toBe(
      'background',
    );
  });
});
