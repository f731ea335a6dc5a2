import {
  CONCURRENT_UPLOADS,
  MULTIPART_WORKERS,
  PACKAGE_CONTENT_TYPE,
  uploadTypeFor,
} from '@asset-portal/shared';
import { createStore, type Store } from '../../lib/create-store.ts';
import {
  isRetryable,
  isVisibleProgress,
  MAX_ATTEMPTS,
  partCount,
  partRange,
  partSizeFor,
  retryDelayMs,
} from './multipart-plan.ts';
import { PartUrls } from './part-urls.ts';
import {
  type ResumeRecord,
  type ResumeStore,
  resumeMismatch,
  sampledHash,
} from './resume-records.ts';
import type { PutRequest, TransferLane, Transport, UploadApi } from './upload-api.ts';
import { hasPendingUploads, type UploadJob } from './upload-jobs.ts';

export interface UploadSettings {
  simultaneousUploads: number;
  useMultipart: boolean;
}

export interface UploadEngineOptions {
  api: UploadApi;
  transport: Transport;
  resumeStore: ResumeStore;
  settings?: UploadSettings;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  newId?: () => string;
  partSize?: (fileSize: number) => number;
  workersPerFile?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
}

/**
 * Progress reaches the screen at most this often per job: each update re-renders the list, and
 * at hundreds of MB/s updates every 0.1 % would cost the browser more CPU than sending the bytes.
 */
export const PROGRESS_MIN_INTERVAL_MS = 200;

interface Pending {
  file: File;
  /** Set when the job continues an unfinished multipart upload. */
  resume?: ResumeRecord;
}

function defaultId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The browser upload engine: a queue running up to N files at once, each a single PUT or a
 * multipart upload on several workers, with retries, progress, the activity log and the
 * records that make multipart uploads resumable after a reload.
 */
export class UploadEngine {
  /** Every job the screen shows. */
  readonly jobs: Store<UploadJob[]> = createStore<UploadJob[]>([]);
  /** Unfinished multipart uploads of earlier page loads, waiting for their file. */
  readonly resumable: Store<ResumeRecord[]> = createStore<ResumeRecord[]>([]);
  /** How many activity-log writes have ended: the screen's log lists look again on each. */
  readonly logWrites: Store<number> = createStore(0);

  private settings: UploadSettings;
  private readonly pending = new Map<string, Pending>();
  private readonly running = new Set<string>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly newId: () => string;
  private readonly partSize: (fileSize: number) => number;
  private readonly workersPerFile: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number | undefined;

  constructor(private readonly options: UploadEngineOptions) {
    this.settings = options.settings ?? {
      simultaneousUploads: CONCURRENT_UPLOADS,
      useMultipart: true,
    };
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.newId = options.newId ?? defaultId;
    this.partSize = options.partSize ?? partSizeFor;
    this.workersPerFile = options.workersPerFile ?? MULTIPART_WORKERS;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.retryBaseMs = options.retryBaseMs;
  }

  getSettings(): UploadSettings {
    return this.settings;
  }

  setSettings(settings: UploadSettings): void {
    this.settings = settings;
    this.pump();
  }

  isBusy(): boolean {
    return hasPendingUploads(this.jobs.get());
  }

  /** Loads the unfinished uploads of earlier page loads. */
  async loadResumable(): Promise<void> {
    const records = await this.options.resumeStore.list();
    // A running job's record is in use; a failed one may be resumed again.
    this.resumable.set(records.filter((record) => !this.running.has(record.id)));
  }

  /** Queues files ('In Queue'); finished jobs are cleared first when nothing else is pending. */
  enqueue(files: readonly File[]): UploadJob[] {
    const created = this.now();
    const added = files.map((file) =>
      this.addJob(
        file,
        created,
        uploadTypeFor(file.size, this.settings.useMultipart) === 'multipart',
      ),
    );
    this.pump();
    return added;
  }

  /** Continues an unfinished multipart upload with the re-picked file; rejects a different file. */
  async resume(record: ResumeRecord, file: File): Promise<UploadJob> {
    const mismatch = await resumeMismatch(record, file);
    if (mismatch) throw new Error(mismatch);
    this.resumable.set((records) => records.filter((other) => other.id !== record.id));
    const job = this.addJob(file, this.now(), true, record);
    this.pump();
    return job;
  }

  /** Gives up an unfinished upload: the server drops its parts and the record is removed. */
  async discard(record: ResumeRecord): Promise<void> {
    this.resumable.set((records) => records.filter((other) => other.id !== record.id));
    await this.options.resumeStore.remove(record.id);
    await this.options.api.abortMultipart(record.filename, record.uploadId).catch(() => {});
  }

  private addJob(file: File, createdAt: number, multipart: boolean, resume?: ResumeRecord) {
    if (!this.isBusy()) this.jobs.set([]);
    const job: UploadJob = {
      id: resume?.id ?? this.newId(),
      filename: file.name,
      size: file.size,
      uploadType: multipart ? 'multipart' : 'single-part',
      state: 'notStarted',
      uploadedBytes: 0,
      percent: 0,
      bytesPerSecond: null,
      error: null,
      createdAt,
      startedAt: null,
    };
    this.pending.set(job.id, { file, resume });
    // A resumed upload replaces its failed row.
    this.jobs.set((jobs) => [...jobs.filter((other) => other.id !== job.id), job]);
    return job;
  }

  private update(id: string, change: Partial<UploadJob>): void {
    this.jobs.set((jobs) => jobs.map((job) => (job.id === id ? { ...job, ...change } : job)));
  }

  /** Starts queued jobs, in creation order, while fewer than the limit run. */
  private pump(): void {
    const limit = Math.max(1, this.settings.simultaneousUploads);
    for (const job of this.jobs.get()) {
      if (this.running.size >= limit) return;
      if (job.state !== 'notStarted' || this.running.has(job.id)) continue;
      const pending = this.pending.get(job.id);
      if (!pending) continue;
      this.running.add(job.id);
      this.update(job.id, { state: 'starting' });
      void this.run(job, pending).finally(() => {
        this.running.delete(job.id);
        this.pending.delete(job.id);
        this.pump();
      });
    }
  }

  private async run(job: UploadJob, { file, resume }: Pending): Promise<void> {
    const { api } = this.options;
    const payload = { filename: job.filename, uploadType: job.uploadType };
    const metrics = { fileSize: job.size };
    const log = (status: 'Started' | 'Completed' | 'Error', message: string) =>
      // Activity-log write failures are only logged (spec §8); they never stop an upload.
      api
        .logActivity({ referenceKey: job.id, status, message, payload, metrics })
        .catch((error: unknown) => console.error('Activity log write failed', error))
        .finally(() => this.logWrites.set((count) => count + 1));
    // The transfer does not wait for the Started entry; everything that ends the entry (the
    // server's completion, Completed, Error) does, since the entry is upserted by reference key.
    const started = log('Started', `Upload of ${job.filename} started`);
    try {
      if (job.uploadType === 'multipart') await this.runMultipart(job, file, started, resume);
      else await this.runSinglePart(job, file, started);
      this.update(job.id, {
        state: 'complete',
        uploadedBytes: job.size,
        percent: 100,
        bytesPerSecond: null,
      });
      await log('Completed', `Upload of ${job.filename} completed`);
    } catch (error) {
      const text = errorText(error);
      // A failed multipart upload keeps its stored parts: offer to resume it.
      if (job.uploadType === 'multipart') {
        this.running.delete(job.id);
        await this.loadResumable().catch(() => {});
      }
      this.update(job.id, {
        state: 'error',
        error: text,
        bytesPerSecond: null,
        // A single PUT that failed stored nothing; a multipart one keeps its confirmed parts.
        ...(job.uploadType === 'multipart' ? {} : { uploadedBytes: 0, percent: 0 }),
      });
      await started;
      await log('Error', `Upload of ${job.filename} failed: ${text}`);
    }
  }

  /** Reports progress, ignoring changes under 0.1 % and updates closer than 200 ms. */
  private progressReporter(job: UploadJob, alreadyDone: number) {
    let shownPercent = -1;
    let shownAt = Number.NEGATIVE_INFINITY;
    const startedAt = this.now();
    return (uploadedBytes: number) => {
      const percent = job.size > 0 ? Math.min(100, (uploadedBytes / job.size) * 100) : 100;
      if (!isVisibleProgress(shownPercent, percent)) return;
      const now = this.now();
      if (percent < 100 && now - shownAt < PROGRESS_MIN_INTERVAL_MS) return;
      shownPercent = percent;
      shownAt = now;
      const seconds = (now - startedAt) / 1000;
      const sent = uploadedBytes - alreadyDone;
      this.update(job.id, {
        state: 'uploading',
        uploadedBytes,
        percent,
        bytesPerSecond: seconds > 0 && sent > 0 ? sent / seconds : null,
      });
    };
  }

  /** One PUT with retries on network errors, 5xx and expired URLs, backing off exponentially. */
  private async putWithRetry(
    lane: TransferLane,
    request: (attempt: number) => Promise<PutRequest>,
    onProgress: (loaded: number) => void,
  ): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { eTag } = await lane.put(await request(attempt), onProgress);
        return eTag;
      } catch (error) {
        if (attempt >= this.maxAttempts || !isRetryable(error)) throw error;
        onProgress(0);
        await this.sleep(retryDelayMs(attempt, this.retryBaseMs));
      }
    }
  }

  private async runSinglePart(job: UploadJob, file: File, started: Promise<void>): Promise<void> {
    const { api, transport } = this.options;
    this.update(job.id, { startedAt: this.now() });
    const report = this.progressReporter(job, 0);
    const lane = transport.createLane();
    try {
      await this.putWithRetry(
        lane,
        async () => ({
          url: (await api.signedUrl(file.name, file.size)).uploadUrl,
          body: file,
          contentType: PACKAGE_CONTENT_TYPE,
        }),
        report,
      );
    } finally {
      lane.dispose();
    }
    await started;
    await api.confirmUpload(file.name, job.id);
  }

  private async runMultipart(
    job: UploadJob,
    file: File,
    started: Promise<void>,
    resume?: ResumeRecord,
  ): Promise<void> {
    const partSize = resume?.partSize ?? this.partSize(file.size);
    const count = partCount(file.size, partSize);
    // The workers load their script while the upload is being started on the server.
    const lanes = Array.from({ length: Math.min(this.workersPerFile, count) }, () =>
      this.options.transport.createLane(),
    );
    try {
      await this.sendParts(job, file, partSize, count, lanes, started, resume);
    } finally {
      for (const lane of lanes) lane.dispose();
    }
  }

  private async sendParts(
    job: UploadJob,
    file: File,
    partSize: number,
    count: number,
    lanes: TransferLane[],
    started: Promise<void>,
    resume?: ResumeRecord,
  ): Promise<void> {
    const { api } = this.options;
    const eTags: (string | undefined)[] = new Array(count).fill(undefined);
    const urls = new PartUrls(this.now, (numbers) => api.partUrls(file.name, uploadId, numbers));
    let uploadId: string;
    let recordSaved: Promise<void> = Promise.resolve();

    if (resume) {
      uploadId = resume.uploadId;
      for (const part of await api.storedParts(file.name, uploadId)) {
        const { start, end } = partRange(part.partNumber, partSize, file.size);
        if (part.partNumber <= count && part.size === end - start) {
          eTags[part.partNumber - 1] = part.eTag;
        }
      }
    } else {
      const info = await api.multipartInfo(file.name, count, file.size);
      uploadId = info.uploadId;
      urls.add(info.parts);
      // Saved while the first parts go out: the record only matters if the upload is
      // interrupted, and an upload whose record could not be saved still goes on.
      recordSaved = this.saveResumeRecord(job, file, uploadId, partSize).catch((error: unknown) =>
        console.error('Could not keep the upload for resuming', error),
      );
    }

    const missing = eTags.flatMap((eTag, index) => (eTag ? [] : [index + 1]));
    const sizeOf = (partNumber: number) => {
      const { start, end } = partRange(partNumber, partSize, file.size);
      return end - start;
    };
    let doneBytes = file.size - missing.reduce((sum, part) => sum + sizeOf(part), 0);
    const inFlight = new Map<number, number>();
    const report = this.progressReporter(job, doneBytes);
    this.update(job.id, { startedAt: this.now() });
    report(doneBytes);
    const reportAll = () =>
      report(doneBytes + [...inFlight.values()].reduce((sum, loaded) => sum + loaded, 0));

    const queue = [...missing];
    let failed = false;
    const runLane = async (lane: TransferLane) => {
      try {
        for (let next = queue.shift(); next !== undefined && !failed; next = queue.shift()) {
          const partNumber = next;
          const { start, end } = partRange(partNumber, partSize, file.size);
          const eTag = await this.putWithRetry(
            lane,
            async (attempt) => ({
              // A retry signs the part again: its URL may have expired.
              url: await urls.get(partNumber, attempt > 1, queue),
              body: file.slice(start, end),
            }),
            (loaded) => {
              inFlight.set(partNumber, loaded);
              reportAll();
            },
          );
          inFlight.delete(partNumber);
          eTags[partNumber - 1] = eTag;
          doneBytes += end - start;
          reportAll();
        }
      } catch (error) {
        failed = true;
        throw error;
      }
    };
    const results = await Promise.allSettled(lanes.map(runLane));
    await recordSaved;
    const rejected = results.find((result) => result.status === 'rejected');
    if (rejected) {
      // Only the parts the server confirmed count: a failed request may have reported its whole
      // body sent (offline, every part in flight did), and 'Error (N% complete)' must not claim it.
      this.update(job.id, {
        uploadedBytes: doneBytes,
        percent: file.size > 0 ? (doneBytes / file.size) * 100 : 0,
      });
      // The multipart upload stays on the server so the upload can be resumed later.
      throw rejected.reason;
    }

    await started;
    await api.completeMultipart(file.name, uploadId, eTags.join(','), job.id);
    await this.options.resumeStore.remove(job.id);
  }

  private async saveResumeRecord(job: UploadJob, file: File, uploadId: string, partSize: number) {
    await this.options.resumeStore.save({
      id: job.id,
      filename: file.name,
      size: file.size,
      lastModified: file.lastModified,
      sampledHash: await sampledHash(file),
      uploadId,
      key: '',
      partSize,
      createdAt: job.createdAt,
    });
  }
}
