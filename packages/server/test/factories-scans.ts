import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/database.ts';
import type { ActivityStatus, LineString, Point } from '../src/db/schema.ts';

let counter = 0;
const next = () => ++counter;
const shortId = () => randomUUID().replaceAll('-', '').slice(0, 12);

/** Data builders for sessions, scans, their artifacts and images, annotations and activity logs. */
export const scanFactories = {
  async session(
    db: Db,
    organizationId: number,
    overrides: {
      id?: string;
      projectId?: number | null;
      deviceId?: string | null;
      capturedTimestamp?: Date;
      endCapturedTimestamp?: Date;
    } = {},
  ) {
    const start = overrides.capturedTimestamp ?? new Date(Date.UTC(2024, 4, 1, 10, next() % 60));
    return db
      .insertInto('sessions')
      .values({
        id: overrides.id ?? `S-${shortId()}`,
        organizationId,
        projectId: overrides.projectId ?? null,
        deviceId: overrides.deviceId ?? null,
        assignmentType: 'Device',
        capturedTimestamp: start,
        endCapturedTimestamp:
          overrides.endCapturedTimestamp ?? new Date(start.getTime() + 30 * 60_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async scan(
    db: Db,
    organizationId: number,
    overrides: {
      id?: string;
      projectId?: number | null;
      sessionId?: string | null;
      deviceId?: string | null;
      tags?: string[];
      comment?: string | null;
      capturedTimestamp?: Date;
    } = {},
  ) {
    const n = next();
    const captured = overrides.capturedTimestamp ?? new Date(Date.UTC(2024, 4, 1, 10, 0, n % 60));
    const simplePath: LineString = {
      type: 'LineString',
      coordinates: [
        [-100 + n / 1000, 50],
        [-100 + n / 1000, 50.001],
      ],
    };
    return db
      .insertInto('scans')
      .values({
        id: overrides.id ?? `SC-${shortId()}`,
        organizationId,
        projectId: overrides.projectId ?? null,
        sessionId: overrides.sessionId ?? null,
        deviceId: overrides.deviceId ?? null,
        friendlyName: `Scan ${n}`,
        type: 'mobile',
        assignmentType: 'Device',
        tags: overrides.tags ?? [],
        length: 120.5,
        metadata: JSON.stringify({ trajectory_orientation: 'forward' }),
        comment: overrides.comment ?? null,
        defaultVersion: 'v1',
        capturedTimestamp: captured,
        endCapturedTimestamp: new Date(captured.getTime() + 60_000),
        friendlyLocationName: 'Test site',
        simplePath: JSON.stringify(simplePath),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async artifact(
    db: Db,
    scanId: string,
    overrides: { artifactType?: string; status?: string; name?: string } = {},
  ) {
    return db
      .insertInto('artifacts')
      .values({
        scanId,
        artifactType: overrides.artifactType ?? 'pointcloud',
        name: overrides.name ?? 'unclassified',
        url: `https://example.com/${scanId}`,
        s3Url: `s3://bucket/${scanId}/${next()}`,
        status: overrides.status ?? 'provisional',
        parameters: JSON.stringify({ version: 1 }),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async image(db: Db, scanId: string, frame: number) {
    const ref = (camera: string) =>
      JSON.stringify({ s3Url: `s3://b/${scanId}/${camera}/${frame}.jpg`, jpegRotation: 90 });
    return db
      .insertInto('images')
      .values({
        scanId,
        frame,
        x: frame,
        y: frame * 2,
        z: 100,
        lat: 50 + frame / 1e4,
        lon: -100,
        centerImage: ref('center'),
        leftImage: ref('left'),
        rightImage: ref('right'),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async annotation(
    db: Db,
    scanId: string,
    userId: number | null,
    overrides: { title?: string; point?: Point } = {},
  ) {
    return db
      .insertInto('annotations')
      .values({
        scanId,
        userId,
        title: overrides.title ?? `Note ${next()}`,
        type: 'issue',
        comment: null,
        point: JSON.stringify(overrides.point ?? { type: 'Point', coordinates: [-100, 50] }),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async activityLog(
    db: Db,
    user: { id: number; organizationId: number } | null,
    overrides: {
      activityType?: string;
      status?: ActivityStatus;
      referenceKey?: string | null;
      isAcknowledged?: boolean;
      created?: Date;
      organizationId?: number | null;
    } = {},
  ) {
    return db
      .insertInto('activityLogs')
      .values({
        activityType: overrides.activityType ?? 'PackageUpload',
        referenceKey: overrides.referenceKey ?? null,
        userId: user?.id ?? null,
        organizationId:
          overrides.organizationId !== undefined
            ? overrides.organizationId
            : (user?.organizationId ?? null),
        status: overrides.status ?? 'Event',
        message: `Message ${next()}`,
        isAcknowledged: overrides.isAcknowledged ?? false,
        ...(overrides.created ? { created: overrides.created } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async trajectoryRun(db: Db, sessionId: string, basestationIds: number[] = [1]) {
    return db
      .insertInto('trajectoryProcessingRuns')
      .values({ sessionId, basestationIds, status: 'Completed', statusMessage: 'done' })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};
