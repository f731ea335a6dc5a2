import type { ActivityType } from '@asset-portal/shared';

export const PROCESS_SCAN_KIND = 'process-scan';
/** The activity log's type for post-processing jobs. */
export const SCAN_PROCESSING_ACTIVITY = 'ScanProcessing' satisfies ActivityType;

/** A job's activity-log key: scoped by organization, one per scan and version. */
export function processActivityKey(organizationId: number, scanId: string, name: string): string {
  return `org-${organizationId}/process-${scanId}-${name}`;
}

/** Refused at submission (and by a job whose cloud left the store since). */
export const NO_STORED_CLOUD = (scanId: string) =>
  `Scan ${scanId} has no stored point cloud to process`;

/** One job per scan and version while it waits or runs. */
export function processJobKey(scanId: string, name: string): string {
  return `${PROCESS_SCAN_KIND}:${scanId}:${name}`;
}

/** The new version's cloud, under the scan's own folder (as trajectory runs write theirs). */
export function versionCloudName(scanId: string, name: string): string {
  return `${scanId}/versions/${name}/pointcloud.las`;
}
