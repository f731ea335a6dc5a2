import {
  type BucketConnectionResult,
  bucketMessages,
  PORTAL_STORE_ENDPOINT,
} from '@asset-portal/shared';
import { createS3Client, type S3ConnectionSettings, testS3Connection } from './s3-connection.ts';
import { S3ObjectStorage } from './s3-storage.ts';
import type { ObjectStorage } from './storage.ts';

/**
 * Where an organization's bucket is written: an S3 store (AWS or compatible), or, with the
 * endpoint `portal`, the portal's own store under `published/<bucket>/`, so publishing works
 * without an S3 server (the demo data's buckets) and never reaches out of the machine.
 */
export interface BucketTarget extends Pick<ObjectStorage, 'putStream' | 'head' | 'delete'> {
  close(): void;
}

/** Key prefix of a bucket kept in the portal's own store. */
export function portalStorePrefix(bucket: string): string {
  return `published/${bucket}/`;
}

export function openBucketTarget(
  settings: Omit<S3ConnectionSettings, 'prefix'>,
  portal: ObjectStorage,
): BucketTarget {
  if (settings.endpoint === PORTAL_STORE_ENDPOINT) {
    const root = portalStorePrefix(settings.bucket);
    return {
      putStream: (key, body, options) => portal.putStream(`${root}${key}`, body, options),
      head: (key) => portal.head(`${root}${key}`),
      delete: (key) => portal.delete(`${root}${key}`),
      close: () => {},
    };
  }
  const client = createS3Client(settings);
  const store = new S3ObjectStorage(client, settings.bucket);
  return {
    putStream: (key, body, options) => store.putStream(key, body, options),
    head: (key) => store.head(key),
    delete: (key) => store.delete(key),
    close: () => client.destroy(),
  };
}

/** The connection test of the bucket dialog: a portal-store bucket needs no connection. */
export function testBucketConnection(
  settings: S3ConnectionSettings,
): Promise<BucketConnectionResult> {
  if (settings.endpoint === PORTAL_STORE_ENDPOINT) {
    return Promise.resolve({ ok: true, message: bucketMessages.portalStore(settings.bucket) });
  }
  return testS3Connection(settings);
}
