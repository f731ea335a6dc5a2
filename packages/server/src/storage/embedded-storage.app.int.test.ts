import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApp, startLiveApp } from '../../test/live-app.ts';
import { createEmbeddedStorage } from './create-object-storage.ts';
import { objectKey } from './object-key.ts';

describe('embedded object store mounted in the app', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp('pglite');
  });
  afterAll(async () => live?.close());

  it('serves presigned PUT and GET on the app port under /storage', async () => {
    // A second instance from the same configuration signs alike (web and worker roles).
    const storage = createEmbeddedStorage(live.config);
    const key = objectKey({ organizationId: 1, projectId: 2, kind: 'packages', name: 'p.luxlz' });
    const data = randomBytes(100_000);
    const url = await storage.presignPut(key, {
      contentType: 'application/zip',
      contentLength: data.length,
    });
    expect(url.startsWith(`${live.origin}/storage/portal/org-1/`)).toBe(true);
    const response = await fetch(url, {
      method: 'PUT',
      body: data,
      headers: { 'content-type': 'application/zip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe((await storage.head(key))?.eTag);
    const download = await fetch(await storage.presignGet(key, 60));
    expect(download.headers.get('etag')).toBe(response.headers.get('etag'));
    expect(Buffer.from(await download.arrayBuffer())).toEqual(data);
    const unsigned = await fetch(`${live.origin}/storage/portal/${key}`);
    expect(unsigned.status).toBe(403);
  });
});
