/// <reference lib="webworker" />
/**
 * A background upload worker: PUTs one file or part at a time with XMLHttpRequest (for upload
 * progress events) and answers with the ETag header the store sends back.
 */
import type { WorkerReply, WorkerRequest } from './worker-messages.ts';

declare const self: DedicatedWorkerGlobalScope;

function reply(message: WorkerReply): void {
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const { id, url, body, contentType } = event.data;
  const xhr = new XMLHttpRequest();
  xhr.open('PUT', url);
  if (contentType) xhr.setRequestHeader('Content-Type', contentType);
  xhr.upload.onprogress = (progress) => reply({ id, type: 'progress', loaded: progress.loaded });
  xhr.onload = () => {
    if (xhr.status >= 200 && xhr.status < 300) {
      reply({ id, type: 'done', eTag: xhr.getResponseHeader('ETag') ?? '' });
    } else {
      reply({
        id,
        type: 'error',
        status: xhr.status,
        message: `Upload answered HTTP ${xhr.status}`,
      });
    }
  };
  xhr.onerror = () => reply({ id, type: 'error', message: 'Network error during upload' });
  xhr.ontimeout = () => reply({ id, type: 'error', message: 'Upload timed out' });
  xhr.send(body);
};
