import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { scanSummaryService } from './scan-summary.service.ts';
import { startSummaryRefresher } from './summary-refresher.ts';

const db = {} as Db;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startSummaryRefresher', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refreshes one round at a time, reports its failures, and stops', async () => {
    let running = 0;
    let overlapped = false;
    let rounds = 0;
    vi.spyOn(scanSummaryService, 'prepareLargeProjects').mockResolvedValue([]);
    vi.spyOn(scanSummaryService, 'prepareGrown').mockResolvedValue({
      versions: new Map(),
      prepared: [],
    });
    vi.spyOn(scanSummaryService, 'refreshKept').mockImplementation(async () => {
      running++;
      overlapped ||= running > 1;
      rounds++;
      // Each round takes longer than the interval.
      await wait(30);
      running--;
      if (rounds === 2) throw new Error('database gone');
      return [];
    });
    const errors: unknown[] = [];
    const refresher = startSummaryRefresher(db, {
      intervalMs: 5,
      onError: (error) => errors.push(error),
    });
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(3), { timeout: 2_000 });
    await refresher.stop();
    const stoppedAt = rounds;
    expect(running).toBe(0);
    expect(overlapped).toBe(false);
    expect(errors.map((e) => (e as Error).message)).toEqual(['database gone']);
    await wait(50);
    expect(rounds).toBe(stoppedAt);
  });

  it('prepares the large projects at once, then only every prepare interval', async () => {
    let rounds = 0;
    vi.spyOn(scanSummaryService, 'refreshKept').mockImplementation(async () => {
      rounds++;
      return [];
    });
    vi.spyOn(scanSummaryService, 'prepareGrown').mockResolvedValue({
      versions: new Map(),
      prepared: [],
    });
    const prepare = vi
      .spyOn(scanSummaryService, 'prepareLargeProjects')
      .mockResolvedValueOnce([4, 9])
      .mockResolvedValue([]);
    const prepared: number[][] = [];
    const refresher = startSummaryRefresher(db, {
      intervalMs: 5,
      prepareIntervalMs: 200,
      onPrepared: (ids) => prepared.push(ids),
    });
    await vi.waitFor(() => expect(prepare).toHaveBeenCalledTimes(1), { timeout: 1_000 });
    expect(prepared).toEqual([[4, 9]]);
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(5), { timeout: 1_000 });
    // Several refresh rounds, still one preparation.
    expect(prepare).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(prepare).toHaveBeenCalledTimes(2), { timeout: 2_000 });
    await refresher.stop();
    // Nothing prepared the second time: nothing more reported.
    expect(prepared).toEqual([[4, 9]]);
  });

  it('looks for grown projects every round, from the versions of the round before', async () => {
    vi.spyOn(scanSummaryService, 'refreshKept').mockResolvedValue([]);
    vi.spyOn(scanSummaryService, 'prepareLargeProjects').mockResolvedValue([]);
    const looks: (ReadonlyMap<number, string> | undefined)[] = [];
    vi.spyOn(scanSummaryService, 'prepareGrown').mockImplementation(async (_db, seen) => {
      looks.push(seen);
      const versions = new Map([[7, String(looks.length)]]);
      return { versions, prepared: looks.length === 3 ? [7] : [] };
    });
    const prepared: number[][] = [];
    const refresher = startSummaryRefresher(db, {
      intervalMs: 5,
      onPrepared: (ids) => prepared.push(ids),
    });
    await vi.waitFor(() => expect(looks.length).toBeGreaterThanOrEqual(4), { timeout: 1_000 });
    await refresher.stop();
    // The first look has nothing to compare with; each later one gets the last look's versions.
    expect(looks[0]).toBeUndefined();
    expect(looks.slice(1, 4).map((seen) => seen?.get(7))).toEqual(['1', '2', '3']);
    expect(prepared).toEqual([[7]]);
  });

  it('stores the parts computed at the end of every round, a failed one too', async () => {
    const order: string[] = [];
    let rounds = 0;
    vi.spyOn(scanSummaryService, 'refreshKept').mockImplementation(async () => {
      rounds++;
      order.push(`refresh ${rounds}`);
      if (rounds === 1) throw new Error('database busy');
      return [];
    });
    vi.spyOn(scanSummaryService, 'prepareLargeProjects').mockResolvedValue([]);
    vi.spyOn(scanSummaryService, 'prepareGrown').mockResolvedValue({
      versions: new Map(),
      prepared: [],
    });
    vi.spyOn(scanSummaryService, 'storeComputedParts').mockImplementation(async () => {
      order.push('store');
      return 0;
    });
    const errors: unknown[] = [];
    const refresher = startSummaryRefresher(db, {
      intervalMs: 5,
      onError: (error) => errors.push(error),
    });
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(2), { timeout: 1_000 });
    await refresher.stop();
    expect(order.slice(0, 4)).toEqual(['refresh 1', 'store', 'refresh 2', 'store']);
    expect(errors.map((e) => (e as Error).message)).toEqual(['database busy']);
  });
});
