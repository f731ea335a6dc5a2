import { gpsTimeOffset, rgbOffset } from './las-point-formats.ts';

/**
 * Named dimensions of LAS point records (ASPRS LAS 1.4 R15, point formats 0–10), read and written
 * in place in the record bytes. X, Y and Z are not here: they depend on the header's scale and
 * offset, so callers decode them with those.
 */

/** Reads or writes one dimension of the record starting at `base` in `view`. */
export interface LasDimensionAccessor {
  get(view: DataView, base: number): number;
  set(view: DataView, base: number, value: number): void;
  /** Smallest and largest value the record can hold. */
  min: number;
  max: number;
  /** True when only whole numbers can be stored. */
  integer: boolean;
}

/** Dimension names as PDAL spells them (besides X, Y, Z), in a documented order. */
export const LAS_DIMENSION_NAMES = [
  'Intensity',
  'ReturnNumber',
  'NumberOfReturns',
  'ScanDirectionFlag',
  'EdgeOfFlightLine',
  'Classification',
  'Synthetic',
  'KeyPoint',
  'Withheld',
  'Overlap',
  'ScanChannel',
  'ScanAngleRank',
  'UserData',
  'PointSourceId',
  'GpsTime',
  'Red',
  'Green',
  'Blue',
  'Infrared',
] as const;

export type LasDimensionName = (typeof LAS_DIMENSION_NAMES)[number];

/** Formats 8 and 10 add a near-infrared word after the colour. */
const INFRARED_OFFSET: Record<number, number> = { 8: 36, 10: 36 };
/** Formats 6–10 store the scan angle as an int16 in steps of 0.006°. */
const SCAN_ANGLE_STEP = 0.006;

function unsigned(offset: number, bytes: 1 | 2): LasDimensionAccessor {
  const max = bytes === 1 ? 0xff : 0xffff;
  return bytes === 1
    ? {
        get: (view, base) => view.getUint8(base + offset),
        set: (view, base, value) => view.setUint8(base + offset, value),
        min: 0,
        max,
        integer: true,
      }
    : {
        get: (view, base) => view.getUint16(base + offset, true),
        set: (view, base, value) => view.setUint16(base + offset, value, true),
        min: 0,
        max,
        integer: true,
      };
}

function bits(offset: number, shift: number, width: number): LasDimensionAccessor {
  const mask = ((1 << width) - 1) << shift;
  return {
    get: (view, base) => (view.getUint8(base + offset) & mask) >> shift,
    set: (view, base, value) => {
      const byte = view.getUint8(base + offset);
      view.setUint8(base + offset, (byte & ~mask) | ((value << shift) & mask));
    },
    min: 0,
    max: (1 << width) - 1,
    integer: true,
  };
}

/**
 * The accessor of a dimension in a point format, or null when the format has no such field
 * (e.g. GpsTime in format 0, Infrared before format 8).
 */
export function lasDimension(name: LasDimensionName, format: number): LasDimensionAccessor | null {
  const extended = format >= 6;
  switch (name) {
    case 'Intensity':
      return unsigned(12, 2);
    case 'ReturnNumber':
      return extended ? bits(14, 0, 4) : bits(14, 0, 3);
    case 'NumberOfReturns':
      return extended ? bits(14, 4, 4) : bits(14, 3, 3);
    case 'ScanDirectionFlag':
      return extended ? bits(15, 6, 1) : bits(14, 6, 1);
    case 'EdgeOfFlightLine':
      return extended ? bits(15, 7, 1) : bits(14, 7, 1);
    case 'Classification':
      return extended ? unsigned(16, 1) : bits(15, 0, 5);
    case 'Synthetic':
      return extended ? bits(15, 0, 1) : bits(15, 5, 1);
    case 'KeyPoint':
      return extended ? bits(15, 1, 1) : bits(15, 6, 1);
    case 'Withheld':
      return extended ? bits(15, 2, 1) : bits(15, 7, 1);
    case 'Overlap':
      return extended ? bits(15, 3, 1) : null;
    case 'ScanChannel':
      return extended ? bits(15, 4, 2) : null;
    case 'ScanAngleRank':
      return extended
        ? {
            get: (view, base) => view.getInt16(base + 18, true) * SCAN_ANGLE_STEP,
            set: (view, base, value) =>
              view.setInt16(base + 18, Math.round(value / SCAN_ANGLE_STEP), true),
            min: -30_000 * SCAN_ANGLE_STEP,
            max: 30_000 * SCAN_ANGLE_STEP,
            integer: false,
          }
        : {
            get: (view, base) => view.getInt8(base + 16),
            set: (view, base, value) => view.setInt8(base + 16, value),
            min: -90,
            max: 90,
            integer: true,
          };
    case 'UserData':
      return unsigned(17, 1);
    case 'PointSourceId':
      return unsigned(extended ? 20 : 18, 2);
    case 'GpsTime': {
      const offset = gpsTimeOffset(format);
      if (offset === undefined) return null;
      return {
        get: (view, base) => view.getFloat64(base + offset, true),
        set: (view, base, value) => view.setFloat64(base + offset, value, true),
        min: -Number.MAX_VALUE,
        max: Number.MAX_VALUE,
        integer: false,
      };
    }
    case 'Red':
    case 'Green':
    case 'Blue': {
      const offset = rgbOffset(format);
      if (offset === undefined) return null;
      return unsigned(offset + (name === 'Red' ? 0 : name === 'Green' ? 2 : 4), 2);
    }
    case 'Infrared': {
      const offset = INFRARED_OFFSET[format];
      return offset === undefined ? null : unsigned(offset, 2);
    }
  }
}

/** The return number of a record (the field that the header's counts by return use). */
export function lasReturnNumber(bytes: Uint8Array, base: number, format: number): number {
  return format >= 6 ? bytes[base + 14]! & 0x0f : bytes[base + 14]! & 0x07;
}
