import type { Db } from '../db/database.ts';
import { deleteExpiredProviderRecords } from './provider-adapter.ts';
import { sessionStore } from './session-store.ts';

/** Housekeeping for the worker: drops expired browser sessions and provider records. */
export async function purgeExpired(db: Db): Promise<{ webSessions: number; oidcPayloads: number }> {
  const webSessions = await sessionStore.deleteExpired(db);
  const oidcPayloads = await deleteExpiredProviderRecords(db);
  return { webSessions, oidcPayloads };
}
