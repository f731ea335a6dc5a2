import type { BasestationStatus } from '@asset-portal/shared';
import DataLoader from 'dataloader';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BasestationFileRecord, LineString } from '../../db/schema.ts';
import type { LonLat } from '../../lib/geodesy/geodesy.ts';
import { groupBy } from '../scans/scan.repository.ts';
import { sessionRepository } from '../sessions/session.repository.ts';
import type { TimeWindow } from './basestation-matching.ts';

/** The run statuses that still need their base stations' files. */
export const ACTIVE_RUN_STATUSES = ['Submitted', 'In progress'] as const;

/** What the processing job writes once the zip has been read. */
export interface BasestationReadyValues {
  markerName: string | null;
  point: { type: 'Point'; coordinates: [number, number] };
  height: number;
  ecef: [number, number, number];
  antennaHeight: number | null;
  intervalSeconds: number | null;
  rinexVersion: string;
  startTimestamp: Date;
  endTimestamp: Date;
  files: BasestationFileRecord[];
}

/** One scan path of a session, in capture order. */
/** What matching takes of a session's scans: how many, and their simple paths in capture order. */
export interface SessionScans {
  scanCount: number;
  /** Each scan's simple path ([lon, lat] vertices); a scan without one yet adds none. */
  paths: LonLat[][];
}

export const NO_SESSION_SCANS: SessionScans = { scanCount: 0, paths: [] };

const intArray = (ids: readonly number[]) =>
  sql<number[]>`ARRAY[${sql.join(ids.map((id) => sql`${id}::integer`))}]::integer[]`;

/** All SQL about base stations and the sessions they matched. */
export const basestationRepository = {
  /**
   * Holds the matching of the organization's base stations and sessions until the transaction
   * ends. A base station turning Ready and a session being ingested at the same moment would
   * otherwise each read the other before it committed (READ COMMITTED), and neither would
   * record the match; under the lock the second one reads what the first committed.
   */
  async lockMatching(trx: Db, organizationId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`basestation-matching:${organizationId}`}))`.execute(
      trx,
    );
  },

  listForProject(db: Db, projectId: number) {
    return db
      .selectFrom('basestations')
      .selectAll()
      .where('projectId', '=', projectId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  findById(db: Db, id: number) {
    return db.selectFrom('basestations').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByFilename(db: Db, organizationId: number, filename: string) {
    return db
      .selectFrom('basestations')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .where('filename', '=', filename)
      .executeTakeFirst();
  },

  create(
    db: Db,
    values: {
      organizationId: number;
      projectId: number;
      userId: number;
      filename: string;
      s3Url: string;
      uploadSize: number;
    },
  ) {
    return db
      .insertInto('basestations')
      .values({ ...values, status: 'Submitted' })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Moves the row to a status; undefined when the row is gone. */
  setStatus(db: Db, id: number, status: BasestationStatus, statusMessage: string | null = null) {
    return db
      .updateTable('basestations')
      .set({ status, statusMessage, lastModified: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  /** Stores what was read from the zip and marks the row Ready; undefined when the row is gone. */
  markReady(db: Db, id: number, values: BasestationReadyValues) {
    return db
      .updateTable('basestations')
      .set({
        ...values,
        point: JSON.stringify(values.point),
        files: JSON.stringify(values.files),
        status: 'Ready',
        statusMessage: null,
        lastModified: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  delete(db: Db, id: number) {
    return db.deleteFrom('basestations').where('id', '=', id).execute();
  },

  /** True while a Submitted or In progress run uses the base station. */
  async hasActiveRuns(db: Db, id: number) {
    const row = await db
      .selectFrom('trajectoryProcessingRuns')
      .select('id')
      .where('basestationIds', '@>', intArray([id]))
      .where('status', 'in', ACTIVE_RUN_STATUSES)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Trajectory processing runs that use each base station, newest first. */
  runsByBasestationLoader(db: Db) {
    return new DataLoader(
      async (ids: readonly number[]) => {
        const rows = await db
          .selectFrom('trajectoryProcessingRuns')
          .selectAll()
          .where('basestationIds', '&&', intArray(ids))
          .orderBy('submitted', 'desc')
          .orderBy('id', 'desc')
          .execute();
        return ids.map((id) => rows.filter((run) => run.basestationIds.includes(id)));
      },
      { maxBatchSize: 1000 },
    );
  },

  findSession: sessionRepository.findWithManifest,

  /**
   * Sessions of the organization whose capture window the base's window covers within the
   * margin: they start at most `margin` before the base starts and end at most `margin` after.
   */
  sessionsCoveredBy(db: Db, organizationId: number, base: TimeWindow, marginSeconds: number) {
    const margin = marginSeconds * 1000;
    return db
      .selectFrom('sessions')
      .select(['id', 'projectId', 'capturedTimestamp', 'endCapturedTimestamp', 'manifest'])
      .where('organizationId', '=', organizationId)
      .where('capturedTimestamp', '>=', new Date(base.start.getTime() - margin))
      .where('endCapturedTimestamp', '<=', new Date(base.end.getTime() + margin))
      .orderBy('capturedTimestamp')
      .orderBy('id')
      .execute();
  },

  /** Ready base stations of the organization whose window covers the session's within the margin. */
  readyCovering(db: Db, organizationId: number, session: TimeWindow, marginSeconds: number) {
    const margin = marginSeconds * 1000;
    return db
      .selectFrom('basestations')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .where('status', '=', 'Ready')
      .where('startTimestamp', '<=', new Date(session.start.getTime() + margin))
      .where('endTimestamp', '>=', new Date(session.end.getTime() - margin))
      .orderBy('id')
      .execute();
  },

  /** Each session's scan count and scan paths in capture order; absent for a session without scans. */
  async sessionScans(db: Db, sessionIds: readonly string[]): Promise<Map<string, SessionScans>> {
    if (sessionIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('scans')
      .select(['sessionId', 'simplePath'])
      .where('sessionId', 'in', sessionIds)
      .orderBy('capturedTimestamp')
      .orderBy('id')
      .execute();
    const bySession = groupBy(
      rows as { sessionId: string; simplePath: LineString | null }[],
      (row) => row.sessionId,
    );
    return new Map(
      [...bySession].map(([sessionId, scans]) => [
        sessionId,
        {
          scanCount: scans.length,
          paths: scans.flatMap((scan) => (scan.simplePath ? [scan.simplePath.coordinates] : [])),
        },
      ]),
    );
  },

  /** Replaces the base station's upload-time matches. */
  async replaceMatches(
    db: Db,
    basestationId: number,
    matches: readonly { sessionId: string; distanceKm: number }[],
  ) {
    await db
      .deleteFrom('basestationSessionMatches')
      .where('basestationId', '=', basestationId)
      .execute();
    if (matches.length === 0) return;
    await db
      .insertInto('basestationSessionMatches')
      .values(matches.map((match) => ({ basestationId, ...match })))
      .execute();
  },

  /** Adds matches of one session; a pair already matched keeps its row. */
  async addSessionMatches(
    db: Db,
    sessionId: string,
    matches: readonly { basestationId: number; distanceKm: number }[],
  ) {
    if (matches.length === 0) return;
    await db
      .insertInto('basestationSessionMatches')
      .values(matches.map((match) => ({ sessionId, ...match })))
      .onConflict((conflict) => conflict.columns(['basestationId', 'sessionId']).doNothing())
      .execute();
  },

  /** The base stations matched to the session when they were uploaded ('Recommended'). */
  matchedForSession(db: Db, sessionId: string) {
    return db
      .selectFrom('basestations')
      .innerJoin('basestationSessionMatches as matches', 'matches.basestationId', 'basestations.id')
      .selectAll('basestations')
      .where('matches.sessionId', '=', sessionId)
      .orderBy('matches.distanceKm')
      .orderBy('basestations.id')
      .execute();
  },
};
