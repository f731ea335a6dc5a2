import { PACKAGE_CLOUD_VERSION } from '@asset-portal/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, ImageRef, LineString } from '../../db/schema.ts';
import { withJobTables } from '../../jobs/job-tables.ts';
import { deviceAssignmentType } from '../device-assignments/capture-placement.ts';
import { scanPathColumns } from '../scan-summary/viewer-path.ts';

type Db = Kysely<Database>;

export interface SessionValues {
  id: string;
  organizationId: number;
  deviceId: string;
  projectId: number | null;
  capturedTimestamp: Date;
  endCapturedTimestamp: Date;
  manifest: unknown;
}

export interface ScanValues {
  id: string;
  organizationId: number;
  sessionId: string;
  projectId: number | null;
  deviceId: string;
  friendlyName: string;
  capturedTimestamp: Date;
  endCapturedTimestamp: Date;
  simplePath: LineString;
  length: number;
  metadata: Record<string, unknown>;
}

export interface ArtifactValues {
  scanId: string;
  artifactType: string;
  name: string;
  s3Url: string;
  size: number | null;
  parameters: Record<string, unknown> | null;
}

export interface ImageValues {
  scanId: string;
  frame: number;
  gpsTime: number;
  x: number;
  y: number;
  z: number;
  lat: number;
  lon: number;
  centerImage: ImageRef | null;
  leftImage: ImageRef | null;
  rightImage: ImageRef | null;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * All SQL of package ingestion. Every write is keyed by the ids the device chose; ingestion
 * refuses a package that differs from what is stored, so ingesting one again changes nothing.
 */
export const ingestionRepository = {
  /** Serializes the ingestions of one session (its .luxlz and .luxiz) until the transaction ends. */
  async lockSession(trx: Db, sessionId: string) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`ingest:${sessionId}`}))`.execute(trx);
  },

  findDevice(db: Db, id: string) {
    return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findSession(db: Db, id: string) {
    return db
      .selectFrom('sessions')
      .select(['id', 'organizationId', 'projectId', 'deviceId'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  findScans(db: Db, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('scans')
      .select([
        'id',
        'organizationId',
        'projectId',
        'sessionId',
        'capturedTimestamp',
        'endCapturedTimestamp',
        'simplePath',
        'length',
        'metadata',
      ])
      .where('id', 'in', [...ids])
      .execute();
  },

  /** The point-cloud artifact ingestion registers for each of the scans that has one. */
  findPointClouds(db: Db, scanIds: readonly string[]) {
    if (scanIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('artifacts')
      .select(['id', 'scanId', 'size', 'parameters'])
      .where('scanId', 'in', [...scanIds])
      .where('artifactType', '=', 'pointcloud')
      .where('name', '=', PACKAGE_CLOUD_VERSION)
      .orderBy('id')
      .execute();
  },

  /** Records the hash of a point cloud stored before hashes were kept; other values stay. */
  async addPointCloudHash(trx: Db, artifactId: number, sha256: string) {
    await trx
      .updateTable('artifacts')
      .set({
        parameters: sql`coalesce(parameters, '{}'::jsonb) || jsonb_build_object('sha256', ${sha256}::text)`,
      })
      .where('id', '=', artifactId)
      .where(sql<boolean>`NOT coalesce(parameters ? 'sha256', false)`)
      .execute();
  },

  /** The image rows stored for the scans. */
  findImages(db: Db, scanIds: readonly string[]) {
    if (scanIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('images')
      .select([
        'scanId',
        'frame',
        'gpsTime',
        'x',
        'y',
        'z',
        'lat',
        'lon',
        'centerImage',
        'leftImage',
        'rightImage',
      ])
      .where('scanId', 'in', [...scanIds])
      .execute();
  },

  /** Creates the session or widens its captured period to cover the new scans. */
  async upsertSession(trx: Db, session: SessionValues) {
    await trx
      .insertInto('sessions')
      .values({
        ...session,
        assignmentType: deviceAssignmentType(session.projectId),
        manifest: json(session.manifest),
      })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            capturedTimestamp: sql`least(sessions.captured_timestamp, excluded.captured_timestamp)`,
            endCapturedTimestamp: sql`greatest(sessions.end_captured_timestamp, excluded.end_captured_timestamp)`,
            lastModified: sql`now()`,
          })
          .where((eb) =>
            eb.or([
              eb('sessions.capturedTimestamp', '>', eb.ref('excluded.capturedTimestamp')),
              eb('sessions.endCapturedTimestamp', '<', eb.ref('excluded.endCapturedTimestamp')),
            ]),
          ),
      )
      .execute();
  },

  /**
   * Creates the scan; a stored one stays as it is. Ingestion refuses a package that differs from
   * a stored scan, and the project, name, tags and comment may have been changed in the portal.
   */
  async insertScan(trx: Db, scan: ScanValues) {
    await trx
      .insertInto('scans')
      .values({
        ...scan,
        assignmentType: deviceAssignmentType(scan.projectId),
        defaultVersion: PACKAGE_CLOUD_VERSION,
        ...scanPathColumns(scan.simplePath),
        metadata: json(scan.metadata),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },

  /**
   * Registers an artifact, provisional when new; an existing one (same scan, type and name) keeps
   * its status (it may be final after trajectory processing) and gets the new location and size.
   * Not an ON CONFLICT upsert: other features may keep several artifacts of one name, so there is
   * no unique index; ingestion writes under the session lock, so two ingestions never race here.
   */
  async upsertArtifact(trx: Db, artifact: ArtifactValues) {
    const parameters = artifact.parameters === null ? null : json(artifact.parameters);
    const updated = await trx
      .updateTable('artifacts')
      .set({ s3Url: artifact.s3Url, size: artifact.size, parameters, lastModified: sql`now()` })
      .where('scanId', '=', artifact.scanId)
      .where('artifactType', '=', artifact.artifactType)
      .where('name', '=', artifact.name)
      .where(
        sql<boolean>`(s3_url, size, parameters - 'lod') IS DISTINCT FROM (${artifact.s3Url}, ${artifact.size}::bigint, ${parameters}::jsonb)`,
      )
      .returning('id')
      .execute();
    if (updated.length > 0) return;
    const existing = await trx
      .selectFrom('artifacts')
      .select('id')
      .where('scanId', '=', artifact.scanId)
      .where('artifactType', '=', artifact.artifactType)
      .where('name', '=', artifact.name)
      .executeTakeFirst();
    if (existing) return;
    await trx
      .insertInto('artifacts')
      .values({ ...artifact, status: 'provisional', parameters })
      .execute();
  },

  /** Writes image rows in batches; a frame already stored stays (ingestion compared it). */
  async insertImages(trx: Db, images: readonly ImageValues[]) {
    for (let i = 0; i < images.length; i += 500) {
      const batch = images.slice(i, i + 500).map((image) => ({
        ...image,
        centerImage: image.centerImage ? json(image.centerImage) : null,
        leftImage: image.leftImage ? json(image.leftImage) : null,
        rightImage: image.rightImage ? json(image.rightImage) : null,
      }));
      await trx
        .insertInto('images')
        .values(batch)
        .onConflict((oc) => oc.columns(['scanId', 'frame']).doNothing())
        .execute();
    }
  },

  /** Image packages of a session still waiting for scans. */
  pendingImagePackages(db: Db, sessionId: string, organizationId: number) {
    return withJobTables(db)
      .selectFrom('pendingImagePackages')
      .selectAll()
      .where('sessionId', '=', sessionId)
      .where('organizationId', '=', organizationId)
      .orderBy('created')
      .execute();
  },

  findPendingImagePackage(db: Db, objectKey: string) {
    return withJobTables(db)
      .selectFrom('pendingImagePackages')
      .selectAll()
      .where('objectKey', '=', objectKey)
      .executeTakeFirst();
  },

  async savePendingImagePackage(
    trx: Db,
    pending: {
      objectKey: string;
      organizationId: number;
      userId: number | null;
      sessionId: string;
      missingScanIds: string[];
    },
  ) {
    await withJobTables(trx)
      .insertInto('pendingImagePackages')
      .values(pending)
      .onConflict((oc) =>
        oc.column('objectKey').doUpdateSet({
          missingScanIds: pending.missingScanIds,
          sessionId: pending.sessionId,
          userId: pending.userId,
          lastModified: sql`now()`,
        }),
      )
      .execute();
  },

  async deletePendingImagePackage(trx: Db, objectKey: string) {
    await withJobTables(trx)
      .deleteFrom('pendingImagePackages')
      .where('objectKey', '=', objectKey)
      .execute();
  },
};
