import type { RinexLineReader } from './rinex-files.ts';
import { type RinexHeader, readRinexHeader } from './rinex-header.ts';
import { type RinexTime, rinexTime } from './rinex-time.ts';

/**
 * Streams the body of a RINEX 2 or 3 observation file record by record, keeping only the first
 * and last epoch and the count: a day of 1 Hz data is read without holding it in memory.
 */

export interface RinexEpochSummary {
  /** The first epoch that carries observations (event flag 0 or 1); null when there is none. */
  first: RinexTime | null;
  last: RinexTime | null;
  /** Epochs carrying observations; event records (flags 2-5) and cycle-slip records (6) are not counted. */
  epochCount: number;
  /** The shortest step between consecutive epochs (seconds), null with fewer than two epochs. */
  shortestStepSeconds: number | null;
}

interface EpochRecord {
  flag: number;
  /** Satellites (flags 0, 1, 6) or special records (flags 2-5) that follow. */
  count: number;
  time: RinexTime | null;
}

const RINEX2_SATELLITES_PER_LINE = 12;
/**
 * The longest time one observation file may cover. Base-station files hold an hour or a day;
 * a file whose epochs span longer is broken or forged, and would match every session of its
 * years.
 */
export const MAX_OBSERVATION_SPAN_DAYS = 31;
const RINEX2_OBSERVATIONS_PER_LINE = 5;

/** Reads the body after `readRinexHeader` returned; throws RinexFormatError on a broken record. */
export async function readObservationEpochs(
  reader: RinexLineReader,
  header: RinexHeader,
): Promise<RinexEpochSummary> {
  if (header.fileType !== 'O') {
    throw reader.error(`not an observation file (RINEX type '${header.fileType}')`, 1);
  }
  const summary: RinexEpochSummary = {
    first: null,
    last: null,
    epochCount: 0,
    shortestStepSeconds: null,
  };
  const v3 = header.version >= 3;
  let linesPerSatellite = Math.max(
    1,
    Math.ceil(header.observationTypes.length / RINEX2_OBSERVATIONS_PER_LINE),
  );

  for (;;) {
    const line = await reader.next();
    if (line === null) break;
    if (line.trim() === '') continue;
    const record = v3 ? parseRinex3Epoch(line, header) : parseRinex2Epoch(line, header);
    if (!record) throw reader.error(`broken epoch record: "${printable(line)}"`);
    const observations = record.flag <= 1 || record.flag === 6;
    let following = record.count;
    if (!v3 && observations) {
      // RINEX 2 continues a long satellite list on extra lines, then writes each satellite's
      // observations on ceil(types / 5) lines.
      following =
        record.count === 0
          ? 0
          : Math.ceil(record.count / RINEX2_SATELLITES_PER_LINE) -
            1 +
            record.count * linesPerSatellite;
    }
    for (let i = 0; i < following; i++) {
      const body = await reader.next();
      if (body === null) {
        throw reader.error(
          `the file ends ${following - i} line(s) short of the epoch record announcing ${record.count} ${observations ? 'satellite(s)' : 'special record(s)'} (a truncated file or a wrong count)`,
        );
      }
      if (v3 && body.startsWith('>')) {
        throw reader.error(
          `an epoch record starts where ${record.count} ${observations ? 'satellite' : 'special'} records were announced`,
        );
      }
      // A header-information event (flag 4 or 3) may change the observation types.
      if (!v3 && !observations && body.slice(60).trim() === '# / TYPES OF OBSERV') {
        const count = Number(body.slice(0, 6).trim());
        if (count > 0) linesPerSatellite = Math.ceil(count / RINEX2_OBSERVATIONS_PER_LINE);
      }
    }
    if (record.flag <= 1 && record.count > 0 && record.time) countEpoch(summary, record.time);
  }
  checkSpan(reader, summary);
  return summary;
}

function checkSpan(reader: RinexLineReader, summary: RinexEpochSummary): void {
  if (!summary.first || !summary.last) return;
  const days = (summary.last.gpsSeconds - summary.first.gpsSeconds) / 86_400;
  if (days > MAX_OBSERVATION_SPAN_DAYS) {
    const day = (time: RinexTime) => time.utc.toISOString().slice(0, 10);
    throw reader.error(
      `the epochs span ${Math.round(days)} days (${day(summary.first)} to ${day(summary.last)}); an observation file covers at most ${MAX_OBSERVATION_SPAN_DAYS} days`,
    );
  }
}

/** A line quoted in a message: control and non-ASCII bytes shown as '?', at most 80 characters. */
function printable(line: string): string {
  const shown = line.trimEnd().replace(/[^\x20-\x7e]/g, '?');
  return shown.length > 80 ? `${shown.slice(0, 80)}…` : shown;
}

function countEpoch(summary: RinexEpochSummary, time: RinexTime): void {
  if (summary.last) {
    const step = time.gpsSeconds - summary.last.gpsSeconds;
    if (step > 0 && (summary.shortestStepSeconds === null || step < summary.shortestStepSeconds)) {
      summary.shortestStepSeconds = Math.round(step * 1000) / 1000;
    }
  }
  summary.first ??= time;
  if (!summary.last || time.gpsSeconds >= summary.last.gpsSeconds) summary.last = time;
  summary.epochCount++;
}

const INTEGER = /^\s*[+-]?\d+\s*$/;
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/;

function int(text: string): number | null {
  return INTEGER.test(text) ? Number(text) : null;
}

/** RINEX 2: 1X,I2,4(1X,I2),F11.7,2X,I1,I3, then the satellites (12 per line). */
function parseRinex2Epoch(line: string, header: RinexHeader): EpochRecord | null {
  const flag = int(line.slice(26, 29));
  const count = int(line.slice(29, 32));
  if (flag === null || flag < 0 || flag > 6 || count === null || count < 0) return null;
  const dateText = line.slice(0, 26);
  // Event records (flags 2-5) may leave the date blank.
  if (flag >= 2 && flag <= 5 && dateText.trim() === '') return { flag, count, time: null };
  const parts = [1, 4, 7, 10, 13].map((at) => int(line.slice(at, at + 2)));
  const secondText = line.slice(15, 26);
  if (parts.some((part) => part === null) || !DECIMAL.test(secondText)) return null;
  const [yy, month, day, hour, minute] = parts as number[];
  const year = yy! < 80 ? 2000 + yy! : 1900 + yy!;
  const time = rinexTime(
    { year, month: month!, day: day!, hour: hour!, minute: minute!, second: Number(secondText) },
    header.timeSystem,
  );
  if (!time) return null;
  return { flag, count, time };
}

/** RINEX 3: '>',1X,I4,4(1X,I2),F11.7,2X,I1,I3. */
function parseRinex3Epoch(line: string, header: RinexHeader): EpochRecord | null {
  if (!line.startsWith('>')) return null;
  const flag = int(line.slice(29, 32));
  const count = int(line.slice(32, 35));
  if (flag === null || flag < 0 || flag > 6 || count === null || count < 0) return null;
  if (flag >= 2 && flag <= 5 && line.slice(1, 29).trim() === '') return { flag, count, time: null };
  const year = int(line.slice(2, 6));
  const parts = [7, 10, 13, 16].map((at) => int(line.slice(at, at + 2)));
  const secondText = line.slice(18, 29);
  if (year === null || parts.some((part) => part === null) || !DECIMAL.test(secondText)) {
    return null;
  }
  const [month, day, hour, minute] = parts as number[];
  const time = rinexTime(
    { year, month: month!, day: day!, hour: hour!, minute: minute!, second: Number(secondText) },
    header.timeSystem,
  );
  if (!time) return null;
  return { flag, count, time };
}

/** Reads a whole RINEX file: its header, and for an observation file its epochs. Closes the reader. */
export async function readRinexSummary(
  reader: RinexLineReader,
): Promise<{ header: RinexHeader; epochs: RinexEpochSummary | null }> {
  try {
    const header = await readRinexHeader(reader);
    const epochs = header.fileType === 'O' ? await readObservationEpochs(reader, header) : null;
    return { header, epochs };
  } finally {
    reader.close();
  }
}
