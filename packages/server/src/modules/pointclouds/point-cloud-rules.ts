import path from 'node:path';
import { z } from 'zod';
import type { AppConfig } from '../../config/config.ts';
import { POTREE_FORMAT } from '../../pointcloud/potree-format.ts';
import { EMBEDDED_BUCKET } from '../../storage/embedded-storage.ts';
import { isScopedKey } from '../../storage/object-key.ts';

export const BUILD_POINT_CLOUD_LOD_KIND = 'build-point-cloud-lod';
export const POINT_CLOUD_LOD_ACTIVITY = 'PointCloudLod';
/** Scans one pointCloudStreams request may name. */
export const MAX_STREAM_SCANS = 40;
/** Lifetime of the stream links (the 15-minute maximum: a viewing session reads many nodes). */
export const STREAM_URL_SECONDS = 900;

export type StreamStatus = 'ready' | 'building' | 'failed' | 'missing';

export function lodUniqueKey(scanId: string): string {
  return `${BUILD_POINT_CLOUD_LOD_KIND}:${scanId}`;
}

/** What a finished build records in the point-cloud artifact's parameters (`lod`). */
export const lodRecordSchema = z.object({
  format: z.literal(POTREE_FORMAT),
  /** Key prefix of metadata.json, hierarchy.bin and octree.bin. */
  prefix: z.string(),
  pointCount: z.number(),
  nodeCount: z.number(),
  bounds: z.object({ min: z.array(z.number()), max: z.array(z.number()) }),
  /** proj4 definition of the coordinates, null when unknown. */
  crs: z.string().nullable(),
  /** The cloud it was built from: a build is current while these still match. */
  source: z.object({ s3Url: z.string(), size: z.number().nullable(), eTag: z.string() }),
  built: z.string(),
});
export type LodRecord = z.infer<typeof lodRecordSchema>;

export function lodRecordOf(parameters: Record<string, unknown> | null): LodRecord | null {
  const parsed = lodRecordSchema.safeParse(parameters?.lod);
  return parsed.success ? parsed.data : null;
}

export function portalBucket(config: AppConfig): string {
  return config.storage.kind === 's3' ? config.storage.bucket : EMBEDDED_BUCKET;
}

/**
 * The object key an artifact's `s3://<bucket>/<key>` names, only when it is in the portal's
 * bucket under the organization's prefix, so a stored reference never reaches another's objects.
 */
export function artifactObjectKey(
  s3Url: string | null,
  bucket: string,
  organizationId: number,
): string | null {
  const prefix = `s3://${bucket}/`;
  if (!s3Url?.startsWith(prefix)) return null;
  const key = s3Url.slice(prefix.length);
  return isScopedKey(key, organizationId) ? key : null;
}

/** The key of an artifact's object when it is stored in the portal's own bucket, else null. */
export function storedObjectKey(
  config: AppConfig,
  s3Url: string | null | undefined,
  organizationId: number,
): string | null {
  return artifactObjectKey(s3Url ?? null, portalBucket(config), organizationId);
}

/** `…/scans/<scanId>/pointcloud.laz` → `…/scans/<scanId>/lod/`: the build sits beside its cloud. */
export function lodPrefixFor(cloudKey: string): string {
  return `${path.posix.dirname(cloudKey)}/lod/`;
}

/**
 * The Started entry's message while a build runs: "Building the level of detail of scan S:
 * read 50,000,000 of 200,000,000 points" while the file is read into chunks, then "…:
 * 120,000,000 of 200,000,000 points placed in the octree" as the chunks are built. Each pass
 * says which it is, so the count starting again at 0 does not read as going backwards.
 */
export function lodProgressMessage(
  scanId: string,
  progress: { phase: 'reading' | 'building'; points: number; total: number },
): string {
  const count = `${progress.points.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} points`;
  const done = progress.phase === 'reading' ? `read ${count}` : `${count} placed in the octree`;
  return `Building the level of detail of scan ${scanId}: ${done}`;
}

/** ready when a current build is recorded; else what its latest job says. */
export function streamStatus(lod: LodRecord | null, jobStatus: string | undefined): StreamStatus {
  if (lod) return 'ready';
  if (jobStatus === 'queued' || jobStatus === 'running') return 'building';
  if (jobStatus === 'failed') return 'failed';
  return 'missing';
}
