import { open } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { decodeLazChunks } from './laz-records.ts';
import type { LazTask } from './laz-threads.ts';

/** Worker thread: decodes the chunk runs it is sent, one after the other, in order. */
let queue = Promise.resolve();
parentPort!.on('message', (task: LazTask) => {
  queue = queue.then(async () => {
    try {
      const handle = await open(task.path, 'r');
      try {
        const records = await decodeLazChunks(handle, task.format, task.chunks);
        parentPort!.postMessage({ id: task.id, ok: true, records }, [
          records.buffer as ArrayBuffer,
        ]);
      } finally {
        await handle.close();
      }
    } catch (error) {
      parentPort!.postMessage({
        id: task.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
});
