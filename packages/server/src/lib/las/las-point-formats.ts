/**
 * Where the fields of LAS point records lie, by point format (LAS 1.4 R15, tables 7–17): the one
 * table every reader and writer of point records uses.
 */

const GPS_TIME_OFFSET: Readonly<Record<number, number>> = {
  1: 20,
  3: 20,
  4: 20,
  5: 20,
  6: 22,
  7: 22,
  8: 22,
  9: 22,
  10: 22,
};

const RGB_OFFSET: Readonly<Record<number, number>> = { 2: 20, 3: 28, 5: 28, 7: 30, 8: 30, 10: 30 };

/** Global-encoding bit 0: GPS times are adjusted standard GPS time (GPS seconds − 1e9). */
const ADJUSTED_STANDARD_GPS_TIME = 1;

/** Byte offset of the GPS time in a record of the format; undefined when it has none. */
export function gpsTimeOffset(pointFormat: number): number | undefined {
  return GPS_TIME_OFFSET[pointFormat];
}

/** Byte offset of the red, green, blue words in a record of the format; undefined without. */
export function rgbOffset(pointFormat: number): number | undefined {
  return RGB_OFFSET[pointFormat];
}

/**
 * Where a record of the format keeps its classification: formats 0–5 in the low 5 bits of byte
 * 15 (the top 3 are flags), formats 6–10 in the whole of byte 16.
 */
export function classificationField(pointFormat: number): { at: number; mask: number } {
  return pointFormat >= 6 ? { at: 16, mask: 0xff } : { at: 15, mask: 0x1f };
}

/** True when the point format stores a GPS time per point. */
export function formatHasGpsTime(pointFormat: number): boolean {
  return GPS_TIME_OFFSET[pointFormat] !== undefined;
}

/** True when the file's GPS times are adjusted standard time, false for GPS week seconds. */
export function storesAdjustedGpsTime(header: { globalEncoding: number }): boolean {
  return (header.globalEncoding & ADJUSTED_STANDARD_GPS_TIME) !== 0;
}
