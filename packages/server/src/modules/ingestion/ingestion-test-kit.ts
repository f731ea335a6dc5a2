import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import yazl from 'yazl';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { jobDefinitions } from '../../jobs/job-registry.ts';
import { runNextJob } from '../../jobs/job-runner.ts';
import { openPackage } from '../../packages/package-reader.ts';
import { objectKey } from '../../storage/object-key.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { enqueueIngestion } from './ingestion.queue.ts';

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
