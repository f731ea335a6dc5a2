import { Worker } from 'node:worker_threads';
import { LasFormatError } from './las-header.ts';
import type { LazChunk } from './laz-chunk-table.ts';
import type { LazRecordFormat } from './laz-records.ts';

/**
 * Decodes a LAZ file's chunks in worker threads and hands back their records in file order.
 * LASzip chunks are independent, so `threads` decoders each take runs of whole chunks, while the
 * caller works on the runs already decoded: the level-of-detail build's reading pass was bound
 * by one thread decoding (about 1 M points/s). At most two runs a thread are in flight.
 */

/** A run of whole chunks is made at least this many points, so messages stay few. */
const RUN_POINTS = 65_536;

export interface LazTask {
  id: number;
  path: string;
  format: LazRecordFormat;
  chunks: LazChunk[];
}

type Reply =
  | { id: number; ok: true; records: Uint8Array }
  | { id: number; ok: false; message: string };

export interface LazRun {
  /** Index of the run's first point in the file. */
  start: number;
  count: number;
  records: Buffer;
}

/** Consecutive chunks grouped into runs of at least RUN_POINTS points. */
export function chunkRuns(chunks: readonly LazChunk[]): LazChunk[][] {
  const runs: LazChunk[][] = [];
  let run: LazChunk[] = [];
  let points = 0;
  for (const chunk of chunks) {
    run.push(chunk);
    points += chunk.pointCount;
    if (points >= RUN_POINTS) {
      runs.push(run);
      run = [];
      points = 0;
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

export async function* lazRunsInThreads(
  path: string,
  format: LazRecordFormat,
  chunks: readonly LazChunk[],
  threads: number,
): AsyncGenerator<LazRun, void, undefined> {
  const runs = chunkRuns(chunks);
  const workers = Array.from(
    { length: Math.max(1, Math.min(threads, runs.length)) },
    () => new Worker(new URL('./laz-decode-worker.mjs', import.meta.url)),
  );
  const waiting = new Map<
    number,
    { resolve: (r: Uint8Array) => void; reject: (e: Error) => void }
  >();
  const results = new Map<number, Promise<Uint8Array>>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  for (const worker of workers) {
    worker.on('message', (reply: Reply) => {
      const pending = waiting.get(reply.id);
      if (!pending) return;
      waiting.delete(reply.id);
      if (reply.ok) pending.resolve(reply.records);
      else pending.reject(new LasFormatError(reply.message));
    });
    worker.on('error', (error) =>
      failAll(error instanceof Error ? error : new Error(String(error))),
    );
    worker.on('exit', (code) => {
      if (code !== 0) failAll(new Error(`A LAZ decoding thread stopped (code ${code})`));
    });
  }
  let dispatched = 0;
  const dispatch = () => {
    const id = dispatched++;
    const result = new Promise<Uint8Array>((resolve, reject) =>
      waiting.set(id, { resolve, reject }),
    );
    // Unawaited until its turn: a failure is thrown then, not as an unhandled rejection now.
    result.catch(() => {});
    results.set(id, result);
    workers[id % workers.length]!.postMessage({
      id,
      path,
      format,
      chunks: runs[id]!,
    } satisfies LazTask);
  };
  try {
    let start = 0;
    for (let id = 0; id < runs.length; id++) {
      while (dispatched < runs.length && dispatched < id + 2 * workers.length) dispatch();
      const records = await results.get(id)!;
      results.delete(id);
      const count = records.length / format.recordLength;
      yield {
        start,
        count,
        records: Buffer.from(records.buffer, records.byteOffset, records.length),
      };
      start += count;
    }
  } finally {
    failAll(new Error('The LAZ decoding was stopped'));
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
