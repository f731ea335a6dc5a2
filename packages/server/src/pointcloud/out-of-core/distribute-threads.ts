import { Worker } from 'node:worker_threads';
import { LasFormatError } from '../../lib/las/las-format-error.ts';
import type { PointRun } from '../../lib/las/point-runs.ts';
import { type BinnedRun, type BinningSetup, type BinTotals, joinTotals } from './cell-binner.ts';

/**
 * The distribution's reading and binning in worker threads: each thread reads (or decodes) whole
 * runs of the file and bins their points, while this thread only appends the binned records to
 * the coarse cell files, run after run in file order, so the files are the same as when one
 * thread does it all. A 200 M-point LAS file's distribution was one thread's work (36–40 s,
 * while the other core waited). At most two runs a thread are in flight, which bounds memory,
 * and their buffers go back and forth instead of being allocated anew.
 */

export type DistributeRequest =
  | { type: 'run'; id: number; run: PointRun }
  /** A run's records written: their buffer goes back to its thread for another run. */
  | { type: 'recycle'; buffer: ArrayBuffer }
  | { type: 'finish' };

export type DistributeReply =
  | { type: 'run'; id: number; ok: true; binned: BinnedRun }
  | { type: 'run'; id: number; ok: false; message: string; format: boolean }
  | { type: 'totals'; totals: BinTotals };

const AHEAD_PER_THREAD = 2;

/**
 * Bins every run in `threads` worker threads (each run's files written by `onRun` in this
 * thread, in the order of `runs`) and returns the totals of all points.
 */
export async function binRunsInThreads(
  runs: readonly PointRun[],
  setup: BinningSetup,
  threads: number,
  onRun: (run: PointRun, binned: BinnedRun) => void,
): Promise<BinTotals> {
  const workers = Array.from(
    { length: Math.max(1, Math.min(threads, runs.length)) },
    () => new Worker(new URL('./distribute-worker.mjs', import.meta.url), { workerData: setup }),
  );
  const waiting = new Map<
    number,
    { resolve: (b: BinnedRun) => void; reject: (e: Error) => void }
  >();
  const totals = new Map<Worker, { resolve: (t: BinTotals) => void; reject: (e: Error) => void }>();
  const results = new Map<number, Promise<BinnedRun>>();
  const failAll = (error: Error) => {
    for (const { reject } of [...waiting.values(), ...totals.values()]) reject(error);
    waiting.clear();
    totals.clear();
  };
  for (const worker of workers) {
    worker.on('message', (reply: DistributeReply) => {
      if (reply.type === 'totals') {
        totals.get(worker)?.resolve(reply.totals);
        totals.delete(worker);
        return;
      }
      const pending = waiting.get(reply.id);
      if (!pending) return;
      waiting.delete(reply.id);
      if (reply.ok) pending.resolve(reply.binned);
      else
        pending.reject(reply.format ? new LasFormatError(reply.message) : new Error(reply.message));
    });
    worker.on('error', (error) =>
      failAll(error instanceof Error ? error : new Error(String(error))),
    );
    worker.on('exit', (code) => {
      if (code !== 0) failAll(new Error(`A point distribution thread stopped (code ${code})`));
    });
  }
  let dispatched = 0;
  const dispatch = () => {
    const id = dispatched++;
    const result = new Promise<BinnedRun>((resolve, reject) =>
      waiting.set(id, { resolve, reject }),
    );
    // Unawaited until its turn: a failure is thrown then, not as an unhandled rejection now.
    result.catch(() => {});
    results.set(id, result);
    const request: DistributeRequest = { type: 'run', id, run: runs[id]! };
    workers[id % workers.length]!.postMessage(request);
  };
  try {
    for (let id = 0; id < runs.length; id++) {
      while (dispatched < runs.length && dispatched < id + AHEAD_PER_THREAD * workers.length) {
        dispatch();
      }
      const binned = await results.get(id)!;
      results.delete(id);
      onRun(runs[id]!, binned);
      // Handed back rather than left to the collector: 200 M points are 6.6 GB of runs, and
      // buffers arriving from threads made this thread collect garbage about a third of its time.
      const { buffer } = binned.records;
      workers[id % workers.length]!.postMessage(
        { type: 'recycle', buffer: buffer as ArrayBuffer } satisfies DistributeRequest,
        [buffer as ArrayBuffer],
      );
    }
    const parts = await Promise.all(
      workers.map((worker) => {
        const part = new Promise<BinTotals>((resolve, reject) =>
          totals.set(worker, { resolve, reject }),
        );
        worker.postMessage({ type: 'finish' } satisfies DistributeRequest);
        return part;
      }),
    );
    return joinTotals(parts);
  } finally {
    failAll(new Error('The point distribution was stopped'));
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
