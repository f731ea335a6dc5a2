/** Scan and session statuses derived from artifacts (spec §4 Scan statuses). */

export interface ArtifactLike {
  artifactType?: string | null;
  status?: string | null;
  name?: string | null;
}

export interface ScanWithArtifacts {
  artifacts?: readonly ArtifactLike[] | null;
}

export type ScanFilterStatus = 'Final' | 'Provisional' | 'Exception';

export const SCAN_STATUS_ALL = '(ALL)';
/** The only statuses the filter offers; 'Exception' exists but is not selectable. */
export const SCAN_STATUS_OPTIONS = [SCAN_STATUS_ALL, 'Provisional', 'Final'] as const;
export type ScanStatusOption = (typeof SCAN_STATUS_OPTIONS)[number];

function isPointCloud(artifact: ArtifactLike): boolean {
  return (artifact.artifactType ?? '').toLowerCase().includes('pointcloud');
}

function isFinalStatus(status: string | null | undefined): boolean {
  return (status ?? '').toLowerCase().startsWith('final');
}

function isProvisionalStatus(status: string | null | undefined): boolean {
  return (status ?? '').toLowerCase().startsWith('provisional');
}

/** A scan is final when it has a pointcloud artifact with status final. */
export function isFinal(scan: ScanWithArtifacts): boolean {
  return (scan.artifacts ?? []).some((a) => isPointCloud(a) && isFinalStatus(a.status));
}

/** Any artifact whose type contains 'pointcloud'. */
export function hasPointCloud(scan: ScanWithArtifacts): boolean {
  return (scan.artifacts ?? []).some(isPointCloud);
}

/** Any artifact whose type contains 'cam'. */
export function hasImages(scan: ScanWithArtifacts): boolean {
  return (scan.artifacts ?? []).some((a) => (a.artifactType ?? '').toLowerCase().includes('cam'));
}

/** Final, Provisional (a point cloud, none final) or Exception (no point cloud). */
export function filterStatusOf(scan: ScanWithArtifacts): ScanFilterStatus {
  if (isFinal(scan)) return 'Final';
  return hasPointCloud(scan) ? 'Provisional' : 'Exception';
}

/**
 * A session's status: the distinct final/provisional statuses of its scans' point clouds,
 * final ones first, joined by comma and space (e.g. 'final, provisional').
 */
export function sessionStatus(scans: readonly ScanWithArtifacts[]): string {
  const statuses = new Set<string>();
  for (const scan of scans) {
    for (const artifact of scan.artifacts ?? []) {
      const status = (artifact.status ?? '').trim();
      if (isPointCloud(artifact) && (isFinalStatus(status) || isProvisionalStatus(status))) {
        statuses.add(status);
      }
    }
  }
  return [...statuses]
    .sort(
      (a, b) =>
        Number(isProvisionalStatus(a)) - Number(isProvisionalStatus(b)) || a.localeCompare(b),
    )
    .join(', ');
}

/** Chip colour of a status: green for final…, yellow for provisional…, neutral otherwise. */
export function statusChipColor(status: string): 'success' | 'warning' | 'default' {
  if (isFinalStatus(status)) return 'success';
  if (isProvisionalStatus(status)) return 'warning';
  return 'default';
}

/** Splits a session status string back into its statuses. */
export function splitSessionStatus(status: string | null | undefined): string[] {
  return (status ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
