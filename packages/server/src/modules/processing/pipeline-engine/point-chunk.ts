import {
  LAS_DIMENSION_NAMES,
  type LasDimensionName,
  lasDimension,
} from '../../../lib/las/las-dimensions.ts';

/**
 * The unit of work of the pipeline engine: a run of points with their raw LAS records (every
 * byte kept, extra bytes included) and their world coordinates as doubles. Stages read and change
 * fields in the records and coordinates in x/y/z; the writer encodes x/y/z with its own scale and
 * offset, so the records' own X/Y/Z integers are stale after the reader.
 */
export interface PointChunk {
  count: number;
  pointFormat: number;
  recordLength: number;
  /** count × recordLength bytes, owned by this chunk. */
  records: Buffer;
  view: DataView;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
}

/** Reads one dimension (X, Y, Z or a record field) of point i of a chunk. */
export type PointGetter = (chunk: PointChunk, i: number) => number;

/** Dimension names the engine knows: X, Y, Z and the LAS record fields. */
export const DIMENSION_NAMES: readonly string[] = ['X', 'Y', 'Z', ...LAS_DIMENSION_NAMES];

/** The canonical spelling of a dimension name (PDAL matches them case-insensitively), or null. */
export function canonicalDimension(name: string): string | null {
  const lower = name.trim().toLowerCase();
  return DIMENSION_NAMES.find((known) => known.toLowerCase() === lower) ?? null;
}

/** Thrown when a point format lacks a dimension a stage uses. */
export class MissingDimensionError extends Error {
  override name = 'MissingDimensionError';
}

/** A getter for a dimension in a point format; throws when the format has no such field. */
export function dimensionGetter(name: string, pointFormat: number): PointGetter {
  if (name === 'X') return (chunk, i) => chunk.x[i]!;
  if (name === 'Y') return (chunk, i) => chunk.y[i]!;
  if (name === 'Z') return (chunk, i) => chunk.z[i]!;
  const accessor = lasDimension(name as LasDimensionName, pointFormat);
  if (!accessor) {
    throw new MissingDimensionError(`point format ${pointFormat} has no ${name} dimension`);
  }
  return (chunk, i) => accessor.get(chunk.view, i * chunk.recordLength);
}

/** Makes a chunk from records (copied) and coordinates. */
export function makeChunk(
  pointFormat: number,
  recordLength: number,
  records: Buffer,
  x: Float64Array,
  y: Float64Array,
  z: Float64Array,
): PointChunk {
  return {
    count: x.length,
    pointFormat,
    recordLength,
    records,
    view: new DataView(records.buffer, records.byteOffset, records.length),
    x,
    y,
    z,
  };
}

/** The points of a chunk whose `keep` flag is set, in order (the chunk itself when all are). */
export function selectPoints(chunk: PointChunk, keep: Uint8Array): PointChunk {
  let kept = 0;
  for (let i = 0; i < chunk.count; i++) kept += keep[i]!;
  if (kept === chunk.count) return chunk;
  const length = chunk.recordLength;
  const records = Buffer.allocUnsafe(kept * length);
  const x = new Float64Array(kept);
  const y = new Float64Array(kept);
  const z = new Float64Array(kept);
  // Records are copied run by run: crops and ranges keep long runs of consecutive points.
  let j = 0;
  for (let i = 0; i < chunk.count; ) {
    if (!keep[i]) {
      i++;
      continue;
    }
    const start = i;
    while (i < chunk.count && keep[i]) i++;
    chunk.records.copy(records, j * length, start * length, i * length);
    x.set(chunk.x.subarray(start, i), j);
    y.set(chunk.y.subarray(start, i), j);
    z.set(chunk.z.subarray(start, i), j);
    j += i - start;
  }
  return makeChunk(chunk.pointFormat, length, records, x, y, z);
}

/**
 * Points held in memory by the neighbour stages: records and coordinates in arrays that grow
 * by doubling, read back as chunks.
 */
export class PointStore {
  count = 0;
  x = new Float64Array(1024);
  y = new Float64Array(1024);
  z = new Float64Array(1024);
  records: Buffer = Buffer.alloc(0);
  pointFormat = 0;
  recordLength = 0;

  /** Appends every point of a chunk. */
  add(chunk: PointChunk): void {
    if (this.records.length === 0) {
      this.pointFormat = chunk.pointFormat;
      this.recordLength = chunk.recordLength;
      this.records = Buffer.alloc(1024 * chunk.recordLength);
    }
    this.reserve(this.count + chunk.count);
    this.x.set(chunk.x.subarray(0, chunk.count), this.count);
    this.y.set(chunk.y.subarray(0, chunk.count), this.count);
    this.z.set(chunk.z.subarray(0, chunk.count), this.count);
    chunk.records.copy(this.records, this.count * this.recordLength);
    this.count += chunk.count;
  }

  private reserve(needed: number): void {
    if (needed <= this.x.length) return;
    let capacity = this.x.length;
    while (capacity < needed) capacity *= 2;
    const grow = (a: Float64Array) => {
      const b = new Float64Array(capacity);
      b.set(a.subarray(0, this.count));
      return b;
    };
    this.x = grow(this.x);
    this.y = grow(this.y);
    this.z = grow(this.z);
    const records = Buffer.alloc(capacity * this.recordLength);
    this.records.copy(records, 0, 0, this.count * this.recordLength);
    this.records = records;
  }

  /** The held points as chunks of up to `size` points, keeping only those flagged (if given). */
  *chunks(size: number, keep?: Uint8Array): Generator<PointChunk> {
    const length = this.recordLength;
    for (let start = 0; start < this.count; start += size) {
      const end = Math.min(this.count, start + size);
      const chunk = makeChunk(
        this.pointFormat,
        length,
        Buffer.from(this.records.subarray(start * length, end * length)),
        this.x.slice(start, end),
        this.y.slice(start, end),
        this.z.slice(start, end),
      );
      yield keep ? selectPoints(chunk, keep.subarray(start, end)) : chunk;
    }
  }
}
