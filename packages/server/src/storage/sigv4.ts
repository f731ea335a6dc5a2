import { createHash, createHmac } from 'node:crypto';

/** The pieces of AWS Signature Version 4 (query signing for S3) the embedded store shares. */

export const ALGORITHM = 'AWS4-HMAC-SHA256';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Decoded query parameters as SigV4 signs them: encoded, sorted by name then value. */
export function canonicalQuery(params: readonly (readonly [string, string])[]): string {
  return params
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

let cachedKey: { id: string; key: Buffer } | null = null;

/** The day's signing key; the last one is kept, since every URL of a day uses the same. */
export function signingKey(secret: string, date: string, region: string): Buffer {
  const id = `${date}/${region}/${secret}`;
  if (cachedKey?.id === id) return cachedKey.key;
  const kDate = hmac(`AWS4${secret}`, date);
  const key = hmac(hmac(hmac(kDate, region), 's3'), 'aws4_request');
  cachedKey = { id, key };
  return key;
}

export function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

export function sha256Hex(data: string): string {
  return createHash('sha256').update(data, 'utf8').digest('hex');
}
