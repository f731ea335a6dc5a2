import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { Writable } from 'node:stream';

/** Bytes gathered before one `writev`: browsers send request bodies in 16 KiB pieces. */
export const WRITE_BATCH_BYTES = 1024 * 1024;
/** A batch is written early once it holds this many pieces (IOV_MAX on Linux): tiny pieces. */
export const WRITE_BATCH_PIECES = 1024;

/**
 * A Writable that stores what it receives in `file` (created or truncated) and hashes it with
 * MD5 on the way. Chunks are gathered and written with one `writev` per MiB: a 16 KiB write per
 * network chunk cost more CPU in the thread pool than the bytes themselves. One batch is written
 * while the next one fills, so the request keeps flowing; the writer pushes back (the caller's
 * callback waits) only when a full batch is ready and the previous one is still being written.
 */
export class HashingFileWriter extends Writable {
  /** Bytes accepted so far. */
  size = 0;
  private readonly hash: Hash = createHash('md5');
  private handle: fs.promises.FileHandle | null = null;
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly batchSize = WRITE_BATCH_BYTES,
  ) {
    super({ highWaterMark: batchSize });
  }

  /** The MD5 of every byte written; call after the stream finished. */
  digest(): Buffer {
    return this.hash.digest();
  }

  override _construct(callback: (error?: Error | null) => void): void {
    fs.promises.open(this.file, 'w').then(
      (handle) => {
        this.handle = handle;
        callback();
      },
      (error: Error) => callback(error),
    );
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error) => void) {
    this.hash.update(chunk);
    this.size += chunk.length;
    this.batch.push(chunk);
    this.batchBytes += chunk.length;
    if (this.batchBytes < this.batchSize && this.batch.length < WRITE_BATCH_PIECES) {
      callback();
      return;
    }
    this.flush().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error) => void): void {
    this.flush()
      .then(() => this.writing)
      .then(() => this.handle?.close())
      .then(() => {
        this.handle = null;
        callback();
      }, callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const handle = this.handle;
    this.handle = null;
    // A write still running must end before the handle closes (its promise carries no error here).
    this.writing
      .catch(() => {})
      .then(() => handle?.close())
      .then(
        () => callback(error),
        () => callback(error),
      );
  }

  /** Waits for the batch being written, then starts writing the gathered one. */
  private async flush(): Promise<void> {
    await this.writing;
    if (this.batchBytes === 0) return;
    const buffers = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    this.writing = this.writeAll(buffers);
    // Errors surface on the next flush or in _final; keep an unawaited failure from being fatal.
    this.writing.catch(() => {});
  }

  /** Writes one batch (a writev may take less than asked: the rest follows). */
  protected async writeAll(buffers: Buffer[]): Promise<void> {
    const handle = this.handle;
    if (!handle) throw new Error('The file is closed');
    let pending = buffers;
    while (pending.length > 0) {
      const { bytesWritten } = await handle.writev(pending);
      pending = remainderAfter(pending, bytesWritten);
    }
  }
}

/** What is left of `buffers` after the first `written` bytes (a writev may write less). */
export function remainderAfter(buffers: Buffer[], written: number): Buffer[] {
  let skip = written;
  let index = 0;
  while (index < buffers.length && skip >= (buffers[index] as Buffer).length) {
    skip -= (buffers[index] as Buffer).length;
    index += 1;
  }
  const rest = buffers.slice(index);
  if (skip > 0 && rest.length > 0) rest[0] = (rest[0] as Buffer).subarray(skip);
  return rest;
}
