import type { Db } from '../../db/database.ts';
import { enqueueIngestion } from '../ingestion/ingestion.queue.ts';

export interface UploadedPackage {
  key: string;
  organizationId: number;
  userId: number;
  eTag?: string | undefined;
  size?: number | undefined;
}

/**
 * Runs once a package is stored for good (multipart completed or single PUT confirmed), after
 * its Completed log entry is written: queues its ingestion (idempotent per key and version).
 */
export async function onPackageUploaded(db: Db, upload: UploadedPackage): Promise<void> {
  await enqueueIngestion(db, upload);
}
