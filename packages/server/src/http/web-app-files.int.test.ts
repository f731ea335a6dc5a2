import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApp, startLiveApp } from '../../test/live-app.ts';

const webDist = path.resolve(fileURLToPath(import.meta.url), '../../../../web/dist');

/** A GET with the raw body as sent (node's fetch would undo the encoding). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('the built web app files', () => {
  let live: LiveApp;
  let script: string;
  beforeAll(async () => {
    live = await startLiveApp('pglite');
    const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1] ?? '';
  });
  afterAll(async () => live?.close());

  it('sends a built file compressed as the browser accepts it, to be kept for good', async () => {
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const original = fs.readFileSync(path.join(webDist, script));
    const br = await get(`${live.origin}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(original.length / 2);
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gz = await get(`${live.origin}${script}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);

    const plain = await get(`${live.origin}${script}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('has the page itself asked for again on every load', async () => {
    for (const page of ['/', '/viewer', '/index.html']) {
      const answer = await get(`${live.origin}${page}`, { 'accept-encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body.toString()).toContain(script);
    }
  });

  it("serves the page's icon, which the page names", async () => {
    const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const icon = /<link rel="icon"[^>]+href="([^"]+)"/.exec(index)?.[1];
    expect(icon).toBe('/favicon.svg');
    const answer = await get(`${live.origin}${icon}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(answer.body.toString()).toMatch(/^<svg /);
  });

  it("ships the base map's land and borders as GeoJSON built with the app, compressed", async () => {
    const assets = fs.readdirSync(path.join(webDist, 'assets'));
    for (const name of ['base-land', 'base-borders']) {
      const file = assets.find((f) => f.startsWith(`${name}-`) && f.endsWith('.json'));
      expect(file, name).toBeDefined();
      const answer = await get(`${live.origin}/assets/${file}`, { 'accept-encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const data = JSON.parse(zlib.brotliDecompressSync(answer.body).toString());
      expect(data.type).toMatch(/^(FeatureCollection|Feature)$/);
    }
  });

  it('serves a file a build wrote after the server started, and no page for a missing one', async () => {
    const name = `late-${process.pid}-${Date.now()}.js`;
    const file = path.join(webDist, 'assets', name);
    fs.writeFileSync(file, 'export const late = 1;\n');
    try {
      const answer = await get(`${live.origin}/assets/${name}`);
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe('export const late = 1;\n');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      fs.rmSync(file, { force: true });
    }
    const missing = await get(`${live.origin}/assets/${name}`);
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).not.toContain('<html');
    // A client route still gets the page.
    const route = await get(`${live.origin}/projects`);
    expect(route.status).toBe(200);
    expect(route.body.toString()).toContain(script);
  });
});
