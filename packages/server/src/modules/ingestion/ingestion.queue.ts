import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { ingestionUniqueKey, ingestPackageJob } from './ingest-package.job.ts';

export interface IngestionRequest {
  /** Object key of the uploaded package (org-scoped, from objectKey). */
  key: string;
  organizationId: number;
  userId: number | null;
  /** The stored object's ETag or size, when known: a new version of the same key is queued anew. */
  eTag?: string | undefined;
  size?: number | undefined;
}

/**
 * Queues the ingestion of an uploaded package. Idempotent: asking again for the same key (and
 * version) while its ingestion waits or runs returns the queued job (created: false).
 */
export function enqueueIngestion(db: Kysely<Database>, request: IngestionRequest) {
  const version = request.eTag ?? (request.size === undefined ? '' : String(request.size));
  return enqueueJob(
    db,
    ingestPackageJob,
    { key: request.key, organizationId: request.organizationId, userId: request.userId },
    { uniqueKey: `${ingestionUniqueKey(request.key)}${version ? `@${version}` : ''}` },
  );
}
