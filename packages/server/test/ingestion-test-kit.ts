import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import yazl from 'yazl';
import type { AppConfig } from '../src/config/config.ts';
import type { Db } from '../src/db/database.ts';
import { openPackage } from '../src/device-packages/package-reader.ts';
import { jobDefinitions } from '../src/jobs/job-registry.ts';
import { runNextJob } from '../src/jobs/job-runner.ts';
import { isJobTranscriptKey } from '../src/modules/activity-logs/job-activity-log.ts';
import { enqueueIngestion } from '../src/modules/ingestion/ingestion.queue.ts';
import { objectKey } from '../src/storage/object-key.ts';
import type { ObjectStorage } from '../src/storage/storage.ts';

/** Helpers of the ingestion tests: upload a package file, run the queue, tamper with packages. */

export async function uploadPackage(
  storage: ObjectStorage,
  organizationId: number,
  file: string,
  name = path.basename(file),
): Promise<string> {
  const key = objectKey({ organizationId, kind: 'packages', name });
  await storage.putStream(key, createReadStream(file), { size: (await stat(file)).size });
  return key;
}

/** Runs queued jobs until none is due; returns how many ran. */
export async function drainJobs(
  db: Db,
  config: AppConfig,
  workerId = 'test-worker',
  jobs: typeof jobDefinitions = jobDefinitions,
) {
  let count = 0;
  while (await runNextJob({ db, config, jobs, workerId })) count++;
  return count;
}

export async function ingestNow(
  db: Db,
  config: AppConfig,
  request: { key: string; organizationId: number; userId: number | null },
) {
  await enqueueIngestion(db, request);
  return drainJobs(db, config);
}

/**
 * Writes a copy of a package with its entries changed by `edit` (return null to drop an entry);
 * a name starting with `rename:` is written under a safe stand-in and renamed in the bytes, as
 * yazl refuses unsafe names.
 */
export async function tamperPackage(
  source: string,
  target: string,
  edit: (name: string, data: Buffer) => Buffer | null,
  extra: { name: string; data: Buffer }[] = [],
): Promise<string> {
  const pkg = await openPackage(source);
  const zip = new yazl.ZipFile();
  const renames: [string, string][] = [];
  try {
    for (const entry of pkg.entries) {
      const chunks: Buffer[] = [];
      for await (const chunk of await pkg.readEntry(entry.name)) chunks.push(chunk as Buffer);
      const data = edit(entry.name, Buffer.concat(chunks));
      if (data) zip.addBuffer(data, entry.name, { compress: false });
    }
  } finally {
    pkg.close();
  }
  for (const { name, data } of extra) {
    const safe = name.replace(/\.\./g, 'xx');
    if (safe !== name) renames.push([safe, name]);
    zip.addBuffer(data, safe);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  let archive = Buffer.concat(chunks);
  for (const [from, to] of renames) {
    archive = Buffer.from(archive.toString('latin1').split(from).join(to), 'latin1');
  }
  await writeFile(target, archive);
  return target;
}

/** Every row an organization's ingestions wrote: sessions, scans, artifacts and images. */
export async function snapshot(db: Db, organizationId: number) {
  const scans = await db
    .selectFrom('scans')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('id')
    .execute();
  const ids = scans.map((scan) => scan.id);
  const none = ['-'];
  return {
    sessions: await db
      .selectFrom('sessions')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .orderBy('id')
      .execute(),
    scans,
    artifacts: await db
      .selectFrom('artifacts')
      .selectAll()
      .where('scanId', 'in', ids.length ? ids : none)
      .orderBy('id')
      .execute(),
    images: await db
      .selectFrom('images')
      .selectAll()
      .where('scanId', 'in', ids.length ? ids : none)
      .orderBy('id')
      .execute(),
  };
}

/** The PackageIngest activity of one uploaded package. */
export const ingestLog = (db: Db, key: string) =>
  db
    .selectFrom('activityLogs')
    .selectAll()
    .where('activityType', '=', 'PackageIngest')
    .where('referenceKey', '=', key)
    .executeTakeFirst();

/**
 * The keys and eTags of the objects stored under a prefix, uploaded packages and the jobs' logs
 * left out.
 */
export async function storedObjects(storage: ObjectStorage, prefix: string) {
  const objects: string[] = [];
  for await (const object of storage.list(prefix)) {
    if (object.key.includes('/packages/') || isJobTranscriptKey(object.key)) continue;
    objects.push(`${object.key} ${object.eTag}`);
  }
  return objects;
}

/** Writes a copy of a package whose manifest.json is changed by `edit`. */
export function editManifest(
  source: string,
  target: string,
  edit: (manifest: Record<string, unknown>) => unknown,
): Promise<string> {
  return tamperPackage(source, target, (name, data) =>
    name === 'manifest.json'
      ? Buffer.from(JSON.stringify(edit(JSON.parse(data.toString()))))
      : data,
  );
}
