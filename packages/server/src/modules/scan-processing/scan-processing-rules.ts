import { type ActivityType, lasClassName } from '@asset-portal/shared';

export const PROCESS_SCAN_KIND = 'process-scan';
/** The activity log's type for post-processing jobs. */
export const SCAN_PROCESSING_ACTIVITY = 'ScanProcessing' satisfies ActivityType;

/** A job's activity-log key: scoped by organization, one per scan and version. */
export function processActivityKey(organizationId: number, scanId: string, name: string): string {
  return `org-${organizationId}/process-${scanId}-${name}`;
}

/** One job per scan and version while it waits or runs. */
export function processJobKey(scanId: string, name: string): string {
  return `${PROCESS_SCAN_KIND}:${scanId}:${name}`;
}

/** The new version's cloud, under the scan's own folder (as trajectory runs write theirs). */
export function versionCloudName(scanId: string, name: string): string {
  return `${scanId}/versions/${name}/pointcloud.las`;
}

/** Classes named one by one in a run's activity-log message; the rest are counted together. */
const CLASSES_NAMED = 6;

/**
 * A processed version's points by class, most first: 'Ground 28,668, Unclassified 8,209, Low
 * point (noise) 623', so that a classifying pipeline's log tells what it found.
 */
export function classCountsText(classes: Readonly<Record<number, number>>): string {
  const entries = Object.entries(classes)
    .map(([code, count]) => [Number(code), count] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const named = entries
    .slice(0, CLASSES_NAMED)
    .map(([code, count]) => `${lasClassName(code)} ${count.toLocaleString('en-US')}`);
  const rest = entries.slice(CLASSES_NAMED);
  if (rest.length > 0) {
    const points = rest.reduce((sum, [, count]) => sum + count, 0);
    named.push(
      `${rest.length} other ${rest.length === 1 ? 'class' : 'classes'} ${points.toLocaleString('en-US')}`,
    );
  }
  return named.join(', ');
}
