import type { HelmertParameters } from '@asset-portal/shared';
import type { LasCrs } from '../../lib/transform/crs-wkt.ts';

export const PUBLISH_SCAN_KIND = 'publish-scan';
export const SCAN_PUBLISHING_ACTIVITY = 'ScanPublishing';
export const MANIFEST_NAME = 'manifest.json';
export const POINTCLOUD_NAME = 'pointcloud.las';
export const TRAJECTORY_NAME = 'trajectory.csv';

/** The activity-log reference of a scan's publishing: one entry per scan, reused on republish. */
export function publishActivityKey(organizationId: number, scanId: string): string {
  return `org-${organizationId}/publish-${scanId}`;
}

/**
 * Where a scan is published in the bucket: `<prefix><project name>/<folder>/<scan id>/`. A prefix
 * without a trailing slash is taken as a folder all the same.
 */
export function publishedScanPrefix(
  bucketPrefix: string,
  projectName: string,
  folder: string,
  scanId: string,
): string {
  const prefix = bucketPrefix && !bucketPrefix.endsWith('/') ? `${bucketPrefix}/` : bucketPrefix;
  return `${prefix}${projectName}/${folder}/${scanId}/`;
}

/** A file written for a published scan, relative to the scan's folder. */
export interface PublishedFile {
  name: string;
  key: string;
  size: number;
}

/** What manifest.json says about the transform; null when the points were copied as they are. */
export interface PublishedTransform {
  sourceCrs: string;
  projection: string;
  helmert: (HelmertParameters & { convention: 'position_vector' }) | null;
  /** The scan's capture time in decimal years, at which the Helmert parameters were evaluated. */
  epoch: number | null;
  geoidGrid: string | null;
  heights: 'orthometric' | 'ellipsoidal';
  /** What the published LAS records of its coordinate system (heights are said above). */
  lasCrs: LasCrs;
}

export interface PublishManifest {
  scanId: string;
  sessionId: string | null;
  project: { id: number; name: string };
  folder: string;
  source: { artifactId: number; version: string; pointCount: number };
  /** Every file written before this manifest, with its size in bytes. */
  files: PublishedFile[];
  includeImages: boolean;
  transform: PublishedTransform | null;
  published: string;
}

/** A stored cloud version with what it was made from (its parameters). */
export interface CloudVersion {
  id: number;
  parameters: Record<string, unknown> | null;
}

/**
 * The trajectory that matches a cloud version: the one a trajectory processing run corrected it
 * with (`trajectory_s3_url`), else that of the version it was made from (`source_artifact_id`,
 * a pipeline run over a corrected version keeps its correction), else the scan's own from its
 * package. A cloud published beside another trajectory would disagree with it by the correction.
 */
export function trajectoryUrlOfCloud(
  cloud: CloudVersion,
  versions: readonly CloudVersion[],
  packageTrajectoryUrl: string | null,
): string | null {
  const byId = new Map(versions.map((version) => [version.id, version]));
  const seen = new Set<number>();
  let current: CloudVersion | undefined = cloud;
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    const corrected = current.parameters?.trajectory_s3_url;
    if (typeof corrected === 'string' && corrected) return corrected;
    const source: unknown = current.parameters?.source_artifact_id;
    current = typeof source === 'number' ? byId.get(source) : undefined;
  }
  return packageTrajectoryUrl;
}
