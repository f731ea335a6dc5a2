import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { openPointCloudFile } from '../../lib/las/las-reader.ts';
import { POTREE_FILES, POTREE_FORMAT } from '../../pointcloud/potree-format.ts';
import { buildPotreeFromLas } from '../../pointcloud/potree-writer.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { ObjectNotFoundError } from '../../storage/storage.ts';
import { pointCloudRepository as repo } from './point-cloud.repository.ts';
import { proj4ForCrsText, proj4FromLasFile } from './point-cloud-crs.ts';
import {
  artifactObjectKey,
  type LodRecord,
  lodPrefixFor,
  lodRecordOf,
  portalBucket,
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

/**
 * Builds the Potree 2.0 level of detail of one scan's point cloud beside it in storage
 * (`…/scans/<scanId>/lod/`) and records it in the artifact's parameters. A build that is
 * already current is left alone; the record is written only after all three objects are
 * stored (metadata.json last), so a failed build leaves no `lod` behind.
 */
export async function buildScanLod(
  deps: LodBuildDeps,
  input: { scanId: string; organizationId: number },
  onStart: () => Promise<void>,
): Promise<LodBuildOutcome> {
  const [row] = await repo.findScanClouds(deps.db, [input.scanId]);
  if (!row || row.organizationId !== input.organizationId) {
    throw new PointCloudSourceError(`Scan ${input.scanId} does not exist`);
  }
  const cloudKey = artifactObjectKey(row.s3Url, portalBucket(deps.config), row.organizationId);
  if (row.artifactId === null || !row.s3Url || !cloudKey) {
    throw new PointCloudSourceError(`Scan ${input.scanId} has no stored point cloud`);
  }
  const head = await deps.storage.head(cloudKey);
  if (!head) throw new ObjectNotFoundError(cloudKey);
  const source = { s3Url: row.s3Url, size: row.size, eTag: head.eTag };

  const existing = lodRecordOf(row.parameters);
  if (
    existing &&
    existing.source.s3Url === source.s3Url &&
    existing.source.size === source.size &&
    existing.source.eTag === source.eTag
  ) {
    return { status: 'current', lod: existing };
  }
  await onStart();
  if (existing) await repo.clearLod(deps.db, row.artifactId);

  const started = performance.now();
  // Under DATA_DIR like ingestion's work files: /tmp is often memory-backed.
  const parent = path.join(deps.config.dataDir, 'tmp', 'lod');
  await mkdir(parent, { recursive: true });
  const work = await mkdtemp(path.join(parent, 'build-'));
  try {
    const input_ = path.join(work, `source${path.posix.extname(cloudKey).toLowerCase() || '.las'}`);
    await pipeline(await deps.storage.getStream(cloudKey), createWriteStream(input_));
    const { header } = await openPointCloudFile(input_);
    const crs =
      proj4ForCrsText(row.scanMetadata?.crs as string | undefined) ??
      (await proj4FromLasFile(input_, header));
    const output = path.join(work, 'lod');
    const result = await buildPotreeFromLas(input_, output, {
      projection: crs ?? '',
      name: input.scanId,
    });

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
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
