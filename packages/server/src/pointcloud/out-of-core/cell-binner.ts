import { type Cube, QUANTIZE_BITS, type Vec3 } from '../octree-builder.ts';
import {
  copyLasRecord,
  type LasRecordFields,
  type WorkLayout,
  workRecordSize,
} from './work-records.ts';

/**
 * The distribution's work on each point: which coarse cell's file it goes to, its count on the
 * fine grid, and the ranges of its values. One binner a thread; their totals are joined at the
 * end (`joinTotals`). Plain data only, so that a worker thread gets the same set-up.
 */
export interface BinningSetup {
  cube: Cube;
  scale: Vec3;
  offset: Vec3;
  layout: WorkLayout;
  /** Level of the coarse grid (0: one cell, the whole cube). */
  coarseLevel: number;
  /** Level of the fine grid the points are counted on; null: not counted (one coarse cell). */
  countLevel: number | null;
  /** The file's records, as read or decoded. */
  fields: LasRecordFields;
}

/** A run's points as work records grouped by coarse cell, each group in file order. */
export interface BinnedRun {
  records: Uint8Array;
  /** The coarse cells holding points, ascending (index x | y<<l | z<<2l). */
  cells: Uint32Array;
  /** Byte offset in `records` where each cell's group ends. */
  ends: Uint32Array;
}

export interface BinTotals {
  /** Points per fine cell (index x | y<<l | z<<2l), or null when not counted. */
  counts: Uint32Array | null;
  /** Raw LAS integers. */
  rawMin: Vec3;
  rawMax: Vec3;
  intensity: [number, number];
  classification: [number, number];
  gpsTime: [number, number];
  rgbMin: Vec3;
  rgbMax: Vec3;
}

export class CellBinner {
  private readonly totals: BinTotals;
  private cellOf = new Uint32Array(0);
  private readonly cellCounts: Uint32Array;

  constructor(private readonly setup: BinningSetup) {
    const { countLevel } = setup;
    this.totals = {
      counts: countLevel === null ? null : new Uint32Array(1 << (3 * countLevel)),
      rawMin: [2147483647, 2147483647, 2147483647],
      rawMax: [-2147483648, -2147483648, -2147483648],
      intensity: [65535, 0],
      classification: [255, 0],
      gpsTime: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
      rgbMin: [65535, 65535, 65535],
      rgbMax: [0, 0, 0],
    };
    this.cellCounts = new Uint32Array(1 << (3 * setup.coarseLevel));
  }

  /**
   * Bins `count` LAS records, the first of which is point `firstIndex` of the file, into `reuse`
   * when it is large enough.
   */
  bin(records: Uint8Array, count: number, firstIndex: number, reuse?: Uint8Array): BinnedRun {
    const { cube, scale, offset, layout, coarseLevel, countLevel, fields } = this.setup;
    const { recordLength, classificationAt, classificationMask, gpsTimeAt, rgbAt } = fields;
    const input = new DataView(records.buffer, records.byteOffset, count * recordLength);
    if (this.cellOf.length < count) this.cellOf = new Uint32Array(count);
    const cellOf = this.cellOf;
    const cellCounts = this.cellCounts;
    cellCounts.fill(0);
    const t = this.totals;
    const counts = t.counts;
    const levels = 2 ** QUANTIZE_BITS;
    const top = levels - 1;
    const factor = levels / cube.size;
    const [sx, sy, sz] = scale;
    const [ox, oy, oz] = offset;
    const [mx, my, mz] = cube.min;
    const coarseShift = QUANTIZE_BITS - coarseLevel;
    const fineLevel = countLevel ?? 0;
    const countShift = QUANTIZE_BITS - fineLevel;
    let [minX, minY, minZ] = t.rawMin;
    let [maxX, maxY, maxZ] = t.rawMax;
    let [minI, maxI] = t.intensity;
    let [minC, maxC] = t.classification;
    let [minT, maxT] = t.gpsTime;
    for (let i = 0, base = 0; i < count; i++, base += recordLength) {
      const rx = input.getInt32(base, true);
      const ry = input.getInt32(base + 4, true);
      const rz = input.getInt32(base + 8, true);
      // The same arithmetic as octree-builder's quantizePoints, so a point's chunk is the cube the
      // builder puts it in.
      let qx = Math.floor((rx * sx + ox - mx) * factor);
      let qy = Math.floor((ry * sy + oy - my) * factor);
      let qz = Math.floor((rz * sz + oz - mz) * factor);
      qx = qx < 0 ? 0 : Math.min(qx, top);
      qy = qy < 0 ? 0 : Math.min(qy, top);
      qz = qz < 0 ? 0 : Math.min(qz, top);
      const cell =
        (qx >>> coarseShift) |
        ((qy >>> coarseShift) << coarseLevel) |
        ((qz >>> coarseShift) << (2 * coarseLevel));
      cellOf[i] = cell;
      cellCounts[cell]!++;
      if (counts) {
        counts[
          (qx >>> countShift) |
            ((qy >>> countShift) << fineLevel) |
            ((qz >>> countShift) << (2 * fineLevel))
        ]!++;
      }
      if (rx < minX) minX = rx;
      if (rx > maxX) maxX = rx;
      if (ry < minY) minY = ry;
      if (ry > maxY) maxY = ry;
      if (rz < minZ) minZ = rz;
      if (rz > maxZ) maxZ = rz;
      const intensity = input.getUint16(base + 12, true);
      if (intensity < minI) minI = intensity;
      if (intensity > maxI) maxI = intensity;
      const classification = records[base + classificationAt]! & classificationMask;
      if (classification < minC) minC = classification;
      if (classification > maxC) maxC = classification;
      if (gpsTimeAt >= 0) {
        const time = input.getFloat64(base + gpsTimeAt, true);
        if (time < minT) minT = time;
        if (time > maxT) maxT = time;
      }
      if (rgbAt >= 0) {
        for (let c = 0; c < 3; c++) {
          const value = input.getUint16(base + rgbAt + 2 * c, true);
          if (value < t.rgbMin[c]!) t.rgbMin[c] = value;
          if (value > t.rgbMax[c]!) t.rgbMax[c] = value;
        }
      }
    }
    t.rawMin = [minX, minY, minZ];
    t.rawMax = [maxX, maxY, maxZ];
    t.intensity = [minI, maxI];
    t.classification = [minC, maxC];
    t.gpsTime = [minT, maxT];

    // Each cell's group starts where the cells before it end; `cellCounts` becomes the next
    // free record of each cell.
    const recordSize = workRecordSize(layout);
    const held: number[] = [];
    const ends: number[] = [];
    let total = 0;
    for (let cell = 0; cell < cellCounts.length; cell++) {
      const n = cellCounts[cell]!;
      if (n === 0) continue;
      cellCounts[cell] = total;
      total += n;
      held.push(cell);
      ends.push(total * recordSize);
    }
    const length = total * recordSize;
    const out =
      reuse && reuse.byteLength >= length
        ? new Uint8Array(reuse.buffer, reuse.byteOffset, length)
        : new Uint8Array(length);
    const outView = new DataView(out.buffer, out.byteOffset, out.byteLength);
    for (let i = 0, base = 0; i < count; i++, base += recordLength) {
      const at = cellCounts[cellOf[i]!]!++ * recordSize;
      copyLasRecord(outView, at, input, base, firstIndex + i, fields, layout);
    }
    return { records: out, cells: Uint32Array.from(held), ends: Uint32Array.from(ends) };
  }

  /** What this binner has seen so far. */
  result(): BinTotals {
    return this.totals;
  }
}

/** The totals of binners that each saw part of one cloud, as if one had seen it all. */
export function joinTotals(parts: readonly BinTotals[]): BinTotals {
  const [first, ...rest] = parts;
  if (!first) throw new Error('No binner totals to join');
  const joined: BinTotals = structuredClone(first);
  for (const part of rest) {
    if (joined.counts && part.counts) {
      const counts = joined.counts;
      const more = part.counts;
      for (let i = 0; i < counts.length; i++) counts[i]! += more[i]!;
    }
    for (let a = 0; a < 3; a++) {
      joined.rawMin[a] = Math.min(joined.rawMin[a]!, part.rawMin[a]!);
      joined.rawMax[a] = Math.max(joined.rawMax[a]!, part.rawMax[a]!);
      joined.rgbMin[a] = Math.min(joined.rgbMin[a]!, part.rgbMin[a]!);
      joined.rgbMax[a] = Math.max(joined.rgbMax[a]!, part.rgbMax[a]!);
    }
    for (const key of ['intensity', 'classification', 'gpsTime'] as const) {
      joined[key] = [
        Math.min(joined[key][0], part[key][0]),
        Math.max(joined[key][1], part[key][1]),
      ];
    }
  }
  return joined;
}
