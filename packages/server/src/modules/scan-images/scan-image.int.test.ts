import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { uploadPackage } from '../../../test/ingestion-test-kit.ts';
import { type LiveApp, startLiveApp } from '../../../test/live-app.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import {
  type GeneratedPackage,
  makePackage,
} from '../../device-packages/generator/make-package.ts';
import { parseGeneratorArgs } from '../../device-packages/generator/options.ts';
import { openPackage } from '../../device-packages/package-reader.ts';
import { SESSION_COOKIE } from '../../identity/bff/session-cookie.ts';
import { webSessionRepository } from '../../identity/bff/web-session.repository.ts';
import { jobDefinitions } from '../../jobs/job-registry.ts';
import { runNextJob } from '../../jobs/job-runner.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { enqueueIngestion } from '../ingestion/ingestion.queue.ts';
import { THUMBNAIL_MAX_SIDE, type ThumbnailedImageRef } from './image-thumbnails.ts';
import { scanImageThumbnailsJob } from './scan-image-thumbnails.job.ts';

const DEVICE = 'LG-3003';
const dir = mkdtempSync(path.join(tmpdir(), 'scan-images-'));
let generated: GeneratedPackage;

beforeAll(async () => {
  generated = await makePackage(
    parseGeneratorArgs([
      ...['--out', dir, '--device', DEVICE, '--scans', '1', '--target-size', '2MB'],
      ...['--scan-seconds', '5', '--images'],
    ]),
  );
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FRAME_QUERY = `query($s:ID!,$f:Int!){ scanImageUrls(scanId:$s, frame:$f){
  scanId frame lat lon expiresAt capturedAt
  left { url thumbnailUrl jpegRotation } center { url thumbnailUrl jpegRotation }
  right { url thumbnailUrl jpegRotation }
} }`;

interface ImageLink {
  url: string;
  thumbnailUrl: string;
  jpegRotation: number;
}
interface FrameImages {
  scanId: string;
  frame: number;
  lat: number;
  lon: number;
  expiresAt: string;
  capturedAt: string | null;
  left: ImageLink | null;
  center: ImageLink | null;
  right: ImageLink | null;
}

/** Runs queued jobs, thumbnails included, until none is due. */
async function drain(db: Db, config: LiveApp['config']) {
  const jobs = [...jobDefinitions, scanImageThumbnailsJob];
  while (await runNextJob({ db, config, jobs, workerId: 'scan-images-test' })) {}
}

async function download(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe.each(DATABASE_KINDS)('camera images of a scan on %s', (kind) => {
  let live: LiveApp;
  let db: Db;
  let storage: ObjectStorage;
  let userA: UserRow;
  let userB: UserRow;
  let scanId: string;

  const frameUrls = async (user: UserRow, scan: string, frame: number) => {
    const id = await webSessionRepository.create(db, {
      subject: user.awsUserId!,
      ttlMs: 3_600_000,
    });
    const response = await live.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        cookie: `${SESSION_COOKIE}=${live.app.signCookie(id)}`,
      },
      payload: JSON.stringify({ query: FRAME_QUERY, variables: { s: scan, f: frame } }),
    });
    const body = response.json() as {
      data?: { scanImageUrls: FrameImages } | null;
      errors?: { message: string }[];
    };
    return { data: body.data?.scanImageUrls, errors: body.errors };
  };

  beforeAll(async () => {
    live = await startLiveApp(kind);
    db = live.database.db;
    storage = createObjectStorage(live.config);
    const orgA = await factories.organization(db);
    const orgB = await factories.organization(db);
    userA = await factories.user(db, orgA.id, 'Standard');
    userB = await factories.user(db, orgB.id, 'Power User');
    await factories.device(db, orgA.id, DEVICE);
    const project = await factories.project(db, orgA.id);
    await db
      .insertInto('deviceAssignments')
      .values({
        deviceId: DEVICE,
        projectId: project.id,
        fromTimestamp: new Date('2000-01-01T00:00:00Z'),
        toTimestamp: null,
      })
      .execute();
    for (const file of [generated.luxlzPath, generated.luxizPath!]) {
      const key = await uploadPackage(storage, orgA.id, file);
      await enqueueIngestion(db, { key, organizationId: orgA.id, userId: userA.id });
      await drain(db, live.config);
    }
    const scan = await db
      .selectFrom('scans')
      .select('id')
      .where('organizationId', '=', orgA.id)
      .executeTakeFirstOrThrow();
    scanId = scan.id;
  }, 180_000);
  afterAll(async () => live?.close());

  it('stores a thumbnail beside every camera image after ingestion, and keeps it when the package comes again', async () => {
    const images = () =>
      db.selectFrom('images').selectAll().where('scanId', '=', scanId).orderBy('id').execute();
    const before = await images();
    const key = await uploadPackage(
      storage,
      userA.organizationId!,
      generated.luxizPath!,
      'again.luxiz',
    );
    await enqueueIngestion(db, { key, organizationId: userA.organizationId!, userId: userA.id });
    await drain(db, live.config);
    expect(await images()).toEqual(before);

    const rows = await db
      .selectFrom('images')
      .select(['leftImage', 'centerImage', 'rightImage'])
      .where('scanId', '=', scanId)
      .execute();
    expect(rows.length).toBeGreaterThan(1);
    const refs = rows.flatMap((row) =>
      [row.leftImage, row.centerImage, row.rightImage].filter((ref) => ref !== null),
    ) as ThumbnailedImageRef[];
    expect(refs.length).toBe(rows.length * 3);
    for (const ref of refs) {
      expect(ref.thumbnailS3Url).toBe(ref.s3Url.replace(/\/([^/]+\.jpg)$/, '/thumbs/$1'));
      const thumbnailKey = ref.thumbnailS3Url!.replace(/^s3:\/\/[^/]+\//, '');
      const imageKey = ref.s3Url.replace(/^s3:\/\/[^/]+\//, '');
      const [thumbnail, image] = await Promise.all([
        storage.head(thumbnailKey),
        storage.head(imageKey),
      ]);
      expect(thumbnail?.contentType).toBe('image/jpeg');
      expect(thumbnail!.size).toBeLessThan(image!.size);
    }
    // The job told what it did, once per scan, in its organization's log.
    const entries = await db
      .selectFrom('activityLogs')
      .select(['status', 'organizationId', 'message'])
      .where('activityType', '=', 'ScanImageThumbnails')
      .where('referenceKey', '=', scanId)
      .execute();
    expect(entries).toEqual([
      {
        status: 'Completed',
        organizationId: userA.organizationId,
        message: expect.stringMatching(/^Made \d+ thumbnail\(s\) of scan /),
      },
    ]);
  });

  it('links one frame to its images: the full JPEG as packaged, and a 320 px thumbnail', async () => {
    const { data, errors } = await frameUrls(userA, scanId, 1);
    expect(errors).toBeUndefined();
    expect(data).toMatchObject({ scanId, frame: 1 });
    // The generated session was captured on 2 April 2005.
    expect(data!.capturedAt).toMatch(/^2005-04-02T/);
    const expiresIn = new Date(data!.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60 * 1000);
    expect([
      data!.left!.jpegRotation,
      data!.center!.jpegRotation,
      data!.right!.jpegRotation,
    ]).toEqual([90, 0, 270]);

    const pkg = await openPackage(generated.luxizPath!);
    try {
      for (const camera of ['left', 'center', 'right'] as const) {
        const link = data![camera]!;
        const full = await download(link.url);
        expect(full.status).toBe(200);
        expect(full.contentType).toBe('image/jpeg');
        const chunks: Buffer[] = [];
        for await (const chunk of await pkg.readEntry(`images/${scanId}/${camera}/000001.jpg`)) {
          chunks.push(chunk as Buffer);
        }
        expect(full.bytes.equals(Buffer.concat(chunks))).toBe(true);

        const thumbnail = await download(link.thumbnailUrl);
        expect(thumbnail.status).toBe(200);
        const decoded = jpeg.decode(thumbnail.bytes);
        expect(Math.max(decoded.width, decoded.height)).toBe(THUMBNAIL_MAX_SIDE);
        // The thumbnail keeps the stored orientation, so the same rotation turns it upright.
        const original = jpeg.decode(full.bytes);
        expect(decoded.width > decoded.height).toBe(original.width > original.height);
      }
    } finally {
      pkg.close();
    }
  });

  it('signs each link for its one object only', async () => {
    const { data } = await frameUrls(userA, scanId, 0);
    const url = new URL(data!.center!.url);
    const tampered = `${url.origin}${url.pathname.replace(/000000\.jpg$/, '000001.jpg')}${url.search}`;
    expect((await download(tampered)).status).toBe(403);
  });

  it('falls back to the full image for images registered without a thumbnail', async () => {
    const row = await db
      .selectFrom('images')
      .select(['id', 'centerImage'])
      .where('scanId', '=', scanId)
      .where('frame', '=', 0)
      .executeTakeFirstOrThrow();
    const { s3Url, jpegRotation } = row.centerImage!;
    await db
      .updateTable('images')
      .set({ centerImage: JSON.stringify({ s3Url, jpegRotation }) })
      .where('id', '=', row.id)
      .execute();
    const { data } = await frameUrls(userA, scanId, 0);
    const [full, thumbnail] = await Promise.all([
      download(data!.center!.url),
      download(data!.center!.thumbnailUrl),
    ]);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.bytes.equals(full.bytes)).toBe(true);
  });

  it("answers 'Not found' for another organization's scan, as for a missing scan or frame", async () => {
    const other = await frameUrls(userB, scanId, 0);
    expect(other.data).toBeUndefined();
    expect(other.errors?.[0]?.message).toBe('Not found');
    const missingScan = await frameUrls(userA, 'NO_SUCH_SCAN', 0);
    expect(missingScan.errors?.[0]?.message).toBe('Not found');
    const missingFrame = await frameUrls(userA, scanId, 99_999);
    expect(missingFrame.errors?.[0]?.message).toBe('Not found');
  });
});
