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

/**
 * Memory for direct writes, handed out in 2 MiB blocks that start on a page. A direct write from
 * memory aligned to the disk's sector (512 bytes) but not to a page is accepted, and on a virtio
 * disk it ran about 30 times slower (512 MiB in 15.9 s against 0.47 s, bench/RESULTS.md). Node
 * does not tell a Buffer's address, but a WebAssembly memory is mapped whole, so it starts on a
 * page; one holds BLOCKS_PER_SLAB blocks (its address space, reserved by V8 for each memory, is
 * then shared by several uploads). The first slab stays for the next uploads (memory already
 * touched costs nothing to write from); a later one goes once all its blocks are back.
 */
const BLOCKS_PER_SLAB = 8;
const WASM_PAGE_BYTES = 65_536;
/** The part of the WebAssembly API used here (the server's type libraries leave it out). */
const WasmMemory = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer } };
  }
).WebAssembly.Memory;

interface Slab {
  free: Buffer[];
}
const slabs: Slab[] = [];
const slabOfBlock = new WeakMap<Buffer, Slab>();

function takeBlock(): Buffer {
  let slab = slabs.find((candidate) => candidate.free.length > 0);
  if (!slab) {
    const memory = new WasmMemory({
      initial: (BLOCKS_PER_SLAB * UPLOAD_BLOCK_BYTES) / WASM_PAGE_BYTES,
    });
    const created: Slab = { free: [] };
    for (let i = 0; i < BLOCKS_PER_SLAB; i++) {
      const block = Buffer.from(memory.buffer, i * UPLOAD_BLOCK_BYTES, UPLOAD_BLOCK_BYTES);
      slabOfBlock.set(block, created);
      created.free.push(block);
    }
    slabs.push(created);
    slab = created;
  }
  return slab.free.pop() as Buffer;
}

function releaseBlock(block: Buffer | null) {
  const slab = block && slabOfBlock.get(block);
  if (!slab) return;
  slab.free.push(block);
  if (slab.free.length === BLOCKS_PER_SLAB && slabs.length > 1) {
    slabs.splice(slabs.indexOf(slab), 1);
  }
}

/** Slabs of direct-write memory held now (tests). */
export const directWriteSlabs = () => slabs.length;

/** Whether this file accepts direct writes from `block` (tmpfs and some others refuse them). */
function acceptsDirectWrites(fd: number, block: Buffer): boolean {
  try {
    fs.writeSync(fd, block, 0, ALIGNMENT, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EINVAL') return false;
    throw error;
  }
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
  private block: Buffer | null = null;
  private spare: Buffer | null = null;
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
        this.block = takeBlock();
        this.spare = takeBlock();
        if (acceptsDirectWrites(this.fd, this.block)) {
          this.direct = true;
          return;
        }
        await this.closeFd();
      } catch (error) {
        await this.closeFd();
        // No memory for another slab (V8 caps what WebAssembly memories reserve): no direct write.
        if ((error as NodeJS.ErrnoException).code !== 'EINVAL' && !(error instanceof RangeError)) {
          throw error;
        }
      }
    }
    this.fd = await openFd(this.file, flags);
    this.block = Buffer.allocUnsafeSlow(UPLOAD_BLOCK_BYTES);
    this.spare = Buffer.allocUnsafeSlow(UPLOAD_BLOCK_BYTES);
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
      const block = this.block as Buffer;
      const copied = chunk.copy(block, this.filled, at);
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
    const full = this.block as Buffer;
    const length = this.filled;
    const position = this.position;
    this.block = this.spare;
    this.spare = full;
    this.filled = 0;
    this.position += length;
    this.writing = this.writeBlock(full, length, position);
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
    // Blocks of the page cache's path are not a slab's: releaseBlock leaves them to the collector.
    releaseBlock(this.block);
    releaseBlock(this.spare);
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
