import type { RinexLineReader } from './rinex-files.ts';
import {
  defaultTimeSystem,
  RINEX_TIME_SYSTEMS,
  type RinexTime,
  type RinexTimeSystem,
  rinexTime,
} from './rinex-time.ts';

/**
 * Reader of RINEX 2.10/2.11 and 3.0x observation and navigation headers (the fixed-column
 * records before END OF HEADER). Unknown records are skipped.
 */

export interface EcefPosition {
  x: number;
  y: number;
  z: number;
}

export interface RinexHeader {
  /** The version as a number, e.g. 2.1 or 3.03. */
  version: number;
  /** The version with two decimals, e.g. '2.10', '3.03'. */
  versionText: string;
  /** 'O' observation; 'N' navigation (RINEX 2: GPS; RINEX 3: any system); 'G' GLONASS navigation, … */
  fileType: string;
  /** 'G' GPS, 'R' GLONASS, 'E' Galileo, 'C' BeiDou, 'J' QZSS, 'S' SBAS, 'M' mixed; null if not given. */
  satelliteSystem: string | null;
  markerName: string | null;
  /** APPROX POSITION XYZ (metres, ECEF); null when absent or all zero (unknown). */
  approxPosition: EcefPosition | null;
  /** ANTENNA: DELTA H/E/N (metres). */
  antennaDelta: { height: number; east: number; north: number } | null;
  intervalSeconds: number | null;
  /** The time system of the epochs (TIME OF FIRST OBS, else implied by the satellite system). */
  timeSystem: RinexTimeSystem;
  firstObs: RinexTime | null;
  lastObs: RinexTime | null;
  /** RINEX 2: the observation types (# / TYPES OF OBSERV). */
  observationTypes: string[];
  /** RINEX 3: the observation types per satellite system (SYS / # / OBS TYPES). */
  observationTypesBySystem: Record<string, string[]>;
  /** Number of header lines, END OF HEADER included. */
  lineCount: number;
}

/** Headers longer than this are not RINEX headers (real ones have well under 1000 lines). */
const MAX_HEADER_LINES = 5000;
const VERSION_LABEL = 'RINEX VERSION / TYPE';

/** True for an observation file (type 'O'). */
export function isObservationHeader(header: RinexHeader): boolean {
  return header.fileType === 'O';
}

/** True for a navigation file of any system (RINEX 2 N/G/H/L/…, RINEX 3 N). */
export function isNavigationHeader(header: RinexHeader): boolean {
  return 'NGHLPQFI'.includes(header.fileType) && header.fileType !== '';
}

/**
 * RINEX 2 leaves the system blank in GPS observation files and writes it in the type letter of
 * navigation files (N GPS, G GLONASS, H SBAS, L Galileo); RINEX 3 writes it in column 41.
 */
function impliedSystem(version: number, fileType: string, written: string | null): string | null {
  if (version >= 3 || fileType === 'O') return written ?? (fileType === 'O' ? 'G' : null);
  const byType: Record<string, string> = { N: 'G', G: 'R', H: 'S', L: 'E' };
  return byType[fileType] ?? written;
}

const label = (line: string) => line.slice(60).trim();
const blank = (text: string) => text.trim() === '';

/** A fixed-column number; NaN when the field is not a number (blank counts as `fallback`). */
function numberField(line: string, from: number, to: number, fallback = Number.NaN): number {
  const text = line.slice(from, to).trim();
  if (text === '') return fallback;
  return /^[+-]?(\d+\.?\d*|\.\d+)([eEdD][+-]?\d+)?$/.test(text)
    ? Number(text.replace(/[dD]/, 'e'))
    : Number.NaN;
}

/**
 * Reads the header from the start of the file and leaves the reader on the first body line.
 * Throws RinexFormatError naming the file and line when the file is not RINEX 2/3 or the header
 * is cut short.
 */
export async function readRinexHeader(reader: RinexLineReader): Promise<RinexHeader> {
  const first = await reader.next();
  if (first === null) throw reader.error('the file is empty', 1);
  if (label(first) !== VERSION_LABEL) {
    throw reader.error(`not a RINEX file (the first line is not '${VERSION_LABEL}')`);
  }
  const version = numberField(first, 0, 9);
  if (!(version >= 2 && version < 4)) {
    throw reader.error(
      `RINEX version ${first.slice(0, 9).trim() || '(blank)'} is not supported; only RINEX 2 and 3 are read`,
    );
  }
  const fileType = first.charAt(20).toUpperCase();
  const system = first.charAt(40).trim().toUpperCase() || null;
  const header: RinexHeader = {
    version,
    versionText: version.toFixed(2),
    fileType,
    satelliteSystem: impliedSystem(version, fileType, system),
    markerName: null,
    approxPosition: null,
    antennaDelta: null,
    intervalSeconds: null,
    timeSystem: 'GPS',
    firstObs: null,
    lastObs: null,
    observationTypes: [],
    observationTypesBySystem: {},
    lineCount: 1,
  };
  let explicitTimeSystem: RinexTimeSystem | null = null;
  const pendingTimes: { key: 'firstObs' | 'lastObs'; line: string; lineNumber: number }[] = [];
  let v2TypesExpected = 0;
  let v3System: string | null = null;
  let v3TypesExpected = 0;

  for (;;) {
    const line = await reader.next();
    if (line === null) {
      throw reader.error('the header ends without END OF HEADER', reader.lineNumber);
    }
    header.lineCount++;
    if (header.lineCount > MAX_HEADER_LINES) {
      throw reader.error(`no END OF HEADER within ${MAX_HEADER_LINES} lines`);
    }
    const name = label(line);
    if (name === 'END OF HEADER') break;
    switch (name) {
      case 'MARKER NAME':
        header.markerName = line.slice(0, 60).trim() || null;
        break;
      case 'APPROX POSITION XYZ': {
        const [x, y, z] = [0, 14, 28].map((at) => numberField(line, at, at + 14));
        if (![x, y, z].every(Number.isFinite)) throw reader.error('unreadable APPROX POSITION XYZ');
        header.approxPosition = x === 0 && y === 0 && z === 0 ? null : { x: x!, y: y!, z: z! };
        break;
      }
      case 'ANTENNA: DELTA H/E/N': {
        const [height, east, north] = [0, 14, 28].map((at) => numberField(line, at, at + 14, 0));
        if (![height, east, north].every(Number.isFinite)) {
          throw reader.error('unreadable ANTENNA: DELTA H/E/N');
        }
        header.antennaDelta = { height: height!, east: east!, north: north! };
        break;
      }
      case 'INTERVAL': {
        const interval = numberField(line, 0, 10);
        if (!Number.isFinite(interval)) throw reader.error('unreadable INTERVAL');
        header.intervalSeconds = interval > 0 ? interval : null;
        break;
      }
      case 'TIME OF FIRST OBS':
      case 'TIME OF LAST OBS': {
        const key = name === 'TIME OF FIRST OBS' ? 'firstObs' : 'lastObs';
        pendingTimes.push({ key, line, lineNumber: reader.lineNumber });
        const written = line.slice(48, 51).trim().toUpperCase();
        if (written !== '' && key === 'firstObs') {
          if (!RINEX_TIME_SYSTEMS.includes(written as RinexTimeSystem)) {
            throw reader.error(`unknown time system '${written}' in TIME OF FIRST OBS`);
          }
          explicitTimeSystem = written as RinexTimeSystem;
        }
        break;
      }
      case '# / TYPES OF OBSERV': {
        // RINEX 2: I6 count on the first line, then 9 types per line in 6-column fields.
        if (v2TypesExpected === 0) {
          v2TypesExpected = numberField(line, 0, 6);
          if (!(v2TypesExpected >= 0)) throw reader.error('unreadable # / TYPES OF OBSERV');
          header.observationTypes = [];
        }
        for (let at = 6; at < 60 && header.observationTypes.length < v2TypesExpected; at += 6) {
          const type = line.slice(at, at + 6).trim();
          if (type) header.observationTypes.push(type);
        }
        if (header.observationTypes.length >= v2TypesExpected) v2TypesExpected = 0;
        break;
      }
      case 'SYS / # / OBS TYPES': {
        // RINEX 3: system letter and I3 count, then 13 types per line in 4-column fields.
        if (!blank(line.slice(0, 1))) {
          v3System = line.charAt(0);
          v3TypesExpected = numberField(line, 3, 6);
          if (!(v3TypesExpected >= 0)) throw reader.error('unreadable SYS / # / OBS TYPES');
          header.observationTypesBySystem[v3System] = [];
        }
        if (v3System === null) throw reader.error('SYS / # / OBS TYPES continues no system');
        const types = header.observationTypesBySystem[v3System]!;
        for (let at = 7; at < 60 && types.length < v3TypesExpected; at += 4) {
          const type = line.slice(at, at + 3).trim();
          if (type) types.push(type);
        }
        break;
      }
      default:
        break;
    }
  }

  header.timeSystem = explicitTimeSystem ?? defaultTimeSystem(header.satelliteSystem);
  for (const { key, line, lineNumber } of pendingTimes) {
    const fields = {
      year: numberField(line, 0, 6),
      month: numberField(line, 6, 12),
      day: numberField(line, 12, 18),
      hour: numberField(line, 18, 24),
      minute: numberField(line, 24, 30),
      second: numberField(line, 30, 43),
    };
    const time = rinexTime(fields, header.timeSystem);
    if (!time) {
      throw reader.error(
        `unreadable ${key === 'firstObs' ? 'TIME OF FIRST OBS' : 'TIME OF LAST OBS'}`,
        lineNumber,
      );
    }
    header[key] = time;
  }
  if (header.fileType === 'O' && header.version < 3 && header.observationTypes.length === 0) {
    throw reader.error('the observation header has no # / TYPES OF OBSERV');
  }
  return header;
}
