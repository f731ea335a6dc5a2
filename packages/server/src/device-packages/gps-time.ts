/**
 * GPS time as the package format writes it: seconds since the GPS epoch (1980-01-06T00:00:00
 * UTC), without leap seconds. LAS files store "adjusted standard GPS time" (the same seconds
 * minus 1e9, LAS global-encoding bit 0).
 */

const GPS_EPOCH_MS = Date.UTC(1980, 0, 6);
export const LAS_ADJUSTED_GPS_OFFSET = 1e9;

/** GPS − UTC in seconds, from each leap second on (IERS bulletin C). */
const LEAP_SECONDS: readonly [number, number][] = [
  [Date.UTC(1999, 0, 1), 13],
  [Date.UTC(2006, 0, 1), 14],
  [Date.UTC(2009, 0, 1), 15],
  [Date.UTC(2012, 6, 1), 16],
  [Date.UTC(2015, 6, 1), 17],
  [Date.UTC(2017, 0, 1), 18],
];

function leapSecondsAt(utcMs: number): number {
  if (utcMs < LEAP_SECONDS[0]![0]) {
    throw new Error('GPS time conversion supports dates from 1999-01-01 on');
  }
  let leap = LEAP_SECONDS[0]![1];
  for (const [from, value] of LEAP_SECONDS) if (utcMs >= from) leap = value;
  return leap;
}

/** UTC date → GPS seconds. */
export function utcToGpsSeconds(date: Date): number {
  const ms = date.getTime();
  return (ms - GPS_EPOCH_MS) / 1000 + leapSecondsAt(ms);
}

/** GPS seconds → UTC date. */
export function gpsSecondsToUtc(gpsSeconds: number): Date {
  const approx = GPS_EPOCH_MS + gpsSeconds * 1000;
  const leap = leapSecondsAt(approx - 20_000);
  return new Date(approx - leap * 1000);
}

/** A GPS-time calendar date (as RINEX writes it, e.g. 2005-04-02 00:00:00 GPST) → GPS seconds. */
export function gpstCalendarToGpsSeconds(iso: string): number {
  return (Date.parse(iso) - GPS_EPOCH_MS) / 1000;
}
