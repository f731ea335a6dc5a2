import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { NO_STORED_CLOUD, PIPELINE_KEPT_NO_POINTS, VERSION_EXISTS } from '@asset-portal/shared';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { makeWorkFolder } from '../../jobs/work-folders.ts';
import type { LasVector } from '../../lib/las/las-header.ts';
import { byTenths } from '../../lib/tenths.ts';
import { objectKey } from '../../storage/object-key.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import { pointCloudRepository } from '../pointclouds/point-cloud.repository.ts';
import { enqueuePointCloudLod } from '../pointclouds/point-cloud-lod.job.ts';
import { storedObjectKey } from '../pointclouds/point-cloud-rules.ts';
import {
  builtInPipelineEngine,
  PipelineRunError,
  PipelineValidationError,
} from '../processing/pipeline-engine/pipeline-engine.ts';
import { scanPipelineContext } from '../processing/scan-pipeline-context.ts';
import { scanProcessingRepository as repo } from './scan-processing.repository.ts';
import { versionCloudName } from './scan-processing-rules.ts';

export interface ScanProcessingDeps {
  db: Db;
  config: AppConfig;
  storage: ObjectStorage;
}

export interface ProcessScanRequest {
  scanId: string;
  artifactId: number;
  name: string;
  pipeline: string;
  organizationId: number;
  userId: number | null;
}

/** Reports progress to the job's activity-log entry. */
export type ProgressReporter = (message: string, metrics?: unknown) => Promise<void>;

/** A problem of the submission or of the data: no retry can mend it; the job ends Failed. */
export class ScanProcessingError extends Error {
  override name = 'ScanProcessingError';
  constructor(
    message: string,
    readonly detail: string | null = null,
  ) {
    super(message);
  }
}

export interface ScanProcessingOutcome {
  points: number;
  pointsIn: number;
  /** The version's points by Classification code. */
  classes: Record<number, number>;
  bytes: number;
  seconds: number;
  s3Url: string;
  /** Why the reprojected version's LAS has no WKT record of its CRS (PROJ missing), else null. */
  crsNote: string | null;
}

const NO_POINTS = /^The pipeline left no points/;

/**
 * Runs a pipeline on one scan's pointcloud artifact and stores the result as a new pointcloud
 * version named by the submission, under the scan's own folder. The artifact row is written only
 * after the object is complete, and whatever this attempt wrote is removed when it fails.
 */
export async function processScanVersion(
  deps: ScanProcessingDeps,
  request: ProcessScanRequest,
  progress: ProgressReporter,
): Promise<ScanProcessingOutcome> {
  const [source] = await repo.findArtifactsWithScans(deps.db, [request.artifactId]);
  if (
    !source ||
    source.scanId !== request.scanId ||
    source.organizationId !== request.organizationId ||
    source.artifactType !== 'pointcloud'
  ) {
    throw new ScanProcessingError(
      `The point cloud ${request.artifactId} of scan ${request.scanId} no longer exists`,
    );
  }
  const existing = await pointCloudRepository.findVersion(deps.db, request.scanId, request.name);
  if (existing) {
    // A replay of an attempt that wrote its version and then died: finish what it left.
    const made = existing.parameters as {
      source_artifact_id?: unknown;
      pipeline?: unknown;
      points?: number;
      points_in?: number;
      classes?: Record<number, number>;
      crs_note?: string;
    } | null;
    if (made?.source_artifact_id === request.artifactId && made.pipeline === request.pipeline) {
      await enqueuePointCloudLod(deps.db, request, 'interactive');
      const points = made.points ?? 0;
      return {
        points,
        pointsIn: made.points_in ?? points,
        classes: made.classes ?? {},
        bytes: Number(existing.size ?? 0),
        seconds: 0,
        s3Url: existing.s3Url ?? '',
        crsNote: made.crs_note ?? null,
      };
    }
    throw new ScanProcessingError(VERSION_EXISTS(request.name, request.scanId));
  }
  const sourceKey = storedObjectKey(deps.config, source.s3Url, request.organizationId);
  if (!sourceKey) {
    throw new ScanProcessingError(NO_STORED_CLOUD([request.scanId], 'process'));
  }
  let plan: ReturnType<typeof builtInPipelineEngine.plan>;
  try {
    plan = builtInPipelineEngine.plan(request.pipeline, scanPipelineContext(source.metadata));
  } catch (error) {
    if (error instanceof PipelineValidationError) throw new ScanProcessingError(error.message);
    throw error;
  }

  const written: string[] = [];
  const work = await makeWorkFolder(deps.config.dataDir, 'process-scan', 'run-');
  try {
    const extension = path.posix.extname(sourceKey).toLowerCase() === '.laz' ? '.laz' : '.las';
    const inputPath = path.join(work, `source${extension}`);
    const outputPath = path.join(work, 'output.las');
    await progress(
      `Running ${plan.stages.map((stage) => stage.type).join(' → ')} on version ${source.name} of scan ${request.scanId}`,
    );
    await progress(`Reading the point cloud of scan ${request.scanId}`);
    await pipeline(await deps.storage.getStream(sourceKey), createWriteStream(inputPath));

    // Progress writes in order, all done before the outcome is written after them.
    let reports = Promise.resolve();
    const result = await builtInPipelineEngine
      .run(plan, {
        inputPath,
        outputPath,
        onProgress: byTenths((percent, done, total) => {
          const message = `Processing scan ${request.scanId} as ${request.name}: ${percent} %`;
          reports = reports
            .then(() => progress(message, { points: done, total }))
            .catch(() => undefined);
        }),
      })
      .catch((error: unknown) => {
        if (error instanceof PipelineRunError && NO_POINTS.test(error.message)) {
          throw new ScanProcessingError(PIPELINE_KEPT_NO_POINTS(request.scanId), error.message);
        }
        throw error;
      })
      .finally(() => reports);

    const key = objectKey({
      organizationId: request.organizationId,
      projectId: source.projectId,
      kind: 'scans',
      name: versionCloudName(request.scanId, request.name),
    });
    const size = (await stat(outputPath)).size;
    // The points are all processed ('100 %'); storing a large cloud still takes a while.
    await progress(`Storing version ${request.name} of scan ${request.scanId}`);
    written.push(key);
    await deps.storage.putStream(key, createReadStream(outputPath), {
      size,
      contentType: 'application/octet-stream',
    });
    const s3Url = storageUrl(deps.config, key);
    const inserted = await repo.insertVersion(deps.db, {
      scanId: request.scanId,
      name: request.name,
      s3Url,
      size,
      status: source.status,
      parameters: {
        points: result.pointsOut,
        bounds: { min: vector(result.bounds.min), max: vector(result.bounds.max) },
        srs: result.srs,
        ...(result.crsNote ? { crs_note: result.crsNote } : {}),
        pipeline: request.pipeline,
        source_artifact_id: source.id,
        points_in: result.pointsIn,
        stages: result.stages,
        classes: result.classes,
      },
    });
    if (inserted === 'exists') {
      // Another writer's version holds this key now: it is theirs to keep.
      written.pop();
      throw new ScanProcessingError(VERSION_EXISTS(request.name, request.scanId));
    }
    if (inserted === 'scan-gone') {
      throw new ScanProcessingError(`Scan ${request.scanId} no longer exists`);
    }
    await enqueuePointCloudLod(deps.db, request, 'interactive');
    return {
      points: result.pointsOut,
      pointsIn: result.pointsIn,
      classes: result.classes,
      bytes: size,
      seconds: Math.round(result.seconds * 100) / 100,
      s3Url,
      crsNote: result.crsNote,
    };
  } catch (error) {
    // Nothing half-written: the objects of this attempt go, and no artifact names them.
    await Promise.allSettled(written.map((key) => deps.storage.delete(key)));
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function vector(v: LasVector): number[] {
  return [v.x, v.y, v.z];
}
