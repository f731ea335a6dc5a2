import { open, rm } from 'node:fs/promises';
import proj4 from 'proj4';
import { LAS_ADJUSTED_GPS_OFFSET } from '../../../device-packages/gps-time.ts';
import { LasFormatError, type LasVector, readLasHeader } from '../../../lib/las/las-header.ts';
import { gpsTimeOffset, storesAdjustedGpsTime } from '../../../lib/las/las-point-formats.ts';
import { pointRecordChunks } from '../../../lib/las/las-reader.ts';
import {
  readEvlrBytes,
  readLasPreambleForCopy,
  setFirstEvlrOffset,
  setLasBounds,
} from '../../../lib/las/las-rewrite.ts';
import {
  interpolateTrajectory,
  parseTrajectoryCsv,
  type TrajectorySample,
  trajectoryColumnIndex,
} from './device-trajectory.ts';
import type { PosEpoch } from './pos-file.ts';

/**
 * The correction of a passed run (docs/trajectory-processing.md, step 5): Δ(t) = PPK(t) −
 * device(t) at each fixed epoch, in the scan's projected coordinates, interpolated at any time
 * and applied to the trajectory and to every point of the cloud.
 */

export interface Correction {
  /** Fixed epochs inside the device trajectory's span, ascending. */
  gpsSeconds: Float64Array;
  /** Easting, northing and height differences (m) in the scan's projected CRS. */
  dE: Float64Array;
  dN: Float64Array;
  dU: Float64Array;
}

/** Δ = PPK − device at every fixed epoch the device trajectory covers. */
export function buildCorrection(
  epochs: PosEpoch[],
  device: TrajectorySample[],
  projection: string,
): Correction {
  const toProjected = proj4('WGS84', projection);
  const rows: [number, number, number, number][] = [];
  const sorted = epochs.filter((e) => e.q === 1).sort((a, b) => a.gpsSeconds - b.gpsSeconds);
  for (const epoch of sorted) {
    if (rows.length && epoch.gpsSeconds <= rows[rows.length - 1]![0]) continue;
    const pose = interpolateTrajectory(device, epoch.gpsSeconds);
    if (!pose) continue;
    const [ppkE, ppkN] = toProjected.forward([epoch.lon, epoch.lat]) as [number, number];
    const [devE, devN] = toProjected.forward([pose.lon, pose.lat]) as [number, number];
    rows.push([epoch.gpsSeconds, ppkE - devE, ppkN - devN, epoch.height - pose.height]);
  }
  return {
    gpsSeconds: Float64Array.from(rows, (row) => row[0]),
    dE: Float64Array.from(rows, (row) => row[1]),
    dN: Float64Array.from(rows, (row) => row[2]),
    dU: Float64Array.from(rows, (row) => row[3]),
  };
}

function assertUsable(c: Correction): void {
  if (c.gpsSeconds.length === 0) {
    throw new Error('The correction holds no fixed epoch inside the device trajectory');
  }
}

/** [dE, dN, dU] at a GPS time: linear between epochs, held constant before/after the ends. */
export function correctionAt(c: Correction, gpsSeconds: number): [number, number, number] {
  const [dE, dN, dU] = correctionInterpolator(c)(gpsSeconds);
  return [dE!, dN!, dU!];
}

/**
 * correctionAt for many points: answers in one reused array and starts its search from the
 * previous point's interval (points come in acquisition order, mostly in time order).
 */
function correctionInterpolator(c: Correction): (gpsSeconds: number) => Float64Array {
  assertUsable(c);
  const { gpsSeconds: t, dE, dN, dU } = c;
  const last = t.length - 1;
  const out = new Float64Array(3);
  let lo = 0;
  const set = (i: number) => {
    out[0] = dE[i]!;
    out[1] = dN[i]!;
    out[2] = dU[i]!;
    return out;
  };
  return (time) => {
    if (!(time > t[0]!)) return set(0); // before the first epoch (or NaN): held
    if (time >= t[last]!) return set(last);
    if (!(t[lo]! <= time && time < t[lo + 1]!)) {
      let a = 0;
      let b = last;
      while (b - a > 1) {
        const mid = (a + b) >> 1;
        if (t[mid]! <= time) a = mid;
        else b = mid;
      }
      lo = a;
    }
    const f = (time - t[lo]!) / (t[lo + 1]! - t[lo]!);
    out[0] = dE[lo]! + (dE[lo + 1]! - dE[lo]!) * f;
    out[1] = dN[lo]! + (dN[lo + 1]! - dN[lo]!) * f;
    out[2] = dU[lo]! + (dU[lo + 1]! - dU[lo]!) * f;
    return out;
  };
}

function decimals(field: string, least: number): number {
  const dot = field.indexOf('.');
  return Math.max(least, dot === -1 ? 0 : field.length - dot - 1);
}

/**
 * The trajectory.csv with each row's position moved by the correction at its time (lat, lon
 * through the projection; height by dU); every other field and the row order kept as written.
 */
export function correctTrajectoryCsv(text: string, c: Correction, projection: string): string {
  assertUsable(c);
  parseTrajectoryCsv(text); // refuses a malformed file before anything is written
  const toProjected = proj4('WGS84', projection);
  const lines = text.split(/\r?\n/);
  const index = trajectoryColumnIndex(lines[0]!);
  const out = [lines[0]!];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') {
      out.push(line);
      continue;
    }
    const fields = line.split(',');
    const [lat, lon, height] = [index.lat, index.lon, index.ellipsoidal_height].map((i) =>
      fields[i]!.trim(),
    ) as [string, string, string];
    const [dE, dN, dU] = correctionAt(c, Number(fields[index.gps_time]));
    const [e, n] = toProjected.forward([Number(lon), Number(lat)]) as [number, number];
    const [newLon, newLat] = toProjected.inverse([e + dE, n + dN]) as [number, number];
    fields[index.lat] = newLat.toFixed(decimals(lat, 9));
    fields[index.lon] = newLon.toFixed(decimals(lon, 9));
    fields[index.ellipsoidal_height] = (Number(height) + dU).toFixed(decimals(height, 3));
    out.push(fields.join(','));
  }
  return out.join('\n');
}

const SECONDS_PER_WEEK = 604_800;

/** For files that store GPS week seconds: point time → GPS seconds in the given GPS week. */
export function gpsWeekSecondsConverter(week: number): (t: number) => number {
  return (t) => week * SECONDS_PER_WEEK + t;
}

export interface CorrectPointCloudOptions {
  /**
   * Point GPS time → GPS seconds. Default: adjusted standard GPS time (+1e9) when the header's
   * global-encoding bit 0 says so; a file storing GPS week seconds needs this option
   * (e.g. gpsWeekSecondsConverter(week)) and is refused without it.
   */
  pointGpsToGpsSeconds?: (t: number) => number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Writes the corrected copy of a LAS/LAZ point cloud as uncompressed LAS: every byte as in the
 * source (header fields, VLRs, EVLRs, records) except each point's X/Y/Z, moved by the
 * correction at its GPS time and rounded to the file's scale, and the header's bounds. A LAZ
 * source loses only its compression (bit and LASzip VLR). Streams in chunks: memory holds one
 * chunk (plus, for LAZ, the compressed file, which laz-perf decodes in its own memory).
 */
export async function correctPointCloud(
  inputPath: string,
  outputPath: string,
  c: Correction,
  options: CorrectPointCloudOptions = {},
): Promise<{ points: number; bytes: number; maxShiftMetres: number }> {
  assertUsable(c);
  const input = await open(inputPath, 'r');
  let output: Awaited<ReturnType<typeof open>> | null = null;
  try {
    const header = await readLasHeader(input);
    const gpsOffset = gpsTimeOffset(header.pointFormat);
    if (gpsOffset === undefined) {
      throw new LasFormatError(
        `LAS point format ${header.pointFormat} has no GPS time per point, so the trajectory correction cannot be applied`,
      );
    }
    const toGps = pointTimeConverter(header.globalEncoding, options.pointGpsToGpsSeconds);
    const preamble = await readLasPreambleForCopy(input, header);
    const evlrs = await readEvlrBytes(input, header);
    const { scale, offset, pointRecordLength: length } = header;
    const deltaAt = correctionInterpolator(c);
    const min: LasVector = { x: Infinity, y: Infinity, z: Infinity };
    const max: LasVector = { x: -Infinity, y: -Infinity, z: -Infinity };
    let maxShift = 0;

    output = await open(outputPath, 'w');
    let position = preamble.length;
    for await (const chunk of pointRecordChunks(inputPath, header)) {
      if (chunk.recordLength !== length) {
        throw new LasFormatError(
          `The LAZ decoder gives records of ${chunk.recordLength} bytes but the header says ${length}`,
        );
      }
      const view = new DataView(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.length);
      for (let i = 0, at = 0; i < chunk.count; i++, at += length) {
        const t = toGps(view.getFloat64(at + gpsOffset, true));
        const delta = deltaAt(t);
        const dE = delta[0]!;
        const dN = delta[1]!;
        const dU = delta[2]!;
        const x = moved(view.getInt32(at, true), scale.x, offset.x, dE);
        const y = moved(view.getInt32(at + 4, true), scale.y, offset.y, dN);
        const z = moved(view.getInt32(at + 8, true), scale.z, offset.z, dU);
        view.setInt32(at, x, true);
        view.setInt32(at + 4, y, true);
        view.setInt32(at + 8, z, true);
        const wx = x * scale.x + offset.x;
        const wy = y * scale.y + offset.y;
        const wz = z * scale.z + offset.z;
        if (wx < min.x) min.x = wx;
        if (wx > max.x) max.x = wx;
        if (wy < min.y) min.y = wy;
        if (wy > max.y) max.y = wy;
        if (wz < min.z) min.z = wz;
        if (wz > max.z) max.z = wz;
        const shift = dE * dE + dN * dN + dU * dU;
        if (shift > maxShift) maxShift = shift;
      }
      await output.write(chunk.bytes, 0, chunk.bytes.length, position);
      position += chunk.bytes.length;
      options.onProgress?.(chunk.start + chunk.count, header.pointCount);
    }
    if (header.pointCount > 0) setLasBounds(preamble, min, max);
    setFirstEvlrOffset(preamble, header, position);
    await output.write(preamble, 0, preamble.length, 0);
    if (evlrs.length) await output.write(evlrs, 0, evlrs.length, position);
    const bytes = position + evlrs.length;
    return { points: header.pointCount, bytes, maxShiftMetres: Math.sqrt(maxShift) };
  } catch (error) {
    // A half-written cloud must never be taken for a corrected one.
    await output?.close();
    output = null;
    await rm(outputPath, { force: true });
    throw error;
  } finally {
    await output?.close();
    await input.close();
  }
}

/** The moved raw integer: round((x + Δ − offset) / scale), refused outside the int32 range. */
function moved(raw: number, scale: number, offset: number, delta: number): number {
  const value = Math.round((raw * scale + offset + delta - offset) / scale);
  if (value > 0x7fffffff || value < -0x80000000) {
    throw new LasFormatError(
      'A corrected coordinate does not fit the LAS file’s scale and offset (int32 overflow)',
    );
  }
  return value;
}

function pointTimeConverter(
  globalEncoding: number,
  given: ((t: number) => number) | undefined,
): (t: number) => number {
  if (given) return given;
  if (storesAdjustedGpsTime({ globalEncoding })) return (t) => t + LAS_ADJUSTED_GPS_OFFSET;
  throw new LasFormatError(
    'The point cloud stores GPS week seconds (LAS global-encoding bit 0 is clear), so its points cannot be matched to the trajectory without the GPS week',
  );
}
