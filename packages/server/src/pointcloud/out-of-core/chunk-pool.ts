import { Worker } from 'node:worker_threads';
import { type BuiltChunk, buildChunk, type ChunkTask } from './build-chunk.ts';

/**
 * Builds chunks in `threads` worker threads (0: in this thread, one after the other), largest
 * first so the last ones to finish are short. `onBuilt` runs in this thread as each chunk ends;
 * an error in a chunk or in `onBuilt` stops the pool and is thrown.
 */
export async function buildChunks(
  tasks: ChunkTask[],
  threads: number,
  onBuilt: (built: BuiltChunk) => Promise<void> | void,
): Promise<void> {
  const queue = [...tasks].sort((a, b) => b.chunk.count - a.chunk.count);
  if (threads <= 0) {
    for (const task of queue) await onBuilt(await buildChunk(task));
    return;
  }
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      let failed = false;
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        reject(error);
      };
      const next = (worker: Worker) => {
        if (failed) return;
        const task = queue.shift();
        if (!task) {
          if (running === 0) resolve();
          return;
        }
        running++;
        worker.postMessage(task);
      };
      for (let i = 0; i < Math.min(threads, queue.length); i++) {
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
      if (queue.length === 0 && running === 0) resolve();
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
