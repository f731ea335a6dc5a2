import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { verifyPresignedUrl } from './sigv4-verifier.ts';
import { SIGNED_PART_HEADERS, SIGNED_PUT_HEADERS } from './storage.ts';

const credentials = {
  accessKeyId: 'AKTEST',
  secretAccessKey: 'secret-of-the-store',
  region: 'us-east-1',
};
const client = new S3Client({
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:4555/storage',
  forcePathStyle: true,
  credentials,
  requestChecksumCalculation: 'WHEN_REQUIRED',
});

/** What a server would receive for a URL: method, raw path+query and the Host header. */
function received(url: string, method = 'PUT', extraHeaders: Record<string, string> = {}) {
  const parsed = new URL(url);
  const length = method === 'PUT' ? { 'content-length': String(PART_LENGTH) } : {};
  return {
    method,
    url: parsed.pathname + parsed.search,
    headers: { host: parsed.host, ...length, ...extraHeaders },
  };
}

const PART_LENGTH = 5 * 1024 * 1024;

/** Part 3 of upload u-1, signed for PART_LENGTH bytes as the stores sign parts. */
function signedPart(expiresIn: number, contentLength: number | null = PART_LENGTH) {
  return getSignedUrl(
    client,
    new UploadPartCommand({
      Bucket: 'portal',
      Key: key,
      UploadId: 'u-1',
      PartNumber: 3,
      ContentLength: contentLength ?? undefined,
    }),
    { expiresIn, signableHeaders: SIGNED_PART_HEADERS },
  );
}

const key = 'org-1/project-2/packages/scan 01(1).luxlz';

describe('SigV4 presigned URL verifier', () => {
  it("accepts the AWS presigner's PUT, part and GET URLs", async () => {
    const put = await getSignedUrl(
      client,
      new PutObjectCommand({
        Bucket: 'portal',
        Key: key,
        ContentType: 'application/octet-stream',
        ContentLength: 10,
      }),
      { expiresIn: 900, signableHeaders: SIGNED_PUT_HEADERS },
    );
    const verdict = verifyPresignedUrl(
      received(put, 'PUT', { 'content-type': 'application/octet-stream', 'content-length': '10' }),
      credentials,
    );
    expect(verdict).toMatchObject({ ok: true });
    const part = await signedPart(60);
    expect(verifyPresignedUrl(received(part), credentials).ok).toBe(true);
    const get = await getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket: 'portal',
        Key: key,
        ResponseContentDisposition: 'attachment; filename="a b.las"',
      }),
      { expiresIn: 300 },
    );
    expect(verifyPresignedUrl(received(get, 'GET'), credentials).ok).toBe(true);
  });

  it('refuses another method, key, part number, host or secret', async () => {
    const part = await signedPart(60);
    const code = (request: ReturnType<typeof received>, creds = credentials) => {
      const verdict = verifyPresignedUrl(request, creds);
      return verdict.ok ? 'ok' : verdict.code;
    };
    expect(code(received(part, 'GET', { 'content-length': String(PART_LENGTH) }))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(code(received(part.replace('org-1', 'org-2')))).toBe('SignatureDoesNotMatch');
    expect(code(received(part.replace('partNumber=3', 'partNumber=4')))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(code(received(part.replace('uploadId=u-1', 'uploadId=u-2')))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(
      code({ ...received(part), headers: { ...received(part).headers, host: 'evil.example.com' } }),
    ).toBe('SignatureDoesNotMatch');
    expect(code(received(part), { ...credentials, secretAccessKey: 'other' })).toBe(
      'SignatureDoesNotMatch',
    );
    expect(code(received(part), { ...credentials, accessKeyId: 'OTHER' })).toBe(
      'InvalidAccessKeyId',
    );
    expect(code(received(part.replace(/&X-Amz-Signature=[^&]*/, '')))).toBe('AccessDenied');
  });

  it('refuses a body of another length than signed, and an upload URL with no signed length', async () => {
    const part = await signedPart(60);
    const verdict = (length: string) =>
      verifyPresignedUrl(received(part, 'PUT', { 'content-length': length }), credentials);
    expect(verdict(String(PART_LENGTH)).ok).toBe(true);
    expect(verdict(String(PART_LENGTH + 1))).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(verdict(String(30 * 1024 * 1024))).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(verdict('10')).toMatchObject({ code: 'SignatureDoesNotMatch' });
    const headers = received(part).headers as Record<string, string>;
    delete headers['content-length'];
    expect(verifyPresignedUrl({ ...received(part), headers }, credentials)).toMatchObject({
      code: 'AccessDenied',
      message: 'Signed header content-length is missing',
    });
    const unsized = await signedPart(60, null);
    expect(new URL(unsized).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(verifyPresignedUrl(received(unsized), credentials)).toMatchObject({
      code: 'AccessDenied',
      message: 'The content-length header must be signed for an upload',
    });
  });

  it('refuses an expired URL and a lifetime over 15 minutes', async () => {
    const get = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'portal', Key: key }), {
      expiresIn: 60,
    });
    const later = new Date(Date.now() + 61_000);
    expect(verifyPresignedUrl(received(get, 'GET'), credentials, later)).toMatchObject({
      ok: false,
      code: 'AccessDenied',
      message: 'Request has expired',
    });
    const long = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'portal', Key: key }), {
      expiresIn: 3600,
    });
    expect(verifyPresignedUrl(received(long, 'GET'), credentials).ok).toBe(false);
  });
});
