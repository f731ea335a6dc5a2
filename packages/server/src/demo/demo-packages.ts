import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { ingestionUniqueKey } from '../modules/ingestion/ingest-package.job.ts';
import { enqueueIngestion } from '../modules/ingestion/ingestion.queue.ts';
import { organizationRepository } from '../modules/organizations/organization.repository.ts';
import { packageKey } from '../modules/package-uploads/package-upload-rules.ts';
import { userRepository } from '../modules/users/user.repository.ts';
import { createObjectStorage } from '../storage/create-object-storage.ts';
import type { ObjectStorage } from '../storage/storage.ts';
import { CUSTOMER_ORGANIZATION } from './demo-catalog.ts';
import {
  buildDemoPackage,
  buildDemoPackagesAside,
  builtFiles,
  cacheFolder,
  DEMO_PACKAGES,
  type DemoPackagePlan,
  demoPackageScanIds,
  demoPackageSessionId,
  isBuilt,
  missingFixtures,
} from './demo-package-files.ts';
import { demoSeedRepository } from './demo-seed.repository.ts';
import { defaultFixturesDir } from './seed-demo-data.ts';

export {
  DEMO_PACKAGES,
  type DemoPackagePlan,
  demoPackageScanIds,
  demoPackageSessionId,
} from './demo-package-files.ts';

/**
 * Demo device packages: real `.luxlz`/`.luxiz` files built by the package generator, stored
 * where an upload puts them and handed to ingestion, so the demo scans have point clouds,
 * trajectories and camera images in the object store like any uploaded scan.
 */

/** The user the demo packages are ingested for (the ingestion log names them). */
export const DEMO_PACKAGE_UPLOADER = 'ppower';

export interface DemoPackageOptions {
  db: Db;
  config: AppConfig;
  /** Default: the configured store. */
  storage?: ObjectStorage;
  /** Default: FIXTURES_DIR or ../shared/fixtures beside the repo. */
  fixturesDir?: string;
  /**
   * A folder keeping the generated files for the next call (tests start many portals); by
   * default they are built in DATA_DIR/tmp/demo-packages and removed once stored.
   */
  cacheDir?: string;
  /**
   * Build in a child process at the lowest priority (the running portal), instead of in this
   * process (tests, which wait for the result anyway).
   */
  buildAside?: boolean;
  plans?: readonly DemoPackagePlan[];
  warn?: (message: string) => void;
}

export interface QueuedDemoPackage {
  plan: DemoPackagePlan;
  key: string;
  sessionId: string;
  scanIds: string[];
  images: boolean;
  /** False when the package was already in the store (queued by an earlier call). */
  queued: boolean;
}

/** Whether this version of the package was queued for ingestion before (the job row stays). */
function ingestionQueued(db: Db, key: string, size: number): Promise<boolean> {
  return demoSeedRepository.jobExists(db, `${ingestionUniqueKey(key)}@${size}`);
}

async function store(storage: ObjectStorage, key: string, file: string) {
  const { size } = await stat(file);
  await storage.putStream(key, createReadStream(file), {
    size,
    contentType: 'application/octet-stream',
  });
  return size;
}

/**
 * Builds the demo packages for the customer organization, stores them under the keys an upload
 * of the same files gets and queues their ingestion (the worker role runs it). It picks up where
 * an interrupted call stopped: a package already queued is left as it is, one already stored is
 * only queued. Without the fixtures or the demo organization it warns and queues nothing.
 */
export async function queueDemoPackages(options: DemoPackageOptions): Promise<QueuedDemoPackage[]> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const plans = options.plans ?? DEMO_PACKAGES;
  const fixturesDir = path.resolve(options.fixturesDir ?? defaultFixturesDir());
  const first = plans[0];
  if (!first) return [];
  const missing = missingFixtures(fixturesDir, first);
  if (missing.length > 0) {
    warn(
      `Demo data: ${missing.join(', ')} not found; the demo scans with stored point clouds and images are left out.`,
    );
    return [];
  }
  const customer = await organizationRepository.findByName(options.db, CUSTOMER_ORGANIZATION);
  if (!customer) {
    warn(`Demo data: no organization ${CUSTOMER_ORGANIZATION}; the demo packages are left out.`);
    return [];
  }
  const uploader = await userRepository.findInOrganization(
    options.db,
    DEMO_PACKAGE_UPLOADER,
    customer.id,
  );
  const storage = options.storage ?? createObjectStorage(options.config);

  // What an earlier call did already: stored (size known) and perhaps queued.
  const work = [];
  for (const plan of plans) {
    const sessionId = demoPackageSessionId(plan);
    const names = [`${sessionId}.luxlz`, ...(plan.images ? [`${sessionId}.luxiz`] : [])];
    for (const name of names) {
      const key = packageKey(customer.id, name);
      const size = (await storage.head(key))?.size;
      const queued = size !== undefined && (await ingestionQueued(options.db, key, size));
      work.push({ plan, sessionId, key, images: name.endsWith('.luxiz'), size, queued });
    }
  }

  const cached = options.cacheDir !== undefined;
  const folder = cached
    ? cacheFolder(options.cacheDir!, plans)
    : path.join(options.config.dataDir, 'tmp', 'demo-packages');
  // Files a stopped start left behind are built again rather than trusted.
  if (!cached) await rm(folder, { recursive: true, force: true });
  try {
    const toBuild = [...new Set(work.filter((w) => w.size === undefined).map((w) => w.plan))];
    if (toBuild.length > 0) {
      await mkdir(folder, { recursive: true });
      const errors = await buildAll(toBuild, folder, fixturesDir, options.buildAside ?? false);
      for (const plan of toBuild) {
        if (!isBuilt(builtFiles(plan, folder))) {
          warn(
            `Demo data: the package of session ${demoPackageSessionId(plan)} could not be built (${errors || 'no reason given'}); left out.`,
          );
        }
      }
    }

    const queued: QueuedDemoPackage[] = [];
    for (const item of work) {
      const { plan, sessionId, key, images } = item;
      const done = { plan, key, sessionId, scanIds: demoPackageScanIds(plan), images };
      if (item.queued) {
        queued.push({ ...done, queued: false });
        continue;
      }
      let size = item.size;
      if (size === undefined) {
        const files = builtFiles(plan, folder);
        if (!isBuilt(files)) continue;
        size = await store(storage, key, images ? files.luxiz! : files.luxlz);
      }
      await enqueueIngestion(options.db, {
        key,
        organizationId: customer.id,
        userId: uploader?.id ?? null,
        size,
      });
      queued.push({ ...done, queued: true });
    }
    return queued;
  } finally {
    if (!cached) await rm(folder, { recursive: true, force: true });
  }
}

/** Builds the plans' files; returns what went wrong, if anything, for the warning. */
async function buildAll(
  plans: readonly DemoPackagePlan[],
  folder: string,
  fixturesDir: string,
  aside: boolean,
): Promise<string> {
  if (aside) return (await buildDemoPackagesAside(plans, folder, fixturesDir)).errors;
  const errors: string[] = [];
  for (const plan of plans) {
    await buildDemoPackage(plan, folder, fixturesDir).catch((error: Error) => {
      errors.push(error.message);
    });
  }
  return errors.join('; ');
}
