import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { buildWorld } from '../../../test/world.ts';
import { getOrCreateSecret, randomSecret } from '../../config/secrets.ts';
import type { UserRow } from '../../db/schema.ts';
import { logFolderFor, signLogFileUrl } from './log-file-rules.ts';

const URL_QUERY = 'query($id: ID!) { activityLogFileUrl(id: $id) }';
const UPSERT = `mutation($k: String!, $l: String) {
  upsertActivityLogJob(activityType: "PackageUpload", referenceKey: $k, status: "Completed",
    logFileUrl: $l) { id } }`;

describe.each(DATABASE_KINDS)('log files on %s', (kind) => {
  let api: TestApi;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-log-files-'));
  const logsDir = path.join(dataDir, 'logs');
  beforeAll(async () => {
    api = await startTestApi(kind, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The Admin belongs to the other organization, so reading our logs crosses organizations. */
  const world = () => buildWorld(api.database.db, { adminIn: 'other' });

  /** Writes a log file in the organization's folder and a job entry pointing at it. */
  async function jobWithFile(user: UserRow, text: string, fileUrl?: string) {
    const folder = logFolderFor(logsDir, user.organizationId);
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `job-${Math.random().toString(36).slice(2)}.log`);
    fs.writeFileSync(file, text);
    const key = path.basename(file);
    const result = await api.graphql<{ upsertActivityLogJob: { id: string } }>(user, UPSERT, {
      k: key,
      l: fileUrl ?? pathToFileURL(file).href,
    });
    expect(result.errors).toBeUndefined();
    return result.data!.upsertActivityLogJob.id;
  }

  async function signedUrl(user: UserRow, id: string) {
    return api.graphql<{ activityLogFileUrl: string | null }>(user, URL_QUERY, { id });
  }

  const get = (url: string) => api.app.inject({ method: 'GET', url });

  it('gives a five-minute link that answers the log text without a session', async () => {
    const w = await world();
    const id = await jobWithFile(w.power, 'line 1\nline 2 — done\n');
    const before = Math.floor(Date.now() / 1000);
    const result = await signedUrl(w.standard, id);
    expect(result.errors).toBeUndefined();
    const url = result.data!.activityLogFileUrl!;
    expect(url).toMatch(new RegExp(`^/log-files/${id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(299);
    expect(expires - before).toBeLessThanOrEqual(301);

    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('line 1\nline 2 — done\n');
  });

  it('answers null for a log without a file', async () => {
    const w = await world();
    const created = await api.graphql<{ createActivityLogEvent: { id: string } }>(
      w.power,
      'mutation { createActivityLogEvent(activityType: "UserLogin", message: "hi") { id } }',
    );
    const result = await signedUrl(w.power, created.data!.createActivityLogEvent.id);
    expect(result.errors).toBeUndefined();
    expect(result.data!.activityLogFileUrl).toBeNull();
  });

  it('refuses an expired link with 403', async () => {
    const w = await world();
    const id = await jobWithFile(w.power, 'old');
    const secret = getOrCreateSecret(dataDir, 'logFileUrlSecret', randomSecret);
    const stale = signLogFileUrl(Number(id), secret, new Date(Date.now() - 301_000));
    const response = await get(stale);
    expect(response.statusCode).toBe(403);
    expect(response.body).toBe('This log file link has expired. Open the log again.');
  });

  it('refuses tampered links with 403', async () => {
    const w = await world();
    const id = await jobWithFile(w.power, 'mine');
    const otherId = await jobWithFile(w.power, 'other');
    const url = (await signedUrl(w.power, id)).data!.activityLogFileUrl!;
    const parsed = new URL(url, 'http://x');
    const expires = Number(parsed.searchParams.get('expires'));
    const signature = parsed.searchParams.get('signature')!;
    const tampered = [
      url.replace(`/log-files/${id}?`, `/log-files/${otherId}?`),
      url.replace(`expires=${expires}`, `expires=${expires + 3600}`),
      url.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`),
      `/log-files/${id}?expires=${expires}`,
      `/log-files/${id}`,
    ];
    for (const bad of tampered) {
      const response = await get(bad);
      expect(response.statusCode, bad).toBe(403);
      expect(response.body).toBe('This log file link is not valid.');
    }
  });

  it("answers NOT_FOUND for another organization's log; an admin gets its link", async () => {
    const w = await world();
    const id = await jobWithFile(w.power, 'private');
    const foreign = await signedUrl(w.outsider, id);
    expect(foreign.data?.activityLogFileUrl ?? null).toBeNull();
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const admin = await signedUrl(w.admin, id);
    expect(admin.errors).toBeUndefined();
    expect((await get(admin.data!.activityLogFileUrl!)).body).toBe('private');
  });

  it("serves no file outside the log's organization folder", async () => {
    const w = await world();
    // The outsider's organization keeps a file; our user's job points at it in several ways.
    const theirs = await jobWithFile(w.outsider, 'their secret');
    expect(theirs).toBeTruthy();
    const theirFolder = logFolderFor(logsDir, w.other.id);
    const theirFile = fs.readdirSync(theirFolder).map((f) => path.join(theirFolder, f))[0]!;
    fs.writeFileSync(path.join(dataDir, 'outside.log'), 'outside');
    const ownFolder = logFolderFor(logsDir, w.ours.id);
    const attempts = [
      pathToFileURL(theirFile).href,
      `file://${ownFolder}/../${w.other.id}/${path.basename(theirFile)}`,
      `file://${ownFolder}/%2e%2e/%2e%2e/outside.log`,
      pathToFileURL(path.join(dataDir, 'secrets.json')).href,
      'file:///etc/passwd',
      `file://${ownFolder}/missing.log`,
    ];
    for (const attempt of attempts) {
      const id = await jobWithFile(w.power, 'decoy', attempt);
      const url = (await signedUrl(w.power, id)).data!.activityLogFileUrl!;
      const response = await get(url);
      expect(response.statusCode, attempt).toBe(404);
      expect(response.body).toBe('Log file not available');
    }
  });

  it('answers 404 for s3:// log files until storage serves them', async () => {
    const w = await world();
    const id = await jobWithFile(w.power, '', 's3://bucket/logs/run.log');
    const url = (await signedUrl(w.power, id)).data!.activityLogFileUrl!;
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Log file not available');
  });

  it('answers 404 for a malformed id', async () => {
    const response = await get('/log-files/abc?expires=1&signature=x');
    expect(response.statusCode).toBe(404);
  });
});
