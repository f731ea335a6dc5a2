import { createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { douglasPeuckerKeep, epsgDefinition, fileCrs } from '@asset-portal/shared';
import proj4 from 'proj4';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { pathLength } from '../../demo/flight-line.ts';
import { gpsSecondsToUtc, LAS_ADJUSTED_GPS_OFFSET } from '../../device-packages/gps-time.ts';
import { makeWorkFolder } from '../../jobs/work-folders.ts';
import { readLasCrsRecords } from '../../lib/las/las-crs-records.ts';
import {
  assertPointDataComplete,
  LasFormatError,
  type LasHeader,
  readLasHeader,
} from '../../lib/las/las-header.ts';
import { storesAdjustedGpsTime } from '../../lib/las/las-point-formats.ts';
import { openPointCloudFile, toWorldColumns, type WorldColumns } from '../../lib/las/las-reader.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { simplifyPath } from '../ingestion/simplify-path.ts';
import { enqueuePointCloudLod } from '../pointclouds/point-cloud-lod.job.ts';
import { storedObjectKey } from '../pointclouds/point-cloud-rules.ts';
import { importedScanRepository as repo } from './imported-scan.repository.ts';
import { checkCrs } from './imported-scan-crs.ts';
import {
  centreLine,
  type ScanGeometry,
  ScanGeometryAccumulator,
} from './imported-scan-geometry.ts';
import { importedScanPrefix } from './imported-scan-rules.ts';

export interface ImportedScanDeps {
  db: Db;
  config: AppConfig;
  storage: ObjectStorage;
}

export interface ProcessImportedScanRequest {
  scanId: string;
  organizationId: number;
  s3Url: string;
  determineTrajectory: boolean;
  userId: number | null;
}

/** Reports progress (and notes worth keeping) to the job's activity-log entry. */
export type ImportProgress = (message: string, metrics?: unknown) => Promise<void>;

/** A problem of the file or of the scan: no retry can mend it; the job ends Failed. */
export class ImportedScanError extends Error {
  override name = 'ImportedScanError';
}

export interface ImportedScanOutcome {
  points: number;
  seconds: number;
  pathSource: 'gps-time' | 'centre-line' | 'none';
  length: number | null;
  notes: string[];
}

/** Vertices of the stored path and footprint (the viewer draws hundreds of scans at once). */
const MAX_PATH_VERTICES = 500;
const MAX_FOOTPRINT_VERTICES = 128;
/**
 * Least simplification of the path: a bin's centroid wobbles across the swath by about a metre
 * (a different part of the swath is scanned each second), which is not part of the track.
 */
const PATH_TOLERANCE_METRES = 2;
/** Progress is logged at most every this many points. */
const PROGRESS_STEP = 5_000_000;

/**
 * Reads an imported scan's uploaded LAS once: checks it, gathers bounds, footprint and path,
 * then writes them with the scan's `imported` point cloud in one transaction and queues the
 * level of detail. Nothing of the scan changes before that transaction.
 */
export async function processImportedScanFile(
  deps: ImportedScanDeps,
  request: ProcessImportedScanRequest,
  progress: ImportProgress,
): Promise<ImportedScanOutcome> {
  const started = performance.now();
  const scan = await repo.findById(deps.db, request.scanId);
  if (!scan || scan.organizationId !== request.organizationId) {
    throw new ImportedScanError(`Imported scan ${request.scanId} no longer exists`);
  }
  const key = storedObjectKey(deps.config, request.s3Url, scan.organizationId);
  if (!key?.startsWith(importedScanPrefix(scan))) {
    throw new ImportedScanError(`${request.s3Url} is not an upload of scan ${scan.id}`);
  }
  const utm = String((scan.metadata as { utm?: unknown } | null)?.utm ?? '');
  const notes: string[] = [];
  const note = async (message: string) => {
    notes.push(message);
    await progress(message);
  };

  const work = await makeWorkFolder(deps.config.dataDir, 'imported-scan', 'run-');
  try {
    const file = path.join(work, 'source.las');
    await progress(`Reading the uploaded file of scan ${scan.id}`);
    await pipeline(await deps.storage.getStream(key), createWriteStream(file));
    const size = (await stat(file)).size;
    const { header, crs } = await readHeaderAndCrs(file, size);
    const check = checkCrs(crs, utm);
    if (!check.ok) throw new ImportedScanError(check.message);
    await note(check.message);

    const total = header.pointCount;
    const accumulator = new ScanGeometryAccumulator(header);
    let nextReport = PROGRESS_STEP;
    // The reader the level-of-detail build uses: raw integer columns, scaled here.
    const cloud = await openPointCloudFile(file);
    let scratch: WorldColumns | null = null;
    let done = 0;
    for await (const raw of cloud.chunks()) {
      scratch = toWorldColumns(raw, header, scratch);
      accumulator.add(scratch);
      done += raw.count;
      if (done >= nextReport && done < total) {
        nextReport += PROGRESS_STEP;
        await progress(
          `Reading points of scan ${scan.id}: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
          { points: done, total },
        );
      }
    }
    const geometry = accumulator.result();

    const projection = epsgDefinition(check.epsg)!;
    const toLonLat = proj4(projection, 'WGS84');
    const lonLat = (xy: readonly number[]) => roundLonLat(toLonLat.forward([xy[0]!, xy[1]!]));
    const hull = geometry.footprint.map(lonLat);
    const footprint = simplifyPath(hull, MAX_FOOTPRINT_VERTICES);

    let pathSource: ImportedScanOutcome['pathSource'] = 'none';
    let line: number[][] | null = null;
    if (request.determineTrajectory) {
      let track = geometry.timePath;
      if (track.length >= 2) {
        pathSource = 'gps-time';
      } else {
        pathSource = 'centre-line';
        track = centreLine(geometry.footprint);
        await note(
          header.pointFormat === 0 || header.pointFormat === 2
            ? 'The points have no GPS time: the path is the centre line of the footprint along its long axis'
            : 'The GPS times of the points do not vary: the path is the centre line of the footprint along its long axis',
        );
      }
      // In projected metres, before the cap on vertices that simplifyPath applies in lon/lat.
      const keep = douglasPeuckerKeep(track.flat(), PATH_TOLERANCE_METRES);
      const kept = track.filter((_, i) => keep[i] === 1);
      line = simplifyPath(kept.map(lonLat), MAX_PATH_VERTICES);
    } else {
      await note('Trajectory determination is off: the scan has no path');
    }
    const length = line && line.length >= 2 ? Math.round(pathLength(line) * 100) / 100 : null;
    const bounds = lonLatBounds(hull, geometry);

    const written = await deps.db.transaction().execute(async (trx) => {
      const applied = await repo.applyResult(trx, {
        scanId: scan.id,
        s3Url: request.s3Url,
        size,
        parameters: {
          points: geometry.pointCount,
          bounds: { min: geometry.min, max: geometry.max },
          srs: `EPSG:${check.epsg}`,
          source: 'imported',
        },
        simplePath: line && line.length >= 2 ? { type: 'LineString', coordinates: line } : null,
        length,
        capturedTimestamp: capturedAt(header, geometry),
        metadata: {
          pointCount: geometry.pointCount,
          crs: `EPSG:${check.epsg}`,
          // The file's own CRS placed it (not the scan's UTM): edits must keep that zone.
          crsDeclared: check.declared,
          bounds,
          footprint: { type: 'Polygon', coordinates: [footprint] },
        },
      });
      if (applied) {
        await enqueuePointCloudLod(
          trx,
          { scanId: scan.id, organizationId: scan.organizationId, userId: request.userId },
          'interactive',
        );
      }
      return applied;
    });
    if (!written) throw new ImportedScanError(`Imported scan ${scan.id} no longer exists`);
    return {
      points: geometry.pointCount,
      seconds: Math.round((performance.now() - started) / 10) / 100,
      pathSource,
      length,
      notes,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function readHeaderAndCrs(file: string, size: number) {
  const handle = await open(file, 'r');
  try {
    let header: LasHeader;
    try {
      header = await readLasHeader(handle);
      assertPointDataComplete(header, size);
    } catch (error) {
      if (error instanceof LasFormatError) {
        throw new ImportedScanError(`The file is not a readable LAS file: ${error.message}`);
      }
      throw error;
    }
    if (header.compressed) {
      throw new ImportedScanError('The file is compressed (LAZ): upload an uncompressed .las file');
    }
    if (header.pointCount === 0) throw new ImportedScanError('The file holds no points');
    return { header, crs: fileCrs(await readLasCrsRecords(handle, header)) };
  } finally {
    await handle.close();
  }
}

function roundLonLat([lon, lat]: number[]): number[] {
  return [Math.round(lon! * 1e7) / 1e7, Math.round(lat! * 1e7) / 1e7];
}

/** Lon/lat bounds from the hull (it holds every extreme point), heights as read. */
function lonLatBounds(footprint: number[][], geometry: ScanGeometry) {
  const lons = footprint.map((p) => p[0]!);
  const lats = footprint.map((p) => p[1]!);
  return {
    min: [Math.min(...lons), Math.min(...lats), geometry.min[2]],
    max: [Math.max(...lons), Math.max(...lats), geometry.max[2]],
  };
}

/** The first point's time when the file stores adjusted standard GPS time; else unknown. */
function capturedAt(header: LasHeader, geometry: ScanGeometry): Date | null {
  if (!storesAdjustedGpsTime(header) || geometry.firstGpsTime === null) return null;
  try {
    return gpsSecondsToUtc(geometry.firstGpsTime + LAS_ADJUSTED_GPS_OFFSET);
  } catch {
    return null;
  }
}
