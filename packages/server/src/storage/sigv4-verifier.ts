import { timingSafeEqual } from 'node:crypto';
import {
  ALGORITHM,
  canonicalQuery,
  hmac,
  type SigV4Credentials,
  sha256Hex,
  signingKey,
} from './sigv4.ts';
import { MAX_PRESIGN_SECONDS } from './storage.ts';

/**
 * Checks an AWS Signature Version 4 presigned URL (query signing) the way S3 does, so the
 * embedded store accepts exactly the URLs the AWS SDK's presigner makes for it and nothing else:
 * the signature covers method, path, every query parameter and the signed headers (host; for a
 * PUT also content-length, so a body of another size than the one signed for is refused).
 */

export interface PresignedRequest {
  method: string;
  /** The raw request target as received: path and query, still percent-encoded. */
  url: string;
  /** Lower-case header names. */
  headers: Record<string, string | string[] | undefined>;
}

export type { SigV4Credentials } from './sigv4.ts';

export type VerifyResult =
  | { ok: true; expiresAt: Date }
  | {
      ok: false;
      code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'InvalidAccessKeyId';
      message: string;
    };

/** Clock difference tolerated for URLs dated in the future. */
const MAX_SKEW_MS = 15 * 60 * 1000;

export function verifyPresignedUrl(
  request: PresignedRequest,
  credentials: SigV4Credentials,
  now: Date = new Date(),
): VerifyResult {
  const queryIndex = request.url.indexOf('?');
  const rawPath = queryIndex < 0 ? request.url : request.url.slice(0, queryIndex);
  const params = parseQuery(queryIndex < 0 ? '' : request.url.slice(queryIndex + 1));
  const get = (name: string) => params.find(([key]) => key === name)?.[1];

  const denied = (message: string): VerifyResult => ({ ok: false, code: 'AccessDenied', message });
  if (get('X-Amz-Algorithm') !== ALGORITHM) {
    return denied('Query-string authentication version 4 requires the X-Amz-Algorithm parameter');
  }
  const credential = get('X-Amz-Credential');
  const amzDate = get('X-Amz-Date');
  const expires = get('X-Amz-Expires');
  const signedHeaders = get('X-Amz-SignedHeaders');
  const signature = get('X-Amz-Signature');
  if (!credential || !amzDate || !expires || !signedHeaders || !signature) {
    return denied(
      'Query-string authentication requires the X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature parameters',
    );
  }
  const [accessKeyId, scopeDate, region, service, terminator] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) {
    return {
      ok: false,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  }
  if (region !== credentials.region || service !== 's3' || terminator !== 'aws4_request') {
    return denied('Error parsing the X-Amz-Credential parameter');
  }
  const signedAt = parseAmzDate(amzDate);
  if (!signedAt || scopeDate !== amzDate.slice(0, 8)) return denied('Invalid X-Amz-Date');
  const lifetime = Number(expires);
  if (!/^\d+$/.test(expires) || lifetime < 1 || lifetime > MAX_PRESIGN_SECONDS) {
    return denied(`X-Amz-Expires must be between 1 and ${MAX_PRESIGN_SECONDS} seconds`);
  }
  const expiresAt = new Date(signedAt.getTime() + lifetime * 1000);
  if (now.getTime() > expiresAt.getTime()) return denied('Request has expired');
  if (signedAt.getTime() - now.getTime() > MAX_SKEW_MS) {
    return denied('Request is not yet valid');
  }

  const headerNames = signedHeaders.split(';');
  if (!headerNames.includes('host')) return denied('The host header must be signed');
  // An upload URL is issued for one size: one without a signed length could take any body.
  if (request.method.toUpperCase() === 'PUT' && !headerNames.includes('content-length')) {
    return denied('The content-length header must be signed for an upload');
  }
  const canonicalHeaders: string[] = [];
  for (const name of headerNames) {
    const value = request.headers[name];
    if (value === undefined) return denied(`Signed header ${name} is missing`);
    const joined = Array.isArray(value) ? value.join(',') : value;
    canonicalHeaders.push(`${name}:${joined.trim().replace(/\s+/g, ' ')}\n`);
  }
  const canonicalRequest = [
    request.method.toUpperCase(),
    // S3 signs the path as sent (no normalization, no double encoding).
    rawPath,
    canonicalQuery(params.filter(([key]) => key !== 'X-Amz-Signature')),
    canonicalHeaders.join(''),
    signedHeaders,
    get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${scopeDate}/${region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const expected = hmac(
    signingKey(credentials.secretAccessKey, scopeDate, region),
    stringToSign,
  ).toString('hex');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, 'utf8'))) {
    return {
      ok: false,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  return { ok: true, expiresAt };
}

/** Decoded query parameters in order; repeated names kept. */
export function parseQuery(query: string): [string, string][] {
  if (!query) return [];
  return query.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? '' : pair.slice(at + 1);
    return [safeDecode(key), safeDecode(value)];
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function parseAmzDate(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
}
