import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/**
 * What a RINEX file is by its name, and a line reader over a plain or gzipped RINEX file. Every
 * reader of the portal (base stations, trajectory runs) opens RINEX through here.
 */

/** A file that is not RINEX, or whose content breaks the format; the message names file and line. */
export class RinexFormatError extends Error {
  override name = 'RinexFormatError';
}

/**
 * `observation` / `navigation` by the RINEX 2 short name (`.05o`, `.05n`, `.05g`, …), the RINEX 3
 * long name (`…_MO.rnx`, `…_GN.rnx`) or `.obs` / `.nav`; `rinex` for a `.rnx` whose type only its
 * header tells; `hatanaka` for compact RINEX (`.05d`, `.crx`), which the portal does not read.
 */
export type RinexFileKind = 'observation' | 'navigation' | 'rinex' | 'hatanaka' | 'other';

/** RINEX 2 navigation letters: GPS, GLONASS, Galileo, SBAS, mixed, QZSS, BeiDou, IRNSS. */
const NAVIGATION_LETTERS = 'nglhpqfi';

/** True when the name ends in `.gz` (the file is gzip-compressed). */
export function isGzipName(name: string): boolean {
  return name.toLowerCase().endsWith('.gz');
}

/**
 * The SHA-256 (hex) of a RINEX file's text, gunzipped first when its name ends in `.gz`, so that
 * the same observations packed one way in a device package and another in a base station's zip
 * are known as the same receiver's. Null when the gzip is broken: then nothing is known of it.
 */
export async function rinexDigest(fileName: string, source: Readable): Promise<string | null> {
  const hash = createHash('sha256');
  const text = isGzipName(fileName) ? source.pipe(createGunzip()) : source;
  try {
    for await (const chunk of text) hash.update(chunk as Buffer);
  } catch {
    source.destroy();
    return null;
  }
  return hash.digest('hex');
}

/** Classifies a file name (a path is allowed; only its base name counts). */
export function classifyRinexFileName(name: string): RinexFileKind {
  const base = path.posix.basename(name.replaceAll('\\', '/')).toLowerCase();
  const plain = isGzipName(base) ? base.slice(0, -3) : base;
  if (plain.endsWith('.crx') || /\.\d\dd$/.test(plain)) return 'hatanaka';
  if (plain.endsWith('.obs') || /\.\d\do$/.test(plain)) return 'observation';
  if (plain.endsWith('.nav')) return 'navigation';
  const short = /\.\d\d([a-z])$/.exec(plain);
  if (short && NAVIGATION_LETTERS.includes(short[1]!)) return 'navigation';
  if (plain.endsWith('.rnx')) {
    // RINEX 3 long names end in _<system><type>.rnx: _MO, _GO … observation, _GN, _MN … navigation.
    const type = /_[a-z]([a-z])\.rnx$/.exec(plain)?.[1];
    if (type === 'o') return 'observation';
    if (type === 'n') return 'navigation';
    return 'rinex';
  }
  return 'other';
}

/** RINEX lines are at most 80 columns; a longer line means the file is not RINEX. */
const MAX_LINE_LENGTH = 4096;
/** More text than this (after gunzip) is not a RINEX file of one station and day: 16 GiB. */
export const MAX_RINEX_BYTES = 16 * 1024 ** 3;

/**
 * Reads a RINEX file line by line (ASCII; `\r\n` and `\n` both end a line) from a byte stream,
 * gunzipping it first when asked. Keeps the line number for error messages.
 */
export class RinexLineReader {
  /** Number of the line last returned (1-based). */
  lineNumber = 0;
  private readonly chunks: AsyncIterator<Buffer | string>;
  private readonly stream: Readable;
  private buffered: string[] = [];
  private rest = '';
  private done = false;
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(
    readonly fileName: string,
    source: Readable,
    options: { gzip?: boolean; maxBytes?: number } = {},
  ) {
    this.maxBytes = options.maxBytes ?? MAX_RINEX_BYTES;
    const gzip = options.gzip ?? isGzipName(fileName);
    this.stream = gzip ? source.pipe(createGunzip()) : source;
    if (gzip) source.once('error', (error) => this.stream.destroy(error));
    this.chunks = this.stream[Symbol.asyncIterator]();
  }

  /** The next line without its line ending, or null at the end of the file. */
  async next(): Promise<string | null> {
    while (this.buffered.length === 0) {
      if (this.done) {
        if (this.rest === '') return null;
        const last = this.rest;
        this.rest = '';
        return this.take(last);
      }
      await this.fill();
    }
    return this.take(this.buffered.shift()!);
  }

  /** An error naming this file and the current line. */
  error(message: string, lineNumber = this.lineNumber): RinexFormatError {
    return new RinexFormatError(`${this.fileName} line ${lineNumber}: ${message}`);
  }

  /** Stops reading and releases the stream. */
  close(): void {
    this.stream.destroy();
  }

  private take(line: string): string {
    this.lineNumber++;
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }

  private async fill(): Promise<void> {
    let result: IteratorResult<Buffer | string>;
    try {
      result = await this.chunks.next();
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code.startsWith('Z_')) {
        throw new RinexFormatError(
          `${this.fileName}: not a readable gzip file (${(error as Error).message})`,
        );
      }
      throw error;
    }
    if (result.done) {
      this.done = true;
      return;
    }
    this.bytes += result.value.length;
    if (this.bytes > this.maxBytes) {
      throw new RinexFormatError(
        `${this.fileName}: more than ${this.maxBytes} bytes of text; not a RINEX file (or a compression bomb)`,
      );
    }
    const text =
      this.rest +
      (typeof result.value === 'string' ? result.value : result.value.toString('latin1'));
    const lines = text.split('\n');
    this.rest = lines.pop() ?? '';
    if (this.rest.length > MAX_LINE_LENGTH || lines.some((l) => l.length > MAX_LINE_LENGTH)) {
      throw this.error(
        `a line is longer than ${MAX_LINE_LENGTH} characters; not a RINEX file`,
        this.lineNumber + 1,
      );
    }
    this.buffered = lines;
  }
}

/** Opens a RINEX file on disk (plain, or gzipped when its name ends in `.gz`). */
export function openRinexFile(
  filePath: string,
  fileName = path.basename(filePath),
): RinexLineReader {
  return new RinexLineReader(fileName, createReadStream(filePath), { gzip: isGzipName(fileName) });
}
