import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HELMERT_EXAMPLE, PORTAL_STORE_ENDPOINT, preparePipeline } from '@asset-portal/shared';
import { verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/databases.ts';
import { drainJobs } from '../../test/ingestion-test-kit.ts';
import { type AppConfig, loadConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { jobRepository } from '../jobs/job.repository.ts';
import { withJobTables } from '../jobs/job-tables.ts';
import { builtInPipelineEngine } from '../modules/processing/pipeline-engine/pipeline-engine.ts';
import { encodedViewerPath } from '../modules/scan-summary/viewer-path.ts';
import { createObjectStorage } from '../storage/create-object-storage.ts';
import type { ObjectStorage } from '../storage/storage.ts';
import { DEMO_PACKAGES, type QueuedDemoPackage, queueDemoPackages } from './demo-packages.ts';
import { pathLength } from './flight-line.ts';
import { type SeedDemoResult, seedDemoData } from './seed-demo-data.ts';

const FIXTURES_DIR = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../shared/fixtures'),
);

const TABLES = [
  'organizations',
  'devices',
  'buckets',
  'projects',
  'deviceAssignments',
  'pipelines',
  'users',
  'localAccounts',
  'sessions',
  'scans',
  'artifacts',
  'activityLogs',
  'annotations',
  'vendors',
  'projectLayers',
  'vendorLayers',
] as const;

async function counts(db: Db) {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

/** Lon/lat boxes of the fixture clouds (computed from their UTM extents). */
const REGIONS = {
  'Eugene Corridor': { lon: [-123.076, -123.062], lat: [44.049, 44.063] },
  'Kandahar Survey': { lon: [67.857, 67.863], lat: [33.334, 33.338] },
  'Tokyo Bay Test Range': { lon: [139.611, 139.617], lat: [35.158, 35.163] },
  unassigned: { lon: [-123.076, -123.062], lat: [44.049, 44.063] },
} as const;

describe.each(DATABASE_KINDS)('seedDemoData on %s', (kind) => {
  let database: TestDatabase;
  let result: SeedDemoResult | null;
  let seedMs: number;
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const started = performance.now();
    result = await seedDemoData(database.db, {
      fixturesDir: FIXTURES_DIR,
      warn: (message) => warnings.push(message),
    });
    seedMs = performance.now() - started;
    console.info(`demo seed on ${kind}: ${seedMs.toFixed(0)} ms`);
  });
  afterAll(async () => database?.drop());

  it('creates the promised rows quickly and without warnings', async () => {
    expect(warnings).toEqual([]);
    // About 0.5 s on an idle machine; the bound leaves room for a loaded CI runner.
    expect(seedMs).toBeLessThan(5000);
    expect(await counts(database.db)).toEqual({
      organizations: 2,
      devices: 5,
      buckets: 2,
      projects: 5,
      deviceAssignments: 5,
      pipelines: 4,
      users: 4,
      localAccounts: 4,
      sessions: 4,
      scans: 10,
      artifacts: 19,
      activityLogs: 3,
      annotations: 1,
      vendors: 3,
      projectLayers: 4,
      vendorLayers: 3,
    });
  });

  it('seeds map layers converted from the fixture files, in their groups', async () => {
    const db = database.db;
    const layers = await db
      .selectFrom('projectLayers as l')
      .innerJoin('projects as p', 'p.id', 'l.projectId')
      .leftJoin('vendorLayers as vl', 'vl.layerId', 'l.id')
      .leftJoin('vendors as v', 'v.id', 'vl.vendorId')
      .select([
        'p.name as project',
        'l.name',
        'l.source',
        'l.layers',
        'l.featureCount',
        'l.sourceBytes',
        'l.showByDefault',
        'l.ignore',
        'v.name as group',
        'v.projectId as groupProjectId',
        'v.organizationId as groupOrganizationId',
      ])
      .orderBy('l.name')
      .execute();
    expect(
      layers.map((l) => [l.project, l.name, l.group, l.featureCount, l.showByDefault]),
    ).toEqual([
      ['Paris Test Drive', 'Iceland regions', null, 83, false],
      ['Tokyo Bay Test Range', 'Seoul roads', 'Road network', 94, true],
      ['Paris Test Drive', 'Switzerland', 'Reference areas', 2, true],
      ['Eugene Corridor', 'US states', 'Public boundaries', 100, true],
    ]);
    for (const layer of layers) {
      const source = JSON.parse(layer.source) as { type: string; features: unknown[] };
      expect(source.type).toBe('FeatureCollection');
      expect(source.features).toHaveLength(layer.featureCount);
      expect(layer.sourceBytes).toBe(Buffer.byteLength(layer.source, 'utf8'));
      expect(layer.ignore).toBe(false);
    }
    const byName = Object.fromEntries(layers.map((l) => [l.name, l]));
    // The global group is every organization's, as an Admin creates it.
    expect(byName['US states']).toMatchObject({ groupProjectId: null, groupOrganizationId: null });
    // The KML's own styles come with it; the roads use the predefined Ditchline style.
    expect(JSON.parse(byName['US states']!.layers).length).toBeGreaterThan(0);
    expect(JSON.parse(byName['Seoul roads']!.layers)).toEqual([
      expect.objectContaining({
        type: 'line',
        paint: expect.objectContaining({ 'line-color': '#1565c0' }),
      }),
    ]);
    const [lon, lat] = (
      JSON.parse(byName.Switzerland!.source) as {
        features: { geometry: { coordinates: number[][][] } }[];
      }
    ).features[0]!.geometry.coordinates.flat(2) as number[];
    expect(lon).toBeGreaterThan(5);
    expect(lon).toBeLessThan(11);
    expect(lat).toBeGreaterThan(45);
    expect(lat).toBeLessThan(48);
  });

  it('creates the vendor and customer organizations with devices and buckets', async () => {
    const db = database.db;
    const organizations = await db.selectFrom('organizations').select(['id', 'name']).execute();
    expect(organizations.map((o) => o.name).sort()).toEqual([
      'LuxGear Systems',
      'Northwind Surveying',
    ]);
    for (const organization of organizations) {
      const devices = await db
        .selectFrom('devices')
        .select('id')
        .where('organizationId', '=', organization.id)
        .execute();
      expect(devices).toHaveLength(organization.name === 'Northwind Surveying' ? 3 : 2);
      for (const device of devices) expect(device.id).toMatch(/^LG-\d{4}$/);
      const buckets = await db
        .selectFrom('buckets')
        .selectAll()
        .where('organizationId', '=', organization.id)
        .execute();
      expect(buckets).toHaveLength(1);
      // Kept in the portal's own store: publishing the demo never reaches out of the machine.
      expect(buckets[0]).toMatchObject({
        endpoint: PORTAL_STORE_ENDPOINT,
        accessKeyId: null,
        secretAccessKey: null,
      });
    }
  });

  it('creates one user per type, an Admin only in the Lux organization, and a disabled user', async () => {
    const users = await database.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organizationId')
      .select(['users.username', 'users.userType', 'users.enabled', 'organizations.name as org'])
      .orderBy('users.username')
      .execute();
    expect(users).toEqual([
      { username: 'aadmin', userType: 'Admin', enabled: true, org: 'LuxGear Systems' },
      { username: 'ddisabled', userType: 'Standard', enabled: false, org: 'Northwind Surveying' },
      { username: 'ppower', userType: 'Power User', enabled: true, org: 'Northwind Surveying' },
      { username: 'sstandard', userType: 'Standard', enabled: true, org: 'Northwind Surveying' },
    ]);
    expect(result?.accounts.map((a) => a.username).sort()).toEqual(users.map((u) => u.username));
  });

  it('gives every user a local account whose password verifies', async () => {
    const rows = await database.db
      .selectFrom('users')
      .innerJoin('localAccounts', 'localAccounts.subject', 'users.awsUserId')
      .select([
        'users.username',
        'users.email',
        'localAccounts.email as accountEmail',
        'passwordHash',
      ])
      .execute();
    expect(rows).toHaveLength(4);
    for (const account of result!.accounts) {
      expect(account.password).toHaveLength(16);
      const row = rows.find((r) => r.username === account.username)!;
      expect(row.accountEmail).toBe(row.email);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(row.passwordHash!, account.password)).toBe(true);
      expect(await verify(row.passwordHash!, `${account.password}x`)).toBe(false);
    }
  });

  it('creates the projects, with a proj4 projection and the 2010 Helmert example on Eugene', async () => {
    const projects = await database.db.selectFrom('projects').selectAll().orderBy('name').execute();
    expect(projects.map((p) => [p.name, p.utm, p.active])).toEqual([
      ['Archive 2019', { utm: '10N' }, false],
      ['Eugene Corridor', { utm: '10N' }, true],
      ['Kandahar Survey', { utm: '42N' }, true],
      ['Paris Test Drive', { utm: '31N' }, true],
      ['Tokyo Bay Test Range', { utm: '54N' }, true],
    ]);
    const eugene = projects[1]!;
    const helmert = JSON.parse(eugene.helmertParameters!);
    expect(helmert).toEqual(HELMERT_EXAMPLE);
    expect(helmert.reference_year).toBe(2010);
    const [x, y] = proj4('WGS84', eugene.projection!, [-123.07, 44.055]) as [number, number];
    expect(x).toBeCloseTo(494_400, -3);
    expect(y).toBeCloseTo(4_878_000, -3);
    expect(eugene.tagOptions).toEqual(['QA - OK', 'QA - Issue/Poor']);
  });

  it('creates a global pipeline and a bounding-box pipeline whose JSON stays valid', async () => {
    const pipelines = await database.db
      .selectFrom('pipelines')
      .selectAll()
      .orderBy('name')
      .execute();
    const named = (name: string) => pipelines.filter((p) => p.name === name);
    const [crop] = named('Crop to bounding box');
    const [ground] = named('Ground classification');
    expect(named('Crop to bounding box')).toHaveLength(2);
    expect(ground).toMatchObject({ name: 'Ground classification', global: true, projectId: null });
    expect(crop).toMatchObject({ name: 'Crop to bounding box', global: false });
    expect(crop!.dependencies).toEqual(['3D Bounding Box']);
    for (const placeholder of ['xmin', 'xmax', 'ymin', 'ymax', 'zmin', 'zmax']) {
      expect(crop!.pipeline).toContain(`<%${placeholder}%>`);
    }
    expect(() => JSON.parse(crop!.pipeline)).not.toThrow();
    expect(() => JSON.parse(ground!.pipeline)).not.toThrow();
    const filled = preparePipeline(crop!.pipeline, {
      minx: 1,
      maxx: 2,
      miny: 3,
      maxy: 4,
      minz: 5,
      maxz: 6,
    }) as { pipeline: { bounds: string }[] };
    expect(filled.pipeline[0]!.bounds).toBe('([1,2],[3,4],[5,6])');
    // Every demo pipeline runs on the built-in engine (the ground classification's SMRF too).
    const boundingBox = { minx: 1, maxx: 2, miny: 3, maxy: 4, minz: 5, maxz: 6 };
    for (const pipeline of pipelines) {
      expect(builtInPipelineEngine.validate(pipeline.pipeline, { srs: null, boundingBox })).toEqual(
        expect.objectContaining({ ok: true }),
      );
    }
  });

  it('places scans at real coordinates with ids, paths and times the portal accepts', async () => {
    const db = database.db;
    const scans = await db
      .selectFrom('scans')
      .leftJoin('projects', 'projects.id', 'scans.projectId')
      .selectAll('scans')
      .select('projects.name as projectName')
      .execute();
    const sessions = await db.selectFrom('sessions').selectAll().execute();
    const assignments = await db.selectFrom('deviceAssignments').selectAll().execute();
    const perProject: Record<string, number> = {};
    for (const scan of scans) {
      const region = REGIONS[(scan.projectName ?? 'unassigned') as keyof typeof REGIONS];
      perProject[scan.projectName ?? 'unassigned'] =
        (perProject[scan.projectName ?? 'unassigned'] ?? 0) + 1;
      expect(scan.id.length).toBeLessThanOrEqual(26);
      expect(scan.sessionId!.length).toBeLessThanOrEqual(29);
      expect(scan.id.startsWith(scan.sessionId!)).toBe(true);
      const coordinates = scan.simplePath!.coordinates;
      expect(scan.simplePath!.type).toBe('LineString');
      expect(coordinates.length).toBeGreaterThanOrEqual(10);
      expect(scan.viewerPath).toBe(encodedViewerPath(scan.simplePath));
      for (const [lon, lat] of coordinates) {
        expect(lon).toBeGreaterThan(region.lon[0]);
        expect(lon).toBeLessThan(region.lon[1]);
        expect(lat).toBeGreaterThan(region.lat[0]);
        expect(lat).toBeLessThan(region.lat[1]);
      }
      expect(scan.length).toBeGreaterThan(50);
      expect(scan.length).toBeCloseTo(pathLength(coordinates), 1);
      // Read as text: the camel-case plugin would rename the keys inside jsonb on the way out.
      const { metadata } = await db
        .selectFrom('scans')
        .select(sql<string>`metadata::text`.as('metadata'))
        .where('id', '=', scan.id)
        .executeTakeFirstOrThrow();
      expect(Object.keys(JSON.parse(metadata)).sort()).toEqual([
        'device_orientation',
        'device_position',
        'trajectory_orientation',
      ]);
      const session = sessions.find((s) => s.id === scan.sessionId)!;
      expect(scan.capturedTimestamp!.getTime()).toBeGreaterThanOrEqual(
        session.capturedTimestamp.getTime(),
      );
      expect(scan.endCapturedTimestamp!.getTime()).toBeLessThanOrEqual(
        session.endCapturedTimestamp.getTime(),
      );
      expect(scan.endCapturedTimestamp!.getTime()).toBeGreaterThan(
        scan.capturedTimestamp!.getTime(),
      );
      // A scan belongs to the project its device was assigned to at capture time.
      const covering = assignments.filter(
        (a) =>
          a.deviceId === scan.deviceId &&
          a.fromTimestamp <= scan.capturedTimestamp! &&
          (a.toTimestamp === null || a.toTimestamp >= scan.endCapturedTimestamp!),
      );
      expect(covering.map((a) => a.projectId)).toEqual(
        scan.projectId === null ? [] : [scan.projectId],
      );
    }
    expect(perProject).toEqual({
      'Eugene Corridor': 4,
      'Kandahar Survey': 3,
      'Tokyo Bay Test Range': 2,
      unassigned: 1,
    });
    const tokyo = sessions.find((s) => s.deviceId === 'LG-9001')!;
    expect(tokyo.capturedTimestamp.toISOString()).toBe('2005-04-02T00:05:00.000Z');
    expect(tokyo.endCapturedTimestamp.getTime()).toBeLessThanOrEqual(
      Date.parse('2005-04-02T00:59:30Z'),
    );
  });

  it('registers point-cloud artifacts with mixed statuses and camera artifacts for some scans', async () => {
    const artifacts = await database.db
      .selectFrom('artifacts')
      .innerJoin('scans', 'scans.id', 'artifacts.scanId')
      .select([
        'artifacts.scanId',
        'artifacts.artifactType',
        'artifacts.name',
        'artifacts.status',
        'artifacts.s3Url',
        'artifacts.size',
        'scans.organizationId',
        'scans.projectId',
      ])
      .execute();
    const clouds = artifacts.filter((a) => a.artifactType === 'pointcloud');
    expect(clouds).toHaveLength(10);
    expect(new Set(clouds.map((a) => a.name))).toEqual(new Set(['unclassified']));
    expect(new Set(clouds.map((a) => a.status))).toEqual(new Set(['final', 'provisional']));
    for (const cloud of clouds) {
      expect(cloud.s3Url).toMatch(
        new RegExp(
          `^s3://[a-z-]+/${cloud.organizationId}/${cloud.projectId ?? 'unassigned'}/${cloud.scanId}/pointcloud\\.las$`,
        ),
      );
    }
    expect(clouds.filter((a) => Number(a.size) === 37_417)).toHaveLength(5);
    expect(clouds.filter((a) => Number(a.size) === 1_076_009)).toHaveLength(3);
    const cameras = artifacts.filter((a) => a.artifactType.endsWith('_cam'));
    expect(cameras).toHaveLength(9);
    expect(new Set(cameras.map((a) => a.artifactType))).toEqual(
      new Set(['left_cam', 'center_cam', 'right_cam']),
    );
  });

  it('adds sign-in events and an annotation on a scan', async () => {
    const logs = await database.db.selectFrom('activityLogs').selectAll().execute();
    expect(logs.every((log) => log.activityType === 'UserLogin' && log.status === 'Event')).toBe(
      true,
    );
    const annotation = await database.db
      .selectFrom('annotations')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(annotation.point.type).toBe('Point');
    expect(annotation.point.coordinates[0]).toBeCloseTo(-123.07, 1);
  });

  it('does nothing on a second run', async () => {
    const before = await counts(database.db);
    expect(await seedDemoData(database.db, { fixturesDir: FIXTURES_DIR })).toBeNull();
    expect(await counts(database.db)).toEqual(before);
  });
});

describe.each(DATABASE_KINDS)('seedDemoData without fixtures on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  it('seeds everything but the fixture scans, warns, and uses the given password', async () => {
    const warnings: string[] = [];
    const result = await seedDemoData(database.db, {
      fixturesDir: path.join(FIXTURES_DIR, 'does-not-exist'),
      password: 'correct horse battery',
      warn: (message) => warnings.push(message),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('does-not-exist');
    expect(result?.accounts.every((a) => a.password === 'correct horse battery')).toBe(true);
    const all = await counts(database.db);
    expect(all).toMatchObject({ organizations: 2, users: 4, projects: 5, sessions: 1, scans: 2 });
    expect(all.annotations).toBe(0);
    expect(all).toMatchObject({ vendors: 0, projectLayers: 0, vendorLayers: 0 });
    expect(warnings[0]).toContain('without map layers');
  });
});

/** Generated once for both databases: the packages are the same, only the database differs. */
const packageCache = mkdtempSync(path.join(tmpdir(), 'demo-packages-'));
afterAll(() => rmSync(packageCache, { recursive: true, force: true }));

/** `s3://<bucket>/<key>` → key. */
function keyOf(s3Url: string): string {
  return s3Url.replace(/^s3:\/\/[^/]+\//, '');
}

describe.each(DATABASE_KINDS)('demo packages on %s', (kind) => {
  let database: TestDatabase;
  let config: AppConfig;
  let storage: ObjectStorage;
  let dataDir: string;
  let queued: QueuedDemoPackage[];
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = mkdtempSync(path.join(tmpdir(), `demo-data-${kind}-`));
    config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    storage = createObjectStorage(config);
    await seedDemoData(database.db, { fixturesDir: FIXTURES_DIR, warn: (m) => warnings.push(m) });
    queued = await queueDemoPackages({
      db: database.db,
      config,
      storage,
      fixturesDir: FIXTURES_DIR,
      cacheDir: packageCache,
      warn: (m) => warnings.push(m),
    });
    await drainJobs(database.db, config);
    // Building and ingesting the packages takes about 15 s alone, minutes on a loaded runner.
  }, 300_000);
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores one package per file under the upload keys of the customer and ingests them all', async () => {
    expect(warnings).toEqual([]);
    const customer = await database.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Northwind Surveying')
      .executeTakeFirstOrThrow();
    const withImages = DEMO_PACKAGES.filter((plan) => plan.images).length;
    expect(queued).toHaveLength(DEMO_PACKAGES.length + withImages);
    for (const pkg of queued) {
      expect(pkg.queued).toBe(true);
      expect(pkg.key).toBe(
        `org-${customer.id}/project-none/packages/${pkg.sessionId}.${pkg.images ? 'luxiz' : 'luxlz'}`,
      );
      expect(await storage.head(pkg.key)).not.toBeNull();
    }
    const jobs = await jobRepository.list(database.db, 'ingest-package');
    expect(jobs.length).toBeGreaterThanOrEqual(queued.length);
    expect(jobs.every((job) => job.status === 'done')).toBe(true);
    const logs = await database.db
      .selectFrom('activityLogs')
      .innerJoin('users', 'users.id', 'activityLogs.userId')
      .select(['activityLogs.referenceKey', 'activityLogs.status', 'users.username'])
      .where('activityType', '=', 'PackageIngest')
      .where('activityLogs.status', '=', 'Completed')
      .execute();
    expect(new Set(logs.map((log) => log.referenceKey))).toEqual(
      new Set(queued.map((pkg) => pkg.key)),
    );
    expect(new Set(logs.map((log) => log.username))).toEqual(new Set(['ppower']));
  });

  it('files the demo scans under the Paris Test Drive project with their stored point clouds', async () => {
    const scanIds = queued.flatMap((pkg) => (pkg.images ? [] : pkg.scanIds));
    expect(scanIds).toHaveLength(DEMO_PACKAGES.reduce((n, plan) => n + plan.scans, 0));
    const scans = await database.db
      .selectFrom('scans')
      .innerJoin('projects', 'projects.id', 'scans.projectId')
      .innerJoin('artifacts', 'artifacts.scanId', 'scans.id')
      .select([
        'scans.id',
        'scans.simplePath',
        'projects.name as project',
        'artifacts.s3Url',
        'artifacts.size',
        'artifacts.status',
      ])
      .where('scans.id', 'in', scanIds)
      .where('artifacts.artifactType', '=', 'pointcloud')
      .execute();
    expect(scans.map((scan) => scan.id).sort()).toEqual([...scanIds].sort());
    for (const scan of scans) {
      expect(scan.project).toBe('Paris Test Drive');
      expect(scan.status).toBe('provisional');
      expect(scan.simplePath!.coordinates.length).toBeGreaterThanOrEqual(2);
      const stored = await storage.head(keyOf(scan.s3Url!));
      expect(stored?.size).toBe(Number(scan.size));
      expect(Number(scan.size)).toBeGreaterThan(100_000);
    }
  });

  it('attaches camera images, stored in the object store, to the scans of the image packages', async () => {
    for (const pkg of queued.filter((p) => p.images)) {
      for (const scanId of pkg.scanIds) {
        const images = await database.db
          .selectFrom('images')
          .selectAll()
          .where('scanId', '=', scanId)
          .orderBy('frame')
          .execute();
        expect(images).toHaveLength(pkg.plan.scanSeconds + 1);
        const first = images[0]!;
        for (const image of [first.centerImage, first.leftImage, first.rightImage]) {
          const stored = await storage.head(keyOf(image!.s3Url));
          expect(stored?.size).toBeGreaterThan(1000);
        }
      }
    }
    const without = queued.filter((p) => !p.plan.images);
    expect(without.length).toBeGreaterThan(0);
    const bare = await database.db
      .selectFrom('images')
      .select('id')
      .where(
        'scanId',
        'in',
        without.flatMap((p) => p.scanIds),
      )
      .execute();
    expect(bare).toEqual([]);
  });

  it('queues only what an interrupted call left stored but unqueued', async () => {
    const again = await queueDemoPackages({
      db: database.db,
      config,
      storage,
      fixturesDir: FIXTURES_DIR,
      cacheDir: packageCache,
    });
    expect(again.map((pkg) => pkg.key)).toEqual(queued.map((pkg) => pkg.key));
    expect(again.every((pkg) => !pkg.queued)).toBe(true);
    expect(await drainJobs(database.db, config)).toBe(0);

    // A start stopped between storing the last package and queueing it.
    const last = queued.at(-1)!;
    await withJobTables(database.db)
      .deleteFrom('jobs')
      .where('uniqueKey', 'like', `ingest-package:${last.key}@%`)
      .execute();
    const resumed = await queueDemoPackages({
      db: database.db,
      config,
      storage,
      fixturesDir: FIXTURES_DIR,
    });
    expect(resumed.filter((pkg) => pkg.queued).map((pkg) => pkg.key)).toEqual([last.key]);
    expect(await drainJobs(database.db, config)).toBeGreaterThanOrEqual(1);
  });

  it('warns and queues nothing without the fixtures', async () => {
    const messages: string[] = [];
    const none = await queueDemoPackages({
      db: database.db,
      config,
      storage,
      fixturesDir: path.join(FIXTURES_DIR, 'does-not-exist'),
      warn: (m) => messages.push(m),
    });
    expect(none).toEqual([]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('does-not-exist');
  });
});
