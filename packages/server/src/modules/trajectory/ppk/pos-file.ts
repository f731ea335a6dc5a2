import {
  gpsSecondsToUtc,
  gpstCalendarToGpsSeconds,
  utcToGpsSeconds,
} from '../../../device-packages/gps-time.ts';

/**
 * Reader of RTKLIB solution files (.pos) written with out-solformat=llh, and the epoch-by-epoch
 * choice among the solutions of several base stations.
 */

export interface PosEpoch {
  /** GPS seconds (since 1980-01-06, no leap seconds), as in trajectory.csv. */
  gpsSeconds: number;
  /** The same instant in UTC. */
  time: Date;
  lat: number;
  lon: number;
  /** WGS84 ellipsoidal height (m). */
  height: number;
  /** RTKLIB quality: 1 fix, 2 float, 3 SBAS, 4 DGPS, 5 single, 6 PPP. */
  q: number;
  /** Satellites used. */
  ns: number;
  sdn: number;
  sde: number;
  sdu: number;
  /** Ambiguity ratio-test value (0 when not resolved). */
  ratio: number;
}

const SECONDS_PER_WEEK = 604_800;

/** A .pos that cannot be read; the message names the line. */
export class PosFormatError extends Error {
  override name = 'PosFormatError';
}

function epochSeconds(fields: string[], utc: boolean, lineNo: number): [number, number] {
  const [a, b] = fields;
  const calendar = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(a ?? '');
  if (calendar && /^\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(b ?? '')) {
    const iso = `${calendar[1]}-${calendar[2]}-${calendar[3]}T${b}Z`;
    if (Number.isNaN(Date.parse(iso)))
      throw new PosFormatError(`Line ${lineNo}: bad date ${a} ${b}`);
    return [utc ? utcToGpsSeconds(new Date(iso)) : gpstCalendarToGpsSeconds(iso), 2];
  }
  // out-timeform=tow: GPS week and seconds of week.
  const week = Number(a);
  const tow = Number(b);
  if (
    Number.isInteger(week) &&
    week >= 0 &&
    Number.isFinite(tow) &&
    tow >= 0 &&
    tow < SECONDS_PER_WEEK
  ) {
    if (utc) throw new PosFormatError(`Line ${lineNo}: week/seconds times must be GPST`);
    return [week * SECONDS_PER_WEEK + tow, 2];
  }
  throw new PosFormatError(
    `Line ${lineNo}: '${a} ${b}' is not an epoch time (yyyy/mm/dd hh:mm:ss or GPS week and seconds)`,
  );
}

/**
 * Parses the solution lines of a .pos (lat/lon/height form); '%' lines are the header, whose
 * column line tells GPST from UTC. Throws PosFormatError on a malformed line.
 */
export function parsePosFile(text: string): PosEpoch[] {
  const epochs: PosEpoch[] = [];
  let utc = false;
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    const lineNo = index + 1;
    if (line === '') continue;
    if (line.startsWith('%')) {
      if (/latitude\(/.test(line)) utc = /\bUTC\b/.test(line);
      else if (/\bx-ecef\(|\be-baseline\(/.test(line)) {
        throw new PosFormatError(
          `Line ${lineNo}: the solution is not in latitude/longitude/height`,
        );
      }
      continue;
    }
    const fields = line.split(/\s+/);
    const [gpsSeconds, used] = epochSeconds(fields, utc, lineNo);
    const values = fields.slice(used).map(Number);
    // lat lon height Q ns sdn sde sdu sdne sdeu sdun age ratio
    if (values.length < 13 || values.slice(0, 13).some((value) => !Number.isFinite(value))) {
      throw new PosFormatError(
        `Line ${lineNo}: expected latitude, longitude, height, Q, ns, 6 deviations, age and ratio: '${line}'`,
      );
    }
    const [lat, lon, height, q, ns, sdn, sde, sdu] = values as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180 || !Number.isInteger(q) || q < 1 || q > 6) {
      throw new PosFormatError(`Line ${lineNo}: latitude, longitude or Q out of range: '${line}'`);
    }
    epochs.push({
      gpsSeconds,
      time: gpsSecondsToUtc(gpsSeconds),
      lat,
      lon,
      height,
      q,
      ns,
      sdn,
      sde,
      sdu,
      ratio: values[12]!,
    });
  }
  return epochs;
}

/** The RTKLIB version named in a .pos header ('% program : RTKLIB ver.2.4.3'), or null. */
export function rtklibVersionFromPos(text: string): string | null {
  const match = /^%\s*program\s*:.*?ver\.\s*(\S+(?:\s+b\d+)?)/m.exec(text);
  return match ? match[1]!.trim() : null;
}

/**
 * Epoch by epoch, the best of several base stations' solutions: the lower Q first (fix, then
 * float, …, single), then the shorter baseline. Sorted by time.
 */
export function combineSolutions(
  solutions: { basestationId: number; baselineKm: number; epochs: PosEpoch[] }[],
): (PosEpoch & { basestationId: number })[] {
  const best = new Map<
    number,
    { epoch: PosEpoch & { basestationId: number }; baselineKm: number }
  >();
  for (const solution of solutions) {
    for (const epoch of solution.epochs) {
      // Epochs of different runs are the same instant when they agree to the millisecond.
      const key = Math.round(epoch.gpsSeconds * 1000);
      const current = best.get(key);
      const better =
        !current ||
        epoch.q < current.epoch.q ||
        (epoch.q === current.epoch.q && solution.baselineKm < current.baselineKm);
      if (better) {
        best.set(key, {
          epoch: { ...epoch, basestationId: solution.basestationId },
          baselineKm: solution.baselineKm,
        });
      }
    }
  }
  return [...best.values()].map((entry) => entry.epoch).sort((a, b) => a.gpsSeconds - b.gpsSeconds);
}
