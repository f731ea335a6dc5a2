import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { EMBEDDED_BUCKET } from '../../storage/embedded-storage.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { ingestionRepository as repo } from './ingestion.repository.ts';

/** The uploaded package being ingested and who uploaded it. */
export interface IngestionInput {
  key: string;
  organizationId: number;
  userId: number | null;
}

/** What an ingestion needs besides its input. */
export interface IngestionDeps {
  db: Db;
  config: AppConfig;
  storage: ObjectStorage;
  /** Queues an image package again (inside the caller's transaction) once its scans arrived. */
  requeueImagePackage(
    trx: Kysely<Database>,
    pending: IngestionInput,
    trigger: string,
  ): Promise<void>;
  /** Told each step as it ends (the job's activity entry and its log); none in some tests. */
  progress?(message: string): Promise<unknown>;
}

export interface IngestionOutcome {
  /** Completed, or Submitted when an image package waits for scans not yet ingested. */
  status: 'Completed' | 'Submitted';
  message: string;
  metrics: { scans: number; points: number; bytes: number; images?: number };
}

/** A package the portal cannot take for a reason other than its format (owner, device). */
export class IngestionError extends Error {
  override name = 'IngestionError';
}

/**
 * Raised when another package of the session committed scans while this one was being copied:
 * the job runs again, and then sees them.
 */
export class ScansArrivedError extends Error {
  override name = 'ScansArrivedError';
}

/**
 * The refusal of a package whose ids are stored with other content. `detail` names the first
 * difference; for an id of another organization it names only the id, so the answer neither
 * says whose the id is nor discloses any of its values.
 */
export function conflictError(sessionId: string, detail: string): IngestionError {
  return new IngestionError(
    `Session ${sessionId} conflicts with data ingested before (${detail}); a changed package is not ingested over stored data: give it a new session id`,
  );
}

/**
 * The `s3Url` stored with artifacts and images: `s3://<bucket>/<key>`, the bucket being the
 * configured one (or the embedded store's), so the value means the same on both back ends.
 */
export function storageUrl(config: AppConfig, key: string): string {
  const bucket = config.storage.kind === 's3' ? config.storage.bucket : EMBEDDED_BUCKET;
  return `s3://${bucket}/${key}`;
}

/**
 * The device must belong to the uploader's organization. A stored session must be of the same
 * organization and device: a package never adds to another organization's data, and an id of
 * another organization is refused exactly as a changed package of one's own is.
 */
export async function checkOwnership(
  db: Db,
  manifest: { deviceId: string; sessionId: string },
  organizationId: number,
) {
  const device = await repo.findDevice(db, manifest.deviceId);
  if (!device || device.organizationId !== organizationId) {
    throw new IngestionError(
      `Device ${manifest.deviceId} is not registered to your organization; ask an administrator to add it`,
    );
  }
  const session = await repo.findSession(db, manifest.sessionId);
  if (session && session.organizationId !== organizationId) {
    throw conflictError(manifest.sessionId, `session ${manifest.sessionId}`);
  }
  if (session && session.deviceId !== manifest.deviceId) {
    throw conflictError(
      manifest.sessionId,
      `session ${manifest.sessionId}: device ${manifest.deviceId} here, ${session.deviceId ?? 'none'} stored`,
    );
  }
  return { device, session };
}

/**
 * The scans of the list that are stored, which must be of the uploader's organization and of
 * the package's session.
 */
export async function existingScans(
  db: Db,
  manifest: { sessionId: string },
  ids: readonly string[],
  organizationId: number,
) {
  const scans = await repo.findScans(db, ids);
  const foreign = scans.find((scan) => scan.organizationId !== organizationId);
  if (foreign) throw conflictError(manifest.sessionId, `scan ${foreign.id}`);
  const moved = scans.find((scan) => scan.sessionId !== manifest.sessionId);
  if (moved) {
    throw conflictError(
      manifest.sessionId,
      `scan ${moved.id}: session ${manifest.sessionId} here, ${moved.sessionId ?? 'none'} stored`,
    );
  }
  return new Map(scans.map((scan) => [scan.id, scan]));
}
