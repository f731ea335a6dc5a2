import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { openPointCloudFile } from '../../lib/las/las-reader.ts';
import type { LodBuildProgress } from '../../pointcloud/out-of-core/build-lod.ts';
import { POTREE_FILES, POTREE_FORMAT } from '../../pointcloud/potree-format.ts';
import { buildPotreeFromLas } from '../../pointcloud/potree-writer.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { ObjectNotFoundError } from '../../storage/storage.ts';
import { pointCloudRepository as repo } from './point-cloud.repository.ts';
import { declaredCloudCrs, proj4FromLasFile } from './point-cloud-crs.ts';
import {
  type LodRecord,
  lodPrefixFor,
  lodProgressMessage,
  lodRecordOf,
  storedObjectKey,
} from './point-cloud-rules.ts';

export interface LodBuildDeps {
  db: Db;
  config: AppConfig;
  storage: ObjectStorage;
}

/** A scan whose cloud cannot be built from (no such scan, no stored cloud): no retry helps. */
export class PointCloudSourceError extends Error {
  override name = 'PointCloudSourceError';
}

/** The cloud was replaced while it was being built: the next attempt builds the new one. */
export class PointCloudChangedError extends Error {
  override name = 'PointCloudChangedError';
}

export type LodBuildOutcome =
  | { status: 'current'; lod: LodRecord }
  | {
      status: 'built';
      lod: LodRecord;
      metrics: { points: number; nodes: number; seconds: number; bytes: number };
    };

const CONTENT_TYPES: Record<string, string> = {
  'metadata.json': 'application/json',
  'hierarchy.bin': 'application/octet-stream',
  'octree.bin': 'application/octet-stream',
};

/** How often the job's activity-log entry is updated with the points done. */
const PROGRESS_INTERVAL_MS = 5_000;

/** Work files of the builds of a scan: `<DATA_DIR>/tmp/lod/<scanId>-…` (DATA_DIR: /tmp is often memory-backed). */
function lodWorkParent(config: AppConfig): string {
  return path.join(config.dataDir, 'tmp', 'lod');
}

/**
 * The work directory of one build, named by the scan and the cloud it is built from, so that
 * the next attempt after a crash (a killed worker) finds and reuses what this one wrote.
 */
function lodWorkDir(
  config: AppConfig,
  scanId: string,
  source: { s3Url: string; size: number | null; eTag: string },
): string {
  const digest = createHash('sha256')
    .update(`${source.s3Url}\n${source.size}\n${source.eTag}`)
    .digest('hex')
    .slice(0, 16);
  return path.join(lodWorkParent(config), `${scanId}-${digest}`);
}

/** Removes the work files of a scan's builds (done, given up, or made for another cloud). */
export async function removeLodWork(config: AppConfig, scanId: string, keep?: string) {
  let names: string[];
  try {
    names = await readdir(lodWorkParent(config));
  } catch {
    return;
  }
  for (const name of names) {
    const dir = path.join(lodWorkParent(config), name);
    if (name.startsWith(`${scanId}-`) && dir !== keep) {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** Sends the build's progress as the job's message, at most every PROGRESS_INTERVAL_MS. */
function progressReporter(scanId: string, report: (message: string) => Promise<void>) {
  let last = 0;
  let phase = '';
  let chain = Promise.resolve();
  const send = (progress: LodBuildProgress) => {
    const now = Date.now();
    if (progress.phase === phase && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    phase = progress.phase;
    const message = lodProgressMessage(scanId, progress);
    // A progress line that cannot be written is not worth failing the build for.
    chain = chain.then(() => report(message)).catch(() => {});
  };
  return { send, settled: () => chain };
}

/**
 * Builds the Potree 2.0 level of detail of one scan's point cloud beside it in storage
 * (`…/scans/<scanId>/lod/`) and records it in the artifact's parameters. A build that is
 * already current is left alone; the record is written only after all three objects are
 * stored (metadata.json last), so a failed build leaves no `lod` behind. Work files stay under
 * DATA_DIR between attempts (a retry resumes) and are removed once the build is recorded.
 */
export async function buildScanLod(
  deps: LodBuildDeps,
  input: { scanId: string; organizationId: number },
  onStart: () => Promise<void>,
  onProgress: (message: string) => Promise<void> = async () => {},
): Promise<LodBuildOutcome> {
  const [row] = await repo.findScanClouds(deps.db, [input.scanId]);
  if (!row || row.organizationId !== input.organizationId) {
    throw new PointCloudSourceError(`Scan ${input.scanId} does not exist`);
  }
  const cloudKey = storedObjectKey(deps.config, row.s3Url, row.organizationId);
  if (row.artifactId === null || !row.s3Url || !cloudKey) {
    throw new PointCloudSourceError(`Scan ${input.scanId} has no stored point cloud`);
  }
  const head = await deps.storage.head(cloudKey);
  if (!head) throw new ObjectNotFoundError(cloudKey);
  const source = { s3Url: row.s3Url, size: row.size, eTag: head.eTag };

  const existing = lodRecordOf(row.parameters);
  const declared = declaredCloudCrs(row.parameters, row.scanMetadata);
  if (
    existing &&
    existing.source.s3Url === source.s3Url &&
    existing.source.size === source.size &&
    existing.source.eTag === source.eTag &&
    // A build that recorded another CRS (a reprojected version taken as the scan's) is redone.
    (declared === null || existing.crs === declared)
  ) {
    return { status: 'current', lod: existing };
  }
  await onStart();
  if (existing) await repo.clearLod(deps.db, row.artifactId);

  const started = performance.now();
  const work = lodWorkDir(deps.config, input.scanId, source);
  await removeLodWork(deps.config, input.scanId, work);
  await mkdir(work, { recursive: true });
  const progress = progressReporter(input.scanId, onProgress);
  try {
    const input_ = path.join(work, `source${path.posix.extname(cloudKey).toLowerCase() || '.las'}`);
    if ((await sizeOf(input_)) !== head.size) {
      await pipeline(await deps.storage.getStream(cloudKey), createWriteStream(`${input_}.tmp`));
      await rename(`${input_}.tmp`, input_);
    }
    const { header } = await openPointCloudFile(input_);
    const crs = declared ?? (await proj4FromLasFile(input_, header));
    const output = path.join(work, 'lod');
    await rm(output, { recursive: true, force: true });
    const result = await buildPotreeFromLas(input_, output, {
      projection: crs ?? '',
      name: input.scanId,
      workDir: path.join(work, 'build'),
      onProgress: progress.send,
    });
    await progress.settled();

    const prefix = lodPrefixFor(cloudKey);
    // metadata.json last: a reader that finds it finds the other two complete.
    for (const file of [...POTREE_FILES].reverse()) {
      const filePath = path.join(output, file);
      await deps.storage.putStream(`${prefix}${file}`, createReadStream(filePath), {
        size: (await stat(filePath)).size,
        contentType: CONTENT_TYPES[file]!,
      });
    }
    const lod: LodRecord = {
      format: POTREE_FORMAT,
      prefix,
      pointCount: result.pointCount,
      nodeCount: result.nodeCount,
      bounds: result.bounds,
      crs,
      source,
      built: new Date().toISOString(),
    };
    if (!(await repo.recordLod(deps.db, row.artifactId, source, lod))) {
      throw new PointCloudChangedError(
        `The point cloud of scan ${input.scanId} was replaced during the build`,
      );
    }
    await rm(work, { recursive: true, force: true });
    const bytes = result.bytes.metadata + result.bytes.hierarchy + result.bytes.octree;
    return {
      status: 'built',
      lod,
      metrics: {
        points: result.pointCount,
        nodes: result.nodeCount,
        seconds: Math.round((performance.now() - started) / 10) / 100,
        bytes,
      },
    };
  } catch (error) {
    await progress.settled();
    // Kept for the next attempt unless the cloud it was made from is gone or replaced.
    if (error instanceof PointCloudChangedError) await rm(work, { recursive: true, force: true });
    throw error;
  }
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}
