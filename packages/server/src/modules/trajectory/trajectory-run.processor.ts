import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { NO_ROVER_OBSERVATION, SAME_RECEIVER } from '@asset-portal/shared';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { utcToGpsSeconds } from '../../device-packages/gps-time.ts';
import { makeWorkFolder } from '../../jobs/work-folders.ts';
import { greatCircleKm } from '../../lib/geodesy/geodesy.ts';
import { readLasFileHeader } from '../../lib/las/las-header.ts';
import { storesAdjustedGpsTime } from '../../lib/las/las-point-formats.ts';
import { rinexDigest } from '../../lib/rinex/rinex-files.ts';
import { byTenths } from '../../lib/tenths.ts';
import { putBytes } from '../../storage/object-bytes.ts';
import { objectKey } from '../../storage/object-key.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { JobTranscript } from '../activity-logs/job-transcript.ts';
import { basestationEcef, basestationRinexObjects } from '../basestations/basestation-storage.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import { proj4ForCrsText } from '../pointclouds/point-cloud-crs.ts';
import { enqueuePointCloudLod } from '../pointclouds/point-cloud-lod.job.ts';
import { storedObjectKey } from '../pointclouds/point-cloud-rules.ts';
import { parseTrajectoryCsv, type TrajectorySample } from './ppk/device-trajectory.ts';
import { combineSolutions, type PosEpoch, parsePosFile } from './ppk/pos-file.ts';
import { PPK_OPTIONS_VERSION } from './ppk/ppk-options.ts';
import { buildQc } from './ppk/ppk-qc.ts';
import { findRnx2rtkp, PpkFailedError, RTKLIB_MISSING_MESSAGE, runRnx2rtkp } from './ppk/rtklib.ts';
import {
  buildCorrection,
  correctPointCloud,
  correctTrajectoryCsv,
  gpsWeekSecondsConverter,
} from './ppk/trajectory-correction.ts';
import { type RunOutcome, trajectoryRunRepository as repo } from './trajectory-run.repository.ts';
import {
  type GnssRef,
  RNX2RTKP_TIMEOUT_MS,
  roverObservationOf,
  runVersionName,
  sessionGnssFiles,
} from './trajectory-run-rules.ts';

export interface TrajectoryRunDeps {
  db: Db;
  config: AppConfig;
  storage: ObjectStorage;
}

/** Reports progress to the run's activity-log entry. */
export type ProgressReporter = (message: string, metrics?: unknown) => Promise<void>;

/** A problem of the run's inputs or of RTKLIB: no retry can mend it; the run ends Failed. */
export class TrajectoryRunError extends Error {
  override name = 'TrajectoryRunError';
}

type Basestation = Awaited<ReturnType<typeof repo.findBasestations>>[number];
type SessionScan = Awaited<ReturnType<typeof repo.scansOfSession>>[number];

/**
 * Processes one run: PPK of the session's GNSS observations against each base station with
 * RTKLIB, QC objects, and on a pass a corrected, final point-cloud version of every scan.
 * Objects are written under `…/trajectory-runs/<run id>/` and `…/scans/<id>/versions/<version>/`;
 * the database changes come last, in one transaction, so a run that fails leaves the scans as
 * they were and removes what it wrote.
 */
export async function processTrajectoryRun(
  deps: TrajectoryRunDeps,
  runId: number,
  progress: ProgressReporter,
): Promise<RunOutcome> {
  const run = await repo.findById(deps.db, runId);
  if (!run) throw new TrajectoryRunError(`Trajectory processing run ${runId} does not exist`);
  const session = await repo.findSession(deps.db, run.sessionId);
  if (!session) throw new TrajectoryRunError(`Session ${run.sessionId} does not exist`);
  const organizationId = session.organizationId;
  const runKey = (name: string) =>
    objectKey({
      organizationId,
      projectId: session.projectId,
      kind: 'trajectory-runs',
      name: `${runId}/${name}`,
    });
  const written: string[] = [];
  const store = async (key: string, body: string | Buffer, contentType: string) => {
    await putBytes(deps.storage, key, body, contentType);
    written.push(key);
    return storageUrl(deps.config, key);
  };
  // The run's log: each step with its time, a program's output indented under it.
  const transcript = new JobTranscript(
    `Trajectory processing run ${runId} of session ${session.id}`,
  );
  const log = { push: (...lines: string[]) => transcript.addLines(lines) };
  // A step the activity entry shows is a line of the run's log too.
  const step: ProgressReporter = async (message, metrics) => {
    log.push(message);
    await progress(message, metrics);
  };

  const work = await makeWorkFolder(deps.config.dataDir, 'ppk', `run-${runId}-`);
  // The log is read by the organization's users: files are named inside the run, not on the
  // server's disk.
  const logText = () => transcript.text().replaceAll(`${work}${path.sep}`, '');
  try {
    const program = await findRnx2rtkp();
    if (!program) throw new TrajectoryRunError(RTKLIB_MISSING_MESSAGE);
    const fetch = (s3Url: string | undefined, name: string) =>
      fetchObject(deps, s3Url, organizationId, path.join(work, name));

    // The rover: the session's own receiver, as the package brought it.
    const gnss = sessionGnssFiles(session.manifest);
    const roverObservation = roverObservationOf(gnss);
    if (!roverObservation) throw new TrajectoryRunError(NO_ROVER_OBSERVATION(session.id));
    const roverDir = path.join(work, 'rover');
    await mkdir(roverDir);
    const roverObsPath = await fetch(
      roverObservation.s3Url,
      path.join('rover', baseName(roverObservation)),
    );
    // Compared with each base station's observations (SAME_RECEIVER), read once.
    log.push(
      `Started: the rover's ${baseName(roverObservation)} against basestation(s) ${run.basestationIds.join(', ')}`,
    );
    const roverDigest = await rinexDigest(roverObsPath, createReadStream(roverObsPath));
    const roverNavigation: string[] = [];
    for (const file of gnss.filter((f) => f.kind === 'navigation')) {
      roverNavigation.push(await fetch(file.s3Url, path.join('rover', baseName(file))));
    }

    const basestations = await repo.findBasestations(deps.db, run.basestationIds);
    const missing = run.basestationIds.filter((id) => !basestations.some((b) => b.id === id));
    if (missing.length > 0) {
      throw new TrajectoryRunError(`Basestation ${missing.join(', ')} no longer exists`);
    }
    const device = await loadDeviceTrajectories(deps, organizationId, session.id, work);
    const roverAt = device.all[0];
    if (!roverAt) throw new TrajectoryRunError(`Session ${session.id} has no trajectory samples`);

    const solutions: {
      basestationId: number;
      baselineKm: number;
      epochs: PosEpoch[];
      posPath: string;
      optionsPath: string;
    }[] = [];
    let rtklibVersion = 'rnx2rtkp';
    for (const [index, basestation] of basestations.entries()) {
      await step(
        `Processing ${session.id} against basestation ${basestation.id} (${index + 1} of ${basestations.length})`,
      );
      const files = basestationRinexObjects(basestation);
      const observation = files.observation[0];
      const ecef = basestationEcef(basestation);
      if (!observation || !ecef) {
        throw new TrajectoryRunError(
          `Basestation ${basestation.id} has no observation file or position`,
        );
      }
      const dir = path.join('base', String(basestation.id));
      await mkdir(path.join(work, dir), { recursive: true });
      const baseObsPath = await fetch(observation.s3Url, path.join(dir, observation.name));
      const baseNavigation: string[] = [];
      for (const file of files.navigation) {
        baseNavigation.push(await fetch(file.s3Url, path.join(dir, file.name)));
      }
      const baseDigest = await rinexDigest(baseObsPath, createReadStream(baseObsPath));
      if (roverDigest !== null && baseDigest === roverDigest) {
        throw new TrajectoryRunError(
          SAME_RECEIVER(basestation.id, basestation.filename, session.id),
        );
      }
      const result = await runRnx2rtkp({
        program,
        roverObservation: roverObsPath,
        baseObservation: baseObsPath,
        navigation: [...roverNavigation, ...baseNavigation],
        // No -r: RTKLIB takes the base position and its antenna height (ANTENNA: DELTA H/E/N)
        // from the base's RINEX header (ant2-postype=rinexhead), the same values we stored.
        workDir: path.join(work, dir),
        timeoutMs: RNX2RTKP_TIMEOUT_MS,
      }).catch((error: unknown) => {
        // The failed run's log shows what was run and what RTKLIB said, as a passed one does.
        if (error instanceof PpkFailedError && error.run) {
          log.push(
            `Basestation ${basestation.id} (${basestation.filename}): ${program} ${error.run.args.join(' ')}`,
            ...indent(error.run.output),
          );
        }
        throw error;
      });
      const posText = await readFile(result.posPath, 'utf8');
      rtklibVersion = /^%\s*program\s*:\s*(.+)$/m.exec(posText)?.[1]?.trim() ?? rtklibVersion;
      const epochs = parsePosFile(posText);
      log.push(
        `Basestation ${basestation.id} (${basestation.filename}): ${program} ${result.args.join(' ')}`,
        `  exit ${result.exitCode} in ${Math.round(result.durationMs)} ms, ${epochs.length} solution epochs`,
        ...indent(result.output),
      );
      const [lon, lat] = (basestation.point as { coordinates: [number, number] } | null)
        ?.coordinates ?? [0, 0];
      solutions.push({
        basestationId: basestation.id,
        baselineKm: greatCircleKm([lon, lat], [roverAt.lon, roverAt.lat]),
        epochs,
        posPath: result.posPath,
        optionsPath: result.optionsPath,
      });
    }
    const epochs = combineSolutions(solutions);
    const window = {
      startGps: utcToGpsSeconds(session.capturedTimestamp),
      endGps: utcToGpsSeconds(session.endCapturedTimestamp),
    };
    const qc = buildQc({
      epochs,
      device: device.all,
      window,
      basestations: basestations.map((b) => basestationPlace(b)),
      rtklib: { program, version: rtklibVersion },
    });
    const audit = { ...qc.audit };
    log.push(
      `${audit.fixed} of ${audit.epochs} epochs in the session fixed (${audit.fixedPercent} %), ${audit.float} float, ${audit.single} single`,
      audit.passed
        ? 'The quality check passed.'
        : `The quality check did not pass: ${audit.reason}`,
    );

    const urls = {
      ambStatusS3Url: await store(runKey('amb-status.json'), json(qc.ambStatus), JSON_TYPE),
      numSatsS3Url: await store(runKey('num-sats.json'), json(qc.numSats), JSON_TYPE),
      altitudeSeparationsS3Url: await store(
        runKey('altitude-separations.json'),
        json(qc.altitudeSeparations),
        JSON_TYPE,
      ),
      distanceSeparationsS3Url: await store(
        runKey('distance-separations.json'),
        json(qc.distanceSeparations),
        JSON_TYPE,
      ),
      trajectoryAuditS3Url: await store(runKey('trajectory-audit.json'), json(audit), JSON_TYPE),
      optionsS3Url: await store(
        runKey(`${PPK_OPTIONS_VERSION}.conf`),
        await readFile(solutions[0]!.optionsPath),
        'text/plain',
      ),
    };
    for (const solution of solutions) {
      await store(
        runKey(`solution-basestation-${solution.basestationId}.pos`),
        await readFile(solution.posPath),
        'text/plain',
      );
    }

    let statusMessage: string;
    let versionName: string | null = null;
    if (!audit.passed) {
      statusMessage = `Not passed: ${audit.reason}. The scans stay provisional.`;
    } else {
      versionName = runVersionName(runId);
      const fixed = epochs.filter((epoch) => epoch.q === 1);
      const corrected = await correctScans(deps, {
        scans: device.scans,
        fixed,
        versionName,
        work,
        written,
        progress: step,
        runId,
        organizationId,
      });
      const skipped = corrected.skipped.map((s) => `${s.scanId} (${s.reason})`);
      statusMessage =
        `Passed: ${audit.fixedPercent} % of ${audit.epochs} epochs fixed; ` +
        `${corrected.done.length} scan(s) corrected as version ${versionName}` +
        (skipped.length > 0 ? `; not corrected: ${skipped.join(', ')}` : '');
      log.push(statusMessage);
      await deps.db.transaction().execute(async (trx) => {
        for (const scan of corrected.done) {
          const added = await repo.addFinalVersion(trx, {
            scanId: scan.scanId,
            name: versionName!,
            s3Url: scan.s3Url,
            size: scan.size,
            parameters: {
              points: scan.points,
              trajectory_run_id: runId,
              source_artifact_id: scan.sourceArtifactId,
              trajectory_s3_url: scan.trajectoryS3Url,
              max_shift_m: round(scan.maxShiftMetres, 4),
            },
          });
          // In the same transaction: a version is never left without its level of detail. One
          // found recorded by an earlier attempt had its build queued with it.
          if (added) {
            await enqueuePointCloudLod(
              trx,
              { scanId: scan.scanId, organizationId, userId: run.userId },
              'interactive',
            );
          }
        }
      });
    }
    const logS3Url = await store(runKey('run.log'), logText(), 'text/plain');
    return {
      status: 'Completed',
      statusMessage,
      ...urls,
      logS3Url,
      versionName,
      metrics: audit,
    };
  } catch (error) {
    // Nothing half-written: the objects of this attempt go; the next attempt writes them anew.
    await Promise.allSettled(written.map((key) => deps.storage.delete(key)));
    if (error instanceof TrajectoryRunError || isEngineProblem(error)) {
      const message = error instanceof Error ? error.message : String(error);
      log.push(`Failed: ${message}`);
      const logKey = runKey('run.log');
      const logS3Url = await store(logKey, logText(), 'text/plain').catch(() => null);
      throw new TrajectoryRunFailure(message, logS3Url);
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A run that ended Failed, with the log written so far. */
export class TrajectoryRunFailure extends Error {
  override name = 'TrajectoryRunFailure';
  constructor(
    message: string,
    readonly logS3Url: string | null,
  ) {
    super(message);
  }
}

const JSON_TYPE = 'application/json';

function json(value: unknown): string {
  return JSON.stringify(value);
}

function gpsWeekOf(date: Date): number {
  return Math.floor(utcToGpsSeconds(date) / (7 * 24 * 3600));
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A program's output under the line that ran it: two spaces in, blank lines left out. */
function indent(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .map((line) => `  ${line}`);
}

function baseName(ref: GnssRef): string {
  const name = path.posix.basename(ref.path ?? ref.s3Url ?? 'file');
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

function isEngineProblem(error: unknown): boolean {
  return (
    error instanceof Error &&
    ['PpkFailedError', 'PpkTimeoutError', 'RinexFormatError', 'ObjectNotFoundError'].includes(
      error.name,
    )
  );
}

function basestationPlace(basestation: Basestation) {
  const [lon, lat] = (basestation.point as { coordinates: [number, number] } | null)
    ?.coordinates ?? [0, 0];
  return { id: basestation.id, lat, lon, height: basestation.height ?? 0 };
}

/** Copies a stored object of the organization into a local file. */
async function fetchObject(
  deps: TrajectoryRunDeps,
  s3Url: string | undefined,
  organizationId: number,
  target: string,
): Promise<string> {
  const key = storedObjectKey(deps.config, s3Url, organizationId);
  if (!key)
    throw new TrajectoryRunError(`${s3Url ?? 'A file'} is not a stored object of the organization`);
  await pipeline(await deps.storage.getStream(key), createWriteStream(target));
  return target;
}

interface DeviceTrajectories {
  /** Every scan's samples, in time order. */
  all: TrajectorySample[];
  scans: { scan: SessionScan; samples: TrajectorySample[]; csv: string }[];
}

/** The device's own trajectory of each scan (its trajectory.csv), as ingestion stored it. */
async function loadDeviceTrajectories(
  deps: TrajectoryRunDeps,
  organizationId: number,
  sessionId: string,
  work: string,
): Promise<DeviceTrajectories> {
  const scans = await repo.scansOfSession(deps.db, sessionId);
  const result: DeviceTrajectories = { all: [], scans: [] };
  await mkdir(path.join(work, 'trajectories'), { recursive: true });
  for (const scan of scans) {
    const url = (scan.metadata as { trajectory_s3_url?: string } | null)?.trajectory_s3_url;
    if (!url) continue;
    const file = await fetchObject(
      deps,
      url,
      organizationId,
      path.join(work, 'trajectories', `${scan.id}.csv`),
    );
    const csv = await readFile(file, 'utf8');
    const samples = parseTrajectoryCsv(csv);
    result.scans.push({ scan, samples, csv });
    result.all.push(...samples);
  }
  result.all.sort((a, b) => a.gpsSeconds - b.gpsSeconds);
  return result;
}

interface CorrectedScan {
  scanId: string;
  s3Url: string;
  size: number;
  points: number;
  maxShiftMetres: number;
  sourceArtifactId: number;
  trajectoryS3Url: string;
}

/** Corrects each scan's original cloud and trajectory by the PPK correction at its times. */
async function correctScans(
  deps: TrajectoryRunDeps,
  input: {
    scans: DeviceTrajectories['scans'];
    fixed: PosEpoch[];
    versionName: string;
    work: string;
    written: string[];
    progress: ProgressReporter;
    runId: number;
    organizationId: number;
  },
): Promise<{ done: CorrectedScan[]; skipped: { scanId: string; reason: string }[] }> {
  const done: CorrectedScan[] = [];
  const skipped: { scanId: string; reason: string }[] = [];
  for (const [index, { scan, samples, csv }] of input.scans.entries()) {
    const projection = proj4ForCrsText((scan.metadata as { crs?: string } | null)?.crs);
    if (!scan.s3Url || scan.artifactId === null) {
      skipped.push({ scanId: scan.id, reason: 'no stored point cloud' });
      continue;
    }
    if (!projection) {
      skipped.push({ scanId: scan.id, reason: 'no projected CRS' });
      continue;
    }
    const correction = buildCorrection(input.fixed, samples, projection);
    if (correction.gpsSeconds.length === 0) {
      skipped.push({ scanId: scan.id, reason: 'no fixed epoch during the scan' });
      continue;
    }
    const source = path.join(
      input.work,
      `source-${index}${path.posix.extname(scan.s3Url).toLowerCase() || '.las'}`,
    );
    await fetchObject(deps, scan.s3Url, input.organizationId, source);
    const output = path.join(input.work, `corrected-${index}.las`);
    const header = await readLasFileHeader(source);
    const result = await correctPointCloud(source, output, correction, {
      // A cloud that stores GPS week seconds (global-encoding bit 0 clear) is read in the week
      // the scan was captured in.
      pointGpsToGpsSeconds: storesAdjustedGpsTime(header)
        ? undefined
        : gpsWeekSecondsConverter(gpsWeekOf(scan.capturedTimestamp ?? new Date())),
      onProgress: byTenths((percent, points, total) => {
        void input.progress(
          `Correcting scan ${scan.id} (${index + 1} of ${input.scans.length}): ${percent} %`,
          { points, total },
        );
      }),
    });
    const key = (name: string) =>
      objectKey({
        organizationId: input.organizationId,
        projectId: scan.projectId,
        kind: 'scans',
        name: `${scan.id}/versions/${input.versionName}/${name}`,
      });
    const cloudKey = key('pointcloud.las');
    const size = (await stat(output)).size;
    await deps.storage.putStream(cloudKey, createReadStream(output), {
      size,
      contentType: 'application/octet-stream',
    });
    input.written.push(cloudKey);
    const trajectoryKey = key('trajectory.csv');
    await putBytes(
      deps.storage,
      trajectoryKey,
      correctTrajectoryCsv(csv, correction, projection),
      'text/csv',
    );
    input.written.push(trajectoryKey);
    await rm(source, { force: true });
    await rm(output, { force: true });
    done.push({
      scanId: scan.id,
      s3Url: storageUrl(deps.config, cloudKey),
      size,
      points: result.points,
      maxShiftMetres: result.maxShiftMetres,
      sourceArtifactId: scan.artifactId,
      trajectoryS3Url: storageUrl(deps.config, trajectoryKey),
    });
  }
  return { done, skipped };
}
