import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/databases.ts';
import { webSessionRepository } from '../bff/web-session.repository.ts';
import { purgeExpired } from '../purge-expired.ts';
import { KyselyOidcAdapter } from './oidc-payload.repository.ts';

describe.each(DATABASE_KINDS)('provider storage and housekeeping on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  it('stores, finds, consumes and destroys payloads with their snake_case keys intact', async () => {
    const codes = new KyselyOidcAdapter(database.db, 'AuthorizationCode');
    const payload = {
      grantId: 'g1',
      accountId: 'sub-1',
      redirect_uri: 'https://x/cb',
      nested: { some_key: 1 },
    };
    await codes.upsert('code-1', payload, 60);
    expect(await codes.find('code-1')).toEqual(payload);
    await codes.consume('code-1');
    expect((await codes.find('code-1'))?.consumed).toBeTypeOf('number');
    await codes.upsert('code-1', payload, 60);
    expect((await codes.find('code-1'))?.consumed).toBeUndefined();
    await codes.destroy('code-1');
    expect(await codes.find('code-1')).toBeUndefined();
  });

  it('finds sessions by uid and device codes by user code, and hides expired rows', async () => {
    const sessions = new KyselyOidcAdapter(database.db, 'Session');
    await sessions.upsert('s1', { uid: 'uid-1', accountId: 'a' }, 60);
    expect(await sessions.findByUid('uid-1')).toMatchObject({ accountId: 'a' });
    const devices = new KyselyOidcAdapter(database.db, 'DeviceCode');
    await devices.upsert('d1', { userCode: 'ABCD' }, 60);
    expect(await devices.findByUserCode('ABCD')).toEqual({ userCode: 'ABCD' });
    await sessions.upsert('s2', { uid: 'uid-2' }, 60);
    await database.db
      .updateTable('oidcPayloads')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', 's2')
      .execute();
    expect(await sessions.find('s2')).toBeUndefined();
  });

  it('revokes every token of a grant across models', async () => {
    const access = new KyselyOidcAdapter(database.db, 'AccessToken');
    const refresh = new KyselyOidcAdapter(database.db, 'RefreshToken');
    await access.upsert('at', { grantId: 'grant-x' }, 60);
    await refresh.upsert('rt', { grantId: 'grant-x' }, 60);
    await access.upsert('other', { grantId: 'grant-y' }, 60);
    await access.revokeByGrantId('grant-x');
    expect(await access.find('at')).toBeUndefined();
    expect(await refresh.find('rt')).toBeUndefined();
    expect(await access.find('other')).toBeDefined();
  });

  it('purges expired web sessions and provider records', async () => {
    const db = database.db;
    const live = await webSessionRepository.create(db, { subject: 's', ttlMs: 60_000 });
    const old = await webSessionRepository.create(db, { subject: 's', ttlMs: 60_000 });
    await db
      .updateTable('webSessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', old)
      .execute();
    const tokens = new KyselyOidcAdapter(db, 'AccessToken');
    await tokens.upsert('expired', {}, 60);
    await db
      .updateTable('oidcPayloads')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', 'expired')
      .execute();
    const purged = await purgeExpired(db);
    expect(purged.webSessions).toBeGreaterThanOrEqual(1);
    expect(purged.oidcPayloads).toBeGreaterThanOrEqual(1);
    expect(await webSessionRepository.find(db, live)).toBeDefined();
    const left = await db.selectFrom('webSessions').select('id').where('id', '=', old).execute();
    expect(left).toEqual([]);
  });
});
