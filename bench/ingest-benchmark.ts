import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/server/src/config/config.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import { MANIFEST_NAME } from '../packages/server/src/device-packages/manifest.ts';
import { openPackage } from '../packages/server/src/device-packages/package-reader.ts';
import { ingestPackageJob } from '../packages/server/src/modules/ingestion/ingest-package.job.ts';
import { enqueueIngestion } from '../packages/server/src/modules/ingestion/ingestion.queue.ts';
import { createObjectStorage } from '../packages/server/src/storage/create-object-storage.ts';
import { drainJobs, uploadPackage } from '../packages/server/test/ingestion-test-kit.ts';

/**
 * Measures the ingestion of generated packages: wall time and resident memory of this process.
 *   npm run make-package -- --out /tmp/pkg --target-size 50MB --images
 *   npx tsx bench/ingest-benchmark.ts /tmp/pkg/X.luxlz [X.luxiz]
 * Uses an in-memory PGlite (DATABASE_URL for PostgreSQL) and the embedded store in a temp folder.
 */
const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length === 0) {
  console.error('usage: ingest-benchmark.ts PACKAGE.luxlz [PACKAGE.luxiz]');
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'ingest-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const db = await openDatabase({ url: process.env.DATABASE_URL });
await migrateToLatest(db);
const storage = createObjectStorage(config);
try {
  const pkg = await openPackage(positionals[0]!);
  const deviceId = JSON.parse((await pkg.readText(MANIFEST_NAME))!).deviceId as string;
  pkg.close();
  const org = await db
    .insertInto('organizations')
    .values({ name: `Bench ${Date.now()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('devices')
    .values({ id: deviceId, organizationId: org.id })
    .onConflict((oc) => oc.column('id').doUpdateSet({ organizationId: org.id }))
    .execute();
  const project = await db
    .insertInto('projects')
    .values({
      name: 'Bench',
      organizationId: org.id,
      utm: JSON.stringify({ utm: '54N' }),
      tagOptions: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('deviceAssignments')
    .values({
      deviceId,
      projectId: project.id,
      fromTimestamp: new Date('2000-01-01Z'),
      toTimestamp: null,
    })
    .execute();

  for (const file of positionals) {
    const key = await uploadPackage(storage, org.id, path.resolve(file));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    await enqueueIngestion(db, { key, organizationId: org.id, userId: null });
    // Only the ingestion itself: the point-cloud builds it queues are measured by bench:lod.
    await drainJobs(db, config, 'bench', [ingestPackageJob]);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const log = await db
      .selectFrom('activityLogs')
      .select(['status', 'message', 'metrics'])
      .where('referenceKey', '=', key)
      .executeTakeFirst();
    const size = (await storage.head(key))!.size;
    console.log(
      JSON.stringify({
        package: path.basename(file),
        megabytes: +(size / 1e6).toFixed(1),
        seconds: +seconds.toFixed(2),
        megabytesPerSecond: +(size / 1e6 / seconds).toFixed(1),
        rssBeforeMiB: Math.round(before / 1024 ** 2),
        peakRssMiB: Math.round(peak / 1024 ** 2),
        status: log?.status,
        message: log?.message,
      }),
    );
  }
  console.log(JSON.stringify({ maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) }));
} finally {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
