import type { HelmertParameters } from '@asset-portal/shared';

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
