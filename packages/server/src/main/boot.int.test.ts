import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { type AppConfig, loadConfig } from '../config/config.ts';
import { DEMO_PACKAGES } from '../demo/demo-packages.ts';
import { jobRepository } from '../jobs/job.repository.ts';
import { queueDemoPackagesInBackground, seedIfEmpty } from './boot.ts';

const FIXTURES_DIR = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../shared/fixtures'),
);

// The start-up wiring only; queueing the packages is proven on both databases in demo/.
describe('demo data at start-up', () => {
  let database: TestDatabase;
  let dataDir: string;
  let config: AppConfig;
  const marker = () => path.join(dataDir, 'demo-packages.pending');

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dataDir = mkdtempSync(path.join(tmpdir(), 'boot-'));
    config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_PASSWORD: 'boot-demo-password',
      FIXTURES_DIR,
    });
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds once and keeps the demo packages pending until they are queued', async () => {
    const first = await seedIfEmpty(config, database.db);
    expect(first.accounts).toHaveLength(4);
    expect(first.demoPackagesPending).toBe(true);
    // A start stopped before the packages were queued leaves them pending for the next one.
    const again = await seedIfEmpty(config, database.db);
    expect(again.accounts.map((a) => a.username)).toEqual(first.accounts.map((a) => a.username));
    expect(again.demoPackagesPending).toBe(true);

    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await queueDemoPackagesInBackground(config, database.db);
    } finally {
      log.mockRestore();
    }
    const jobs = await jobRepository.list(database.db, 'ingest-package');
    const files = DEMO_PACKAGES.reduce((n, plan) => n + (plan.images ? 2 : 1), 0);
    expect(jobs).toHaveLength(files);
    expect(existsSync(marker())).toBe(false);
    // The built files are gone once stored.
    const leftovers = readdirSync(path.join(dataDir, 'tmp'));
    expect(leftovers.filter((name) => name.startsWith('demo-packages'))).toEqual([]);
    expect((await seedIfEmpty(config, database.db)).demoPackagesPending).toBe(false);
  }, 300_000);

  it('logs instead of failing when the packages cannot be queued', async () => {
    const broken = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      FIXTURES_DIR,
    });
    const closed = await createTestDatabase('pglite');
    await closed.drop();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await expect(queueDemoPackagesInBackground(broken, closed.db)).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('the next start tries again'));
    } finally {
      warn.mockRestore();
    }
  });
});
