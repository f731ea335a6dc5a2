import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApp, startLiveApp } from '../../test/live-app.ts';
import { createEmbeddedStorage } from '../storage/create-object-storage.ts';
import { objectKey } from '../storage/object-key.ts';

describe('security headers on every answer', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp('pglite');
  });
  afterAll(async () => live?.close());

  const expectDefences = (response: Response) => {
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    return policy;
  };

  it('gives the app pages a policy without inline script', async () => {
    const page = await fetch(`${live.origin}/viewer`);
    const policy = expectDefences(page);
    expect(policy).toMatch(/script-src 'self'( |;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("worker-src 'self' blob:");
  });

  it('sets them on the API, the runtime config and the identity pages', async () => {
    expectDefences(await fetch(`${live.origin}/config/config.json`));
    expectDefences(
      await fetch(`${live.origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      }),
    );
    const provider = await fetch(`${live.origin}/oidc/.well-known/openid-configuration`);
    expect(provider.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves a stored HTML or SVG object as octet-stream, never as a page', async () => {
    const storage = createEmbeddedStorage(live.config);
    for (const [name, type] of [
      ['x.html', 'text/html'],
      ['x.svg', 'image/svg+xml'],
    ] as const) {
      const key = objectKey({ organizationId: 1, projectId: 2, kind: 'packages', name });
      const body = '<script>alert(1)</script>';
      const url = await storage.presignPut(key, { contentType: type, contentLength: body.length });
      const put = await fetch(url, {
        method: 'PUT',
        body,
        headers: { 'content-type': type },
      });
      expect(put.status).toBe(200);
      const get = await fetch(await storage.presignGet(key, 60));
      expect(get.headers.get('content-type')).toBe('application/octet-stream');
      expectDefences(get);
    }
    const jpeg = objectKey({ organizationId: 1, projectId: 2, kind: 'packages', name: 'a.jpg' });
    await fetch(await storage.presignPut(jpeg, { contentType: 'image/jpeg', contentLength: 4 }), {
      method: 'PUT',
      body: 'jpeg',
      headers: { 'content-type': 'image/jpeg' },
    });
    const image = await fetch(await storage.presignGet(jpeg, 60));
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('one origin for sign-in', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp('pglite');
  });
  afterAll(async () => live?.close());

  it('sends a page opened at another address of the server to the public origin', async () => {
    const other = live.origin.replace('127.0.0.1', 'localhost');
    const page = await fetch(`${other}/viewer?project=3`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`${live.origin}/viewer?project=3`);
    const sneaky = await fetch(`${other}//evil.example/x`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(sneaky.headers.get('location')).toBe(`${live.origin}/evil.example/x`);
    const same = await fetch(`${live.origin}/viewer`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(same.status).toBe(200);
    const api = await fetch(`${other}/healthz`, { redirect: 'manual' });
    expect(api.status).toBe(200);
  });
});
