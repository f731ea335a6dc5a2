import { classificationField, gpsTimeOffset, rgbOffset } from '../../lib/las/las-point-formats.ts';
import { allocatePointColumns, type PointColumns } from '../../lib/las/las-reader.ts';

/**
 * Points in the build's work files (chunks, candidates of the top levels): fixed-size
 * little-endian records holding the point's index in the file (its sampling rank comes from it),
 * its raw LAS integers and the attributes the Potree output keeps.
 */

export interface WorkLayout {
  hasGpsTime: boolean;
  hasRgb: boolean;
}

export interface WorkPoints extends PointColumns {
  /** Index of each point in the source file. */
  index: Uint32Array;
}

export function workRecordSize(layout: WorkLayout): number {
  return 19 + (layout.hasGpsTime ? 8 : 0) + (layout.hasRgb ? 6 : 0);
}

/** Writes point `i` of `columns` (file index `index`) at byte `at` of `view`. */
export function putWorkRecord(
  view: DataView,
  at: number,
  columns: PointColumns,
  i: number,
  index: number,
  layout: WorkLayout,
): void {
  view.setUint32(at, index, true);
  view.setInt32(at + 4, columns.x[i]!, true);
  view.setInt32(at + 8, columns.y[i]!, true);
  view.setInt32(at + 12, columns.z[i]!, true);
  view.setUint16(at + 16, columns.intensity[i]!, true);
  view.setUint8(at + 18, columns.classification[i]!);
  let next = at + 19;
  if (layout.hasGpsTime) {
    view.setFloat64(next, columns.gpsTime?.[i] ?? 0, true);
    next += 8;
  }
  if (layout.hasRgb) {
    const rgb = columns.rgb!;
    view.setUint16(next, rgb[i * 3]!, true);
    view.setUint16(next + 2, rgb[i * 3 + 1]!, true);
    view.setUint16(next + 4, rgb[i * 3 + 2]!, true);
  }
}

/** Where a LAS point record of one format keeps what a work record holds (-1: not kept). */
export interface LasRecordFields {
  recordLength: number;
  classificationAt: number;
  classificationMask: number;
  gpsTimeAt: number;
  rgbAt: number;
}

export function lasRecordFields(pointFormat: number, recordLength: number): LasRecordFields {
  const classification = classificationField(pointFormat);
  return {
    recordLength,
    classificationAt: classification.at,
    classificationMask: classification.mask,
    gpsTimeAt: gpsTimeOffset(pointFormat) ?? -1,
    rgbAt: rgbOffset(pointFormat) ?? -1,
  };
}

/**
 * Writes the LAS record at byte `from` of `las` (file index `index`) as a work record at byte `at`
 * of `out`: as `putWorkRecord` of its decoded columns, without decoding them.
 */
export function copyLasRecord(
  out: DataView,
  at: number,
  las: DataView,
  from: number,
  index: number,
  fields: LasRecordFields,
  layout: WorkLayout,
): void {
  out.setUint32(at, index, true);
  out.setInt32(at + 4, las.getInt32(from, true), true);
  out.setInt32(at + 8, las.getInt32(from + 4, true), true);
  out.setInt32(at + 12, las.getInt32(from + 8, true), true);
  out.setUint16(at + 16, las.getUint16(from + 12, true), true);
  out.setUint8(at + 18, las.getUint8(from + fields.classificationAt) & fields.classificationMask);
  let next = at + 19;
  if (layout.hasGpsTime) {
    out.setFloat64(next, las.getFloat64(from + fields.gpsTimeAt, true), true);
    next += 8;
  }
  if (layout.hasRgb) {
    const rgb = from + fields.rgbAt;
    out.setUint16(next, las.getUint16(rgb, true), true);
    out.setUint16(next + 2, las.getUint16(rgb + 2, true), true);
    out.setUint16(next + 4, las.getUint16(rgb + 4, true), true);
  }
}

export function allocateWorkPoints(count: number, layout: WorkLayout): WorkPoints {
  return {
    ...allocatePointColumns(count, { gpsTime: layout.hasGpsTime, rgb: layout.hasRgb }),
    index: new Uint32Array(count),
  };
}

/** Decodes `count` records from `bytes` into `target` from point `start` on. */
export function readWorkRecords(
  bytes: Uint8Array,
  count: number,
  target: WorkPoints,
  start: number,
  layout: WorkLayout,
): void {
  const size = workRecordSize(layout);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * size);
  const { index, x, y, z, intensity, classification, gpsTime, rgb } = target;
  for (let k = 0, at = 0; k < count; k++, at += size) {
    const i = start + k;
    index[i] = view.getUint32(at, true);
    x[i] = view.getInt32(at + 4, true);
    y[i] = view.getInt32(at + 8, true);
    z[i] = view.getInt32(at + 12, true);
    intensity[i] = view.getUint16(at + 16, true);
    classification[i] = view.getUint8(at + 18);
    let next = at + 19;
    if (gpsTime) {
      gpsTime[i] = view.getFloat64(next, true);
      next += 8;
    }
    if (rgb) {
      rgb[i * 3] = view.getUint16(next, true);
      rgb[i * 3 + 1] = view.getUint16(next + 2, true);
      rgb[i * 3 + 2] = view.getUint16(next + 4, true);
    }
  }
}

/** Writes the points at `positions` of `points` as records (their own file indices). */
export function encodeWorkRecords(
  points: WorkPoints,
  positions: Uint32Array,
  layout: WorkLayout,
): Uint8Array {
  const size = workRecordSize(layout);
  const bytes = new Uint8Array(positions.length * size);
  const view = new DataView(bytes.buffer);
  for (let k = 0; k < positions.length; k++) {
    const i = positions[k]!;
    putWorkRecord(view, k * size, points, i, points.index[i]!, layout);
  }
  return bytes;
}
