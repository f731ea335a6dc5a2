import fs from 'node:fs';
import path from 'node:path';
import { type AppConfig, ConfigError, loadConfig } from '../config/config.ts';
import { type Db, migrateToLatest, openDatabase, pgliteDirectory } from '../db/database.ts';

/** Reads the configuration or stops the process with a message naming the bad setting. */
export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens and migrates the configured database (PostgreSQL server or embedded PGlite). */
export async function openMigratedDatabase(config: AppConfig): Promise<Db> {
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : pgliteDirectory(config.dataDir),
    poolSize: config.databasePoolSize,
  });
  await migrateToLatest(db);
  return db;
}

export interface DemoAccount {
  userType: string;
  username: string;
  password: string;
  enabled?: boolean;
}

const demoAccountsFile = (config: AppConfig) => path.join(config.dataDir, 'demo-accounts.json');

export interface SeedOutcome {
  /** The demo accounts to print (also those of an earlier start). */
  accounts: DemoAccount[];
  /** True when the demo device packages still have to be built and queued. */
  demoPackagesPending: boolean;
}

/** Present from the seeding until the demo packages are queued, so a stopped start resumes. */
const demoPackagesMarker = (config: AppConfig) =>
  path.join(config.dataDir, 'demo-packages.pending');

/** Seeds demo data into an empty database and returns the demo accounts to print. */
export async function seedIfEmpty(config: AppConfig, db: Db): Promise<SeedOutcome> {
  const file = demoAccountsFile(config);
  if (!config.seedDemoData) return { accounts: [], demoPackagesPending: false };
  const { seedDemoData } = await import('../demo/seed-demo-data.ts');
  const seeded = await seedDemoData(db, {
    dataDir: config.dataDir,
    password: config.demoPassword,
    ...(config.fixturesDir ? { fixturesDir: config.fixturesDir } : {}),
  });
  const marker = demoPackagesMarker(config);
  if (seeded) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(seeded.accounts, null, 2), { mode: 0o600 });
    fs.writeFileSync(marker, '');
    return { accounts: seeded.accounts, demoPackagesPending: true };
  }
  const accounts = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as DemoAccount[])
    : [];
  return { accounts, demoPackagesPending: fs.existsSync(marker) };
}

/**
 * Builds the demo device packages and queues their ingestion without holding the start up: the
 * portal answers meanwhile and the worker role ingests them. A failure only costs the demo scans
 * with stored clouds and images, so it is logged, never thrown, and the next start tries again.
 */
export function queueDemoPackagesInBackground(config: AppConfig, db: Db): Promise<void> {
  return (async () => {
    const started = performance.now();
    const { queueDemoPackages } = await import('../demo/demo-packages.ts');
    const packages = await queueDemoPackages({
      db,
      config,
      buildAside: true,
      ...(config.fixturesDir ? { fixturesDir: config.fixturesDir } : {}),
    });
    fs.rmSync(demoPackagesMarker(config), { force: true });
    const fresh = packages.filter((pkg) => pkg.queued).length;
    if (fresh > 0) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Demo data: ${fresh} device packages queued for ingestion (${seconds} s)`);
    }
  })().catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(
      `Demo data: the demo device packages were not queued (${reason}); the next start tries again`,
    );
  });
}

/** Stops cleanly on SIGINT/SIGTERM: open work ends, the database closes. */
export function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  const handler = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, shutting down`);
    close()
      .then(() => process.exit(0))
      .catch((error) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
