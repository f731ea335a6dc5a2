/** Texts and sizes of the Organizations screen (spec §2 names the delete confirmation). */
export const ORGANIZATION_TEXTS = {
  newTitle: 'New Organization',
  editTitle: 'Edit Organization',
  created: 'Organization created',
  updated: 'Organization updated',
  deleted: 'Organization deleted',
  deleteTitle: 'Confirm Organization Deletion',
  deleteMessage: (name: string) => `Are you sure you want to delete organization '${name}'?`,
  bucketsAfterSave: 'Save the organization first; then edit it to add its buckets.',
  noBuckets: 'No buckets yet.',
  newBucketTitle: 'New Bucket',
  editBucketTitle: 'Edit Bucket',
  bucketDeleteTitle: 'Confirm Bucket Deletion',
  bucketDeleteMessage: (name: string) => `Are you sure you want to delete bucket '${name}'?`,
  testConnection: 'Test connection',
  credentialsKept: 'Saved; leave both blank to keep them',
  endpointHint:
    "Blank for AWS S3, the store's address for others (e.g. https://minio.example.com), or 'portal' to keep the bucket in the portal's own store",
  pathStyleHint: 'Most S3-compatible stores need this; AWS does not',
} as const;

/** The devices helper text: what saving does to the devices taken off the organization. */
export function devicesHelperText(leaving: readonly string[]): string {
  if (leaving.length === 0) {
    return 'A device belongs to at most one organization: only free devices are offered.';
  }
  const [one] = leaving;
  const who = leaving.length === 1 ? `${one} leaves` : `${leaving.join(', ')} leave`;
  return `${who} the organization on Save: ${leaving.length === 1 ? 'its' : 'their'} assignment periods in its projects end then.`;
}

export const ORGANIZATION_DIALOG_WIDTH = 700;

/** How a device reads in chips and options: its id, with its name when that differs. */
export function deviceLabel(device: { id: string; name: string | null }): string {
  return device.name && device.name !== device.id ? `${device.id} (${device.name})` : device.id;
}
