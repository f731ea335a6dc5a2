import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3TestServer,
} from '../../test/s3-test-server.ts';
import { type S3ConnectionSettings, testS3Connection } from './s3-connection.ts';

describe('S3 connection test against a real S3-compatible server', () => {
  let store: S3TestServer;
  let settings: S3ConnectionSettings;
  beforeAll(async () => {
    store = await startS3TestServer(['survey-data']);
    settings = {
      endpoint: store.endpoint,
      region: 'us-east-1',
      bucket: 'survey-data',
      prefix: 'deliveries/',
      forcePathStyle: true,
      ...S3_TEST_CREDENTIALS,
    };
  });
  afterAll(async () => store?.close());

  it('connects to an existing bucket', async () => {
    expect(await testS3Connection(settings)).toEqual({
      ok: true,
      message: 'Connected to bucket survey-data',
    });
  });

  it('names a bucket that does not exist', async () => {
    expect(await testS3Connection({ ...settings, bucket: 'no-such-bucket' })).toEqual({
      ok: false,
      message: 'Bucket no-such-bucket does not exist',
    });
  });

  // s3rver checks the access key id but not V4 signatures, so a wrong secret passes there.
  it('refuses an unknown access key', async () => {
    expect(await testS3Connection({ ...settings, accessKeyId: 'NOBODY' })).toEqual({
      ok: false,
      message: 'Access denied: check the access key and secret',
    });
  });

  it('reports an endpoint nobody listens on, quickly', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const started = Date.now();
    const result = await testS3Connection({ ...settings, endpoint });
    expect(result).toEqual({
      ok: false,
      message: `Could not reach ${endpoint}: connection refused`,
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('gives up after the timeout when the store never answers', async () => {
    const net = await import('node:net');
    // Accepts connections and never answers.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const result = await testS3Connection(
        { ...settings, endpoint: `http://127.0.0.1:${port}` },
        300,
      );
      expect(result.ok).toBe(false);
      expect(result.message).toMatch(new RegExp(`^Could not reach http://127.0.0.1:${port}: `));
    } finally {
      silent.close();
    }
  });
});
