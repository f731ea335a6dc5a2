import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import { GRANT_AGE_MS, uploadQuotaRepository as repo } from './upload-quota.repository.ts';

interface SweepDeps {
  db: Db;
  storage: ObjectStorage;
  config: AppConfig;
  log?: Logger;
}

/**
 * Closes the upload URLs whose grants stopped counting (a day after the latest, see uploadUse).
 * An object left at such a key that no package upload, base station or imported scan records,
 * and that nobody wrote for a day, was sent and never confirmed: no screen shows it, nothing
 * reads it and the quota no longer counts it, so it is deleted. One a record points at stays (a
 * package sent again keeps its key). The key's old grants are then dropped; a younger object
 * keeps them for the next run, which finds it recorded or a day old.
 */
export async function sweepStaleUploadGrants(
  deps: SweepDeps,
  now: Date = new Date(),
): Promise<{ keys: number; deleted: number; failed: number }> {
  const cutoff = new Date(now.getTime() - GRANT_AGE_MS);
  const stale = await repo.staleGrantKeys(deps.db, cutoff);
  let deleted = 0;
  let failed = 0;
  for (const grant of stale) {
    try {
      if (await sweepKey(deps, grant, cutoff)) deleted += 1;
    } catch (error) {
      // One key the store or the database fails on must not hold up the others.
      failed += 1;
      deps.log?.warn({ err: error, key: grant.key }, 'could not sweep an upload grant');
    }
  }
  return { keys: stale.length, deleted, failed };
}

/** Sweeps one key whose grants stopped counting; true when its object was deleted. */
async function sweepKey(
  deps: SweepDeps,
  grant: { organizationId: number; key: string },
  cutoff: Date,
): Promise<boolean> {
  const url = storageUrl(deps.config, grant.key);
  const recorded = await repo.isRecorded(deps.db, grant, url, cutoff);
  const object = recorded ? null : await deps.storage.head(grant.key);
  if (object && object.lastModified > cutoff) return false;
  if (object) {
    await deps.storage.delete(grant.key);
    // The organization sees no trace of it; the operator may be asked where a file went.
    deps.log?.info(
      { organizationId: grant.organizationId, key: grant.key, size: object.size },
      'deleted an upload sent a day ago and never recorded',
    );
  }
  // After the object: a failure above leaves the grants, and the next run tries again.
  await repo.dropGrants(deps.db, grant.organizationId, grant.key, cutoff);
  return object !== null;
}
