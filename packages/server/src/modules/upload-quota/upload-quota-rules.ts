/** Sizes as the quota message shows them: decimal units (1 GB = 10^9 bytes), one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return bytes === 1 ? '1 byte' : `${Math.round(bytes)} bytes`;
  const units = ['kB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 999.95 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** What an organization's uploads take: what it keeps, and uploads still going. */
export interface UploadUse {
  stored: number;
  inProgress: number;
}

/**
 * Null when a file of `size` bytes fits in the quota beside the bytes in `use`, else the message
 * that tells the user by how much it does not.
 */
export function uploadQuotaProblem(quota: number, use: UploadUse, size: number): string | null {
  const used = use.stored + use.inProgress;
  const excess = used + size - quota;
  if (excess <= 0) return null;
  const ofWhich =
    use.inProgress > 0 ? `, ${formatBytes(use.inProgress)} of it by uploads in progress` : '';
  return `Your organization's upload quota of ${formatBytes(quota)} is reached (${formatBytes(used)} used${ofWhich}); this file needs ${formatBytes(excess)} more`;
}
