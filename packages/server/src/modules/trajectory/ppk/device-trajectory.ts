import { TRAJECTORY_COLUMNS } from '../../../device-packages/manifest.ts';

/**
 * The device's own trajectory: a scan's `trajectory.csv` (docs/package-format.md).
 *
 * Time base: `gps_time` is GPS seconds, i.e. seconds since 1980-01-06T00:00:00 UTC without leap
 * seconds (not seconds of week, not adjusted), the same scale as RTKLIB's GPST epochs once week
 * and seconds are joined (PosEpoch.gpsSeconds). The package generator writes exactly that
 * (`utcToGpsSeconds(sessionStart)` + s / 10 Hz), while its LAS files store adjusted standard GPS
 * time (GPS seconds − 1e9, global-encoding bit 0 set): a point at LAS time t lies at GPS
 * seconds t + 1e9 of this trajectory.
 */

export interface TrajectorySample {
  gpsSeconds: number;
  lat: number;
  lon: number;
  /** WGS84 ellipsoidal height (m). */
  height: number;
  /** Degrees. */
  roll: number;
  pitch: number;
  /** Heading, degrees clockwise from north. */
  yaw: number;
}

/** A trajectory.csv that cannot be read; the message names the line. */
export class TrajectoryCsvError extends Error {
  override name = 'TrajectoryCsvError';
}

/** Index of each trajectory column in a header line. */
export function trajectoryColumnIndex(
  headerLine: string,
): Record<(typeof TRAJECTORY_COLUMNS)[number], number> {
  const names = headerLine.split(',').map((name) => name.trim().toLowerCase());
  const index = {} as Record<(typeof TRAJECTORY_COLUMNS)[number], number>;
  for (const column of TRAJECTORY_COLUMNS) {
    const at = names.indexOf(column);
    if (at === -1) {
      throw new TrajectoryCsvError(
        `trajectory.csv has no '${column}' column (expected ${TRAJECTORY_COLUMNS.join(',')})`,
      );
    }
    index[column] = at;
  }
  return index;
}

/** Parses a trajectory.csv into samples sorted by time (equal times: the first row kept). */
export function parseTrajectoryCsv(text: string): TrajectorySample[] {
  const lines = text.split(/\r?\n/);
  const index = trajectoryColumnIndex(lines[0] ?? '');
  const samples: TrajectorySample[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const fields = line.split(',');
    const value = (column: (typeof TRAJECTORY_COLUMNS)[number]) => {
      const number = Number(fields[index[column]]);
      if (
        fields[index[column]] === undefined ||
        fields[index[column]]!.trim() === '' ||
        !Number.isFinite(number)
      ) {
        throw new TrajectoryCsvError(`trajectory.csv line ${i + 1}: '${column}' is not a number`);
      }
      return number;
    };
    samples.push({
      gpsSeconds: value('gps_time'),
      lat: value('lat'),
      lon: value('lon'),
      height: value('ellipsoidal_height'),
      roll: value('roll'),
      pitch: value('pitch'),
      yaw: value('yaw'),
    });
  }
  samples.sort((a, b) => a.gpsSeconds - b.gpsSeconds);
  return samples.filter((sample, i) => i === 0 || sample.gpsSeconds > samples[i - 1]!.gpsSeconds);
}

/** Index of the last sample at or before t (samples sorted, t inside their span). */
function lowerIndex(samples: readonly { gpsSeconds: number }[], t: number): number {
  let lo = 0;
  let hi = samples.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (samples[mid]!.gpsSeconds <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Angle a → b by the shorter way round, at fraction f. */
function lerpDegrees(a: number, b: number, f: number): number {
  const delta = ((((b - a) % 360) + 540) % 360) - 180;
  return (((a + delta * f) % 360) + 360) % 360;
}

/**
 * The device's pose at a GPS time, linear between the two samples around it (yaw by the
 * shorter way round); null outside the samples' span.
 */
export function interpolateTrajectory(
  samples: readonly TrajectorySample[],
  gpsSeconds: number,
): TrajectorySample | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || gpsSeconds < first.gpsSeconds || gpsSeconds > last.gpsSeconds) {
    return null;
  }
  const i = lowerIndex(samples, gpsSeconds);
  const a = samples[i]!;
  const b = samples[Math.min(i + 1, samples.length - 1)]!;
  const f =
    b.gpsSeconds > a.gpsSeconds ? (gpsSeconds - a.gpsSeconds) / (b.gpsSeconds - a.gpsSeconds) : 0;
  const mix = (p: number, q: number) => p + (q - p) * f;
  return {
    gpsSeconds,
    lat: mix(a.lat, b.lat),
    lon: mix(a.lon, b.lon),
    height: mix(a.height, b.height),
    roll: mix(a.roll, b.roll),
    pitch: mix(a.pitch, b.pitch),
    yaw: lerpDegrees(a.yaw, b.yaw, f),
  };
}
