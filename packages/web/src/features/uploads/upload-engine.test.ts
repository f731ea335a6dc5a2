import { describe, expect, it } from 'vitest';
import { TransferError } from '../../lib/transfer-error.ts';
import { MAX_ATTEMPTS } from './multipart-plan.ts';
import { memoryResumeStore, type ResumeRecord } from './resume-records.ts';
import type {
  PutRequest,
  StoredPart,
  TransferLane,
  Transport,
  UploadApi,
  UploadLogEntry,
} from './upload-api.ts';
import { UploadEngine, type UploadEngineOptions } from './upload-engine.ts';
import type { UploadJob } from './upload-jobs.ts';

const KIB = 1024;

function fileOf(name: string, size: number, seed = 1): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) % 251;
  return new File([bytes], name, { lastModified: 1 });
}

/** A store that keeps parts by URL and can fail chosen attempts. */
class FakeServer implements UploadApi, Transport {
  logs: UploadLogEntry[] = [];
  puts: string[] = [];
  completed: { filename: string; eTags: string }[] = [];
  confirmed: string[] = [];
  stored = new Map<string, StoredPart[]>();
  /** URL → statuses to answer before succeeding (undefined = network error). */
  failures = new Map<string, (number | undefined)[]>();
  /** URLs whose PUT hands over the whole body, then fails (as when the network goes down). */
  failAfterSending = new Set<string>();
  /** Resolves PUTs only when released, to observe the queue. */
  hold = false;
  private held: (() => void)[] = [];
  active = 0;
  maxActive = 0;

  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }

  async signedUrl(filename: string) {
    return { uploadUrl: `single/${filename}`, key: `packages/${filename}` };
  }
  /** Part URLs the first answer holds (the real server signs up to 100). */
  presignedAtOnce = Number.POSITIVE_INFINITY;
  signingCalls: number[][] = [];
  lanesCreated = 0;
  /** Holds the multipart start or the activity log until released, to observe what runs meanwhile. */
  multipartGate: Promise<void> | null = null;
  logGate: Promise<void> | null = null;
  events: string[] = [];
  async multipartInfo(filename: string, numberOfParts: number) {
    await this.multipartGate;
    return {
      uploadId: `up-${filename}`,
      parts: Array.from({ length: Math.min(numberOfParts, this.presignedAtOnce) }, (_, i) => ({
        partNumber: i + 1,
        signedUrl: `part/${filename}/${i + 1}`,
      })),
    };
  }
  /** How many re-signing calls fail as if the server were restarting. */
  unreachableSigning = 0;
  async partUrls(filename: string, _uploadId: string, partNumbers: number[]) {
    if (this.unreachableSigning > 0) {
      this.unreachableSigning -= 1;
      throw new TransferError('The server could not be reached: TypeError: Failed to fetch');
    }
    this.signingCalls.push(partNumbers);
    return partNumbers.map((partNumber) => ({
      partNumber,
      signedUrl: `part/${filename}/${partNumber}`,
    }));
  }
  async storedParts(_filename: string, uploadId: string) {
    return this.stored.get(uploadId) ?? [];
  }
  async completeMultipart(filename: string, _uploadId: string, eTags: string) {
    this.events.push('complete');
    this.completed.push({ filename, eTags });
  }
  async abortMultipart() {}
  async confirmUpload(filename: string) {
    this.confirmed.push(filename);
  }
  async logActivity(entry: UploadLogEntry) {
    await this.logGate;
    this.events.push(`log ${entry.status}`);
    this.logs.push(entry);
  }

  createLane(): TransferLane {
    this.lanesCreated += 1;
    return {
      put: async (request: PutRequest, onProgress: (loaded: number) => void) => {
        this.active += 1;
        this.maxActive = Math.max(this.maxActive, this.active);
        try {
          if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
          this.events.push('put');
          this.puts.push(request.url);
          if (this.failAfterSending.has(request.url)) {
            onProgress(request.body.size);
            throw new TransferError('The server could not be reached', 400);
          }
          const planned = this.failures.get(request.url);
          if (planned && planned.length > 0) {
            const status = planned.shift();
            throw new TransferError('failed', status);
          }
          onProgress(request.body.size / 2);
          onProgress(request.body.size);
          return { eTag: `"etag-${request.url}"` };
        } finally {
          this.active -= 1;
        }
      },
      dispose() {},
    };
  }
}

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function engineWith(server: FakeServer, options: Partial<UploadEngineOptions> = {}) {
  return new UploadEngine({
    api: server,
    transport: server,
    resumeStore: memoryResumeStore(),
    sleep: async () => {},
    partSize: () => 10 * KIB,
    ...options,
  });
}

async function settled(engine: UploadEngine): Promise<UploadJob[]> {
  for (let i = 0; i < 200 && engine.isBusy(); i++) await new Promise((r) => setTimeout(r, 1));
  return engine.jobs.get();
}

describe('the upload engine', () => {
  it('runs at most the configured number of files at once and queues the rest', async () => {
    const server = new FakeServer();
    server.hold = true;
    const engine = engineWith(server, {
      settings: { simultaneousUploads: 2, useMultipart: false },
    });
    engine.enqueue([fileOf('a.luxlz', 100), fileOf('b.luxlz', 100), fileOf('c.luxlz', 100)]);
    await new Promise((r) => setTimeout(r, 5));
    expect(engine.jobs.get().map((job) => job.state)).toEqual([
      'starting',
      'starting',
      'notStarted',
    ]);
    expect(server.active).toBe(2);
    for (let i = 0; i < 5; i++) {
      server.release();
      await new Promise((r) => setTimeout(r, 5));
    }
    const jobs = await settled(engine);
    expect(jobs.map((job) => job.state)).toEqual(['complete', 'complete', 'complete']);
    expect(server.maxActive).toBe(2);
    expect(server.confirmed).toEqual(['a.luxlz', 'b.luxlz', 'c.luxlz']);
  });

  it('logs start and completion with the file size', async () => {
    const server = new FakeServer();
    const engine = engineWith(server, {
      settings: { simultaneousUploads: 3, useMultipart: false },
    });
    const [job] = engine.enqueue([fileOf('a.luxlz', 300)]);
    await settled(engine);
    expect(server.logs.map((log) => [log.referenceKey, log.status, log.metrics])).toEqual([
      [job!.id, 'Started', { fileSize: 300 }],
      [job!.id, 'Completed', { fileSize: 300 }],
    ]);
  });

  it('sends multipart parts on up to 3 workers and completes with the ETags in part order', async () => {
    const server = new FakeServer();
    server.hold = true;
    const engine = engineWith(server);
    engine.enqueue([fileOf('big.luxlz', 45 * KIB)]);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.active).toBe(3);
    server.hold = false;
    server.release();
    const [job] = await settled(engine);
    expect(job?.state).toBe('complete');
    expect(job?.uploadType).toBe('multipart');
    expect(server.completed).toEqual([
      {
        filename: 'big.luxlz',
        eTags: [1, 2, 3, 4, 5].map((n) => `"etag-part/big.luxlz/${n}"`).join(','),
      },
    ]);
  });

  it('retries a part on network errors and 5xx, then succeeds', async () => {
    const server = new FakeServer();
    server.failures.set('part/r.luxlz/2', [undefined, 503, 500]);
    const engine = engineWith(server);
    engine.enqueue([fileOf('r.luxlz', 25 * KIB)]);
    const [job] = await settled(engine);
    expect(job?.state).toBe('complete');
    expect(server.puts.filter((url) => url === 'part/r.luxlz/2')).toHaveLength(4);
  });

  it('keeps retrying while the server restarts and cannot re-sign part URLs', async () => {
    const server = new FakeServer();
    server.failures.set('part/s.luxlz/2', [undefined]);
    server.unreachableSigning = 2;
    const engine = engineWith(server);
    engine.enqueue([fileOf('s.luxlz', 25 * KIB)]);
    const [job] = await settled(engine);
    expect(job?.state).toBe('complete');
    expect(server.unreachableSigning).toBe(0);
    expect(server.completed).toHaveLength(1);
  });

  it(`fails after ${MAX_ATTEMPTS} tries and records the error text`, async () => {
    const server = new FakeServer();
    server.failures.set('part/f.luxlz/1', Array(MAX_ATTEMPTS + 1).fill(500));
    const engine = engineWith(server);
    engine.enqueue([fileOf('f.luxlz', 15 * KIB)]);
    const [job] = await settled(engine);
    expect(job?.state).toBe('error');
    expect(server.puts.filter((url) => url === 'part/f.luxlz/1')).toHaveLength(MAX_ATTEMPTS);
    expect(server.logs.at(-1)).toMatchObject({
      status: 'Error',
      message: 'Upload of f.luxlz failed: failed',
    });
    expect(server.completed).toEqual([]);
  });

  it('shows, after a failure, only the parts the server confirmed as done', async () => {
    const server = new FakeServer();
    server.failAfterSending.add('part/g.luxlz/2');
    const engine = engineWith(server);
    engine.enqueue([fileOf('g.luxlz', 30 * KIB)]);
    const [job] = await settled(engine);
    expect(job?.state).toBe('error');
    // Parts 1 and 3 were stored; part 2's bytes were handed over but never stored.
    expect(job?.uploadedBytes).toBe(20 * KIB);
    expect(job?.percent).toBeCloseTo(200 / 3, 5);
  });

  it('shows nothing done after a single upload failed', async () => {
    const server = new FakeServer();
    server.failAfterSending.add('single/s.luxlz');
    const engine = engineWith(server, {
      settings: { simultaneousUploads: 3, useMultipart: false },
    });
    engine.enqueue([fileOf('s.luxlz', 10 * KIB)]);
    const [job] = await settled(engine);
    expect(job?.state).toBe('error');
    expect(job?.percent).toBe(0);
  });

  it('does not retry a 4xx other than an expired URL', async () => {
    const server = new FakeServer();
    server.failures.set('single/x.luxlz', [400]);
    const engine = engineWith(server, {
      settings: { simultaneousUploads: 3, useMultipart: false },
    });
    engine.enqueue([fileOf('x.luxlz', 10)]);
    const [job] = await settled(engine);
    expect(job?.state).toBe('error');
    expect(server.puts).toEqual(['single/x.luxlz']);
  });

  it('ignores progress changes under 0.1 percent', async () => {
    const server = new FakeServer();
    const seen: number[] = [];
    const lane: TransferLane = {
      async put(_request, onProgress) {
        for (let loaded = 0; loaded <= 100_000; loaded += 10) onProgress(loaded);
        return { eTag: '"e"' };
      },
      dispose() {},
    };
    const engine = engineWith(server, {
      transport: { createLane: () => lane },
      settings: { simultaneousUploads: 1, useMultipart: false },
    });
    engine.jobs.subscribe(() => {
      const job = engine.jobs.get()[0];
      if (job?.state === 'uploading') seen.push(job.percent);
    });
    engine.enqueue([fileOf('p.luxlz', 100_000)]);
    await settled(engine);
    // 10,001 callbacks, but only steps of at least 0.1 % reach the screen.
    expect(seen.length).toBeLessThanOrEqual(1001);
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]! - seen[i - 1]!).toBeGreaterThanOrEqual(0.1 - 1e-9);
  });

  it('shows progress at most every 200 ms, and always the last step', async () => {
    const server = new FakeServer();
    let clock = 0;
    const shown: { percent: number; at: number }[] = [];
    const lane: TransferLane = {
      async put(_request, onProgress) {
        // 1,000 callbacks 1 ms apart, each 1 % further.
        for (let loaded = 1_000; loaded <= 100_000; loaded += 1_000) {
          clock += 1;
          onProgress(loaded);
        }
        return { eTag: '"e"' };
      },
      dispose() {},
    };
    const engine = engineWith(server, {
      transport: { createLane: () => lane },
      settings: { simultaneousUploads: 1, useMultipart: false },
      now: () => clock,
    });
    engine.jobs.subscribe(() => {
      const job = engine.jobs.get()[0];
      if (job?.state === 'uploading') shown.push({ percent: job.percent, at: clock });
    });
    engine.enqueue([fileOf('t.luxlz', 100_000)]);
    await settled(engine);
    expect(shown.map((update) => update.percent)).toEqual([1, 100]);
    expect(engine.jobs.get()[0]?.state).toBe('complete');
  });

  it('clears finished jobs when new files come while nothing is pending', async () => {
    const server = new FakeServer();
    const engine = engineWith(server);
    engine.enqueue([fileOf('one.luxlz', 10)]);
    await settled(engine);
    expect(engine.jobs.get()).toHaveLength(1);
    engine.enqueue([fileOf('two.luxlz', 10)]);
    expect(engine.jobs.get().map((job) => job.filename)).toEqual(['two.luxlz']);
  });

  it('resumes an unfinished multipart upload, sending only the missing parts', async () => {
    const server = new FakeServer();
    const resumeStore = memoryResumeStore();
    const file = fileOf('resume.luxlz', 35 * KIB);
    server.failures.set('part/resume.luxlz/3', [400]);
    const first = engineWith(server, { resumeStore });
    first.enqueue([file]);
    expect((await settled(first))[0]?.state).toBe('error');
    const [record] = await resumeStore.list();
    expect(record).toMatchObject({
      filename: 'resume.luxlz',
      size: 35 * KIB,
      uploadId: 'up-resume.luxlz',
    });
    expect(first.resumable.get()).toHaveLength(1);

    // After a reload: the store already holds parts 1, 2 and 4.
    server.stored.set('up-resume.luxlz', [
      { partNumber: 1, eTag: '"s1"', size: 10 * KIB },
      { partNumber: 2, eTag: '"s2"', size: 10 * KIB },
      { partNumber: 4, eTag: '"s4"', size: 5 * KIB },
    ]);
    server.puts = [];
    const second = engineWith(server, { resumeStore });
    await second.loadResumable();
    await expect(
      second.resume(record as ResumeRecord, fileOf('resume.luxlz', 35 * KIB, 2)),
    ).rejects.toThrow('resume.luxlz has changed since the upload started');
    await expect(
      second.resume(record as ResumeRecord, fileOf('other.luxlz', 35 * KIB)),
    ).rejects.toThrow('Pick resume.luxlz to resume this upload');
    const job = await second.resume(record as ResumeRecord, file);
    expect(job.id).toBe(record?.id);
    const [done] = await settled(second);
    expect(done?.state).toBe('complete');
    expect(server.puts).toEqual(['part/resume.luxlz/3']);
    expect(server.completed.at(-1)?.eTags).toBe('"s1","s2","etag-part/resume.luxlz/3","s4"');
    expect(await resumeStore.list()).toEqual([]);
  });

  it('sends parts while the Started entry is written, and completes only after it', async () => {
    const server = new FakeServer();
    const log = gate();
    server.logGate = log.promise;
    const engine = engineWith(server);
    engine.enqueue([fileOf('early.luxlz', 25 * KIB)]);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.puts).toHaveLength(3);
    expect(server.completed).toEqual([]);
    log.open();
    const [job] = await settled(engine);
    expect(job?.state).toBe('complete');
    expect(server.events.filter((event) => event !== 'put')).toEqual([
      'log Started',
      'complete',
      'log Completed',
    ]);
  });

  it('writes the Error entry after the Started entry', async () => {
    const server = new FakeServer();
    const log = gate();
    server.logGate = log.promise;
    server.failures.set('single/late.luxlz', [400]);
    const engine = engineWith(server, {
      settings: { simultaneousUploads: 1, useMultipart: false },
    });
    engine.enqueue([fileOf('late.luxlz', 10)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(server.logs).toEqual([]);
    log.open();
    await settled(engine);
    // The row shows the error at once; the entry follows the Started one.
    for (let i = 0; i < 50 && server.logs.length < 2; i++)
      await new Promise((r) => setTimeout(r, 1));
    expect(server.logs.map((entry) => entry.status)).toEqual(['Started', 'Error']);
  });

  it('starts the part workers while the multipart upload is being created', async () => {
    const server = new FakeServer();
    const start = gate();
    server.multipartGate = start.promise;
    const engine = engineWith(server);
    engine.enqueue([fileOf('warm.luxlz', 45 * KIB)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(server.lanesCreated).toBe(3);
    expect(server.puts).toEqual([]);
    start.open();
    expect((await settled(engine))[0]?.state).toBe('complete');
    expect(server.lanesCreated).toBe(3);
  });

  it('signs the parts the first answer lacks in batches, not one call per part', async () => {
    const server = new FakeServer();
    server.presignedAtOnce = 4;
    const engine = engineWith(server, { partSize: () => 5 * KIB });
    engine.enqueue([fileOf('many.luxlz', 60 * 5 * KIB)]);
    const [job] = await settled(engine);
    expect(job?.state).toBe('complete');
    expect(new Set(server.puts).size).toBe(60);
    // 56 parts without a URL: a handful of calls, every part signed once.
    expect(server.signingCalls.length).toBeLessThanOrEqual(4);
    expect(server.signingCalls.flat().sort((a, b) => a - b)).toEqual(
      Array.from({ length: 56 }, (_, i) => i + 5),
    );
  });

  it('goes on when the resume record cannot be saved', async () => {
    const server = new FakeServer();
    const failing = memoryResumeStore();
    failing.save = async () => {
      throw new Error('QuotaExceededError');
    };
    const errors = console.error;
    console.error = () => {};
    try {
      const engine = engineWith(server, { resumeStore: failing });
      engine.enqueue([fileOf('noted.luxlz', 25 * KIB)]);
      expect((await settled(engine))[0]?.state).toBe('complete');
      expect(server.completed).toHaveLength(1);
    } finally {
      console.error = errors;
    }
  });

  it('counts log writes once they have reached the server, the Error entry included', async () => {
    const server = new FakeServer();
    server.failures.set('single/counted.luxlz', [400]);
    const engine = engineWith(server, {
      settings: { simultaneousUploads: 1, useMultipart: false },
    });
    const seen: string[][] = [];
    engine.logWrites.subscribe(() => seen.push(server.logs.map((entry) => entry.status)));
    engine.enqueue([fileOf('counted.luxlz', 10)]);
    await settled(engine);
    for (let i = 0; i < 50 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 1));
    expect(seen).toEqual([['Started'], ['Started', 'Error']]);
    expect(engine.logWrites.get()).toBe(2);
  });
});
