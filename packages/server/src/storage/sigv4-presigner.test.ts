import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { presignUrl } from './sigv4-presigner.ts';
import { verifyPresignedUrl } from './sigv4-verifier.ts';
import { attachmentDisposition, SIGNED_PART_HEADERS, SIGNED_PUT_HEADERS } from './storage.ts';

const credentials = {
  accessKeyId: 'AKTEST',
  secretAccessKey: 'secret-of-the-store',
  region: 'us-east-1',
};
const endpoint = 'http://127.0.0.1:4555/storage';
// Configured as the embedded store's signer was (no checksum parameters).
const client = new S3Client({
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  credentials,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
const now = new Date('2026-11-24T10:13:59.123Z');
const key = "org-1/project-2/packages/scan 01(1)!'*.luxlz";
const base = { endpoint, bucket: 'portal', key, credentials, now };

describe('SigV4 presigner', () => {
  it('makes the URL the AWS presigner makes for a part that binds its length', async () => {
    const sdk = await getSignedUrl(
      client,
      new UploadPartCommand({
        Bucket: 'portal',
        Key: key,
        UploadId: 'u-1',
        PartNumber: 12,
        ContentLength: 8388608,
      }),
      { expiresIn: 900, signingDate: now, signableHeaders: SIGNED_PART_HEADERS },
    );
    const ours = presignUrl({
      ...base,
      method: 'PUT',
      operation: 'UploadPart',
      query: { partNumber: '12', uploadId: 'u-1' },
      headers: { 'content-length': '8388608' },
      expiresIn: 900,
    });
    expect(ours).toBe(sdk);
  });

  it('makes the URL the AWS presigner makes for a PUT that binds its type and length', async () => {
    const sdk = await getSignedUrl(
      client,
      new PutObjectCommand({
        Bucket: 'portal',
        Key: key,
        ContentType: 'application/octet-stream',
        ContentLength: 10,
      }),
      { expiresIn: 300, signingDate: now, signableHeaders: SIGNED_PUT_HEADERS },
    );
    expect(new URL(sdk).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host',
    );
    const ours = presignUrl({
      ...base,
      method: 'PUT',
      operation: 'PutObject',
      headers: { 'content-type': 'application/octet-stream', 'content-length': '10' },
      expiresIn: 300,
    });
    expect(ours).toBe(sdk);
  });

  it('makes the URL the AWS presigner makes for a download under another name', async () => {
    const disposition = attachmentDisposition('naïve "x" (2).las');
    const sdk = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: 'portal', Key: key, ResponseContentDisposition: disposition }),
      { expiresIn: 60, signingDate: now },
    );
    const ours = presignUrl({
      ...base,
      method: 'GET',
      operation: 'GetObject',
      query: { 'response-content-disposition': disposition },
      expiresIn: 60,
    });
    expect(ours).toBe(sdk);
  });

  it('is accepted by the verifier until it expires, for its method only', () => {
    const url = new URL(
      presignUrl({
        ...base,
        method: 'PUT',
        operation: 'UploadPart',
        query: { partNumber: '1', uploadId: 'u-2' },
        headers: { 'content-length': '3' },
        expiresIn: 60,
      }),
    );
    const request = (method: string) => ({
      method,
      url: url.pathname + url.search,
      headers: { host: url.host, 'content-length': '3' },
    });
    expect(verifyPresignedUrl(request('PUT'), credentials, now).ok).toBe(true);
    expect(verifyPresignedUrl(request('GET'), credentials, now)).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    const later = new Date(now.getTime() + 61_000);
    expect(verifyPresignedUrl(request('PUT'), credentials, later)).toMatchObject({ ok: false });
  });
});
