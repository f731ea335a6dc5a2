import path from 'node:path';
import {
  type GeneratedPackage,
  makePackage,
} from '../../packages/server/src/device-packages/generator/make-package.ts';
import { parseGeneratorArgs } from '../../packages/server/src/device-packages/generator/options.ts';
import { createObjectStorage } from '../../packages/server/src/storage/create-object-storage.ts';
import type { ObjectStorage } from '../../packages/server/src/storage/storage.ts';
import { factories } from '../../packages/server/test/factories.ts';
import {
  drainJobs,
  ingestNow,
  uploadPackage,
} from '../../packages/server/test/ingestion-test-kit.ts';
import type { LiveApp } from '../../packages/server/test/live-app.ts';

/**
 * Real scans for a browser test: a device package made by the generator (`generatorArgs` as on
 * `npm run make-package`, without --out and --device) for a new device of `project`'s
 * organization, assigned to it unless `assignment` is null,
 * ingested the way an upload by the demo Power User is, with the queued jobs run (level of
 * detail, thumbnails).
 */
export async function ingestGeneratedPackage(
  live: LiveApp,
  options: {
    project: string;
    device: string;
    outDir: string;
    generatorArgs: string[];
    /** The device's period in the project (default from 2000 on); null leaves it unassigned. */
    assignment?: { from: Date; to: Date | null } | null;
  },
): Promise<{ generated: GeneratedPackage; storage: ObjectStorage }> {
  const generated = await makePackage(
    parseGeneratorArgs([
      '--out',
      path.join(options.outDir, 'package'),
      '--device',
      options.device,
      ...options.generatorArgs,
    ]),
  );
  const db = live.database.db;
  const project = await db
    .selectFrom('projects')
    .select(['id', 'organizationId'])
    .where('name', '=', options.project)
    .executeTakeFirstOrThrow();
  await factories.device(db, project.organizationId, options.device);
  const assignment =
    options.assignment === undefined
      ? { from: new Date('2000-01-01T00:00:00Z'), to: null }
      : options.assignment;
  if (assignment) {
    await db
      .insertInto('deviceAssignments')
      .values({
        deviceId: options.device,
        projectId: project.id,
        fromTimestamp: assignment.from,
        toTimestamp: assignment.to,
      })
      .execute();
  }
  const power = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'ppower')
    .executeTakeFirstOrThrow();
  const storage = createObjectStorage(live.config);
  const key = await uploadPackage(storage, project.organizationId, generated.luxlzPath);
  await ingestNow(db, live.config, {
    key,
    organizationId: project.organizationId,
    userId: power.id,
  });
  await drainJobs(db, live.config);
  return { generated, storage };
}
