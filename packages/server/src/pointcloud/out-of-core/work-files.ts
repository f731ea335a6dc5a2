import { closeSync, openSync, writeSync } from 'node:fs';
import { open, rename, writeFile } from 'node:fs/promises';

/** Writes a file whole or not at all: a reader after a crash finds the old state or the new. */
export async function writeFileAtomically(file: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${file}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** Reads a whole file in pieces of `pieceBytes` (a multiple of the record size). */
export async function* readPieces(file: string, pieceBytes: number): AsyncGenerator<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(pieceBytes);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/**
 * Appends fixed-size records to one file through a buffer, so that hundreds of cell files can be
 * filled at once in bounded memory.
 */
export class RecordAppender {
  private fd: number | null = null;
  private readonly buffer: Uint8Array;
  readonly view: DataView;
  private used = 0;
  count = 0;

  constructor(
    readonly file: string,
    private readonly recordSize: number,
    bufferRecords: number,
  ) {
    this.buffer = new Uint8Array(recordSize * bufferRecords);
    this.view = new DataView(this.buffer.buffer);
  }

  /** Byte offset in `view` of a new record (flushing the buffer first when it is full). */
  reserve(): number {
    if (this.used + this.recordSize > this.buffer.length) this.flush();
    const at = this.used;
    this.used += this.recordSize;
    this.count++;
    return at;
  }

  /** Appends one record given as bytes. */
  put(record: Uint8Array): void {
    const at = this.reserve();
    this.buffer.set(record, at);
  }

  /** Appends whole records given as bytes; a group larger than the buffer is written as it is. */
  append(records: Uint8Array): void {
    this.count += records.length / this.recordSize;
    if (this.used + records.length > this.buffer.length) this.flush();
    if (records.length <= this.buffer.length) {
      this.buffer.set(records, this.used);
      this.used += records.length;
    } else {
      this.write(records);
    }
  }

  flush(): void {
    if (this.used === 0) return;
    this.write(this.buffer.subarray(0, this.used));
    this.used = 0;
  }

  private write(bytes: Uint8Array): void {
    if (this.fd === null) this.fd = openSync(this.file, 'w');
    let written = 0;
    while (written < bytes.length) {
      written += writeSync(this.fd, bytes, written, bytes.length - written);
    }
  }

  /** Closes the file without writing what the buffer holds (a failed pass). */
  abandon(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.used = 0;
  }

  close(): void {
    this.flush();
    if (this.fd === null) this.fd = openSync(this.file, 'w');
    closeSync(this.fd);
    this.fd = null;
  }
}
