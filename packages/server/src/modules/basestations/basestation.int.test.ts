import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { SAME_RECEIVER } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { drainJobs, tamperPackage } from '../../../test/ingestion-test-kit.ts';
import type { UserRow } from '../../db/schema.ts';
import { jobRepository } from '../../jobs/job.repository.ts';
import { ecefToGeodetic } from '../../lib/geodesy/geodesy.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { basestationRepository } from './basestation.repository.ts';
import { BASESTATION_IN_USE, matchSessionToBasestations } from './basestation.service.ts';
import {
  basestationEcef,
  basestationFilesPrefix,
  basestationRinexObjects,
  basestationZipKey,
} from './basestation-storage.ts';
import { enqueueBasestationProcessing } from './process-basestation.job.ts';

const GNSS = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'gnss',
);
const fixture = (name: string) => readFileSync(path.join(GNSS, name));
const dir = mkdtempSync(path.join(tmpdir(), 'basestations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A zip of the entries, as the surveyor's computer would make it. */
async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const BASE_3040 = () =>
  zipOf({
    '3040/30400920.05o': fixture('30400920.05o'),
    '3040/30400920.05n': fixture('30400920.05n'),
  });
// Rover 0759 sits about 3.34 km from base 3040 (great circle on the mean radius).
const ROVER = ecefToGeodetic({ x: -3976219.5082, y: 3382372.5671, z: 3652512.9849 });
const BASE = ecefToGeodetic({ x: -3978242.4348, y: 3382841.1715, z: 3649902.7667 });

const FIELDS = `id projectId filename s3Url status statusMessage markerName point { type coordinates }
  height antennaHeight interval rinexVersion startTimestamp endTimestamp created
  files { name kind rinexVersion size } trajectoryProcessingRuns { id status basestationIds }`;
const SIGNED_URL =
  'query($f:String!, $s:Float = 1, $p:ID){ getBasestationUploadSignedURL(filename:$f, size:$s, projectId:$p){ s3Uri uploadUrl } }';
const REGISTER = `mutation($p:ID!,$f:String!){ registerUploadedBasestationFile(projectId:$p, filename:$f){ ${FIELDS} } }`;
const GET = `query($id:ID!){ basestation(id:$id){ ${FIELDS} } }`;
const FOR_PROJECT = `query($p:ID!){ basestationsForProject(projectId:$p){ ${FIELDS} } }`;
const DELETE = 'mutation($id:ID!){ deleteBasestation(id:$id) }';
const POTENTIAL = `query($s:String!){ potentialBasestations(sessionId:$s){
  basestation { id } session { sessionId projectId timestamps scanCount startPoint endPoint }
  distance recommended ownReceiver } }`;
const MATCHED =
  'query($s:String!){ matchedBasestations(sessionId:$s){ id } matchedBasestationsForSessionId(sessionId:$s){ id } }';
const TIME_MATCHED =
  'query($id:ID!){ timeMatchedSessionsForBasestation(basestationId:$id){ sessionId scanCount status } }';

interface BasestationAnswer {
  id: string;
  status: string;
  statusMessage: string | null;
  point: { type: string; coordinates: number[] } | null;
  [field: string]: unknown;
}

describe.each(DATABASE_KINDS)('base stations on %s', (kind) => {
  let api: TestApi;
  let storage: ObjectStorage;
  let orgA: { id: number };
  let power: UserRow;
  let standard: UserRow;
  let foreignPower: UserRow;
  let projectA: { id: number };
  let projectB: { id: number };
  const near = 'S-0759-near';
  const far = 'S-far-away';
  const later = 'S-later';
  const foreignSession = 'S-foreign';

  beforeAll(async () => {
    api = await startTestApi(kind);
    storage = createObjectStorage(api.config);
    const db = api.database.db;
    orgA = await factories.organization(db);
    const orgB = await factories.organization(db);
    power = await factories.user(db, orgA.id, 'Power User');
    standard = await factories.user(db, orgA.id, 'Standard');
    foreignPower = await factories.user(db, orgB.id, 'Power User');
    projectA = await factories.project(db, orgA.id);
    projectB = await factories.project(db, orgB.id);
    const session = async (
      organizationId: number,
      projectId: number,
      id: string,
      start: string,
      end: string,
      paths: number[][][],
    ) => {
      await scanFactories.session(db, organizationId, {
        id,
        projectId,
        capturedTimestamp: new Date(start),
        endCapturedTimestamp: new Date(end),
      });
      for (const [i, coordinates] of paths.entries()) {
        const scan = await scanFactories.scan(db, organizationId, {
          projectId,
          sessionId: id,
          capturedTimestamp: new Date(new Date(start).getTime() + i * 60_000),
        });
        await db
          .updateTable('scans')
          .set({ simplePath: JSON.stringify({ type: 'LineString', coordinates }) })
          .where('id', '=', scan.id)
          .execute();
      }
    };
    const rover = [ROVER.longitude, ROVER.latitude];
    const roverEast = [ROVER.longitude + 0.001, ROVER.latitude];
    // Rover 0759's place and time (UTC = GPST − 13 s in 2005).
    await session(orgA.id, projectA.id, near, '2005-04-02T00:00:30Z', '2005-04-02T00:07:00Z', [
      [rover, roverEast],
      [roverEast, rover],
    ]);
    // Same time, 100 km away: a potential match, not a recommended one.
    await session(orgA.id, projectA.id, far, '2005-04-02T00:10:00Z', '2005-04-02T00:20:00Z', [
      [
        [BASE.longitude + 1.1, BASE.latitude],
        [BASE.longitude + 1.2, BASE.latitude],
      ],
    ]);
    // Past the base's last epoch by more than the margin.
    await session(orgA.id, projectA.id, later, '2005-04-02T00:30:00Z', '2005-04-02T01:05:00Z', [
      [rover],
    ]);
    await session(
      orgB.id,
      projectB.id,
      foreignSession,
      '2005-04-02T00:00:30Z',
      '2005-04-02T00:07:00Z',
      [[rover]],
    );
  });
  afterAll(async () => api?.close());

  /** Asks for the URL, PUTs the zip through it (as the browser does) and registers it. */
  async function upload(filename: string, body: Buffer, user = power) {
    const signed = await api.graphql<{
      getBasestationUploadSignedURL: { s3Uri: string; uploadUrl: string };
    }>(user, SIGNED_URL, { f: filename, s: body.length, p: projectA.id });
    expect(signed.errors).toBeUndefined();
    const { uploadUrl, s3Uri } = signed.data!.getBasestationUploadSignedURL;
    expect(s3Uri).toMatch(new RegExp(`/org-${orgA.id}/project-none/basestations/${filename}$`));
    const url = new URL(uploadUrl);
    const put = await api.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      // The URL signs its host.
      headers: { 'content-type': 'application/zip', host: url.host },
      payload: body,
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const registered = await api.graphql<{ registerUploadedBasestationFile: BasestationAnswer }>(
      user,
      REGISTER,
      { p: projectA.id, f: filename },
    );
    expect(registered.errors).toBeUndefined();
    return registered.data!.registerUploadedBasestationFile;
  }

  const get = async (id: string | number) =>
    (await api.graphql<{ basestation: BasestationAnswer }>(power, GET, { id })).data?.basestation;
  const activity = (id: string | number) =>
    api.database.db
      .selectFrom('activityLogs')
      .selectAll()
      .where('activityType', '=', 'BasestationProcessing')
      .where('referenceKey', '=', `org-${orgA.id}/basestation-${id}`)
      .executeTakeFirst();
  const storedKeys = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key);
    return keys;
  };

  it('uploads, reads and matches the 3040 base station', async () => {
    const db = api.database.db;
    const zip = await BASE_3040();
    const submitted = await upload('base-3040.zip', zip);
    expect(submitted).toMatchObject({
      projectId: String(projectA.id),
      filename: 'base-3040.zip',
      status: 'Submitted',
      statusMessage: null,
      point: null,
      files: [],
      trajectoryProcessingRuns: [],
    });
    expect((await activity(submitted.id))?.status).toBe('Submitted');
    expect((await activity(submitted.id))?.message).toBe(
      'Successfully submitted base-3040.zip for processing',
    );

    await drainJobs(db, api.config);
    const ready = await get(submitted.id);
    expect(ready).toMatchObject({
      status: 'Ready',
      statusMessage: null,
      markerName: '3040',
      antennaHeight: 0,
      interval: 30,
      rinexVersion: '2.10',
      startTimestamp: '2005-04-01T23:59:47.000Z',
      endTimestamp: '2005-04-02T00:59:16.996Z',
      files: [
        { name: '30400920.05o', kind: 'observation', rinexVersion: '2.10', size: 74854 },
        { name: '30400920.05n', kind: 'navigation', rinexVersion: '2.10', size: 96480 },
      ],
    });
    expect(ready?.point?.type).toBe('Point');
    expect(ready?.point?.coordinates[0]).toBeCloseTo(139.62430213, 8);
    expect(ready?.point?.coordinates[1]).toBeCloseTo(35.13206614, 8);
    expect(ready?.height as number).toBeCloseTo(75.8027, 4);

    const row = await db
      .selectFrom('basestations')
      .selectAll()
      .where('id', '=', Number(submitted.id))
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(power.id);
    expect(basestationEcef(row)).toEqual({ x: -3978242.4348, y: 3382841.1715, z: 3649902.7667 });
    const { observation, navigation } = basestationRinexObjects(row);
    expect(observation.map((f) => f.key)).toEqual([
      `org-${orgA.id}/project-none/basestations/${row.id}/30400920.05o`,
    ]);
    const stored = await storage.getStream(observation[0]!.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(fixture('30400920.05o'))).toBe(true);
    expect(await storage.head(navigation[0]!.key)).toMatchObject({ size: 96480 });

    const log = await activity(submitted.id);
    expect(log).toMatchObject({ status: 'Completed', userId: power.id, organizationId: orgA.id });
    expect(log?.message).toBe(
      'Processed basestation base-3040.zip: marker 3040, 2005-04-01 23:59:47 – 2005-04-02 00:59:16 UTC, matched 1 session(s)',
    );
    // The file size is the upload's, as the Submitted entry said; the RINEX unpacked apart.
    expect(log?.metrics).toMatchObject({
      fileSize: zip.length,
      rinexBytes: 74854 + 96480,
      files: 2,
    });

    // Recommended: the rover's session only (same time, 3.34 km); the far one is a potential match.
    const matched = await api.graphql<{
      matchedBasestations: { id: string }[];
      matchedBasestationsForSessionId: { id: string }[];
    }>(power, MATCHED, { s: near });
    expect(matched.data).toEqual({
      matchedBasestations: [{ id: submitted.id }],
      matchedBasestationsForSessionId: [{ id: submitted.id }],
    });
    const matches = await db
      .selectFrom('basestationSessionMatches')
      .selectAll()
      .where('basestationId', '=', row.id)
      .execute();
    expect(matches.map((m) => m.sessionId)).toEqual([near]);
    // The farthest vertex is the rover's own place (the others lie 0.001° east, towards the base).
    expect(matches[0]?.distanceKm).toBeCloseTo(3.3417, 4);

    const potential = await api.graphql<{
      potentialBasestations: {
        basestation: { id: string };
        session: Record<string, unknown>;
        distance: number;
        recommended: boolean;
      }[];
    }>(power, POTENTIAL, { s: near });
    expect(potential.errors).toBeUndefined();
    const [first] = potential.data!.potentialBasestations;
    expect(potential.data!.potentialBasestations).toHaveLength(1);
    expect(first).toMatchObject({
      basestation: { id: submitted.id },
      recommended: true,
      session: {
        sessionId: near,
        projectId: String(projectA.id),
        timestamps: ['2005-04-02T00:00:30.000Z', '2005-04-02T00:07:00.000Z'],
        scanCount: 2,
        startPoint: [ROVER.longitude, ROVER.latitude],
        endPoint: [ROVER.longitude, ROVER.latitude],
      },
    });
    expect(first!.distance).toBeCloseTo(3.3417, 4);

    const farAnswer = await api.graphql<{
      potentialBasestations: { distance: number; recommended: boolean }[];
    }>(power, POTENTIAL, { s: far });
    expect(farAnswer.data?.potentialBasestations).toHaveLength(1);
    expect(farAnswer.data?.potentialBasestations[0]?.recommended).toBe(false);
    expect(farAnswer.data?.potentialBasestations[0]?.distance).toBeGreaterThan(90);
    const laterAnswer = await api.graphql<{ potentialBasestations: unknown[] }>(power, POTENTIAL, {
      s: later,
    });
    expect(laterAnswer.data?.potentialBasestations).toEqual([]);

    const timeMatched = await api.graphql<{
      timeMatchedSessionsForBasestation: { sessionId: string; scanCount: number }[];
    }>(power, TIME_MATCHED, { id: submitted.id });
    expect(timeMatched.errors).toBeUndefined();
    expect(
      timeMatched.data?.timeMatchedSessionsForBasestation.map((s) => [s.sessionId, s.scanCount]),
    ).toEqual([
      [far, 1],
      [near, 2],
    ]);

    // Replaying the job (a retried or re-queued run) ends in the same state.
    await enqueueBasestationProcessing(db, row);
    expect(await drainJobs(db, api.config)).toBe(1);
    expect(await get(submitted.id)).toEqual(ready);
    expect(await storedKeys(basestationFilesPrefix(orgA.id, row.id))).toHaveLength(2);
    expect(
      await db
        .selectFrom('basestationSessionMatches')
        .select('sessionId')
        .where('basestationId', '=', row.id)
        .execute(),
    ).toEqual([{ sessionId: near }]);

    // The project's list, with the runs that use the base station (batch-loaded).
    const run = await scanFactories.trajectoryRun(db, near, [row.id, 999]);
    await scanFactories.trajectoryRun(db, near, [998]);
    const listed = await api.graphql<{ basestationsForProject: BasestationAnswer[] }>(
      power,
      FOR_PROJECT,
      { p: projectA.id },
    );
    expect(listed.errors).toBeUndefined();
    const mine = listed.data?.basestationsForProject.find((b) => b.id === submitted.id);
    expect(mine?.trajectoryProcessingRuns).toEqual([
      { id: String(run.id), status: 'Completed', basestationIds: [row.id, 999] },
    ]);

    // A session ingested after the base station (what ingestion calls) is matched to it then;
    // matching it again adds nothing, and a session out of reach gets no match.
    const arrivals = { near: 'LG0759_20050402_000031', far: 'LG0759_20050402_001001' };
    const rover = [ROVER.longitude, ROVER.latitude];
    /** A session of one scan whose simplified path is `coordinates`, as ingestion leaves it. */
    const sessionWithPath = async (id: string, coordinates: readonly (readonly number[])[]) => {
      await scanFactories.session(db, orgA.id, {
        id,
        projectId: projectA.id,
        capturedTimestamp: new Date('2005-04-02T00:00:40Z'),
        endCapturedTimestamp: new Date('2005-04-02T00:06:00Z'),
      });
      const scan = await scanFactories.scan(db, orgA.id, {
        projectId: projectA.id,
        sessionId: id,
        capturedTimestamp: new Date('2005-04-02T00:00:40Z'),
      });
      await db
        .updateTable('scans')
        .set({ simplePath: JSON.stringify({ type: 'LineString', coordinates }) })
        .where('id', '=', scan.id)
        .execute();
    };
    await sessionWithPath(arrivals.near, [rover, [ROVER.longitude + 0.001, ROVER.latitude]]);
    await sessionWithPath(arrivals.far, [
      [BASE.longitude + 1.1, BASE.latitude],
      [BASE.longitude + 1.2, BASE.latitude],
    ]);
    const arrived = await matchSessionToBasestations(db, arrivals.near);
    expect(arrived).toEqual([{ basestationId: row.id, distanceKm: expect.closeTo(3.3417, 4) }]);
    expect(await matchSessionToBasestations(db, arrivals.near)).toHaveLength(1);
    const recommended = await api.graphql<{ matchedBasestationsForSessionId: { id: string }[] }>(
      power,
      MATCHED,
      { s: arrivals.near },
    );
    expect(recommended.data?.matchedBasestationsForSessionId).toEqual([{ id: submitted.id }]);
    expect(await matchSessionToBasestations(db, arrivals.far)).toEqual([]);
    expect(
      await db
        .selectFrom('basestationSessionMatches')
        .select('sessionId')
        .where('basestationId', '=', row.id)
        .orderBy('sessionId')
        .execute(),
    ).toEqual(
      [{ sessionId: near }, { sessionId: arrivals.near }].sort((a, b) =>
        a.sessionId.localeCompare(b.sessionId),
      ),
    );

    // A session ingested while the base station's processing is still open (on PostgreSQL the
    // two would each read the other uncommitted): its matching waits for that transaction and
    // then sees the base Ready.
    const meanwhile = 'LG0759_20050402_000035';
    await sessionWithPath(meanwhile, [rover, rover]);
    await db
      .updateTable('basestations')
      .set({ status: 'Processing' })
      .where('id', '=', row.id)
      .execute();
    let settled = false;
    const { pending } = await db.transaction().execute(async (trx) => {
      await basestationRepository.lockMatching(trx, orgA.id);
      const started = matchSessionToBasestations(db, meanwhile).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await trx
        .updateTable('basestations')
        .set({ status: 'Ready' })
        .where('id', '=', row.id)
        .execute();
      // Wrapped: awaiting it here would wait for the lock this transaction holds.
      return { pending: started };
    });
    expect(await pending).toEqual([{ basestationId: row.id, distanceKm: expect.closeTo(3.34, 1) }]);
  });

  it.each([
    { packed: 'as plain text', own: 'LG0759_20050402_000032', gzip: false },
    { packed: 'gzipped in the zip', own: 'LG0759_20050402_000033', gzip: true },
  ])(
    "never recommends a base station that is a session's own rover file, $packed",
    async ({ own, gzip }) => {
      const db = api.database.db;
      const rover = fixture('07590920.05o');
      await scanFactories.session(db, orgA.id, {
        id: own,
        projectId: projectA.id,
        capturedTimestamp: new Date('2005-04-02T00:00:40Z'),
        endCapturedTimestamp: new Date('2005-04-02T00:06:00Z'),
      });
      // As ingestion records it: the rover's observation file with its digest.
      await db
        .updateTable('sessions')
        .set({
          manifest: JSON.stringify({
            gnss: [
              {
                path: 'gnss/07590920.05o',
                kind: 'observation',
                s3Url: 's3://portal/x',
                sha256: createHash('sha256').update(rover).digest('hex'),
              },
            ],
          }),
        })
        .where('id', '=', own)
        .execute();
      const scan = await scanFactories.scan(db, orgA.id, {
        projectId: projectA.id,
        sessionId: own,
        capturedTimestamp: new Date('2005-04-02T00:00:40Z'),
      });
      const place = [ROVER.longitude, ROVER.latitude];
      await db
        .updateTable('scans')
        .set({ simplePath: JSON.stringify({ type: 'LineString', coordinates: [place, place] }) })
        .where('id', '=', scan.id)
        .execute();

      // The rover's file uploaded as a base station: Ready, matched to other sessions of its time
      // and place, never to the session whose own file it is.
      const observation: Record<string, Buffer> = gzip
        ? { '0759/07590920.05o.gz': gzipSync(rover) }
        : { '0759/07590920.05o': rover };
      const submitted = await upload(
        `rover-0759-${own.slice(-2)}.zip`,
        await zipOf({ ...observation, '0759/07590920.05n': fixture('07590920.05n') }),
      );
      await drainJobs(db, api.config);
      expect((await get(submitted.id))?.status).toBe('Ready');
      const row = await db
        .selectFrom('basestations')
        .select('files')
        .where('id', '=', Number(submitted.id))
        .executeTakeFirstOrThrow();
      expect(row.files.find((file) => file.kind === 'observation')?.sha256).toBe(
        createHash('sha256').update(rover).digest('hex'),
      );
      const matchedSessions = await db
        .selectFrom('basestationSessionMatches')
        .select('sessionId')
        .where('basestationId', '=', Number(submitted.id))
        .execute();
      expect(matchedSessions.map((m) => m.sessionId)).toContain(near);
      expect(matchedSessions.map((m) => m.sessionId)).not.toContain(own);
      // Nor when the session is matched from its side.
      const fromSession = await matchSessionToBasestations(db, own);
      expect(fromSession.map((m) => m.basestationId)).not.toContain(Number(submitted.id));
      // Listed for the session with the reason, and refused when submitted all the same.
      const potential = await api.graphql<{
        potentialBasestations: { basestation: { id: string }; ownReceiver: boolean }[];
      }>(power, POTENTIAL, { s: own });
      const listed = potential.data!.potentialBasestations;
      expect(listed.find((m) => m.basestation.id === submitted.id)?.ownReceiver).toBe(true);
      const run = await api.graphql(
        power,
        'mutation($s:String!,$b:[ID!]!){ createSessionTrajectoryProcessingRun(trajectoryProcessingRun:{sessionId:$s,basestationIds:$b}){ id } }',
        { s: own, b: [submitted.id] },
      );
      expect(run.errors?.[0]?.message).toBe(
        SAME_RECEIVER(submitted.id, `rover-0759-${own.slice(-2)}.zip`, own),
      );
      const runs = db.selectFrom('trajectoryProcessingRuns').select('id');
      expect(await runs.where('sessionId', '=', own).execute()).toEqual([]);
    },
  );

  it('validates the file name and refuses a registered name, a missing and an empty upload', async () => {
    const ask = async (filename: string) =>
      (await api.graphql(power, SIGNED_URL, { f: filename })).errors?.[0]?.message;
    expect(await ask('base 3040.zip')).toBe('Filename cannot have spaces');
    expect(await ask('base.rnx')).toBe('File must be a .zip archive');
    expect(await ask('dir/base.zip')).toBe(
      'A basestation file name may contain only letters, digits, dots, hyphens and underscores',
    );
    expect(await ask('base(1).zip')).toBe(
      'A basestation file name may contain only letters, digits, dots, hyphens and underscores',
    );

    const taken = await upload('taken.zip', await BASE_3040());
    // The message names the file that holds the name, and how to free it (a failed one, say).
    const { status } = await api.database.db
      .selectFrom('basestations')
      .select('status')
      .where('id', '=', Number(taken.id))
      .executeTakeFirstOrThrow();
    const takenMessage = `A basestation file named taken.zip already exists (basestation ${taken.id}, ${status}): delete it on Basestation Files to upload a file under this name again`;
    expect(await ask('taken.zip')).toBe(takenMessage);
    const again = await api.graphql(power, REGISTER, { p: projectA.id, f: 'taken.zip' });
    expect(again.errors?.[0]?.message).toBe(takenMessage);

    const missing = await api.graphql(power, REGISTER, { p: projectA.id, f: 'never-sent.zip' });
    expect(missing.errors?.[0]).toMatchObject({
      message: 'The basestation file never-sent.zip has not been uploaded',
      extensions: { code: 'NOT_FOUND' },
    });
    await storage.putStream(basestationZipKey(orgA.id, 'empty.zip'), Readable.from([]), {
      size: 0,
    });
    const empty = await api.graphql(power, REGISTER, { p: projectA.id, f: 'empty.zip' });
    expect(empty.errors?.[0]?.message).toBe('File size cannot be empty');
  });

  describe('refuses a zip that cannot serve as a base station', () => {
    const header = fixture('30400920.05o').toString('latin1').split('\n').slice(0, 17).join('\n');
    const noPosition = fixture('30400920.05o')
      .toString('latin1')
      .split('\n')
      .filter((line) => !line.endsWith('APPROX POSITION XYZ'))
      .join('\n');
    const cases: [string, () => Promise<Buffer>, string][] = [
      [
        'not-a-zip.zip',
        async () => Buffer.from('these bytes are not a zip archive'),
        'The file is not a valid ZIP archive',
      ],
      [
        'nav-only.zip',
        () => zipOf({ '30400920.05n': fixture('30400920.05n') }),
        'The zip holds no RINEX observation file (.YYo, .obs or .rnx, optionally gzipped)',
      ],
      [
        'hatanaka.zip',
        () => zipOf({ '30400920.05d': 'compact RINEX', '30400920.05n': fixture('30400920.05n') }),
        '30400920.05d is Hatanaka-compressed RINEX, which is not read',
      ],
      [
        'garbage-header.zip',
        () => zipOf({ '30400920.05o': 'garbage\n', '30400920.05n': fixture('30400920.05n') }),
        "30400920.05o line 1: not a RINEX file (the first line is not 'RINEX VERSION / TYPE')",
      ],
      [
        'no-position.zip',
        () => zipOf({ '30400920.05o': noPosition, '30400920.05n': fixture('30400920.05n') }),
        '30400920.05o has no APPROX POSITION XYZ in its header',
      ],
      [
        'no-epochs.zip',
        () => zipOf({ '30400920.05n': fixture('30400920.05n'), 'z.05o': `${header}\n` }),
        'z.05o holds no observation epochs',
      ],
      [
        'unsafe-entry.zip',
        async () => {
          const source = path.join(dir, 'source.zip');
          writeFileSync(source, await zipOf({ '30400920.05n': fixture('30400920.05n') }));
          const target = path.join(dir, 'unsafe.zip');
          await tamperPackage(source, target, (_name, data) => data, [
            { name: '../30400920.05o', data: fixture('30400920.05o') },
          ]);
          return readFileSync(target);
        },
        "Zip entry ../30400920.05o leaves the package folder ('..' in its path)",
      ],
    ];

    it.each(cases)('%s', async (filename, build, reason) => {
      const db = api.database.db;
      const submitted = await upload(filename, await build());
      await drainJobs(db, api.config);
      const failed = await get(submitted.id);
      expect(failed).toMatchObject({ status: 'Failed', point: null, files: [], markerName: null });
      expect(failed?.statusMessage).toContain(reason);
      const log = await activity(submitted.id);
      expect(log?.status).toBe('Failed');
      expect(log?.message).toContain(`${filename}: ${reason}`);
      const job = (await jobRepository.list(db, 'process-basestation')).find(
        (j) => (j.payload as { basestationId: number }).basestationId === Number(submitted.id),
      );
      expect(job).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await storedKeys(basestationFilesPrefix(orgA.id, Number(submitted.id)))).toEqual([]);
      const matches = await db
        .selectFrom('basestationSessionMatches')
        .select('sessionId')
        .where('basestationId', '=', Number(submitted.id))
        .execute();
      expect(matches).toEqual([]);
    });
  });

  it('deletes a base station with its objects, refusing while a run uses it', async () => {
    const db = api.database.db;
    const submitted = await upload('to-delete.zip', await BASE_3040());
    await drainJobs(db, api.config);
    const id = Number(submitted.id);
    expect(await storedKeys(basestationFilesPrefix(orgA.id, id))).toHaveLength(2);
    const run = await db
      .insertInto('trajectoryProcessingRuns')
      .values({ sessionId: near, basestationIds: [id], status: 'In progress' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await api.graphql(power, DELETE, { id });
    expect(refused.errors?.[0]?.message).toBe(BASESTATION_IN_USE(id));
    await db
      .updateTable('trajectoryProcessingRuns')
      .set({ status: 'Failed' })
      .where('id', '=', run.id)
      .execute();

    expect((await api.graphql(standard, DELETE, { id })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect((await api.graphql(foreignPower, DELETE, { id })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    const deleted = await api.graphql(power, DELETE, { id });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data).toEqual({ deleteBasestation: true });
    expect(await storedKeys(basestationFilesPrefix(orgA.id, id))).toEqual([]);
    expect(await storage.head(basestationZipKey(orgA.id, 'to-delete.zip'))).toBeNull();
    expect(await db.selectFrom('basestations').select('id').where('id', '=', id).execute()).toEqual(
      [],
    );
    expect(
      await db
        .selectFrom('basestationSessionMatches')
        .select('sessionId')
        .where('basestationId', '=', id)
        .execute(),
    ).toEqual([]);
    // The name is free again.
    expect((await api.graphql(power, SIGNED_URL, { f: 'to-delete.zip' })).errors).toBeUndefined();
  });

  it("answers another organization's ids as missing and keeps Standard users out", async () => {
    const db = api.database.db;
    const own = await db
      .selectFrom('basestations')
      .select('id')
      .where('organizationId', '=', orgA.id)
      .where('status', '=', 'Ready')
      .executeTakeFirstOrThrow();
    const code = async (user: UserRow, query: string, variables: Record<string, unknown>) =>
      (await api.graphql(user, query, variables)).errors?.[0]?.extensions?.code;
    expect(await code(foreignPower, GET, { id: own.id })).toBe('NOT_FOUND');
    expect(await code(foreignPower, TIME_MATCHED, { id: own.id })).toBe('NOT_FOUND');
    expect(await code(foreignPower, POTENTIAL, { s: near })).toBe('NOT_FOUND');
    expect(await code(foreignPower, MATCHED, { s: near })).toBe('NOT_FOUND');
    expect(await code(foreignPower, FOR_PROJECT, { p: projectA.id })).toBe('NOT_FOUND');
    expect(await code(foreignPower, REGISTER, { p: projectA.id, f: 'x.zip' })).toBe('NOT_FOUND');
    expect(await code(power, REGISTER, { p: projectB.id, f: 'x.zip' })).toBe('NOT_FOUND');
    expect(await code(power, SIGNED_URL, { f: 'x.zip', p: projectB.id })).toBe('NOT_FOUND');
    expect(await code(standard, GET, { id: own.id })).toBe('FORBIDDEN');
    expect(await code(standard, SIGNED_URL, { f: 'x.zip' })).toBe('FORBIDDEN');
    // The other organization's session at the same place and time matched nothing of orgA's.
    const foreign = await api.graphql<{ potentialBasestations: unknown[] }>(
      foreignPower,
      POTENTIAL,
      { s: foreignSession },
    );
    expect(foreign.data?.potentialBasestations).toEqual([]);
  });

  it("stores and registers an Admin's upload for a customer's project as the customer's", async () => {
    const db = api.database.db;
    const admin = await factories.user(db, (await factories.organization(db)).id, 'Admin');
    const zip = await BASE_3040();
    // The helper checks the URL is under orgA, the project's organization.
    const registered = await upload('admin-3040.zip', zip, admin);
    const row = await db
      .selectFrom('basestations')
      .selectAll()
      .where('id', '=', Number(registered.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      organizationId: orgA.id,
      projectId: projectA.id,
      userId: admin.id,
    });
    expect(await activity(registered.id)).toMatchObject({
      status: 'Submitted',
      organizationId: orgA.id,
      userId: admin.id,
    });
    // The customer's own users see it with the project's others.
    const listed = await api.graphql<{ basestationsForProject: BasestationAnswer[] }>(
      power,
      FOR_PROJECT,
      { p: projectA.id },
    );
    expect(listed.data?.basestationsForProject.map((b) => b.id)).toContain(registered.id);
    // Granted against the customer's upload quota and settled there: no grant is left over.
    const grants = await db
      .selectFrom('uploadGrants')
      .select(['organizationId'])
      .where('key', 'like', '%admin-3040.zip')
      .execute();
    expect(grants).toEqual([]);

    expect((await api.graphql(admin, DELETE, { id: registered.id })).errors).toBeUndefined();
    expect(await storage.head(basestationZipKey(orgA.id, 'admin-3040.zip'))).toBeNull();
  });
});
