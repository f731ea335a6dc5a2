import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserConfig, CONFIG_DOCS, ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('starts on embedded defaults with no settings', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.identity).toEqual({ kind: 'builtin' });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('refuses a bad setting with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL.*postgres/);
    expect(() => loadConfig({ UPLOAD_SIMULTANEOUS: '11' })).toThrow(/UPLOAD_SIMULTANEOUS/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });

  it('seeds demo data by default, but not in production unless asked', () => {
    const secret = { SESSION_SECRET: 's'.repeat(40) };
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(loadConfig({ ...secret, NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(
      loadConfig({ ...secret, NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData,
    ).toBe(true);
  });

  it('lets instances differ by PORT and DATA_DIR', () => {
    const a = loadConfig({ PORT: '3001', DATA_DIR: '/tmp/a' });
    const b = loadConfig({ PORT: '3002', DATA_DIR: '/tmp/b' });
    expect([a.port, a.dataDir, a.publicUrl]).toEqual([3001, '/tmp/a', 'http://localhost:3001']);
    expect([b.port, b.dataDir]).toEqual([3002, '/tmp/b']);
  });

  it('gives the browser no secret', () => {
    const config = loadConfig({
      SESSION_SECRET: 's'.repeat(40),
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'client-7f3a9c',
      OIDC_CLIENT_SECRET: 'very-secret-value',
      DATABASE_URL: 'postgresql://user:pw@db/portal',
    });
    const served = JSON.stringify(browserConfig(config));
    for (const secret of ['s'.repeat(40), 'very-secret-value', 'pw@db', 'client-7f3a9c']) {
      expect(served).not.toContain(secret);
    }
  });

  it('is documented in the README: every setting has a row in the configuration table', () => {
    const readme = fs.readFileSync(
      path.resolve(fileURLToPath(import.meta.url), '../../../../../README.md'),
      'utf8',
    );
    for (const name of Object.keys(CONFIG_DOCS)) {
      expect(readme, `README row for ${name}`).toMatch(
        new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm'),
      );
    }
  });
});
