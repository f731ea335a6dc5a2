import { type FileHandle, open, rm } from 'node:fs/promises';
import { LasFormatError, type LasHeader, type LasVector } from './las-header.ts';
import {
  finishLasOutputHeader,
  type LasOutputLayout,
  type LasProjectionReplacement,
  layoutLasOutput,
  setLasScaleOffset,
} from './las-output-header.ts';

/**
 * Writes an uncompressed LAS file from point records of another file (same point format and
 * record length, every byte kept) and new world coordinates, streaming: the records go to the
 * file as they come, X/Y/Z encoded with the output's scale and offset. With an "auto" scale or
 * offset the coordinates are spooled as doubles to a side file and encoded once the bounds are
 * known, so memory stays flat in both cases.
 */

export type AxisSetting = number | 'auto';

export interface LasRecordWriterOptions {
  minorVersion: number;
  scale: Record<'x' | 'y' | 'z', AxisSetting>;
  offset: Record<'x' | 'y' | 'z', AxisSetting>;
  projection?: LasProjectionReplacement | null;
}

export interface LasWriteSummary {
  pointCount: number;
  min: LasVector;
  max: LasVector;
  scale: LasVector;
  offset: LasVector;
  bytes: number;
}

const AXES = ['x', 'y', 'z'] as const;
const INT32_MAX = 0x7fffffff;
const INT32_MIN = -0x80000000;
/** Finest scale "auto" chooses (1 nm in metres, ~0.1 mm in degrees). */
const FINEST_AUTO_SCALE = 1e-9;
const SPOOL_CHUNK = 65_536;

/** The "auto" offset and scale of one axis for coordinates in [min, max]. */
export function autoScaleOffset(
  min: number,
  max: number,
  scale: AxisSetting,
  offset: AxisSetting,
): { scale: number; offset: number } {
  const o = offset === 'auto' ? (Number.isFinite(min) ? Math.floor(min) : 0) : offset;
  if (scale !== 'auto') return { scale, offset: o };
  const reach = Math.max(Math.abs(max - o), Math.abs(min - o));
  const needed = reach / INT32_MAX;
  const power = needed > 0 ? 10 ** Math.ceil(Math.log10(needed)) : FINEST_AUTO_SCALE;
  // Rounding of log10 may land one step fine: take the next power if it still does not fit.
  const fitted = reach / power > INT32_MAX ? power * 10 : power;
  return { scale: Math.max(FINEST_AUTO_SCALE, fitted), offset: o };
}

/** Adds the records' return numbers (1–15) to the counts by return. */
function countReturns(
  records: Buffer,
  count: number,
  recordLength: number,
  pointFormat: number,
  byReturn: Float64Array,
): void {
  const mask = pointFormat >= 6 ? 0x0f : 0x07;
  for (let i = 0, at = 14; i < count; i++, at += recordLength) {
    const r = records[at]! & mask;
    if (r >= 1) byReturn[r - 1]! += 1;
  }
}

export class LasRecordWriter {
  private position: number;
  private pointCount = 0;
  private readonly byReturn = new Float64Array(15);
  private readonly min = { x: Infinity, y: Infinity, z: Infinity };
  private readonly max = { x: -Infinity, y: -Infinity, z: -Infinity };
  private spool: FileHandle | null = null;
  private pending: Promise<unknown> = Promise.resolve();
  private spoolPosition = 0;
  private readonly auto: boolean;
  private scale: LasVector;
  private offset: LasVector;

  private constructor(
    private readonly output: FileHandle,
    private readonly outputPath: string,
    private readonly header: LasHeader,
    private readonly layout: LasOutputLayout,
    private readonly options: LasRecordWriterOptions,
  ) {
    this.position = layout.preamble.length;
    this.auto = AXES.some((a) => options.scale[a] === 'auto' || options.offset[a] === 'auto');
    this.scale = { x: 1, y: 1, z: 1 };
    this.offset = { x: 0, y: 0, z: 0 };
    for (const a of AXES) {
      const s = options.scale[a];
      const o = options.offset[a];
      this.scale[a] = s === 'auto' ? 1 : s;
      this.offset[a] = o === 'auto' ? 0 : o;
    }
  }

  /** Opens the output; `inputPreamble` and `inputEvlrs` come from las-rewrite.ts. */
  static async create(
    outputPath: string,
    header: LasHeader,
    inputPreamble: Buffer,
    inputEvlrs: Buffer,
    options: LasRecordWriterOptions,
  ): Promise<LasRecordWriter> {
    const layout = layoutLasOutput(header, inputPreamble, inputEvlrs, {
      minorVersion: options.minorVersion,
      scale: { x: 1, y: 1, z: 1 },
      offset: { x: 0, y: 0, z: 0 },
      projection: options.projection ?? null,
    });
    const output = await open(outputPath, 'w+');
    const writer = new LasRecordWriter(output, outputPath, header, layout, options);
    if (writer.auto) writer.spool = await open(`${outputPath}.xyz.tmp`, 'w+');
    return writer;
  }

  /**
   * Appends `count` records with their world coordinates (records are changed in place).
   * `encoded`: the records already hold x/y/z as integers of the output's scale and offset.
   */
  async write(
    records: Buffer,
    x: Float64Array,
    y: Float64Array,
    z: Float64Array,
    count: number,
    encoded = false,
  ): Promise<void> {
    const { recordLength } = this;
    countReturns(records, count, recordLength, this.header.pointFormat, this.byReturn);
    if (this.spool) {
      const xyz = new Float64Array(count * 3);
      for (let i = 0; i < count; i++) {
        xyz[i * 3] = x[i]!;
        xyz[i * 3 + 1] = y[i]!;
        xyz[i * 3 + 2] = z[i]!;
      }
      this.extendBy(x, 'x', count);
      this.extendBy(y, 'y', count);
      this.extendBy(z, 'z', count);
      const bytes = new Uint8Array(xyz.buffer);
      await this.spool.write(bytes, 0, bytes.length, this.spoolPosition);
      this.spoolPosition += bytes.length;
    } else if (encoded) {
      this.extendBy(x, 'x', count);
      this.extendBy(y, 'y', count);
      this.extendBy(z, 'z', count);
    } else {
      this.encode(records, x, y, z, count);
    }
    // One write in flight while the next chunk is processed: I/O overlaps the computing.
    await this.pending;
    this.pending = this.output.write(records, 0, count * recordLength, this.position);
    this.position += count * recordLength;
    this.pointCount += count;
  }

  private get recordLength(): number {
    return this.header.pointRecordLength;
  }

  /** Extends the bounds of one axis by values (refusing NaN and infinities). */
  private extendBy(values: Float64Array, axis: 'x' | 'y' | 'z', count: number): void {
    let min = this.min[axis];
    let max = this.max[axis];
    for (let i = 0; i < count; i++) {
      const v = values[i]!;
      if (!(v >= min)) {
        if (!Number.isFinite(v)) {
          throw new LasFormatError(`A point has a coordinate ${axis.toUpperCase()} = ${v}`);
        }
        min = v;
      }
      if (v > max) max = v;
    }
    this.min[axis] = min;
    this.max[axis] = max;
  }

  /** Encodes X/Y/Z into the records and extends the bounds by the encoded values. */
  private encode(
    records: Buffer,
    x: Float64Array,
    y: Float64Array,
    z: Float64Array,
    count: number,
  ): void {
    const view = new DataView(records.buffer, records.byteOffset, count * this.recordLength);
    for (const [a, axis] of AXES.entries()) {
      this.encodeAxis(view, [x, y, z][a]!, axis, a * 4, count);
    }
  }

  private encodeAxis(
    view: DataView,
    values: Float64Array,
    axis: 'x' | 'y' | 'z',
    at: number,
    count: number,
  ): void {
    const scale = this.scale[axis];
    const offset = this.offset[axis];
    const step = this.recordLength;
    let low = INT32_MAX;
    let high = INT32_MIN;
    for (let i = 0, base = at; i < count; i++, base += step) {
      const raw = Math.round((values[i]! - offset) / scale);
      if (!(raw <= INT32_MAX && raw >= INT32_MIN)) {
        throw new LasFormatError(
          `${axis.toUpperCase()} = ${values[i]} does not fit the output's scale ${scale} and offset ${offset} (int32); set scale_${axis}/offset_${axis} or "auto"`,
        );
      }
      view.setInt32(base, raw, true);
      if (raw < low) low = raw;
      if (raw > high) high = raw;
    }
    // Bounds of the encoded values: what a reader of the file computes.
    if (count > 0) {
      this.min[axis] = Math.min(this.min[axis], low * scale + offset);
      this.max[axis] = Math.max(this.max[axis], high * scale + offset);
    }
  }

  /** Encodes spooled coordinates now that the "auto" scale and offset are known. */
  private async encodeSpool(): Promise<void> {
    for (const a of AXES) {
      const chosen = autoScaleOffset(
        this.min[a],
        this.max[a],
        this.options.scale[a],
        this.options.offset[a],
      );
      this.scale[a] = chosen.scale;
      this.offset[a] = chosen.offset;
    }
    for (const a of AXES) {
      this.min[a] = Infinity;
      this.max[a] = -Infinity;
    }
    const spool = this.spool!;
    const { recordLength } = this;
    const start = this.layout.preamble.length;
    const records = Buffer.alloc(SPOOL_CHUNK * recordLength);
    const xyz = new Float64Array(SPOOL_CHUNK * 3);
    const xyzBytes = new Uint8Array(xyz.buffer);
    const x = new Float64Array(SPOOL_CHUNK);
    const y = new Float64Array(SPOOL_CHUNK);
    const z = new Float64Array(SPOOL_CHUNK);
    for (let first = 0; first < this.pointCount; first += SPOOL_CHUNK) {
      const count = Math.min(SPOOL_CHUNK, this.pointCount - first);
      await spool.read(xyzBytes, 0, count * 24, first * 24);
      await this.output.read(records, 0, count * recordLength, start + first * recordLength);
      for (let i = 0; i < count; i++) {
        x[i] = xyz[i * 3]!;
        y[i] = xyz[i * 3 + 1]!;
        z[i] = xyz[i * 3 + 2]!;
      }
      this.encode(records, x, y, z, count);
      await this.output.write(records, 0, count * recordLength, start + first * recordLength);
    }
  }

  /** Writes the EVLRs and the final header; closes the file. */
  async finish(): Promise<LasWriteSummary> {
    await this.pending;
    if (this.spool) {
      await this.encodeSpool();
      await this.closeSpool();
    }
    const { preamble, evlrs } = this.layout;
    setLasScaleOffset(preamble, this.scale, this.offset);
    finishLasOutputHeader(
      this.layout,
      this.header.pointFormat,
      { pointCount: this.pointCount, byReturn: this.byReturn, min: this.min, max: this.max },
      this.position,
    );
    await this.output.write(preamble, 0, preamble.length, 0);
    if (evlrs.length) await this.output.write(evlrs, 0, evlrs.length, this.position);
    await this.output.close();
    return {
      pointCount: this.pointCount,
      min: { ...this.min },
      max: { ...this.max },
      scale: { ...this.scale },
      offset: { ...this.offset },
      bytes: this.position + evlrs.length,
    };
  }

  private async closeSpool(): Promise<void> {
    if (!this.spool) return;
    await this.spool.close();
    this.spool = null;
    await rm(`${this.outputPath}.xyz.tmp`, { force: true });
  }

  /** Closes and removes the output: a half-written file must not be taken for a result. */
  async abort(): Promise<void> {
    await this.pending.catch(() => undefined);
    await this.output.close().catch(() => undefined);
    await this.closeSpool().catch(() => undefined);
    await rm(this.outputPath, { force: true });
  }
}
