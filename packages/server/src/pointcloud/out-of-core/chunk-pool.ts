import { Worker } from 'node:worker_threads';
import { type BuiltChunk, buildChunk, type ChunkTask } from './build-chunk.ts';

const largestFirst = (a: ChunkTask, b: ChunkTask) => b.chunk.count - a.chunk.count;

/**
 * Builds chunks in `threads` worker threads (0: in this thread, one after the other), largest
 * first so the last ones to finish are short: the `tasks` given, and those `later` yields while
 * they are built (the chunks of the coarse cells split meanwhile). `onBuilt` runs in this thread
 * as each chunk ends; an error in a chunk, in `onBuilt` or in `later` stops the pool and is
 * thrown, once `later` has stopped too.
 */
export async function buildChunks(
  tasks: ChunkTask[],
  threads: number,
  onBuilt: (built: BuiltChunk) => Promise<void> | void,
  later?: AsyncIterable<ChunkTask[]>,
): Promise<void> {
  const queue = [...tasks].sort(largestFirst);
  if (threads <= 0) {
    for (const task of queue) await onBuilt(await buildChunk(task));
    for await (const batch of later ?? []) {
      for (const task of [...batch].sort(largestFirst)) await onBuilt(await buildChunk(task));
    }
    return;
  }
  const workers: Worker[] = [];
  let feeding: Promise<void> = Promise.resolve();
  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      let failed = false;
      let fed = later === undefined;
      const idle: Worker[] = [];
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        reject(error);
      };
      const next = (worker: Worker) => {
        if (failed) return;
        const task = queue.shift();
        if (!task) {
          idle.push(worker);
          if (fed && running === 0) resolve();
          return;
        }
        running++;
        worker.postMessage(task);
      };
      const count = later ? threads : Math.min(threads, queue.length);
      for (let i = 0; i < count; i++) {
        const worker = new Worker(new URL('./chunk-worker.mjs', import.meta.url));
        workers.push(worker);
        worker.on('error', fail);
        worker.on('exit', (code) => {
          if (code !== 0) fail(new Error(`A level-of-detail worker thread stopped (code ${code})`));
        });
        worker.on(
          'message',
          (reply: { ok: true; built: BuiltChunk } | { ok: false; message: string }) => {
            running--;
            if (!reply.ok) {
              fail(new Error(reply.message));
              return;
            }
            Promise.resolve(onBuilt(reply.built)).then(() => next(worker), fail);
          },
        );
        next(worker);
      }
      if (later) {
        feeding = (async () => {
          for await (const batch of later) {
            // Stops the splits too: nothing is written to the work files after a failure.
            if (failed) return;
            queue.push(...batch);
            queue.sort(largestFirst);
            for (let n = idle.length; n > 0 && queue.length > 0; n--) next(idle.shift()!);
          }
          fed = true;
          if (running === 0 && queue.length === 0) resolve();
        })().catch(fail);
      } else if (queue.length === 0 && running === 0) {
        resolve();
      }
    });
  } finally {
    await feeding;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
