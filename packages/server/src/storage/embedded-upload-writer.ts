import fs from 'node:fs';
import { Writable } from 'node:stream';
import { StorageError } from './embedded-files.ts';

/**
 * Bytes per write. Uploads are written with O_DIRECT, from the device's point of view straight
 * out of this process's memory: a browser upload into the page cache cost the server more CPU
 * (the kernel copying into pages it had never touched) than everything else it does with the
 * bytes. Two blocks per upload are in use at a time, one filling while the other is written.
 */
export const UPLOAD_BLOCK_BYTES = 2 * 1024 * 1024;
/** Direct writes start at, and last, a multiple of this (the largest sector size in use). */
const ALIGNMENT = 4096;
/** Blocks kept for the next uploads: memory already touched costs nothing to write from. */
const POOLED_BLOCKS = 8;

/** A block whose bytes start at an address direct writes accept. */
interface Block {
  memory: Buffer;
  /** `memory` from its aligned start, UPLOAD_BLOCK_BYTES long. */
  view: Buffer;
}

const pool: Block[] = [];
/** Where in a fresh allocation the aligned start lies is learnt by trying (Node hides addresses). */
function newBlock(fd: number): Block | null {
  const memory = Buffer.allocUnsafeSlow(UPLOAD_BLOCK_BYTES + ALIGNMENT);
  // Allocations are at least 16-byte aligned: one of these offsets starts a page.
  for (let offset = 0; offset < ALIGNMENT; offset += 16) {
    try {
      fs.writeSync(fd, memory, offset, ALIGNMENT, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EINVAL') continue;
      throw error;
    }
    return { memory, view: memory.subarray(offset, offset + UPLOAD_BLOCK_BYTES) };
  }
  return null;
}

function takeBlock(fd: number): Block | null {
  return pool.pop() ?? newBlock(fd);
}

function releaseBlock(block: Block | null) {
  if (block && pool.length < POOLED_BLOCKS) pool.push(block);
}

const O_DIRECT = fs.constants.O_DIRECT ?? 0;

/**
 * A Writable that stores an upload's body in `file` (created or truncated), refuses more than
 * `limit` bytes before any of them is written, and makes the file durable (one fdatasync) before
 * it finishes: the upload's ETag is answered only for bytes on disk. On a file system without
 * O_DIRECT (tmpfs) it writes through the page cache, with the same sync at the end.
 */
export class UploadFileWriter extends Writable {
  /** Bytes accepted so far. */
  size = 0;
  /** Whether the bytes bypassed the page cache. */
  direct = false;
  private fd = -1;
  private block: Block | null = null;
  private spare: Block | null = null;
  private filled = 0;
  private position = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly limit = Number.POSITIVE_INFINITY,
    private readonly tryDirect = true,
  ) {
    super({ highWaterMark: UPLOAD_BLOCK_BYTES });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    this.open().then(() => callback(), callback);
  }

  private async open() {
    const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC;
    if (this.tryDirect && O_DIRECT) {
      try {
        this.fd = await openFd(this.file, flags | O_DIRECT);
        this.block = takeBlock(this.fd);
        this.spare = takeBlock(this.fd);
        if (this.block && this.spare) {
          this.direct = true;
          return;
        }
        releaseBlock(this.block);
        releaseBlock(this.spare);
        this.block = null;
        this.spare = null;
        await this.closeFd();
      } catch (error) {
        await this.closeFd();
        if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
      }
    }
    this.fd = await openFd(this.file, flags);
    const block = () => {
      const memory = Buffer.allocUnsafeSlow(UPLOAD_BLOCK_BYTES);
      return { memory, view: memory };
    };
    this.block = block();
    this.spare = block();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error) => void) {
    if (this.size + chunk.length > this.limit) {
      callback(
        new StorageError(
          'IncompleteBody',
          400,
          `The request body is longer than the ${this.limit} bytes of its Content-Length header`,
        ),
      );
      return;
    }
    this.size += chunk.length;
    this.take(chunk, 0, callback);
  }

  /**
   * Copies `chunk` from `from` into the blocks, handing each full one to the disk. Synchronous
   * until a block is full: most network chunks cost one copy and no promise.
   */
  private take(chunk: Buffer, from: number, callback: (error?: Error) => void): void {
    let at = from;
    while (at < chunk.length) {
      const block = this.block as Block;
      const copied = chunk.copy(block.view, this.filled, at);
      this.filled += copied;
      at += copied;
      if (this.filled === UPLOAD_BLOCK_BYTES) {
        const rest = at;
        this.handOver().then(() => this.take(chunk, rest, callback), callback);
        return;
      }
    }
    callback();
  }

  /** Waits for the block being written, then starts writing the filled one and fills the other. */
  private async handOver(): Promise<void> {
    await this.writing;
    const full = this.block as Block;
    const length = this.filled;
    const position = this.position;
    this.block = this.spare;
    this.spare = full;
    this.filled = 0;
    this.position += length;
    this.writing = this.writeBlock(full.view, length, position);
    // Errors surface on the next hand-over or in _final; keep an unawaited failure from being fatal.
    this.writing.catch(() => {});
  }

  private async writeBlock(view: Buffer, length: number, position: number): Promise<void> {
    // A direct write must cover whole sectors: the tail is padded with zeros, cut off below.
    const padded = this.direct ? Math.ceil(length / ALIGNMENT) * ALIGNMENT : length;
    if (padded > length) view.fill(0, length, padded);
    let done = 0;
    while (done < padded) {
      const written = await writeAt(this.fd, view, done, padded - done, position + done);
      done += written;
    }
  }

  override _final(callback: (error?: Error) => void): void {
    const finish = async () => {
      if (this.filled > 0) await this.handOver();
      await this.writing;
      if (this.direct) await truncate(this.fd, this.size);
      await datasync(this.fd);
      await this.closeFd();
    };
    finish().then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // A write still running must end before its block is reused and its descriptor closed.
    this.writing
      .catch(() => {})
      .then(() => this.closeFd())
      .then(
        () => callback(error),
        () => callback(error),
      );
  }

  private async closeFd(): Promise<void> {
    const fd = this.fd;
    this.fd = -1;
    if (this.direct) {
      releaseBlock(this.block);
      releaseBlock(this.spare);
    }
    this.block = null;
    this.spare = null;
    if (fd >= 0) await new Promise<void>((resolve) => fs.close(fd, () => resolve()));
  }
}

function openFd(file: string, flags: number) {
  return new Promise<number>((resolve, reject) =>
    fs.open(file, flags, 0o666, (error, fd) => (error ? reject(error) : resolve(fd))),
  );
}

function writeAt(fd: number, buffer: Buffer, offset: number, length: number, position: number) {
  return new Promise<number>((resolve, reject) =>
    fs.write(fd, buffer, offset, length, position, (error, written) =>
      error ? reject(error) : resolve(written),
    ),
  );
}

function truncate(fd: number, size: number) {
  return new Promise<void>((resolve, reject) =>
    fs.ftruncate(fd, size, (error) => (error ? reject(error) : resolve())),
  );
}

function datasync(fd: number) {
  return new Promise<void>((resolve, reject) =>
    fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())),
  );
}
