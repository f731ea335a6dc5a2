/// <reference lib="webworker" />
import { pathBuffers, requestSummary } from './summary-request.ts';

/** A request from the page: load a summary, or abandon the one of that id. */
export type SummaryWorkerRequest =
  | { type: 'load'; id: number; url: string; knownEtag: string | null }
  | { type: 'cancel'; id: number };

// Loads and decodes project summaries off the page's main thread: with 10,000 scans, reading
// and decoding take a few hundred milliseconds that the page spends drawing the screen instead.
const running = new Map<number, AbortController>();

self.onmessage = async (event: MessageEvent<SummaryWorkerRequest>) => {
  const request = event.data;
  if (request.type === 'cancel') {
    running.get(request.id)?.abort();
    return;
  }
  const abort = new AbortController();
  running.set(request.id, abort);
  const answer = await requestSummary(request.url, request.knownEtag, abort.signal);
  running.delete(request.id);
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(
    { id: request.id, answer },
    pathBuffers(answer),
  );
};
