import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import { GRANT_AGE_MS, uploadQuotaRepository as repo } from './upload-quota.repository.ts';

/**
 * Closes the upload URLs whose grants stopped counting (a day after the latest, see uploadUse).
 * An object left at such a key that no package upload, base station or imported scan records,
 * and that nobody wrote for a day, was sent and never confirmed: no screen shows it, nothing
 * reads it and the quota no longer counts it, so it is deleted. One a record points at stays (a
 * package sent again keeps its key). The key's old grants are then dropped; a younger object
 * keeps them for the next run, which finds it recorded or a day old.
 */
export async function sweepStaleUploadGrants(
  deps: { db: Db; storage: ObjectStorage; config: AppConfig; log?: Logger },
  now: Date = new Date(),
): Promise<{ keys: number; deleted: number }> {
  const cutoff = new Date(now.getTime() - GRANT_AGE_MS);
  const stale = await repo.staleGrantKeys(deps.db, cutoff);
  let deleted = 0;
  for (const grant of stale) {
    const url = storageUrl(deps.config, grant.key);
    const recorded = await repo.isRecorded(deps.db, grant, url, cutoff);
    const object = recorded ? null : await deps.storage.head(grant.key);
    if (object && object.lastModified > cutoff) continue;
    if (object) {
      await deps.storage.delete(grant.key);
      deleted += 1;
      // The organization sees no trace of it; the operator may be asked where a file went.
      deps.log?.info(
        { organizationId: grant.organizationId, key: grant.key, size: object.size },
        'deleted an upload sent a day ago and never recorded',
      );
    }
    // After the object: a failure above leaves the grants, and the next run tries again.
    await repo.dropGrants(deps.db, grant.organizationId, grant.key, cutoff);
  }
  return { keys: stale.length, deleted };
}
