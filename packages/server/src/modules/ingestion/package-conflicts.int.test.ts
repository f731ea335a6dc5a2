import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import {
  editManifest,
  ingestLog,
  ingestNow,
  snapshot,
  storedObjects,
  tamperPackage,
  uploadPackage,
} from '../../../test/ingestion-test-kit.ts';
import { type AppConfig, loadConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import {
  type GeneratedPackage,
  makePackage,
} from '../../device-packages/generator/make-package.ts';
import { parseGeneratorArgs } from '../../device-packages/generator/options.ts';
import { jobRepository } from '../../jobs/job.repository.ts';
import { withJobTables } from '../../jobs/job-tables.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { ingestionRepository } from './ingestion.repository.ts';

/**
 * A package is ingested over stored data only when it brings the same content; anything else
 * is refused whole, and a refused or failed ingestion leaves rows and storage as they were.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'ingestion-conflicts-'));
let pkg: GeneratedPackage;
let foreign: GeneratedPackage;

beforeAll(async () => {
  const generate = (device: string, images: boolean) =>
    makePackage(
      parseGeneratorArgs([
        '--out',
        path.join(dir, device),
        '--device',
        device,
        '--scans',
        '2',
        '--target-size',
        '1MB',
        '--scan-seconds',
        '5',
        ...(images ? ['--images'] : []),
      ]),
    );
  pkg = await generate('LG-1001', true);
  foreign = await generate('LG-2002', false);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const conflict = (sessionId: string, detail: string) =>
  `Session ${sessionId} conflicts with data ingested before (${detail}); a changed package is not ingested over stored data: give it a new session id`;

/** The message with its parenthesised detail blanked: what an answer says whoever asks. */
const form = (message: string) => message.replace(/\(.*\)/, '(…)');

describe.each(DATABASE_KINDS)('ingestion of a changed package on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let config: AppConfig;
  let storage: ObjectStorage;
  let dataDir: string;
  let orgA: { id: number };
  let orgB: { id: number };
  let userA: { id: number };
  let userB: { id: number };
  let n = 0;

  const file = (name: string) => path.join(dir, `${kind}-${++n}-${name}`);
  const ingest = async (org: { id: number }, user: { id: number }, source: string) => {
    const key = await uploadPackage(storage, org.id, source);
    await ingestNow(db, config, { key, organizationId: org.id, userId: user.id });
    return (await ingestLog(db, key))!;
  };
  const state = async (org: { id: number }) => ({
    rows: await snapshot(db, org.id),
    objects: await storedObjects(storage, `org-${org.id}/`),
  });
  /** Ingests the package for organization A and expects it refused with `message`, changing nothing. */
  const refused = async (source: string, message: string | RegExp) => {
    const before = await state(orgA);
    const log = await ingest(orgA, userA, source);
    expect(log.status).toBe('Error');
    const shown = (log.message ?? '').slice(path.basename(source).length + 2);
    if (typeof message === 'string') expect(shown).toBe(message);
    else expect(shown).toMatch(message);
    expect(await state(orgA)).toEqual(before);
    return shown;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    dataDir = mkdtempSync(path.join(tmpdir(), `ingestion-conflicts-${kind}-`));
    config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    storage = createObjectStorage(config);
    orgA = await factories.organization(db);
    orgB = await factories.organization(db);
    userA = await factories.user(db, orgA.id);
    userB = await factories.user(db, orgB.id);
    await factories.device(db, orgA.id, 'LG-1001');
    await factories.device(db, orgA.id, 'LG-1003');
    await factories.device(db, orgB.id, 'LG-2002');
    expect((await ingest(orgA, userA, pkg.luxlzPath)).status).toBe('Completed');
    expect((await ingest(orgA, userA, pkg.luxizPath!)).status).toBe('Completed');
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const sessionId = () => pkg.manifest.sessionId;
  const scan = (i: number) => pkg.manifest.scans[i]!;

  it('refuses a changed capture start, naming both times', async () => {
    const earlier = new Date(Date.parse(scan(0).capturedStart) - 3_600_000)
      .toISOString()
      .replace('.000Z', 'Z');
    const source = await editManifest(pkg.luxlzPath, file('start.luxlz'), (manifest) => {
      (manifest.scans as { capturedStart: string }[])[0]!.capturedStart = earlier;
      return manifest;
    });
    await refused(
      source,
      conflict(
        sessionId(),
        `scan ${scan(0).id}: capture start ${earlier} here, ${scan(0).capturedStart} stored`,
      ),
    );
  });

  it('refuses a point cloud of the same size with other bytes', async () => {
    const source = await tamperPackage(pkg.luxlzPath, file('cloud.luxlz'), (name, data) => {
      if (name !== scan(1).pointCloud) return data;
      const changed = Buffer.from(data);
      changed[changed.length - 1]! ^= 0xff;
      return changed;
    });
    await refused(
      source,
      conflict(
        sessionId(),
        `scan ${scan(1).id}: the point cloud's content differs from the stored one`,
      ),
    );
  });

  it('refuses a changed trajectory', async () => {
    const source = await tamperPackage(pkg.luxlzPath, file('trajectory.luxlz'), (name, data) => {
      if (name !== scan(0).trajectory) return data;
      const lines = data.toString().trimEnd().split('\n');
      const columns = lines[0]!.split(',');
      const lat = columns.indexOf('lat');
      const last = lines.at(-1)!.split(',');
      last[lat] = String(Number(last[lat]) + 0.001);
      lines[lines.length - 1] = last.join(',');
      return Buffer.from(`${lines.join('\n')}\n`);
    });
    await refused(
      source,
      new RegExp(
        `\\(scan ${scan(0).id}: trajectory length [\\d.]+ m here, [\\d.]+ m stored\\); a changed package`,
      ),
    );
  });

  it('refuses the session from another device', async () => {
    const source = await editManifest(pkg.luxlzPath, file('device.luxlz'), (manifest) => ({
      ...manifest,
      deviceId: 'LG-1003',
    }));
    await refused(
      source,
      conflict(sessionId(), `session ${sessionId()}: device LG-1003 here, LG-1001 stored`),
    );
  });

  it('refuses images whose positions changed', async () => {
    const source = await tamperPackage(pkg.luxizPath!, file('gps.luxiz'), (name, data) => {
      if (name !== 'images.csv') return data;
      const lines = data.toString().split('\n');
      const gps = lines[0]!.split(',').indexOf('gps_time');
      const row = lines[1]!.split(',');
      row[gps] = String(Number(row[gps]) + 1);
      lines[1] = row.join(',');
      return Buffer.from(lines.join('\n'));
    });
    await refused(
      source,
      /\(scan \S+ frame \d+: gps_time \S+ here, \S+ stored\); a changed package/,
    );
  });

  it('refuses an image file that changed', async () => {
    let replaced = '';
    const source = await tamperPackage(pkg.luxizPath!, file('image.luxiz'), (name, data) => {
      if (replaced || !name.endsWith('.jpg')) return data;
      replaced = name;
      return Buffer.concat([data, Buffer.alloc(10)]);
    });
    await refused(
      source,
      /\(scan \S+ frame \d+: (left|center|right) image of \d+ bytes here, \d+ bytes stored\); a changed/,
    );
  });

  it('records the hash of a point cloud stored without one when the same package comes again', async () => {
    const clouds = () =>
      db
        .selectFrom('artifacts')
        .select(['id', 'parameters'])
        .where('artifactType', '=', 'pointcloud')
        .where(
          'scanId',
          'in',
          pkg.manifest.scans.map((s) => s.id),
        )
        .orderBy('id')
        .execute();
    const hashed = await clouds();
    for (const cloud of hashed) expect(cloud.parameters?.sha256).toMatch(/^[0-9a-f]{64}$/);
    // As stored before hashes were kept.
    for (const cloud of hashed) {
      const { sha256: _, ...rest } = cloud.parameters!;
      await db
        .updateTable('artifacts')
        .set({ parameters: JSON.stringify(rest) })
        .where('id', '=', cloud.id)
        .execute();
    }
    expect((await ingest(orgA, userA, pkg.luxlzPath)).status).toBe('Completed');
    expect(await clouds()).toEqual(hashed);
  });

  it('answers for an id of another organization as for a changed package of its own', async () => {
    const own = await refused(
      await editManifest(pkg.luxlzPath, file('own.luxlz'), (manifest) => ({
        ...manifest,
        deviceId: 'LG-1003',
      })),
      /conflicts/,
    );
    const beforeA = await state(orgA);
    const session = await ingest(
      orgB,
      userB,
      await editManifest(foreign.luxlzPath, file('foreign-session.luxlz'), (manifest) => ({
        ...manifest,
        sessionId: sessionId(),
      })),
    );
    const scanOnly = await ingest(
      orgB,
      userB,
      await editManifest(foreign.luxlzPath, file('foreign-scan.luxlz'), (manifest) => {
        (manifest.scans as { id: string }[])[0]!.id = scan(0).id;
        return manifest;
      }),
    );
    const shown = (log: { message: string | null }) => (log.message ?? '').replace(/^[^:]+: /, '');
    expect(shown(session)).toBe(conflict(sessionId(), `session ${sessionId()}`));
    expect(shown(scanOnly)).toBe(conflict(foreign.manifest.sessionId, `scan ${scan(0).id}`));
    for (const answer of [shown(session), shown(scanOnly)]) {
      expect(answer).not.toMatch(/organi[sz]ation/i);
      expect(form(answer).replace(/^Session \S+/, '')).toBe(form(own).replace(/^Session \S+/, ''));
    }
    expect(await state(orgA)).toEqual(beforeA);
    expect((await state(orgB)).rows.sessions).toEqual([]);
  });

  it('accepts a package that adds a scan to the stored session and keeps the stored ones', async () => {
    const before = await snapshot(db, orgA.id);
    const added = `${scan(0).id.slice(0, -2)}09`;
    const source = await editManifest(pkg.luxlzPath, file('added.luxlz'), (manifest) => ({
      ...manifest,
      scans: [...(manifest.scans as object[]), { ...scan(0), id: added, friendlyName: 'Added' }],
    }));
    expect((await ingest(orgA, userA, source)).status).toBe('Completed');
    const after = await snapshot(db, orgA.id);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.scans.filter((row) => row.id !== added)).toEqual(before.scans);
    expect(after.scans.find((row) => row.id === added)).toMatchObject({ friendlyName: 'Added' });
    expect(after.images).toEqual(before.images);
  });

  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  it.each([
    [
      'a session id with ../',
      (text: string) => text.replace(/"sessionId":"[^"]*"/, '"sessionId":"../LG1001"'),
      /^Session id may hold only/,
    ],
    [
      'a session id with HTML',
      (text: string) => text.replace(/"sessionId":"[^"]*"/, '"sessionId":"<b>LG1001</b>"'),
      /^Session id may hold only/,
    ],
    [
      'a field nested 5,000 deep',
      (text: string) => text.replace(/}$/, `,"extra":${deep}}`),
      /^manifest.json is nested deeper than 12 levels$/,
    ],
  ])('refuses %s and leaves rows and storage as they were', async (_, edit, message) => {
    const source = await tamperPackage(pkg.luxlzPath, file('bad.luxlz'), (name, data) =>
      name === 'manifest.json'
        ? Buffer.from(edit(JSON.stringify(JSON.parse(data.toString()))))
        : data,
    );
    await refused(source, message);
  });

  /** The package as a new session, so that every object it writes is new. */
  const asNewSession = (name: string, suffix: string) =>
    editManifest(pkg.luxlzPath, file(name), (manifest) => ({
      ...manifest,
      sessionId: `${sessionId().slice(0, 24)}_${suffix}`,
      scans: (manifest.scans as { id: string }[]).map((s, i) => ({
        ...s,
        id: `${s.id.slice(0, 20)}_${suffix}${i}`,
      })),
    }));

  it('deletes the objects a .luxlz ingestion wrote when its transaction fails', async () => {
    const before = await state(orgA);
    let during: string[] = [];
    vi.spyOn(ingestionRepository, 'upsertArtifact').mockImplementationOnce(async () => {
      during = await storedObjects(storage, `org-${orgA.id}/`);
      throw new Error('injected database failure');
    });
    const log = await ingest(orgA, userA, await asNewSession('fail.luxlz', 'F'));
    expect(log.status).toBe('Error');
    expect(log.message).toMatch(/ingestion failed: injected database failure/);
    // The clouds, trajectories and GNSS files were copied, then taken away again.
    expect(during.length).toBeGreaterThan(before.objects.length + 4);
    expect(await state(orgA)).toEqual(before);
    await dropRetries();
  });

  it('deletes the images a .luxiz ingestion copied when its transaction fails', async () => {
    // The images of scan 1 as if never ingested, so that the package copies them again.
    await db.deleteFrom('images').where('scanId', '=', scan(1).id).execute();
    for await (const object of storage.list(`org-${orgA.id}/`)) {
      if (object.key.includes(`/${scan(1).id}/images/`)) await storage.delete(object.key);
    }
    const before = await state(orgA);
    let during: string[] = [];
    vi.spyOn(ingestionRepository, 'insertImages').mockImplementationOnce(async () => {
      during = await storedObjects(storage, `org-${orgA.id}/`);
      throw new Error('injected database failure');
    });
    const log = await ingest(orgA, userA, pkg.luxizPath!);
    expect(log.status).toBe('Error');
    expect(during.length).toBeGreaterThan(before.objects.length);
    expect(await state(orgA)).toEqual(before);
    await dropRetries();
  });

  /** Removes the retry a failed run queued, so it cannot run during a later test. */
  async function dropRetries() {
    const waiting = (await jobRepository.list(db, 'ingest-package')).filter(
      (job) => job.status !== 'done' && job.status !== 'failed',
    );
    for (const job of waiting) {
      await withJobTables(db).deleteFrom('jobs').where('id', '=', job.id).execute();
    }
  }
});
