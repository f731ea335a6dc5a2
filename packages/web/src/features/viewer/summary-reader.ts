import type { SummaryWorkerRequest } from './summary.worker.ts';
import { requestSummary, type SummaryAnswer } from './summary-request.ts';

type Read = (url: string, knownEtag: string | null, signal: AbortSignal) => Promise<SummaryAnswer>;

let worker: Worker | null = null;
let disabled = false;
let nextId = 1;
/** Requests sent to the worker: how to answer each, and how to read it here instead. */
const waiting = new Map<
  number,
  {
    resolve: (answer: SummaryAnswer | Promise<SummaryAnswer>) => void;
    inPage: () => Promise<SummaryAnswer>;
  }
>();

function startWorker(): Worker | null {
  if (disabled || typeof Worker === 'undefined') return null;
  try {
    const started = new Worker(new URL('./summary.worker.ts', import.meta.url), {
      type: 'module',
      name: 'scan-summary',
    });
    started.onmessage = (event: MessageEvent<{ id: number; answer: SummaryAnswer }>) => {
      const { id, answer } = event.data;
      waiting.get(id)?.resolve(answer);
      waiting.delete(id);
    };
    // A worker that cannot run: the page reads the summaries itself from then on.
    started.onerror = () => {
      disabled = true;
      worker = null;
      started.terminate();
      for (const { resolve, inPage } of waiting.values()) resolve(inPage());
      waiting.clear();
    };
    return started;
  } catch {
    return null;
  }
}

/** Starts the summary worker ahead of the first load (the Scans screen is shown). */
export function prepareSummaryReader(): void {
  worker ??= startWorker();
}

/**
 * Reads a project's summary in the summary worker, or in the page where there is none; the
 * decoded scans come over without a copy of their paths.
 */
export const readSummary: Read = (url, knownEtag, signal) => {
  worker ??= startWorker();
  const current = worker;
  if (!current) return requestSummary(url, knownEtag, signal);
  const id = nextId++;
  const send = (message: SummaryWorkerRequest) => current.postMessage(message);
  return new Promise<SummaryAnswer>((resolve) => {
    waiting.set(id, { resolve, inPage: () => requestSummary(url, knownEtag, signal) });
    signal.addEventListener('abort', () => send({ type: 'cancel', id }), { once: true });
    send({ type: 'load', id, url: new URL(url, location.href).href, knownEtag });
  });
};
