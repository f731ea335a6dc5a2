import { describe, expect, it } from 'vitest';
import {
  BUCKET_CREDENTIALS_INCOMPLETE,
  BUCKET_ENDPOINT_INVALID,
  BUCKET_NAME_INVALID,
  bucketCreateInput,
  bucketUpdateInput,
  isValidBucketName,
  isValidEndpoint,
} from './bucket-rules.ts';

const valid = {
  organizationId: '3',
  name: 'Deliveries',
  endpoint: 'http://127.0.0.1:9000/',
  region: 'us-east-1',
  bucket: 'northwind-data',
  prefix: '/scans/',
  forcePathStyle: true,
  accessKeyId: 'AKIA1',
  secretAccessKey: 'secret',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('bucket names', () => {
  it('follows the S3 naming rules', () => {
    for (const name of ['abc', 'my.bucket-1', 'a'.repeat(63)]) {
      expect(isValidBucketName(name), name).toBe(true);
    }
    for (const name of ['ab', 'a'.repeat(64), 'My-Bucket', 'under_score', '-abc', 'abc.', 'a..b']) {
      expect(isValidBucketName(name), name).toBe(false);
    }
    expect(isValidBucketName('192.168.1.1')).toBe(false);
  });
});

describe('bucket endpoints', () => {
  it('accepts http and https URLs only', () => {
    expect(isValidEndpoint('https://s3.example.com')).toBe(true);
    expect(isValidEndpoint('http://127.0.0.1:9000')).toBe(true);
    expect(isValidEndpoint('portal')).toBe(true);
    expect(isValidEndpoint('portals')).toBe(false);
    expect(isValidEndpoint('ftp://example.com')).toBe(false);
    expect(isValidEndpoint('s3.example.com')).toBe(false);
  });
});

describe('bucket inputs', () => {
  it('normalizes endpoint, prefix and blank credentials', () => {
    expect(bucketCreateInput.parse(valid)).toEqual({
      ...valid,
      organizationId: 3,
      endpoint: 'http://127.0.0.1:9000',
      prefix: 'scans/',
    });
    const blank = bucketUpdateInput.parse({
      ...valid,
      id: 1,
      endpoint: ' ',
      prefix: null,
      forcePathStyle: undefined,
      accessKeyId: '',
      secretAccessKey: '',
    });
    expect(blank).toMatchObject({
      endpoint: null,
      prefix: '',
      forcePathStyle: true,
      accessKeyId: null,
      secretAccessKey: null,
    });
  });

  it('refuses a bad endpoint, bucket name, region or half a key pair', () => {
    expect(firstMessage(bucketCreateInput.safeParse({ ...valid, endpoint: 'ftp://x' }))).toBe(
      BUCKET_ENDPOINT_INVALID,
    );
    expect(firstMessage(bucketCreateInput.safeParse({ ...valid, bucket: 'Bad_Name' }))).toBe(
      BUCKET_NAME_INVALID,
    );
    expect(firstMessage(bucketCreateInput.safeParse({ ...valid, region: '' }))).toBe(
      'Value is required',
    );
    expect(firstMessage(bucketCreateInput.safeParse({ ...valid, secretAccessKey: '' }))).toBe(
      BUCKET_CREDENTIALS_INCOMPLETE,
    );
  });
});
