import { parentPort } from 'node:worker_threads';
import { buildChunk, type ChunkTask } from './build-chunk.ts';

/** Worker thread: builds the chunks it is sent, one at a time. */
parentPort!.on('message', (task: ChunkTask) => {
  buildChunk(task).then(
    (built) => parentPort!.postMessage({ ok: true, built }),
    (error: unknown) =>
      parentPort!.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
