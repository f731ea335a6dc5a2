import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { verifyPresignedUrl } from './sigv4-verifier.ts';

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
  return {
    method,
    url: parsed.pathname + parsed.search,
    headers: { host: parsed.host, ...extraHeaders },
  };
}

const key = 'org-1/project-2/packages/scan 01(1).luxlz';

describe('SigV4 presigned URL verifier', () => {
  it("accepts the AWS presigner's PUT, part and GET URLs", async () => {
    const put = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: 'portal', Key: key, ContentType: 'application/octet-stream' }),
      { expiresIn: 900 },
    );
    const verdict = verifyPresignedUrl(
      received(put, 'PUT', { 'content-type': 'application/octet-stream' }),
      credentials,
    );
    expect(verdict).toMatchObject({ ok: true });
    const part = await getSignedUrl(
      client,
      new UploadPartCommand({ Bucket: 'portal', Key: key, UploadId: 'u-1', PartNumber: 3 }),
      { expiresIn: 60 },
    );
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
    const part = await getSignedUrl(
      client,
      new UploadPartCommand({ Bucket: 'portal', Key: key, UploadId: 'u-1', PartNumber: 3 }),
      { expiresIn: 60 },
    );
    const code = (request: ReturnType<typeof received>, creds = credentials) => {
      const verdict = verifyPresignedUrl(request, creds);
      return verdict.ok ? 'ok' : verdict.code;
    };
    expect(code(received(part, 'GET'))).toBe('SignatureDoesNotMatch');
    expect(code(received(part.replace('org-1', 'org-2')))).toBe('SignatureDoesNotMatch');
    expect(code(received(part.replace('partNumber=3', 'partNumber=4')))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(code(received(part.replace('uploadId=u-1', 'uploadId=u-2')))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(code({ ...received(part), headers: { host: 'evil.example.com' } })).toBe(
      'SignatureDoesNotMatch',
    );
    expect(code(received(part), { ...credentials, secretAccessKey: 'other' })).toBe(
      'SignatureDoesNotMatch',
    );
    expect(code(received(part), { ...credentials, accessKeyId: 'OTHER' })).toBe(
      'InvalidAccessKeyId',
    );
    expect(code(received(part.replace(/&X-Amz-Signature=[^&]*/, '')))).toBe('AccessDenied');
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
