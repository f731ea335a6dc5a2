import {
  BUCKET_TEST_TIMEOUT_MS,
  type BucketConnectionResult,
  bucketMessages,
} from '@asset-portal/shared';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** Where a bucket lives and how to sign in to it; no endpoint means AWS itself. */
export interface S3ConnectionSettings {
  endpoint: string | null;
  region: string;
  bucket: string;
  prefix: string;
  forcePathStyle: boolean;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/**
 * An S3 client for AWS or an S3-compatible store (MinIO, Ceph, Garage, s3rver…). With a timeout
 * it fails fast (connection tests); without one it retries and lets long transfers run.
 */
export function createS3Client(
  settings: Omit<S3ConnectionSettings, 'prefix'>,
  timeoutMs?: number,
): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Without credentials the server's own (environment, instance role) are used.
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // The SDK's default checksums break S3-compatible stores (see docs/decisions.md).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(timeoutMs === undefined
      ? {}
      : {
          maxAttempts: 1,
          requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs },
        }),
  });
}

/**
 * Lists at most one key under the bucket's prefix: the cheapest call that proves the store is
 * reachable, the bucket exists and the credentials may read it. Never throws.
 */
export async function testS3Connection(
  settings: S3ConnectionSettings,
  timeoutMs = BUCKET_TEST_TIMEOUT_MS,
): Promise<BucketConnectionResult> {
  const client = createS3Client(settings, timeoutMs);
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(
        Object.assign(new Error(`no answer within ${timeoutMs / 1000} s`), { code: 'TIMEOUT' }),
      );
    }, timeoutMs);
  });
  try {
    await Promise.race([
      client.send(
        new ListObjectsV2Command({
          Bucket: settings.bucket,
          MaxKeys: 1,
          ...(settings.prefix ? { Prefix: settings.prefix } : {}),
        }),
        { abortSignal: abort.signal },
      ),
      timeout,
    ]);
    return { ok: true, message: bucketMessages.connected(settings.bucket) };
  } catch (error) {
    return { ok: false, message: describeFailure(error, settings) };
  } finally {
    clearTimeout(timer);
    client.destroy();
  }
}

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  cause?: { code?: string; message?: string };
  $metadata?: { httpStatusCode?: number };
}

const ACCESS_DENIED = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'Forbidden',
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'TIMEOUT',
]);

/** Turns what the SDK threw into one sentence an administrator can act on. */
export function describeFailure(raw: unknown, settings: S3ConnectionSettings): string {
  const error = (raw ?? {}) as SdkError;
  const status = error.$metadata?.httpStatusCode;
  const name = error.name ?? '';
  const endpoint = settings.endpoint ?? `AWS S3 (${settings.region})`;
  if (ACCESS_DENIED.has(name) || status === 403) return bucketMessages.accessDenied;
  if (name === 'NoSuchBucket' || name === 'NotFound' || status === 404) {
    return bucketMessages.missing(settings.bucket);
  }
  if (name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed' || status === 301) {
    return bucketMessages.wrongRegion(settings.bucket, settings.region);
  }
  if (name === 'CredentialsProviderError') return bucketMessages.noCredentials;
  const code = error.code ?? error.cause?.code ?? '';
  if (NETWORK_CODES.has(code) || name === 'TimeoutError' || name === 'AbortError') {
    return bucketMessages.unreachable(endpoint, networkReason(code, error));
  }
  if (status === undefined) {
    return bucketMessages.unreachable(endpoint, error.message ?? 'no answer');
  }
  return `The store answered ${status} ${name}: ${error.message ?? ''}`.trim();
}

function networkReason(code: string, error: SdkError): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found';
    case 'TIMEOUT':
    case 'ETIMEDOUT':
      return error.message ?? 'timed out';
    default:
      return error.message || code || 'no answer';
  }
}
