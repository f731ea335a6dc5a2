import { NO_STORED_CLOUD } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { POTREE_FORMAT } from '../../pointcloud/potree-format.ts';
import { openPotree } from '../../pointcloud/potree-reader.ts';
import { scanPolicy } from '../../policies/scan.policy.ts';
import { isScopedKey } from '../../storage/object-key.ts';
import {
  type CloudProfile,
  finishProfile,
  MAX_PROFILE_SCAN_POINTS,
  ProfileTooLargeError,
  profileCloud,
} from './elevation-profile.ts';
import { pointCloudRepository as repo, type ScanCloudRow } from './point-cloud.repository.ts';
import { declaredCloudCrs } from './point-cloud-crs.ts';
import {
  type LodRecord,
  lodRecordOf,
  lodUniqueKey,
  STREAM_URL_SECONDS,
  type StreamStatus,
  streamStatus,
} from './point-cloud-rules.ts';
import { storagePotreeSource } from './storage-potree-source.ts';

/**
 * The scans of `ids`, each readable by the caller; any missing or foreign id answers
 * 'Not found' for the whole request, so an answer never tells another organization's ids apart.
 */
async function readableScans(ctx: RequestContext, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.findScanClouds(ctx.db, unique);
  const byId = new Map(rows.map((row) => [row.scanId, row]));
  return unique.map((id) => {
    const row = byId.get(id);
    if (!row || !scanPolicy.canRead(ctx.viewer, row.organizationId)) throw new NotFoundError();
    return row;
  });
}

/**
 * The build recorded for the cloud the artifact names now, inside the scan's organization, with
 * the CRS its coordinates are declared in: a build recorded before a reprojected version's CRS
 * was taken from its pipeline named the scan's, and its octree is the same either way.
 */
function currentLod(row: ScanCloudRow): LodRecord | null {
  const lod = lodRecordOf(row.parameters);
  if (!lod || lod.source.s3Url !== row.s3Url || lod.source.size !== row.size) return null;
  if (!isScopedKey(`${lod.prefix}metadata.json`, row.organizationId)) return null;
  return { ...lod, crs: declaredCloudCrs(row.parameters, row.scanMetadata) ?? lod.crs };
}

export interface PointCloudStream {
  scanId: string;
  status: StreamStatus;
  format: string;
  metadataUrl: string | null;
  hierarchyUrl: string | null;
  octreeUrl: string | null;
  expiresAt: Date | null;
  crs: string | null;
  pointCount: number | null;
}

export interface ProfileRequest {
  scanIds: string[];
  line: [number, number][];
  corridorWidth: number;
}

export const pointCloudService = {
  /** Presigned links to each scan's level-of-detail objects, one object per link. */
  async streams(ctx: RequestContext, scanIds: readonly string[]): Promise<PointCloudStream[]> {
    const rows = await readableScans(ctx, scanIds);
    const jobs = await repo.latestJobStatuses(
      ctx.db,
      rows.map((row) => lodUniqueKey(row.scanId)),
    );
    const expiresAt = new Date(Date.now() + STREAM_URL_SECONDS * 1000);
    return Promise.all(
      rows.map(async (row): Promise<PointCloudStream> => {
        const lod = currentLod(row);
        const status = streamStatus(lod, jobs.get(lodUniqueKey(row.scanId)));
        if (!lod) {
          return {
            scanId: row.scanId,
            status,
            format: POTREE_FORMAT,
            metadataUrl: null,
            hierarchyUrl: null,
            octreeUrl: null,
            expiresAt: null,
            crs: null,
            pointCount: null,
          };
        }
        const sign = (file: string) =>
          ctx.storage.presignGet(`${lod.prefix}${file}`, STREAM_URL_SECONDS);
        const [metadataUrl, hierarchyUrl, octreeUrl] = await Promise.all([
          sign('metadata.json'),
          sign('hierarchy.bin'),
          sign('octree.bin'),
        ]);
        return {
          scanId: row.scanId,
          status,
          format: lod.format,
          metadataUrl,
          hierarchyUrl,
          octreeUrl,
          expiresAt,
          crs: lod.crs,
          pointCount: lod.pointCount,
        };
      }),
    );
  },

  /** Points of the selected scans' clouds along a line, at full detail. */
  async elevationProfile(ctx: RequestContext, request: ProfileRequest) {
    const rows = await readableScans(ctx, request.scanIds);
    const unbuilt = rows.filter((row) => !currentLod(row)).map((row) => row.scanId);
    const jobs = await repo.latestJobStatuses(ctx.db, unbuilt.map(lodUniqueKey));
    const ready = rows.map((row) => {
      const lod = currentLod(row);
      if (!lod) {
        // Said as the 3D view says it: no cloud, one being prepared, or one that failed.
        const status = streamStatus(null, jobs.get(lodUniqueKey(row.scanId)));
        if (status === 'missing')
          throw new ValidationError(NO_STORED_CLOUD([row.scanId], 'profile'));
        throw new ValidationError(
          status === 'failed'
            ? `The point cloud of scan ${row.scanId} could not be prepared for profiles`
            : `The point cloud of scan ${row.scanId} is not ready for profiles yet`,
        );
      }
      if (!lod.crs) {
        throw new ValidationError(
          `The point cloud of scan ${row.scanId} has no known coordinate system`,
        );
      }
      return { row, lod, crs: lod.crs };
    });
    const budget = { points: MAX_PROFILE_SCAN_POINTS };
    const clouds: CloudProfile[] = [];
    try {
      for (const { lod, crs } of ready) {
        const cloud = await openPotree(storagePotreeSource(ctx.storage, lod.prefix));
        clouds.push(await profileCloud(cloud, crs, request.line, request.corridorWidth, budget));
      }
    } catch (error) {
      if (error instanceof ProfileTooLargeError) throw new ValidationError(error.message);
      throw error;
    }
    const { points, truncated } = finishProfile(clouds);
    return {
      points,
      lengthMetres: clouds[0]?.lengthMetres ?? 0,
      pointCount: points.length,
      truncated,
    };
  },
};
