import { TransferError } from '../../lib/transfer-error.ts';
import type { PutRequest, TransferLane, Transport } from './upload-api.ts';
import type { WorkerReply, WorkerRequest } from './worker-messages.ts';

/** Each lane is one Web Worker; a File or a slice of it is posted to the worker, not copied. */
export const workerTransport: Transport = {
  createLane(): TransferLane {
    const worker = new Worker(new URL('./upload.worker.ts', import.meta.url), { type: 'module' });
    let nextId = 1;
    return {
      put(request: PutRequest, onProgress: (loaded: number) => void) {
        const id = nextId++;
        return new Promise((resolve, reject) => {
          const handleMessage = (event: MessageEvent<WorkerReply>) => {
            const message = event.data;
            if (message.id !== id) return;
            if (message.type === 'progress') {
              onProgress(message.loaded);
              return;
            }
            worker.removeEventListener('message', handleMessage);
            worker.removeEventListener('error', handleError);
            if (message.type === 'done') resolve({ eTag: message.eTag });
            else reject(new TransferError(message.message, message.status));
          };
          const handleError = (event: ErrorEvent) => {
            worker.removeEventListener('message', handleMessage);
            worker.removeEventListener('error', handleError);
            reject(new Error(event.message || 'The upload worker failed'));
          };
          worker.addEventListener('message', handleMessage);
          worker.addEventListener('error', handleError);
          const message: WorkerRequest = { id, ...request };
          worker.postMessage(message);
        });
      },
      dispose() {
        worker.terminate();
      },
    };
  },
};
