import type { SummaryScanInput } from '@asset-portal/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LineString } from '../../db/schema.ts';

/**
 * The project's scans, each with its change marker: what a scan's summary part was computed
 * from, in one short text. A row's version is the transaction that wrote it (`xmin`), new with
 * every committed insert or update; triggers (migration 0010) write to the scan row whenever an
 * artifact field the part reads changes (an artifact added, deleted, moved or edited), in the
 * same transaction, so the row's version covers its artifacts too and no artifact is read here.
 * The bump counter joins the marker for writes within one transaction, which keep one `xmin`.
 * The marker stays the same while nothing was written (a transaction id comes round again only
 * after four billion transactions). It is read in the same statement as the scan's row, and
 * before its artifacts' fields.
 */
const marker = sql<string>`scans.xmin::text || '/' || scans.artifacts_version::text`;

function scansWithMarkers(db: Db, projectId: number) {
  return db
    .selectFrom('scans')
    .select(marker.as('marker'))
    .where('scans.projectId', '=', projectId)
    .orderBy('scans.capturedTimestamp')
    .orderBy('scans.id');
}

/** A scan as the summary reads it (compactScans): the encoder's fields, its marker and its path. */
export interface CompactScanRow
  extends Omit<SummaryScanInput, 'path' | 'artifacts' | 'tags' | 'capturedTimestamp'> {
  marker: string;
  tags: string[];
  capturedTimestamp: Date | null;
  viewerPath: string | null;
  /** Only where the viewer path is not known. */
  simplePath: LineString | null;
}

/** compactScans' row as it comes in the JSON text, in its SELECT's order. */
type CompactScanTuple = [
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string[] | null,
  string | null,
  string | null,
  string | null,
  LineString | null,
];

/** The SQL of the viewer's project summary. */
export const scanSummaryRepository = {
  /**
   * The project's owner and summary version (bumped by triggers with every write that changes
   * the summary, migration 0009), or undefined when there is no such project. One statement:
   * the access check and the cache key of every summary request.
   */
  projectHead(db: Db, projectId: number) {
    return db
      .selectFrom('projects')
      .select(['id', 'organizationId', sql<string>`summary_version::text`.as('version')])
      .where('id', '=', projectId)
      .executeTakeFirst();
  },

  /** The summary versions of these projects (those that still exist). */
  projectVersions(db: Db, projectIds: readonly number[]) {
    if (projectIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('projects')
      .select(['id', sql<string>`summary_version::text`.as('version')])
      .where('id', 'in', projectIds)
      .execute();
  },

  /** Every project's summary version: what a web process compares from one look to the next. */
  allProjectVersions(db: Db) {
    return db
      .selectFrom('projects')
      .select(['id', sql<string>`summary_version::text`.as('version')])
      .execute();
  },

  /** The number of scans of each of these projects that has any, the largest first. */
  scanCounts(db: Db, projectIds: readonly number[]) {
    if (projectIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('scans')
      .select(['projectId', sql<number>`count(*)::int`.as('scans')])
      .where('projectId', 'in', [...projectIds])
      .groupBy('projectId')
      .orderBy(sql`count(*)`, 'desc')
      .execute();
  },

  /** Projects of at least `minScans` scans, the largest first. */
  largeProjects(db: Db, minScans: number) {
    return db
      .selectFrom('scans')
      .select(['projectId', sql<number>`count(*)::int`.as('scans')])
      .where('projectId', 'is not', null)
      .groupBy('projectId')
      .having(sql`count(*)`, '>=', minScans)
      .orderBy(sql`count(*)`, 'desc')
      .execute();
  },

  /**
   * Each scan's id and change marker, in the list's order: no paths and no artifacts, cheap to
   * read. Read as one text of "<marker> <id>" lines: 10,000 rows cost a client more than the
   * query itself (PGlite 34–40 ms as rows, 15–17 ms as one text; PostgreSQL 11–15 against
   * 7–10 ms). A marker holds no space; an id holding a line break (none should) makes the lines
   * miscount, and the rows are read instead.
   */
  async scanMarkers(db: Db, projectId: number): Promise<{ id: string; marker: string }[]> {
    const { rows } = await sql<{ scans: number; lines: string | null }>`
      SELECT count(*)::int AS scans,
        string_agg(${marker} || ' ' || scans.id, E'\n' ORDER BY scans.captured_timestamp, scans.id) AS lines
      FROM scans WHERE scans.project_id = ${projectId}`.execute(db);
    const { scans = 0, lines = null } = rows[0] ?? {};
    if (scans === 0 || lines === null) return [];
    const markers = lines.split('\n').map((line) => {
      const space = line.indexOf(' ');
      return { id: line.slice(space + 1), marker: line.slice(0, space) };
    });
    if (markers.length === scans) return markers;
    return scansWithMarkers(db, projectId).select('scans.id').execute();
  },

  /**
   * What the viewer's list, map and filters read of each scan, with its change marker, in the
   * list's order: every scan of the project, or only the given ones (at least one). The path is
   * the viewer path written with the scan; the simple path comes only where that is not known,
   * as its jsonb's conversion to text is the costly part of reading a scan. Read as one JSON
   * text of arrays: 10,000 scans on PGlite cost 160 ms as rows, 95 ms so.
   */
  async compactScans(
    db: Db,
    projectId: number,
    onlyIds?: readonly string[],
  ): Promise<CompactScanRow[]> {
    // One array parameter, however many ids: a statement takes at most 65,535 parameters.
    const only = onlyIds ? sql`AND scans.id = any(${[...onlyIds]}::text[])` : sql``;
    const { rows } = await sql<{ scans: string | null }>`
      SELECT json_agg(json_build_array(${marker}, scans.id, scans.friendly_name, scans.session_id,
          scans.assignment_type, scans.device_id, scans.type, scans.tags, scans.comment,
          scans.captured_timestamp, scans.viewer_path,
          CASE WHEN scans.viewer_path IS NULL THEN scans.simple_path END)
        ORDER BY scans.captured_timestamp, scans.id)::text AS scans
      FROM scans WHERE scans.project_id = ${projectId} ${only}`.execute(db);
    const listed = JSON.parse(rows[0]?.scans ?? '[]') as CompactScanTuple[];
    return listed.map(
      ([
        mark,
        id,
        friendlyName,
        sessionId,
        assignmentType,
        deviceId,
        type,
        tags,
        comment,
        captured,
        viewerPath,
        simplePath,
      ]) => ({
        marker: mark,
        id,
        friendlyName,
        sessionId,
        assignmentType,
        deviceId,
        type,
        tags: tags ?? [],
        comment,
        capturedTimestamp: captured === null ? null : new Date(captured),
        viewerPath,
        simplePath,
      }),
    );
  },

  /**
   * The artifacts of every scan of the project, or of the given scans (at least one): id, type,
   * name and status, in id order. The scan's marker moves only when one of these fields (or the
   * artifact's scan) changes: a field read here must be compared by migration 0010's trigger too.
   * Read as one JSON text of arrays: 30,000 artifacts on PGlite cost 300 ms as rows, 100 ms so.
   */
  async compactArtifacts(
    db: Db,
    projectId: number,
    onlyScanIds?: readonly string[],
  ): Promise<{ id: number; scanId: string; artifactType: string; name: string; status: string }[]> {
    const only = onlyScanIds
      ? sql`AND artifacts.scan_id = any(${[...onlyScanIds]}::text[])`
      : sql``;
    const { rows } = await sql<{ artifacts: string | null }>`
      SELECT json_agg(json_build_array(artifacts.id, artifacts.scan_id, artifacts.artifact_type,
          artifacts.name, artifacts.status) ORDER BY artifacts.id)::text AS artifacts
      FROM artifacts JOIN scans ON scans.id = artifacts.scan_id
      WHERE scans.project_id = ${projectId} ${only}`.execute(db);
    const listed = JSON.parse(rows[0]?.artifacts ?? '[]') as [
      number,
      string,
      string,
      string,
      string,
    ][];
    return listed.map(([id, scanId, artifactType, name, status]) => ({
      id,
      scanId,
      artifactType,
      name,
      status,
    }));
  },

  /**
   * Each scan's id and change marker in the list's order, as `scanMarkers`, with its stored part
   * when one was stored at that marker (null otherwise).
   */
  scanMarkersWithStoredParts(db: Db, projectId: number) {
    return scansWithMarkers(db, projectId)
      .leftJoin('scanSummaryParts as stored', (join) =>
        join.onRef('stored.scanId', '=', 'scans.id').on('stored.marker', '=', marker),
      )
      .select(['scans.id', 'stored.part'])
      .execute();
  },

  /**
   * Stores these parts, each computed at its marker; one whose scan has moved past that marker
   * (or is gone) since is left out, as it could never be read. Replaces the scan's older part.
   */
  async storeParts(db: Db, parts: readonly { scanId: string; marker: string; part: string }[]) {
    if (parts.length === 0) return;
    await sql`
      INSERT INTO scan_summary_parts (scan_id, marker, part)
      SELECT given.scan_id, given.marker, given.part
      FROM jsonb_to_recordset(${JSON.stringify(parts.map((p) => ({ scan_id: p.scanId, marker: p.marker, part: p.part })))}::jsonb)
        AS given(scan_id text, marker text, part text)
      JOIN scans ON scans.id = given.scan_id AND ${marker} = given.marker
      ON CONFLICT (scan_id) DO UPDATE SET marker = excluded.marker, part = excluded.part
    `.execute(db);
  },
};
