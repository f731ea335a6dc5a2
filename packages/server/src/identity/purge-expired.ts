import type { Db } from '../db/database.ts';
import { webSessionRepository } from './bff/web-session.repository.ts';
import { deleteExpiredProviderRecords } from './provider/oidc-payload.repository.ts';

/** Housekeeping for the worker: drops expired browser sessions and provider records. */
export async function purgeExpired(db: Db): Promise<{ webSessions: number; oidcPayloads: number }> {
  const webSessions = await webSessionRepository.deleteExpired(db);
  const oidcPayloads = await deleteExpiredProviderRecords(db);
  return { webSessions, oidcPayloads };
}
