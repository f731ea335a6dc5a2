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

/** Seeds demo data into an empty database and returns the demo accounts to print. */
export async function seedIfEmpty(config: AppConfig, db: Db): Promise<DemoAccount[]> {
  const file = demoAccountsFile(config);
  if (!config.seedDemoData) return [];
  const { seedDemoData } = await import('../demo/seed-demo-data.ts');
  const seeded = await seedDemoData(db, {
    dataDir: config.dataDir,
    password: config.demoPassword,
    ...(config.fixturesDir ? { fixturesDir: config.fixturesDir } : {}),
  });
  if (seeded) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(seeded.accounts, null, 2), { mode: 0o600 });
    return seeded.accounts;
  }
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as DemoAccount[]) : [];
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
