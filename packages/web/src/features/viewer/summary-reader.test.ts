import { encodeScanSummary } from '@asset-portal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryWorkerRequest } from './summary.worker.ts';

/** A stand-in for the browser's Worker: records what the page sends, answers when told. */
class FakeWorker {
  static made: FakeWorker[] = [];
  readonly sent: SummaryWorkerRequest[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(readonly url: URL | string) {
    FakeWorker.made.push(this);
  }
  postMessage(message: SummaryWorkerRequest) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

const doc = encodeScanSummary(3, [
  {
    id: 'SC-1',
    friendlyName: null,
    sessionId: null,
    assignmentType: null,
    deviceId: null,
    type: null,
    tags: [],
    comment: null,
    capturedTimestamp: null,
    path: [[1, 2]],
    artifacts: [],
  },
]);

// The reader keeps its worker for the page: each test loads it afresh.
async function freshReader() {
  vi.resetModules();
  return import('./summary-reader.ts');
}

describe('reading summaries in the summary worker', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('location', { href: 'http://portal.test/viewer' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the worker for the absolute URL with the known ETag and takes its answer', async () => {
    const { readSummary } = await freshReader();
    const read = readSummary(
      '/api/projects/3/scan-summary',
      'W/"v1"',
      new AbortController().signal,
    );
    const [worker] = FakeWorker.made;
    expect(worker?.sent).toEqual([
      {
        type: 'load',
        id: 1,
        url: 'http://portal.test/api/projects/3/scan-summary',
        knownEtag: 'W/"v1"',
      },
    ]);
    worker?.onmessage?.({ data: { id: 1, answer: { kind: 'same' } } });
    expect(await read).toEqual({ kind: 'same' });
  });

  it('tells the worker when a read is abandoned', async () => {
    const { readSummary } = await freshReader();
    const abort = new AbortController();
    void readSummary('/api/projects/3/scan-summary', null, abort.signal);
    abort.abort();
    expect(FakeWorker.made[0]?.sent.at(-1)).toEqual({ type: 'cancel', id: 1 });
  });

  it('reads in the page when the worker cannot run, then and from then on', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(doc), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { readSummary } = await freshReader();
    const pending = readSummary('/api/projects/3/scan-summary', null, new AbortController().signal);
    const [worker] = FakeWorker.made;
    worker?.onerror?.();
    expect(worker?.terminated).toBe(true);
    const answer = await pending;
    expect(answer.kind === 'loaded' && answer.scans.map((scan) => scan.id)).toEqual(['SC-1']);
    await readSummary('/api/projects/3/scan-summary', null, new AbortController().signal);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(FakeWorker.made).toHaveLength(1);
  });
});
