import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/database.ts';

/**
 * oidc-provider storage on the oidc_payloads table: one row per (model, id). The payload is read
 * back as text because the CamelCase plugin would otherwise rename its snake_case keys.
 */
export class KyselyOidcAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
      consumedAt: null,
    };
    await this.db
      .insertInto('oidcPayloads')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['model', 'id']).doUpdateSet({
          payload: row.payload,
          grantId: row.grantId,
          userCode: row.userCode,
          uid: row.uid,
          expiresAt: row.expiresAt,
          consumedAt: null,
        }),
      )
      .execute();
  }

  find(id: string) {
    return this.findWhere('id', id);
  }

  findByUid(uid: string) {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string) {
    return this.findWhere('userCode', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidcPayloads')
      .set({ consumedAt: new Date() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('oidcPayloads')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  /** Removes every token issued under the grant, whatever its model. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidcPayloads').where('grantId', '=', grantId).execute();
  }

  private async findWhere(
    column: 'id' | 'uid' | 'userCode',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidcPayloads')
      .select([sql<string>`payload::text`.as('payloadText'), 'consumedAt'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', new Date())]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = JSON.parse(row.payloadText) as AdapterPayload;
    if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
    return payload;
  }
}

/** Deletes the provider's sessions, grants and tokens of one account. */
export async function destroyProviderRecordsFor(db: Db, subject: string): Promise<void> {
  await db
    .deleteFrom('oidcPayloads')
    .where(sql<string>`payload->>'accountId'`, '=', subject)
    .execute();
}

export async function deleteExpiredProviderRecords(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('oidcPayloads')
    .where('expiresAt', '<=', new Date())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
