import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { scanSummaryService } from './scan-summary.service.ts';
import { startSummaryRefresher } from './summary-refresher.ts';

const db = {} as Db;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startSummaryRefresher', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs one round at a time, reports what it computed and its failures, and stops', async () => {
    let running = 0;
    let overlapped = false;
    let rounds = 0;
    vi.spyOn(scanSummaryService, 'refreshKept').mockImplementation(async () => {
      running++;
      overlapped ||= running > 1;
      rounds++;
      // Each round takes longer than the interval.
      await wait(30);
      running--;
      if (rounds === 2) throw new Error('database gone');
      return rounds === 1 ? [7] : [];
    });
    const refreshed: number[][] = [];
    const errors: unknown[] = [];
    const refresher = startSummaryRefresher(db, {
      intervalMs: 5,
      onRefreshed: (ids) => refreshed.push(ids),
      onError: (error) => errors.push(error),
    });
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(3), { timeout: 2_000 });
    await refresher.stop();
    const stoppedAt = rounds;
    expect(running).toBe(0);
    expect(overlapped).toBe(false);
    expect(refreshed).toEqual([[7]]);
    expect(errors.map((e) => (e as Error).message)).toEqual(['database gone']);
    await wait(50);
    expect(rounds).toBe(stoppedAt);
  });
});
