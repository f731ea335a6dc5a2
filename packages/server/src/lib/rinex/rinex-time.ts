import {
  gpsSecondsToUtc,
  gpstCalendarToGpsSeconds,
  utcToGpsSeconds,
} from '../../device-packages/gps-time.ts';

/**
 * RINEX epochs are calendar times in the file's time system: GPS (also Galileo, QZSS and IRNSS
 * system time, which keep GPS seconds), BeiDou (GPS − 14 s) or GLONASS (written as UTC).
 */
export type RinexTimeSystem = 'GPS' | 'GAL' | 'QZS' | 'IRN' | 'BDT' | 'GLO' | 'UTC';

export const RINEX_TIME_SYSTEMS: readonly RinexTimeSystem[] = [
  'GPS',
  'GAL',
  'QZS',
  'IRN',
  'BDT',
  'GLO',
  'UTC',
];

/** BeiDou time is 14 s behind GPS time (BDT 2006-01-01 00:00:00 = GPST 00:00:14). */
const BDT_TO_GPS_SECONDS = 14;

/** One epoch as written in the file, and the same instant as GPS seconds and as a UTC date. */
export interface RinexTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** Seconds of the minute with their fraction, as written (e.g. 29.996). */
  second: number;
  timeSystem: RinexTimeSystem;
  /** Seconds since the GPS epoch (1980-01-06 00:00:00 UTC), without leap seconds. */
  gpsSeconds: number;
  /** The instant in UTC (millisecond precision). */
  utc: Date;
}

/** The time system a RINEX satellite-system letter implies when the header names none. */
export function defaultTimeSystem(satelliteSystem: string | null): RinexTimeSystem {
  switch (satelliteSystem) {
    case 'R':
      return 'GLO';
    case 'E':
      return 'GAL';
    case 'J':
      return 'QZS';
    case 'C':
      return 'BDT';
    case 'I':
      return 'IRN';
    default:
      return 'GPS';
  }
}

/** Builds a RinexTime from calendar fields; null when a field is out of range. */
export function rinexTime(
  fields: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  },
  timeSystem: RinexTimeSystem,
): RinexTime | null {
  const { year, month, day, hour, minute, second } = fields;
  const valid =
    Number.isInteger(year) &&
    // The leap-second table of gps-time.ts starts in 1999.
    year >= 1999 &&
    year < 2200 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 31 &&
    hour >= 0 &&
    hour <= 24 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second < 62;
  if (!valid) return null;
  const minuteStart = new Date(Date.UTC(year, month - 1, day, hour, minute));
  let gpsSeconds: number;
  if (timeSystem === 'GLO' || timeSystem === 'UTC') {
    gpsSeconds = utcToGpsSeconds(minuteStart) + second;
  } else {
    gpsSeconds = gpstCalendarToGpsSeconds(minuteStart.toISOString()) + second;
    if (timeSystem === 'BDT') gpsSeconds += BDT_TO_GPS_SECONDS;
  }
  return { ...fields, timeSystem, gpsSeconds, utc: gpsSecondsToUtc(gpsSeconds) };
}
