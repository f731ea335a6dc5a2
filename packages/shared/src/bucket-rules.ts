/**
 * Storage buckets of an organization: the S3 connection settings, their rules and texts. The
 * browser form and the GraphQL mutations validate with these same schemas.
 */
import { z } from 'zod';
import { entityIdSchema, optionalText, requiredText } from './api-inputs.ts';

export const BUCKET_ENDPOINT_INVALID =
  "Endpoint must be an http:// or https:// URL, or portal for the portal's own store";
/**
 * The endpoint of a bucket kept in the portal's own object store (under `published/<bucket>/`):
 * publishing can be tried without an S3 server, as the demo data does.
 */
export const PORTAL_STORE_ENDPOINT = 'portal';
export const BUCKET_NAME_INVALID =
  'Bucket name must be 3 to 63 characters of lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit';
export const BUCKET_REGION_INVALID = 'Region must be a single word such as us-east-1';
export const BUCKET_CREDENTIALS_INCOMPLETE =
  'Enter both the access key id and the secret access key';
export const BUCKET_DIALOG_WIDTH = 600;
/** How long a connection test may take before it reports the store as unreachable. */
export const BUCKET_TEST_TIMEOUT_MS = 5000;
export const DEFAULT_BUCKET_REGION = 'us-east-1';

const IP_ADDRESS = /^\d{1,3}(\.\d{1,3}){3}$/;
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** S3 bucket naming rules: 3–63 of a-z 0-9 . -, letter or digit at both ends, no '..', no IP. */
export function isValidBucketName(value: string): boolean {
  return BUCKET_NAME.test(value) && !value.includes('..') && !IP_ADDRESS.test(value);
}

/** An http(s) URL with a host, or `portal`; other schemes and malformed text are refused. */
export function isValidEndpoint(value: string): boolean {
  if (value === PORTAL_STORE_ENDPOINT) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The connection settings a test needs; credentials may be absent (server defaults apply). */
export const bucketConnectionFields = {
  endpoint: optionalText
    .refine((value) => value === null || isValidEndpoint(value), BUCKET_ENDPOINT_INVALID)
    .transform((value) => (value === null ? null : value.replace(/\/+$/, ''))),
  region: requiredText.max(64, BUCKET_REGION_INVALID).regex(/^[A-Za-z0-9_-]+$/, {
    error: BUCKET_REGION_INVALID,
  }),
  bucket: requiredText.refine(isValidBucketName, BUCKET_NAME_INVALID),
  // Keys are written without a leading slash; a blank prefix is the bucket root.
  prefix: optionalText
    .pipe(z.string().max(1024).nullable())
    .transform((value) => (value ?? '').replace(/^\/+/, '')),
  forcePathStyle: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  accessKeyId: optionalText.pipe(z.string().max(128).nullable()),
  secretAccessKey: optionalText.pipe(z.string().max(256).nullable()),
};

/** Both credentials or neither: half a key pair can never sign a request. */
function bothOrNeither(value: { accessKeyId: string | null; secretAccessKey: string | null }) {
  return (value.accessKeyId === null) === (value.secretAccessKey === null);
}
const credentialsIssue = {
  message: BUCKET_CREDENTIALS_INCOMPLETE,
  path: ['secretAccessKey'],
};

const bucketFields = { name: requiredText.max(100), ...bucketConnectionFields };

/** The bucket dialog's fields (the organization and id come from the screen). */
export const bucketFormInput = z.object(bucketFields).refine(bothOrNeither, credentialsIssue);
export type BucketFormInput = z.output<typeof bucketFormInput>;

export const bucketCreateInput = z
  .object({ organizationId: entityIdSchema, ...bucketFields })
  .refine(bothOrNeither, credentialsIssue);
export type BucketCreateInput = z.output<typeof bucketCreateInput>;

/** On update, blank credentials keep the stored ones. */
export const bucketUpdateInput = z
  .object({ id: entityIdSchema, ...bucketFields })
  .refine(bothOrNeither, credentialsIssue);
export type BucketUpdateInput = z.output<typeof bucketUpdateInput>;

/** Unsaved settings from the dialog; with an id, blank credentials mean the stored ones. */
export const bucketSettingsInput = z
  .object({ id: entityIdSchema.nullish().transform((id) => id ?? null), ...bucketConnectionFields })
  .refine(bothOrNeither, credentialsIssue);
export type BucketSettingsInput = z.output<typeof bucketSettingsInput>;

/** What a connection test answers. */
export interface BucketConnectionResult {
  ok: boolean;
  message: string;
}

export const bucketMessages = {
  connected: (bucket: string) => `Connected to bucket ${bucket}`,
  portalStore: (bucket: string) => `Bucket ${bucket} is kept in the portal's own store`,
  unreachable: (endpoint: string, reason: string) => `Could not reach ${endpoint}: ${reason}`,
  accessDenied: 'Access denied: check the access key and secret',
  missing: (bucket: string) => `Bucket ${bucket} does not exist`,
  wrongRegion: (bucket: string, region: string) =>
    `Bucket ${bucket} is not in region ${region}: check the region`,
  noCredentials: 'No credentials: enter an access key id and secret access key',
  created: 'Bucket created',
  updated: 'Bucket updated',
  deleted: 'Bucket deleted',
  duplicate: (name: string) => `A bucket named '${name}' already exists in this organization.`,
} as const;
