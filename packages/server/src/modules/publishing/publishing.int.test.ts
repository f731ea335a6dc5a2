/**
 * Publishing a real scan (PDAL's autzen-utm.las, Eugene, Oregon) to an S3-compatible bucket
 * (s3rver on loopback), with the transform checked point by point against PROJ's `cct`.
 *
 * The embedded store is not used as a target bucket: its HTTP routes answer only presigned
 * PUT/GET/HEAD URLs (no header-signed requests, no DELETE or LIST), so an S3 client such as the
 * publish job's cannot talk to it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  GEOID_GRID_INVALID,
  PORTAL_STORE_ENDPOINT,
  PUBLISH_FOLDER_INVALID,
  PUBLISH_NEEDS_PROJECTION,
} from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { drainJobs } from '../../../test/ingestion-test-kit.ts';
import {
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3TestServer,
} from '../../../test/s3-test-server.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { withJobTables } from '../../jobs/job-tables.ts';
import { readLasCrsRecords } from '../../lib/las/las-crs-records.ts';
import { readLasHeader } from '../../lib/las/las-header.ts';
import { openPointCloudFile } from '../../lib/las/las-reader.ts';
import { PROJINFO_MISSING_NOTE } from '../../lib/transform/crs-wkt.ts';
import { writeGtx } from '../../lib/transform/geoid-grid.ts';
import { helmertProjString, ITRF2008_TO_NAD83_CSRS } from '../../lib/transform/helmert.ts';
import { decimalYear, wgs84UtmProj4 } from '../../lib/transform/transform-pipeline.ts';
import { portalStorePrefix } from '../../storage/bucket-target.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import { objectKey } from '../../storage/object-key.ts';
import { createS3Client } from '../../storage/s3-connection.ts';
import { S3ObjectStorage } from '../../storage/s3-storage.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { publishedMessage, publishScanJob } from './publish-scan.job.ts';
import type { PublishManifest } from './publishing-rules.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
);
const CLOUD = path.join(FIXTURES, 'pointcloud/autzen-utm.las');
const OREGON_LAMBERT =
  '+proj=lcc +lat_1=43 +lat_2=45.5 +lat_0=41.75 +lon_0=-120.5 +x_0=400000 +y_0=0 +ellps=GRS80 +units=m +no_defs';
const CAPTURED = new Date('2024-07-02T12:00:00Z');
const TARGET_BUCKET = 'publish-target';
const haveProj = spawnSync('cct', ['--version']).error === undefined;
const haveProjinfo = spawnSync('projinfo', ['EPSG:4326']).error === undefined;

const dir = mkdtempSync(path.join(tmpdir(), 'publish-'));
const gtxPath = path.join(dir, 'oregon-test.gtx');
/** 21 × 21 nodes over 43.5–44.5°N, 123.8–122.55°W with a ripple, as in transform.int.test.ts. */
const oregonGrid = () => {
  const values = new Float32Array(21 * 21);
  for (let r = 0; r < 21; r++) {
    for (let c = 0; c < 21; c++) {
      values[r * 21 + c] =
        -22 + 0.8 * Math.sin(r / 4) - 0.5 * Math.cos(c / 3) + 0.01 * ((r * 7 + c * 13) % 11);
    }
  }
  return writeGtx({
    south: 43.5,
    west: -123.8,
    latStep: 0.05,
    lonStep: 0.0625,
    rows: 21,
    cols: 21,
    values,
  });
};
const japanGrid = () =>
  writeGtx({
    south: 35,
    west: 139,
    latStep: 0.5,
    lonStep: 0.5,
    rows: 3,
    cols: 3,
    values: new Float32Array(9).fill(36),
  });

beforeAll(() => writeFileSync(gtxPath, oregonGrid()));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PUBLISH = `mutation($p:ID!,$b:ID!,$f:String!,$i:Boolean!,$t:Boolean!,$s:[PublishScanInput!]!){
  publishScans(projectId:$p,bucketId:$b,targetFolder:$f,includeImages:$i,transform:$t,scans:$s){ submitted } }`;
const REGISTER =
  'mutation($f:String!){ registerGeoidGrid(filename:$f){ name format west south east north } }';
const UPLOAD_URL =
  'mutation($f:String!, $s:Float = 1){ getGeoidGridUploadSignedURL(filename:$f, size:$s){ s3Uri uploadUrl } }';

describe.each(DATABASE_KINDS)('publishing scans on %s', (kind) => {
  let api: TestApi;
  let db: Db;
  let storage: ObjectStorage;
  let s3: S3TestServer;
  let target: S3ObjectStorage;
  let admin: UserRow;
  let powerUser: UserRow;
  let standard: UserRow;
  let org: { id: number };
  let otherOrg: { id: number };
  let projectId: number;
  let projectName: string;
  let bucketId: number;
  let scanId: string;

  const put = (key: string, bytes: Uint8Array) =>
    storage.putStream(key, Readable.from([Buffer.from(bytes)]), { size: bytes.length });
  const bucket = async (
    organizationId: number,
    accessKeyId: string = S3_TEST_CREDENTIALS.accessKeyId,
  ) =>
    (
      await db
        .insertInto('buckets')
        .values({
          organizationId,
          name: `Target ${Math.random().toString(36).slice(2, 8)}`,
          endpoint: s3.endpoint,
          region: 'us-east-1',
          bucket: TARGET_BUCKET,
          prefix: 'exports/',
          forcePathStyle: true,
          accessKeyId,
          secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of target.list(prefix)) keys.push(object.key.slice(prefix.length));
    return keys.sort();
  };
  const read = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await target.getStream(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const publishLog = () =>
    db
      .selectFrom('activityLogs')
      .selectAll()
      .where('activityType', '=', 'ScanPublishing')
      .where('referenceKey', '=', `org-${org.id}/publish-${scanId}`)
      .executeTakeFirstOrThrow();
  const publish = async (variables: Record<string, unknown>, user: UserRow = powerUser) => {
    const result = await api.graphql(user, PUBLISH, {
      p: projectId,
      b: bucketId,
      f: 'deliveries/2024',
      i: true,
      t: true,
      s: [{ scanId }],
      ...variables,
    });
    return result;
  };
  const run = () => drainJobs(db, api.config, 'publish-worker', [publishScanJob]);
  const scanPrefix = (folder: string) => `exports/${projectName}/${folder}/${scanId}/`;

  beforeAll(async () => {
    api = await startTestApi(kind);
    db = api.database.db;
    storage = createObjectStorage(api.config);
    s3 = await startS3TestServer([TARGET_BUCKET]);
    target = new S3ObjectStorage(
      createS3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: TARGET_BUCKET,
        forcePathStyle: true,
        ...S3_TEST_CREDENTIALS,
      }),
      TARGET_BUCKET,
    );
    org = await factories.organization(db);
    otherOrg = await factories.organization(db);
    admin = await factories.user(db, org.id, 'Admin');
    powerUser = await factories.user(db, org.id, 'Power User');
    standard = await factories.user(db, org.id, 'Standard');
    const project = await factories.project(db, org.id);
    projectId = project.id;
    projectName = project.name;
    await db
      .updateTable('projects')
      .set({
        projection: OREGON_LAMBERT,
        helmertParameters: JSON.stringify(ITRF2008_TO_NAD83_CSRS),
        geoidGridFile: 'oregon-test.gtx',
      })
      .where('id', '=', projectId)
      .execute();
    await put('geoid/oregon-test.gtx', readFileSync(gtxPath));
    await put('geoid/japan-test.gtx', japanGrid());
    bucketId = await bucket(org.id);

    scanId = `SC${Math.random().toString(36).slice(2, 10)}`;
    const key = (kind_: string, name: string) =>
      objectKey({ organizationId: org.id, projectId, kind: kind_, name });
    const cloudKey = key('scans', `${scanId}/pointcloud.las`);
    await put(cloudKey, readFileSync(CLOUD));
    const imageKey = key('images', `${scanId}/images/center/000001.jpg`);
    await put(imageKey, Buffer.from('jpeg bytes'));
    await db
      .insertInto('scans')
      .values({
        id: scanId,
        organizationId: org.id,
        projectId,
        capturedTimestamp: CAPTURED,
        metadata: JSON.stringify({ crs: 'EPSG:32610' }),
        simplePath: JSON.stringify({
          type: 'LineString',
          coordinates: [
            [-123.07, 44.05],
            [-123.06, 44.06],
          ],
        }),
      })
      .execute();
    await db
      .insertInto('artifacts')
      .values({
        scanId,
        artifactType: 'pointcloud',
        name: 'unclassified',
        s3Url: `s3://portal/${cloudKey}`,
      })
      .execute();
    await db
      .insertInto('images')
      .values({
        scanId,
        frame: 1,
        lat: 44.05,
        lon: -123.07,
        centerImage: JSON.stringify({ s3Url: `s3://portal/${imageKey}`, jpegRotation: 0 }),
      })
      .execute();
  }, 60_000);
  afterAll(async () => {
    await s3?.close();
    await api?.close();
  });

  it('publishes the transformed cloud, trajectory, images and the manifest last', async () => {
    const result = await publish({});
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ publishScans: { submitted: 1 } });
    expect((await publishLog()).status).toBe('Submitted');
    await run();
    const log = await publishLog();
    const targetRow = await db
      .selectFrom('buckets')
      .select(['name', 'bucket'])
      .where('id', '=', bucketId)
      .executeTakeFirstOrThrow();
    expect(log.message, log.message ?? '').toBe(
      publishedMessage(
        scanId,
        `${targetRow.name} (${TARGET_BUCKET})`,
        scanPrefix('deliveries/2024'),
        haveProjinfo ? null : PROJINFO_MISSING_NOTE,
      ),
    );
    // The bucket by its name and address, then the path in it.
    expect(log.message).toMatch(
      new RegExp(
        `^Published scan ${scanId} to bucket Target \\w+ \\(${TARGET_BUCKET}\\): exports/`,
      ),
    );
    expect(log.status).toBe('Completed');
    expect(log.payload).toMatchObject({ includeImages: true, transform: true });

    const prefix = scanPrefix('deliveries/2024');
    expect(await keysUnder(prefix)).toEqual([
      'images/center/000001.jpg',
      'manifest.json',
      'pointcloud.las',
      'trajectory.csv',
    ]);
    // The metrics count every object written, manifest.json included, and their bytes.
    let written = 0;
    for (const key of await keysUnder(prefix)) written += (await read(`${prefix}${key}`)).length;
    expect(log.metrics).toMatchObject({ files: 4, fileSize: written, points: 1065 });
    const manifest = JSON.parse(
      (await read(`${prefix}manifest.json`)).toString(),
    ) as PublishManifest;
    expect(manifest).toMatchObject({
      scanId,
      sessionId: null,
      project: { id: projectId, name: projectName },
      folder: 'deliveries/2024',
      source: { version: 'unclassified', pointCount: 1065 },
      includeImages: true,
      transform: {
        sourceCrs: '+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs',
        projection: OREGON_LAMBERT,
        helmert: { ...ITRF2008_TO_NAD83_CSRS, convention: 'position_vector' },
        geoidGrid: 'oregon-test.gtx',
        heights: 'orthometric',
      },
    });
    expect(manifest.transform!.epoch).toBeCloseTo(decimalYear(CAPTURED), 9);
    expect(manifest.files.map((f) => f.name)).toEqual([
      'pointcloud.las',
      'trajectory.csv',
      'images/center/000001.jpg',
    ]);
    for (const file of manifest.files) {
      expect((await target.head(file.key))!.size).toBe(file.size);
    }
    expect((await read(`${prefix}trajectory.csv`)).toString()).toBe(
      'longitude,latitude\n-123.07,44.05\n-123.06,44.06\n',
    );
  });

  it.skipIf(!haveProj && !process.env.CI)(
    'writes coordinates that agree with PROJ (cct) within 1 mm',
    async () => {
      const local = path.join(dir, `${kind}-published.las`);
      writeFileSync(local, await read(`${scanPrefix('deliveries/2024')}pointcloud.las`));
      const points = async (file: string) => {
        const cloud = await openPointCloudFile(file);
        const { scale: s, offset: o } = cloud.header;
        const out: [number, number, number][] = [];
        for await (const c of cloud.chunks()) {
          for (let i = 0; i < c.count; i++) {
            out.push([c.x[i]! * s.x + o.x, c.y[i]! * s.y + o.y, c.z[i]! * s.z + o.z]);
          }
        }
        return out;
      };
      const original = await points(CLOUD);
      const published = await points(local);
      expect(published).toHaveLength(original.length);
      const sample = original.map((p, i) => ({ p, i })).filter(({ i }) => i % 25 === 0);
      const pipeline = [
        '+proj=pipeline',
        `+step +inv ${wgs84UtmProj4('10N')}`,
        '+step +proj=cart +ellps=WGS84',
        `+step ${helmertProjString(ITRF2008_TO_NAD83_CSRS)}`,
        '+step +inv +proj=cart +ellps=GRS80',
        `+step +proj=vgridshift +grids=${gtxPath}`,
        `+step ${OREGON_LAMBERT}`,
      ].join(' ');
      const epoch = decimalYear(CAPTURED);
      const cct = spawnSync('cct', ['-d', '6', ...pipeline.split(' ')], {
        input: `${sample.map(({ p }) => [...p, epoch].join(' ')).join('\n')}\n`,
        encoding: 'utf8',
      });
      expect(cct.status, cct.stderr).toBe(0);
      const proj = cct.stdout
        .trim()
        .split('\n')
        .map((l) => l.trim().split(/\s+/).map(Number));
      let max = 0;
      sample.forEach(({ i }, k) => {
        for (let axis = 0; axis < 3; axis++) {
          const deviation = Math.abs(published[i]![axis]! - proj[k]![axis]!);
          if (!(deviation <= max)) max = deviation;
        }
      });
      console.info(`published LAS vs cct: max deviation ${(max * 1000).toFixed(4)} mm`);
      expect(max).toBeLessThan(0.001);
    },
  );

  it.skipIf(!haveProjinfo && !process.env.CI)(
    "names the project's projection in the LAS as PROJ's WKT, which PROJ reads back",
    async () => {
      const prefix = scanPrefix('deliveries/2024');
      const local = path.join(dir, `${kind}-crs.las`);
      writeFileSync(local, await read(`${prefix}pointcloud.las`));
      const handle = await open(local, 'r');
      const records = await readLasCrsRecords(handle, await readLasHeader(handle)).finally(() =>
        handle.close(),
      );
      // Lambert over Oregon is no code the portal knows: the WKT alone names it.
      expect(records).toMatchObject({ geoKeys: null, wktPreferred: false });
      expect(records.wkt).toMatch(/^PROJCS\[.*"Lambert_Conformal_Conic_2SP"/);
      const manifest = JSON.parse(
        (await read(`${prefix}manifest.json`)).toString(),
      ) as PublishManifest;
      expect(manifest.transform!.lasCrs).toEqual({ epsg: null, wkt: records.wkt, note: null });
      const back = spawnSync('projinfo', ['-o', 'PROJ', '-q', records.wkt!], { encoding: 'utf8' });
      expect(back.status, back.stderr).toBe(0);
      const parameters = (text: string) =>
        text
          .trim()
          .split(/\s+/)
          .filter((p) => !['+no_defs', '+type=crs'].includes(p))
          .sort();
      expect(parameters(back.stdout)).toEqual(parameters(OREGON_LAMBERT));
    },
  );

  it('publishes without a CRS record when PROJ is missing, and says why', async () => {
    const previous = process.env.PROJINFO_PATH;
    process.env.PROJINFO_PATH = path.join(dir, 'no-such-projinfo');
    try {
      await publish({ f: 'without-proj', i: false });
      await run();
    } finally {
      if (previous === undefined) delete process.env.PROJINFO_PATH;
      else process.env.PROJINFO_PATH = previous;
    }
    const prefix = scanPrefix('without-proj');
    const log = await publishLog();
    expect(log.status).toBe('Completed');
    expect(log.message).toMatch(
      new RegExp(`^Published scan ${scanId} to bucket Target \\w+ \\(${TARGET_BUCKET}\\): `),
    );
    expect(log.message).toContain(`: ${prefix}. Note: ${PROJINFO_MISSING_NOTE}.`);
    const manifest = JSON.parse(
      (await read(`${prefix}manifest.json`)).toString(),
    ) as PublishManifest;
    expect(manifest.transform!.lasCrs).toEqual({
      epsg: null,
      wkt: null,
      note: PROJINFO_MISSING_NOTE,
    });
    const local = path.join(dir, `${kind}-no-crs.las`);
    writeFileSync(local, await read(`${prefix}pointcloud.las`));
    const handle = await open(local, 'r');
    const records = await readLasCrsRecords(handle, await readLasHeader(handle)).finally(() =>
      handle.close(),
    );
    expect(records).toEqual({ geoKeys: null, geoAscii: null, wkt: null, wktPreferred: false });
  });

  it('overwrites the same keys when published again', async () => {
    const prefix = scanPrefix('deliveries/2024');
    const before = await read(`${prefix}pointcloud.las`);
    await publish({});
    await run();
    expect((await publishLog()).status).toBe('Completed');
    expect(await keysUnder(prefix)).toEqual([
      'images/center/000001.jpg',
      'manifest.json',
      'pointcloud.las',
      'trajectory.csv',
    ]);
    expect((await read(`${prefix}pointcloud.las`)).equals(before)).toBe(true);
  });

  it('tells which scans a folder of the bucket already holds, before they are published again', async () => {
    const ask = async (variables: Record<string, unknown>, user: UserRow = powerUser) =>
      api.graphql<{ publishedScans: string[] }>(
        user,
        `query($p: ID!, $b: ID!, $f: String!, $s: [ID!]!) {
          publishedScans(projectId: $p, bucketId: $b, targetFolder: $f, scanIds: $s) }`,
        { p: projectId, b: bucketId, f: 'deliveries/2024', s: [scanId], ...variables },
      );
    // Published there by the tests above; a new folder holds nothing yet.
    expect((await ask({})).data?.publishedScans).toEqual([scanId]);
    expect((await ask({ f: ' deliveries/2024/ ' })).data?.publishedScans).toEqual([scanId]);
    expect((await ask({ f: 'never-used' })).data?.publishedScans).toEqual([]);
    // A forged scan id is simply not there; another organization's bucket or a bad folder is refused.
    expect((await ask({ s: ['SC-forged', scanId] })).data?.publishedScans).toEqual([scanId]);
    expect((await ask({ b: await bucket(otherOrg.id) })).errors?.[0]?.message).toBe('Not found');
    expect((await ask({ f: '../x' })).errors?.[0]?.message).toBe(PUBLISH_FOLDER_INVALID);
    expect((await ask({}, standard)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // A bucket that cannot be reached answers none: the check only warns.
    const unreachable = await bucket(org.id, 'WRONGKEY');
    expect((await ask({ b: unreachable })).data?.publishedScans).toEqual([]);
  });

  it('copies the cloud unchanged without transform and images only when asked', async () => {
    await publish({ f: 'raw', t: false, i: false });
    await run();
    const prefix = scanPrefix('raw');
    expect(await keysUnder(prefix)).toEqual(['manifest.json', 'pointcloud.las', 'trajectory.csv']);
    expect((await read(`${prefix}pointcloud.las`)).equals(readFileSync(CLOUD))).toBe(true);
    const manifest = JSON.parse(
      (await read(`${prefix}manifest.json`)).toString(),
    ) as PublishManifest;
    expect(manifest.transform).toBeNull();
  });

  it('publishes the trajectory a corrected version was made with, also through a pipeline version', async () => {
    const key = (name: string) =>
      objectKey({ organizationId: org.id, projectId, kind: 'scans', name: `${scanId}/${name}` });
    const packageCsv = 'time,latitude,longitude,altitude\n1,44.05,-123.07,100.0\n';
    const correctedCsv = 'time,latitude,longitude,altitude\n1,44.05,-123.07,99.7\n';
    await put(key('trajectory.csv'), Buffer.from(packageCsv));
    await put(key('ppk-run-1/trajectory.csv'), Buffer.from(correctedCsv));
    const source = await db
      .selectFrom('artifacts')
      .select(['id', 's3Url'])
      .where('scanId', '=', scanId)
      .where('name', '=', 'unclassified')
      .executeTakeFirstOrThrow();
    const version = (name: string, parameters: Record<string, unknown>) =>
      db
        .insertInto('artifacts')
        .values({
          scanId,
          artifactType: 'pointcloud',
          name,
          s3Url: source.s3Url,
          parameters: JSON.stringify(parameters),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const metadata = {
      crs: 'EPSG:32610',
      trajectory_s3_url: `s3://portal/${key('trajectory.csv')}`,
    };
    await db
      .updateTable('scans')
      .set({ metadata: JSON.stringify(metadata) })
      .where('id', '=', scanId)
      .execute();
    const corrected = await version('ppk-run-1', {
      source_artifact_id: source.id,
      trajectory_s3_url: `s3://portal/${key('ppk-run-1/trajectory.csv')}`,
    });
    const publishedAs = async (defaultVersion: string, folder: string) => {
      await db.updateTable('scans').set({ defaultVersion }).where('id', '=', scanId).execute();
      await publish({ f: folder, t: false, i: false });
      await run();
      expect((await publishLog()).status).toBe('Completed');
      const manifest = JSON.parse(
        (await read(`${scanPrefix(folder)}manifest.json`)).toString(),
      ) as PublishManifest;
      return {
        version: manifest.source.version,
        trajectory: (await read(`${scanPrefix(folder)}trajectory.csv`)).toString(),
      };
    };
    try {
      expect(await publishedAs('unclassified', 'as-delivered')).toEqual({
        version: 'unclassified',
        trajectory: packageCsv,
      });
      expect(await publishedAs('ppk-run-1', 'corrected')).toEqual({
        version: 'ppk-run-1',
        trajectory: correctedCsv,
      });
      // A pipeline run over the corrected version keeps its correction.
      await version('ground', { source_artifact_id: corrected.id, pipeline: 'Ground' });
      expect(await publishedAs('ground', 'derived')).toEqual({
        version: 'ground',
        trajectory: correctedCsv,
      });
    } finally {
      await db
        .deleteFrom('artifacts')
        .where('scanId', '=', scanId)
        .where('name', 'in', ['ppk-run-1', 'ground'])
        .execute();
      await db
        .updateTable('scans')
        .set({ defaultVersion: null, metadata: JSON.stringify({ crs: 'EPSG:32610' }) })
        .where('id', '=', scanId)
        .execute();
    }
  });

  it("publishes into the portal's own store for a bucket whose endpoint is portal", async () => {
    const portalBucketId = (
      await db
        .insertInto('buckets')
        .values({
          organizationId: org.id,
          name: 'Kept in the portal',
          endpoint: PORTAL_STORE_ENDPOINT,
          region: 'us-east-1',
          bucket: 'portal-deliveries',
          prefix: 'exports/',
          forcePathStyle: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await publish({ b: portalBucketId, f: 'local', t: false, i: false });
    await run();
    expect((await publishLog()).status).toBe('Completed');
    const prefix = `${portalStorePrefix('portal-deliveries')}${scanPrefix('local')}`;
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key.slice(prefix.length));
    expect(keys.sort()).toEqual(['manifest.json', 'pointcloud.las', 'trajectory.csv']);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getStream(`${prefix}pointcloud.las`)) {
      chunks.push(chunk as Buffer);
    }
    expect(Buffer.concat(chunks).equals(readFileSync(CLOUD))).toBe(true);
  });

  it('fails with the reason and no manifest on wrong credentials', async () => {
    const wrong = await bucket(org.id, 'NOT-A-KEY');
    await publish({ b: wrong, f: 'denied' });
    await run();
    const log = await publishLog();
    expect(log.status).toBe('Failed');
    expect(log.message).toMatch(
      new RegExp(
        `^Publishing scan ${scanId} failed: Bucket .*: removing the old manifest.json failed: `,
      ),
    );
    expect(await keysUnder(scanPrefix('denied'))).toEqual([]);
  });

  it('fails clearly when the geoid grid does not cover the scan, and removes the old manifest', async () => {
    await db
      .updateTable('projects')
      .set({ geoidGridFile: 'japan-test.gtx' })
      .where('id', '=', projectId)
      .execute();
    try {
      await publish({});
      await run();
      const log = await publishLog();
      expect(log.status).toBe('Failed');
      expect(log.message).toContain(
        `Scan ${scanId} lies outside the geoid grid: The geoid grid japan-test.gtx does not cover latitude 44.`,
      );
      const keys = await keysUnder(scanPrefix('deliveries/2024'));
      expect(keys).not.toContain('manifest.json');
    } finally {
      await db
        .updateTable('projects')
        .set({ geoidGridFile: 'oregon-test.gtx' })
        .where('id', '=', projectId)
        .execute();
    }
  });

  it('refuses bad input before queueing anything', async () => {
    const jobs = async () =>
      Number(
        (
          await withJobTables(db)
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await jobs();
    const message = async (variables: Record<string, unknown>, user?: UserRow) =>
      (await publish(variables, user)).errors?.[0]?.message;
    expect(await message({ f: '../escape' })).toBe(PUBLISH_FOLDER_INVALID);
    expect(await message({ f: '/abs/../x' })).toBe(PUBLISH_FOLDER_INVALID);
    expect(await message({ b: await bucket(otherOrg.id) })).toBe('Not found');
    expect(await message({ s: [{ scanId: 'SC-missing' }] })).toMatch(/not found/i);
    expect(await message({ s: [{ scanId, sessionId: 'S-other' }] })).toBe(
      `Scan ${scanId} is not in session S-other`,
    );
    expect(await message({}, standard)).toBeDefined();
    const bare = await factories.project(db, org.id);
    expect(await message({ p: bare.id })).toBe(PUBLISH_NEEDS_PROJECTION);
    // A scan without a cloud, and one whose default cloud lies in a customer's bucket (as the
    // demo's reference scans): refused with the good scan, which is not published either.
    const withoutCloud = `SC${Math.random().toString(36).slice(2, 10)}`;
    const referenced = `SC${Math.random().toString(36).slice(2, 10)}`;
    for (const id of [withoutCloud, referenced]) {
      await db
        .insertInto('scans')
        .values({ id, organizationId: org.id, projectId, capturedTimestamp: CAPTURED })
        .execute();
    }
    await db
      .insertInto('artifacts')
      .values({
        scanId: referenced,
        artifactType: 'pointcloud',
        name: 'unclassified',
        s3Url: `s3://customer-bucket/${referenced}/pointcloud.las`,
      })
      .execute();
    expect(await message({ s: [{ scanId }, { scanId: withoutCloud }] })).toBe(
      `Scan ${withoutCloud} has no stored point cloud to publish`,
    );
    expect(await message({ s: [{ scanId }, { scanId: referenced }] })).toBe(
      `Scan ${referenced} has no stored point cloud to publish`,
    );
    expect(await jobs()).toBe(before);
  });

  it('signs a geoid grid upload and registers only readable grids (Admin)', async () => {
    const signed = await api.graphql(admin, UPLOAD_URL, { f: 'new-grid.gtx' });
    expect(signed.errors).toBeUndefined();
    expect(signed.data).toMatchObject({
      getGeoidGridUploadSignedURL: { s3Uri: 's3://portal/geoid/new-grid.gtx' },
    });
    expect(
      (await api.graphql(admin, UPLOAD_URL, { f: 'bad name.gtx' })).errors?.[0]?.message,
    ).toMatch(/no spaces/);
    expect(
      (await api.graphql(powerUser, UPLOAD_URL, { f: 'x.gtx' })).errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');

    await put('geoid/new-grid.gtx', readFileSync(gtxPath));
    const registered = await api.graphql(admin, REGISTER, { f: 'new-grid.gtx' });
    expect(registered.errors).toBeUndefined();
    expect(registered.data).toEqual({
      registerGeoidGrid: {
        name: 'new-grid.gtx',
        format: 'GTX',
        west: -123.8,
        south: 43.5,
        east: -122.55,
        north: 44.5,
      },
    });

    await put('geoid/broken.tif', Buffer.from('II*\0garbage'));
    const broken = await api.graphql(admin, REGISTER, { f: 'broken.tif' });
    expect(broken.errors?.[0]?.message).toMatch(/^Invalid geoid grid: /);
    expect(await storage.head('geoid/broken.tif')).toBeNull();
    const files = await api.graphql(admin, '{ getGeoidGridFiles }');
    expect(files.data?.getGeoidGridFiles).toContain('new-grid.gtx');
    expect(files.data?.getGeoidGridFiles).not.toContain('broken.tif');
    expect(GEOID_GRID_INVALID('x')).toBe('Invalid geoid grid: x');
  });
});
