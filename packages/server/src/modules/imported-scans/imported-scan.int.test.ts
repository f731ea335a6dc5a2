import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import {
  IMPORTED_SCAN_CONTENT_TYPE,
  IMPORTED_SCAN_FAILED,
  IMPORTED_SCAN_NOT_LAS,
  IMPORTED_SCAN_SUBMITTED,
  importedScanFailureReason,
  VALUE_REQUIRED,
} from '@asset-portal/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { drainJobs } from '../../../test/ingestion-test-kit.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { utcToGpsSeconds } from '../../device-packages/gps-time.ts';
import { withJobTables } from '../../jobs/job-tables.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { encodedViewerPath } from '../scan-summary/viewer-path.ts';
import { IMPORT_NOT_OWN_UPLOAD, IMPORT_NOT_UPLOADED } from './imported-scan-rules.ts';
import {
  LAMBERT_CLOUD,
  NAD83_UTM_CLOUD,
  stripPoints,
  UTM_42N_CLOUD,
  writeTestLas,
} from './imported-scan-test-kit.ts';
import { processImportedScanJob } from './process-imported-scan.job.ts';

const FIELDS = `id friendlyName comment tags projectId project { id name } metadata capturedTimestamp
  trajectory sourceS3Url status processingStatus processingMessage
  artifacts { id artifactType name s3Url status parameters }`;
const CREATE = `mutation($n:String!,$c:String,$p:ID!,$m:JSON!,$t:DateTime){
  createImportedScan(friendlyName:$n, comment:$c, projectId:$p, metadata:$m, capturedTimestamp:$t){ ${FIELDS} } }`;
const SIGN = `query($id:ID!,$f:String!,$s:Float = 1){ getImportScanUploadSignedURL(importedScanId:$id, filename:$f, size:$s){ s3Uri uploadUrl } }`;
const MULTIPART = `query($id:ID!,$f:String!,$n:Int!,$s:Float = 1){ getImportScanUploadMultipartInfo(importedScanId:$id, filename:$f, numberOfParts:$n, size:$s){ s3Uri uploadId parts { partNumber signedUrl } } }`;
const COMPLETE = `mutation($id:ID!,$f:String!,$u:String!,$e:String!){ completeImportScanUploadMultipart(importedScanId:$id, filename:$f, uploadId:$u, eTags:$e) }`;
const PROCESS = `mutation($id:ID!,$s:String!,$d:Boolean!){ processImportedScan(importedScanId:$id, s3Url:$s, determineTrajectory:$d){ ${FIELDS} } }`;
const LIST = `query($p:ID!){ importedScansForProject(projectId:$p){ ${FIELDS} } }`;
const DELETE = `mutation($id:ID!){ deleteImportedScan(id:$id) }`;
const SUMMARY = `query($p:ID!){ scansSummary(projectId:$p){ id sessionId assignmentType length simplePath { type coordinates } defaultVersion artifacts { name status } } }`;

interface ImportedScanAnswer {
  id: string;
  friendlyName: string;
  projectId: string;
  project: { id: string; name: string };
  metadata: Record<string, unknown>;
  capturedTimestamp: string | null;
  trajectory: boolean;
  sourceS3Url: string | null;
  status: string;
  processingStatus: string | null;
  processingMessage: string | null;
  artifacts: { artifactType: string; name: string; s3Url: string; status: string }[];
}

const work = mkdtempSync(path.join(tmpdir(), 'imported-scan-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(DATABASE_KINDS)('imported scans on %s', (kind) => {
  let api: TestApi;
  let db: Db;
  let storage: ObjectStorage;
  let organizationId: number;
  let projectId: number;
  let power: UserRow;
  let standard: UserRow;
  let stranger: UserRow;

  const create = async (utm = '42N', user = power, name = 'Imported one') => {
    const result = await api.graphql<{ createImportedScan: ImportedScanAnswer }>(user, CREATE, {
      n: name,
      c: 'by hand',
      p: projectId,
      m: { utm },
    });
    expect(result.errors).toBeUndefined();
    return result.data!.createImportedScan;
  };

  /** Signs, then PUTs the bytes through the app's storage route, as the browser does. */
  const upload = async (scanId: string, filename: string, body: Buffer) => {
    const signed = await api.graphql<{
      getImportScanUploadSignedURL: { s3Uri: string; uploadUrl: string };
    }>(power, SIGN, { id: scanId, f: filename, s: body.length });
    expect(signed.errors).toBeUndefined();
    const { uploadUrl, s3Uri } = signed.data!.getImportScanUploadSignedURL;
    const url = new URL(uploadUrl);
    const put = await api.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': IMPORTED_SCAN_CONTENT_TYPE, host: url.host },
      payload: body,
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    return s3Uri;
  };

  const process_ = (scanId: string, s3Url: string, determineTrajectory = true, user = power) =>
    api.graphql<{ processImportedScan: ImportedScanAnswer }>(user, PROCESS, {
      id: scanId,
      s: s3Url,
      d: determineTrajectory,
    });

  const runImportJobs = () => drainJobs(db, api.config, 'test-worker', [processImportedScanJob]);

  const list = async () => {
    const result = await api.graphql<{ importedScansForProject: ImportedScanAnswer[] }>(
      power,
      LIST,
      { p: projectId },
    );
    expect(result.errors).toBeUndefined();
    return result.data!.importedScansForProject;
  };
  const find = async (id: string) => (await list()).find((scan) => scan.id === id)!;
  const scanRow = (id: string) =>
    db.selectFrom('scans').selectAll().where('id', '=', id).executeTakeFirst();
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key);
    return keys;
  };
  const folderOf = (scanId: string) =>
    `org-${organizationId}/project-${projectId}/imported/${scanId}/`;

  beforeAll(async () => {
    api = await startTestApi(kind);
    db = api.database.db;
    storage = createObjectStorage(api.config);
    const organization = await factories.organization(db);
    organizationId = organization.id;
    projectId = (await factories.project(db, organizationId)).id;
    power = await factories.user(db, organizationId, 'Power User');
    standard = await factories.user(db, organizationId, 'Standard');
    stranger = await factories.user(db, (await factories.organization(db)).id, 'Power User');
  });
  afterAll(async () => api?.close());

  it('creates, uploads and processes a WGS 84 / UTM 42N file into a viewable scan', async () => {
    const created = await create();
    expect(created.id).toMatch(/^imp-[0-9a-z]{22}$/);
    expect(created).toMatchObject({
      friendlyName: 'Imported one',
      projectId: String(projectId),
      metadata: { utm: '42N' },
      trajectory: true,
      sourceS3Url: null,
      status: 'Pending',
      artifacts: [],
    });

    const s3Uri = await upload(created.id, 'hexbin.las', readFileSync(UTM_42N_CLOUD));
    expect(s3Uri).toMatch(new RegExp(`/${folderOf(created.id)}source/hexbin\\.las$`));
    const submitted = await process_(created.id, s3Uri);
    expect(submitted.errors).toBeUndefined();
    expect(submitted.data!.processImportedScan).toMatchObject({
      sourceS3Url: s3Uri,
      processingStatus: 'Submitted',
      processingMessage: IMPORTED_SCAN_SUBMITTED,
    });
    expect(await runImportJobs()).toBe(1);

    const done = await find(created.id);
    expect(done.status).toBe('Completed');
    expect(done.processingStatus).toBe('Completed');
    expect(done.processingMessage).toContain('38,367 points');
    // Named as the user typed it, with its id.
    expect(done.processingMessage).toMatch(
      new RegExp(`^Processed imported scan 'Imported one' \\(${created.id}\\): 38,367 points`),
    );
    // hexbin-crop's GPS times are all 0: the path falls back to the footprint's centre line.
    expect(done.processingMessage).toMatch(/GPS times of the points do not vary/);
    expect(done.artifacts).toEqual([
      expect.objectContaining({
        artifactType: 'pointcloud',
        name: 'imported',
        status: 'final',
        s3Url: s3Uri,
      }),
    ]);
    const metadata = done.metadata as {
      utm: string;
      pointCount: number;
      crs: string;
      bounds: { min: number[]; max: number[] };
      footprint: { type: string; coordinates: number[][][] };
    };
    expect(metadata).toMatchObject({ utm: '42N', pointCount: 38_367, crs: 'EPSG:32642' });
    // UTM 42N, x ≈ 393,800–394,070 m, y ≈ 3,689,070–3,689,270 m: about 67.86° E, 33.34° N.
    expect(metadata.bounds.min[0]).toBeGreaterThan(67.8);
    expect(metadata.bounds.max[0]).toBeLessThan(67.9);
    expect(metadata.bounds.min[1]).toBeGreaterThan(33.3);
    expect(metadata.bounds.max[1]).toBeLessThan(33.4);
    expect(metadata.footprint.type).toBe('Polygon');
    expect(metadata.footprint.coordinates[0]!.length).toBeGreaterThanOrEqual(4);

    const row = await scanRow(created.id);
    expect(row).toMatchObject({ assignmentType: 'Imported', sessionId: null, deviceId: null });
    expect(row!.defaultVersion).toBe('imported');
    expect(row!.simplePath?.type).toBe('LineString');
    expect(row!.viewerPath).toBe(encodedViewerPath(row!.simplePath));
    // The centre line runs along the footprint: a few hundred metres, never more than its diagonal.
    expect(row!.length).toBeGreaterThan(150);
    expect(row!.length).toBeLessThan(360);

    // The viewer's list holds it, with no session.
    const summary = await api.graphql<{
      scansSummary: {
        id: string;
        sessionId: string | null;
        assignmentType: string;
        simplePath: { type: string; coordinates: number[][] } | null;
        artifacts: { name: string; status: string }[];
      }[];
    }>(standard, SUMMARY, { p: projectId });
    expect(summary.errors).toBeUndefined();
    const shown = summary.data!.scansSummary.find((scan) => scan.id === created.id);
    expect(shown).toMatchObject({
      sessionId: null,
      assignmentType: 'Imported',
      artifacts: [{ name: 'imported', status: 'final' }],
    });
    expect(shown!.simplePath!.coordinates.length).toBeGreaterThanOrEqual(2);

    // The level of detail is queued for the imported cloud, ahead of background work (the person
    // who imported it waits for it), and builds from its key.
    const lod = await withJobTables(db)
      .selectFrom('jobs')
      .select(['payload', 'status', 'lane'])
      .where('kind', '=', 'build-point-cloud-lod')
      .execute();
    const build = lod.find((job) => (job.payload as { scanId: string }).scanId === created.id);
    expect(build?.lane).toBe('interactive');
    await drainJobs(db, api.config);
    expect(await keysUnder(`${folderOf(created.id)}source/lod/`)).toHaveLength(3);
  }, 120_000);

  it('draws the path by GPS time and dates the scan from adjusted GPS time', async () => {
    const created = await create();
    const file = path.join(work, `strip-${kind}.las`);
    // 2 km east-north-east over 10 minutes, in adjusted standard GPS time (2024-05-01).
    const start = utcToGpsSeconds(new Date('2024-05-01T00:00:00Z')) - 1e9;
    await writeTestLas(file, {
      format: 1,
      epsg: 32642,
      adjustedGpsTime: true,
      points: stripPoints({
        x0: 400_000,
        y0: 3_700_000,
        length: 2000,
        width: 30,
        angleDegrees: 20,
        count: 30_000,
        startTime: start,
        seconds: 600,
      }),
    });
    const s3Uri = await upload(created.id, 'strip.las', readFileSync(file));
    expect((await process_(created.id, s3Uri)).errors).toBeUndefined();
    await runImportJobs();
    const row = await scanRow(created.id);
    expect(row!.length).toBeGreaterThan(1950);
    expect(row!.length).toBeLessThan(2050);
    const coordinates = row!.simplePath!.coordinates;
    expect(coordinates.length).toBeLessThanOrEqual(500);
    // Simplified: a straight strip needs few vertices.
    expect(coordinates.length).toBeLessThan(50);
    expect(row!.capturedTimestamp?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    const done = await find(created.id);
    expect(done.processingMessage).not.toMatch(/centre line/);
  }, 60_000);

  it('uses the centre line without GPS time and trusts the UTM without CRS records', async () => {
    const created = await create('42N');
    const file = path.join(work, `plain-${kind}.las`);
    await writeTestLas(file, {
      format: 0,
      points: stripPoints({
        x0: 400_000,
        y0: 3_700_000,
        length: 800,
        width: 20,
        angleDegrees: 90,
        count: 5000,
      }),
    });
    const s3Uri = await upload(created.id, 'plain.las', readFileSync(file));
    expect((await process_(created.id, s3Uri)).errors).toBeUndefined();
    await runImportJobs();
    const done = await find(created.id);
    expect(done.processingStatus).toBe('Completed');
    expect(done.processingMessage).toMatch(/no CRS records/);
    expect(done.processingMessage).toMatch(/have no GPS time: the path is the centre line/);
    const row = await scanRow(created.id);
    expect(row!.length).toBeGreaterThan(780);
    expect(row!.length).toBeLessThan(810);
  }, 60_000);

  it('places a NAD83 / UTM 10N file by its own CRS, in the viewer and its level of detail', async () => {
    const created = await create('10N');
    const s3Uri = await upload(created.id, 'autzen.las', readFileSync(NAD83_UTM_CLOUD));
    expect((await process_(created.id, s3Uri)).errors).toBeUndefined();
    expect(await runImportJobs()).toBe(1);
    const done = await find(created.id);
    expect(done.processingStatus).toBe('Completed');
    expect(done.processingMessage).toContain("The file's CRS is NAD83 / UTM zone 10N (EPSG:26910)");
    const metadata = done.metadata as { crs: string; bounds: { min: number[]; max: number[] } };
    expect(metadata.crs).toBe('EPSG:26910');
    // Around Autzen Stadium, Eugene, Oregon: 123.07° W, 44.06° N.
    expect(metadata.bounds.min[0]).toBeGreaterThan(-123.1);
    expect(metadata.bounds.max[0]).toBeLessThan(-123.0);
    expect(metadata.bounds.min[1]).toBeGreaterThan(44.0);
    expect(metadata.bounds.max[1]).toBeLessThan(44.1);
    const path_ = (await scanRow(created.id))!.simplePath!.coordinates;
    for (const [lon, lat] of path_) {
      expect(lon).toBeGreaterThan(-123.1);
      expect(lon).toBeLessThan(-123.0);
      expect(lat).toBeGreaterThan(44.0);
      expect(lat).toBeLessThan(44.1);
    }
    // The level of detail reads the scan's CRS: NAD83, for the 3D view and the profile.
    await drainJobs(db, api.config);
    const potree = JSON.parse(
      await text(await storage.getStream(`${folderOf(created.id)}source/lod/metadata.json`)),
    ) as { projection: string };
    expect(potree.projection).toBe('+proj=utm +zone=10 +datum=NAD83 +units=m +no_defs');
  }, 120_000);

  it('reprocesses into the one imported artifact; a failed reprocess keeps the scan as it was', async () => {
    const created = await create();
    const s3Uri = await upload(created.id, 'hexbin.las', readFileSync(UTM_42N_CLOUD));
    await process_(created.id, s3Uri);
    await runImportJobs();
    expect((await scanRow(created.id))!.simplePath).not.toBeNull();

    // Trajectory off: the same single artifact, and no path.
    const again = await process_(created.id, s3Uri, false);
    expect(again.data!.processImportedScan.trajectory).toBe(false);
    await runImportJobs();
    const row = await scanRow(created.id);
    expect(row!.simplePath).toBeNull();
    expect(row!.length).toBeNull();
    const processed = await find(created.id);
    expect(processed.artifacts.map((a) => a.name)).toEqual(['imported']);
    expect(processed.processingMessage).toMatch(/Trajectory determination is off/);

    // The file declared its zone: an edit to another one is refused and changes nothing.
    const unchanged = await scanRow(created.id);
    const edited = await api.graphql(
      power,
      'mutation($id:ID!){ updateScanHeader(id:$id, metadata:{ utm: "43N" }){ id } }',
      { id: created.id },
    );
    expect(edited.errors?.[0]?.message).toBe(
      "The file's CRS is WGS 84 / UTM zone 42N (EPSG:32642); the scan's UTM is 43N: set the scan's UTM to 42N, the zone of the file",
    );
    expect(await scanRow(created.id)).toEqual(unchanged);
    // A scan processed before the file's CRS was recorded as declared may hold another zone:
    // its run fails and changes nothing.
    await db
      .updateTable('scans')
      .set({ metadata: sql`(metadata - 'crsDeclared') || '{"utm":"43N"}'::jsonb` })
      .where('id', '=', created.id)
      .execute();
    const before = await scanRow(created.id);
    const artifactsBefore = await db
      .selectFrom('artifacts')
      .selectAll()
      .where('scanId', '=', created.id)
      .execute();
    await process_(created.id, s3Uri, true);
    await runImportJobs();
    const failed = await find(created.id);
    expect(failed.processingStatus).toBe('Failed');
    expect(failed.processingMessage).toMatch(
      /The file's CRS is WGS 84 \/ UTM zone 42N \(EPSG:32642\); the scan's UTM is 43N/,
    );
    expect(await scanRow(created.id)).toEqual(before);
    expect(
      await db.selectFrom('artifacts').selectAll().where('scanId', '=', created.id).execute(),
    ).toEqual(artifactsBefore);
  }, 60_000);

  it('fails a file in another CRS, or not LAS, and leaves the scan as it was', async () => {
    const cases: [string, Buffer, RegExp][] = [
      [
        '10N',
        readFileSync(LAMBERT_CLOUD),
        /The file's CRS is NAD_1983_HARN_Lambert_Conformal_Conic; the scan's UTM is 10N, and the file must be in a UTM CRS of that zone: reproject it to UTM zone 10N \(with PDAL or LAStools, for example\) and import it again/,
      ],
      [
        '11N',
        readFileSync(NAD83_UTM_CLOUD),
        /The file's CRS is NAD83 \/ UTM zone 10N \(EPSG:26910\); the scan's UTM is 11N/,
      ],
      ['42N', Buffer.from('this is not a point cloud at all'), /not a readable LAS file/],
      ['42N', readFileSync(UTM_42N_CLOUD).subarray(0, 50_000), /not a readable LAS file/],
    ];
    for (const [utm, body, reason] of cases) {
      const created = await create(utm);
      const before = await scanRow(created.id);
      const s3Uri = await upload(created.id, 'bad.las', body);
      expect((await process_(created.id, s3Uri)).errors).toBeUndefined();
      await runImportJobs();
      const failed = await find(created.id);
      expect(failed.processingStatus).toBe('Failed');
      expect(failed.processingMessage).toMatch(reason);
      expect(failed.artifacts).toEqual([]);
      expect(failed.status).toBe('Pending');
      const after = await scanRow(created.id);
      expect(after).toEqual(before);
    }
    const empty = await create();
    const file = path.join(work, `empty-${kind}.las`);
    await writeTestLas(file, { format: 0, points: [] });
    await process_(empty.id, await upload(empty.id, 'empty.las', readFileSync(file)));
    await runImportJobs();
    expect((await find(empty.id)).processingMessage).toMatch(/holds no points/);
  }, 60_000);

  it('processes a failed import again from its stored file once its zone is mended', async () => {
    const created = await create('11N');
    const s3Uri = await upload(created.id, 'nad83.las', readFileSync(NAD83_UTM_CLOUD));
    expect((await process_(created.id, s3Uri)).errors).toBeUndefined();
    await runImportJobs();
    const failed = await find(created.id);
    expect(failed.processingStatus).toBe('Failed');
    const reason = importedScanFailureReason(failed.processingMessage ?? '');
    expect(reason).toMatch(/^The file's CRS is NAD83 \/ UTM zone 10N \(EPSG:26910\)/);
    expect(failed.processingMessage).toBe(IMPORTED_SCAN_FAILED(created.id, reason));
    expect(failed.sourceS3Url).toBe(s3Uri);

    const mended = await api.graphql(
      power,
      `mutation($id:ID!, $m:JSON){ updateScanHeader(id:$id, metadata:$m){ id } }`,
      { id: created.id, m: { utm: '10N' } },
    );
    expect(mended.errors).toBeUndefined();
    expect((await process_(created.id, failed.sourceS3Url ?? '')).errors).toBeUndefined();
    await runImportJobs();
    const done = await find(created.id);
    expect(done.processingStatus).toBe('Completed');
    expect(done.status).toBe('Completed');
    expect(done.artifacts).toHaveLength(1);
  }, 60_000);

  it('refuses bad input and forged URLs, changing nothing', async () => {
    const created = await create();
    const message = async (result: Promise<{ errors?: { message: string }[] | undefined }>) =>
      (await result).errors?.[0]?.message;

    expect(await message(api.graphql(power, SIGN, { id: created.id, f: 'scan.laz' }))).toBe(
      IMPORTED_SCAN_NOT_LAS,
    );
    expect(await message(api.graphql(power, SIGN, { id: created.id, f: '../x.las' }))).toMatch(
      /file name may contain only/,
    );
    expect(
      await message(api.graphql(power, CREATE, { n: '  ', p: projectId, m: { utm: '42N' } })),
    ).toBe(VALUE_REQUIRED);
    expect(
      await message(api.graphql(power, CREATE, { n: 'x', p: projectId, m: { utm: '42' } })),
    ).toBe('required as XX followed by N or S');
    expect(await message(api.graphql(power, CREATE, { n: 'x', p: projectId, m: {} }))).toBe(
      VALUE_REQUIRED,
    );

    // Another organization's object, another scan's upload, and a path out of the folder.
    const other = await create();
    const otherUri = await upload(other.id, 'hexbin.las', readFileSync(UTM_42N_CLOUD));
    const bucket = otherUri.split('/')[2];
    for (const forged of [
      `s3://${bucket}/org-${organizationId + 1}/project-1/imported/${created.id}/source/a.las`,
      otherUri,
      `s3://${bucket}/${folderOf(created.id)}source/../../${other.id}/source/hexbin.las`,
      `s3://other-bucket/${folderOf(created.id)}source/a.las`,
    ]) {
      expect(await message(process_(created.id, forged))).toBe(IMPORT_NOT_OWN_UPLOAD);
    }
    expect(
      await message(process_(created.id, `s3://${bucket}/${folderOf(created.id)}source/a.las`)),
    ).toBe(IMPORT_NOT_UPLOADED('a.las'));
    const jobs = await withJobTables(db)
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'process-imported-scan')
      .execute();
    expect(jobs.some((job) => (job.payload as { scanId: string }).scanId === created.id)).toBe(
      false,
    );
    expect((await find(created.id)).sourceS3Url).toBeNull();
  });

  it('keeps a name and a valid UTM zone when an imported scan is edited', async () => {
    const created = await create();
    const EDIT = `mutation($id:ID!, $n:String, $m:JSON){
      updateScanHeader(id:$id, friendlyName:$n, metadata:$m){ id } }`;
    const edit = (variables: { n?: string | null; m?: Record<string, unknown> }) =>
      api.graphql(power, EDIT, { id: created.id, ...variables });
    const before = await scanRow(created.id);
    const refusals: [Parameters<typeof edit>[0], string][] = [
      [{ n: '  ' }, VALUE_REQUIRED],
      [{ n: null }, VALUE_REQUIRED],
      [{ m: { utm: '' } }, VALUE_REQUIRED],
      [{ m: { utm: '42' } }, 'required as XX followed by N or S'],
      [{ n: 'Renamed', m: { utm: 'XN' } }, 'required as XX followed by N or S'],
    ];
    for (const [variables, expected] of refusals) {
      expect((await edit(variables)).errors?.[0]?.message).toBe(expected);
    }
    expect(await scanRow(created.id)).toEqual(before);

    const saved = await edit({ n: ' Renamed ', m: { utm: ' 43s ' } });
    expect(saved.errors).toBeUndefined();
    const row = await scanRow(created.id);
    expect(row?.friendlyName).toBe('Renamed');
    expect((row?.metadata as { utm?: string } | undefined)?.utm).toBe('43S');
    // A comment alone leaves name and zone as they are.
    expect(
      (
        await api.graphql(
          power,
          `mutation($id:ID!){ updateScanHeader(id:$id, comment:"ok"){ id } }`,
          { id: created.id },
        )
      ).errors,
    ).toBeUndefined();
    expect((await scanRow(created.id))?.friendlyName).toBe('Renamed');
  });

  it('answers Standard users Forbidden and other organizations Not found', async () => {
    const created = await create();
    const forbidden = await api.graphql(standard, SIGN, { id: created.id, f: 'a.las' });
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(
      (await api.graphql(standard, CREATE, { n: 'x', p: projectId, m: { utm: '42N' } })).errors?.[0]
        ?.extensions?.code,
    ).toBe('FORBIDDEN');
    for (const [document, variables] of [
      [SIGN, { id: created.id, f: 'a.las' }],
      [DELETE, { id: created.id }],
      [CREATE, { n: 'x', p: projectId, m: { utm: '42N' } }],
      [LIST, { p: projectId }],
    ] as const) {
      expect((await api.graphql(stranger, document, variables)).errors?.[0]?.message).toBe(
        'Not found',
      );
    }
    // Standard users still see the list.
    const listed = await api.graphql<{ importedScansForProject: { id: string }[] }>(
      standard,
      LIST,
      { p: projectId },
    );
    expect(listed.data!.importedScansForProject.some((scan) => scan.id === created.id)).toBe(true);
  });

  it('uploads in parts and completes the upload', async () => {
    const created = await create();
    const body = readFileSync(UTM_42N_CLOUD);
    const info = await api.graphql<{
      getImportScanUploadMultipartInfo: {
        s3Uri: string;
        uploadId: string;
        parts: { partNumber: number; signedUrl: string }[];
      };
    }>(power, MULTIPART, { id: created.id, f: 'parts.las', n: 1, s: body.length });
    expect(info.errors).toBeUndefined();
    const { s3Uri, uploadId, parts } = info.data!.getImportScanUploadMultipartInfo;
    expect(parts.map((part) => part.partNumber)).toEqual([1]);
    const url = new URL(parts[0]!.signedUrl);
    const put = await api.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host },
      payload: body,
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const eTag = put.headers.etag ?? `"${createHash('md5').update(body).digest('hex')}"`;
    const completed = await api.graphql(power, COMPLETE, {
      id: created.id,
      f: 'parts.las',
      u: uploadId,
      e: String(eTag),
    });
    expect(completed.errors).toBeUndefined();
    const key = s3Uri.split('/').slice(3).join('/');
    expect((await storage.head(key))?.size).toBe(body.length);
    expect(
      (await api.graphql(power, MULTIPART, { id: created.id, f: 'parts.las', n: 0 })).errors?.[0]
        ?.message,
    ).toMatch(/numberOfParts must be/);
  });

  it('deletes the scan with its uploaded file and level of detail', async () => {
    const created = await create();
    const s3Uri = await upload(created.id, 'hexbin.las', readFileSync(UTM_42N_CLOUD));
    await process_(created.id, s3Uri);
    await drainJobs(db, api.config);
    expect((await keysUnder(folderOf(created.id))).length).toBeGreaterThanOrEqual(4);

    const deleted = await api.graphql<{ deleteImportedScan: boolean }>(power, DELETE, {
      id: created.id,
    });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data!.deleteImportedScan).toBe(true);
    expect(await keysUnder(folderOf(created.id))).toEqual([]);
    expect(await scanRow(created.id)).toBeUndefined();
    expect(
      await db
        .selectFrom('importedScans')
        .select('scanId')
        .where('scanId', '=', created.id)
        .execute(),
    ).toEqual([]);
    expect((await api.graphql(power, DELETE, { id: created.id })).errors?.[0]?.message).toBe(
      'Not found',
    );
  }, 120_000);
});
