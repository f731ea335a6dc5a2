import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AppConfig } from '../config/config.ts';
import { getOrCreateSecret } from '../config/secrets.ts';
import { EmbeddedObjectStorage } from './embedded-storage.ts';
import { createS3Client } from './s3-connection.ts';
import { S3ObjectStorage } from './s3-storage.ts';
import type { ObjectStorage } from './storage.ts';

/** The configured store: an S3 bucket when STORAGE_BUCKET is set, else the embedded one. */
export function createObjectStorage(config: AppConfig): ObjectStorage {
  const settings = config.storage;
  if (settings.kind === 'embedded') return createEmbeddedStorage(config);
  return new S3ObjectStorage(createS3Client(settings), settings.bucket);
}

/**
 * Files in DATA_DIR/objects, presigned against PUBLIC_URL/storage with a key pair generated once
 * into DATA_DIR/secrets.json, so the web and worker roles sign and verify alike.
 */
export function createEmbeddedStorage(config: AppConfig): EmbeddedObjectStorage {
  const credentials = getOrCreateSecret(config.dataDir, 'embeddedStorageCredentials', () => ({
    accessKeyId: `AP${randomBytes(9).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64url'),
  }));
  return new EmbeddedObjectStorage({
    rootDir: path.join(config.dataDir, 'objects'),
    endpoint: `${config.publicUrl}/storage`,
    credentials,
  });
}
