import { parentPort, workerData } from 'node:worker_threads';
import { LasFormatError } from '../../lib/las/las-format-error.ts';
import { readPointRunRecords } from '../../lib/las/point-runs.ts';
import { type BinningSetup, CellBinner } from './cell-binner.ts';
import type { DistributeReply, DistributeRequest } from './distribute-threads.ts';

/**
 * Worker thread: reads and bins the runs it is sent, one after the other, into the buffers sent
 * back to it; its totals at the end.
 */
const binner = new CellBinner(workerData as BinningSetup);
const spare: Uint8Array[] = [];
let readBuffer: Uint8Array | undefined;
const reply = (message: DistributeReply, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);

let queue = Promise.resolve();
parentPort!.on('message', (request: DistributeRequest) => {
  if (request.type === 'recycle') {
    spare.push(new Uint8Array(request.buffer));
    return;
  }
  queue = queue.then(async () => {
    if (request.type === 'finish') {
      const totals = binner.result();
      reply({ type: 'totals', totals }, totals.counts ? [totals.counts.buffer as ArrayBuffer] : []);
      return;
    }
    const { id, run } = request;
    try {
      const records = await readPointRunRecords(run, readBuffer);
      if (run.kind === 'las' && records.length > (readBuffer?.length ?? 0)) readBuffer = records;
      const binned = binner.bin(records, run.count, run.start, spare.pop());
      reply({ type: 'run', id, ok: true, binned }, [binned.records.buffer as ArrayBuffer]);
    } catch (error) {
      reply({
        type: 'run',
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        format: error instanceof LasFormatError,
      });
    }
  });
});
