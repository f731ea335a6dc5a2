import DataLoader from 'dataloader';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ImageRef } from '../../db/schema.ts';

// Only what the scan summary shows: the list of a project may hold 10,000 scans.
const summaryColumns = [
  'scans.id',
  'scans.type',
  'scans.friendlyName',
  'scans.sessionId',
  'scans.assignmentType',
  'scans.deviceId',
  'scans.tags',
  'scans.length',
  'scans.metadata',
  'scans.comment',
  'scans.defaultVersion',
  'scans.capturedTimestamp',
  'scans.endCapturedTimestamp',
  'scans.friendlyLocationName',
  'scans.simplePath',
  'scans.projectId',
  'scans.lastModified',
] as const;

const fullColumns = [...summaryColumns, 'scans.organizationId', 'scans.created'] as const;

const artifactSummaryColumns = [
  'artifacts.id',
  'artifacts.scanId',
  'artifacts.artifactType',
  'artifacts.name',
  'artifacts.url',
  'artifacts.s3Url',
  'artifacts.status',
] as const;

const artifactColumns = [...artifactSummaryColumns, 'artifacts.parameters'] as const;

// Loaders batch at most this many keys in one IN list (PostgreSQL allows 65,535 parameters).
const MAX_BATCH = 10_000;

/** Groups rows by a key, keeping their order. */
export function groupBy<K, R>(rows: readonly R[], key: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** All SQL about scans, their artifacts and images. */
export const scanRepository = {
  /** The organization owning a project, or undefined when there is no such project. */
  async projectOrganizations(db: Db, projectIds: readonly number[]) {
    if (projectIds.length === 0) return new Map<number, number>();
    const rows = await db
      .selectFrom('projects')
      .select(['id', 'organizationId'])
      .where('id', 'in', projectIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.organizationId]));
  },

  /** Scan summaries of a project (one statement). */
  listSummaries(db: Db, projectId: number) {
    return db
      .selectFrom('scans')
      .select(summaryColumns)
      .where('scans.projectId', '=', projectId)
      .orderBy('scans.capturedTimestamp')
      .orderBy('scans.id')
      .execute();
  },

  /** The summary artifacts of every scan of a project (one statement, joined, no id list). */
  listProjectArtifactSummaries(db: Db, projectId: number) {
    return db
      .selectFrom('artifacts')
      .innerJoin('scans', 'scans.id', 'artifacts.scanId')
      .select(artifactSummaryColumns)
      .where('scans.projectId', '=', projectId)
      .orderBy('artifacts.id')
      .execute();
  },

  /** Full scans of a project. */
  listFull(db: Db, projectId: number) {
    return db
      .selectFrom('scans')
      .select(fullColumns)
      .where('scans.projectId', '=', projectId)
      .orderBy('scans.capturedTimestamp')
      .orderBy('scans.id')
      .execute();
  },

  listProjectArtifacts(db: Db, projectId: number) {
    return db
      .selectFrom('artifacts')
      .innerJoin('scans', 'scans.id', 'artifacts.scanId')
      .select(artifactColumns)
      .where('scans.projectId', '=', projectId)
      .orderBy('artifacts.id')
      .execute();
  },

  /** Scans in no project, optionally of one organization. */
  listUnassignedSummaries(db: Db, organizationId: number | null) {
    let query = db
      .selectFrom('scans')
      .select([...summaryColumns, 'scans.organizationId'])
      .where('scans.projectId', 'is', null);
    if (organizationId !== null) query = query.where('scans.organizationId', '=', organizationId);
    return query.orderBy('scans.capturedTimestamp').orderBy('scans.id').execute();
  },

  listUnassignedArtifactSummaries(db: Db, organizationId: number | null) {
    let query = db
      .selectFrom('artifacts')
      .innerJoin('scans', 'scans.id', 'artifacts.scanId')
      .select(artifactSummaryColumns)
      .where('scans.projectId', 'is', null);
    if (organizationId !== null) query = query.where('scans.organizationId', '=', organizationId);
    return query.orderBy('artifacts.id').execute();
  },

  findById(db: Db, id: string) {
    return db.selectFrom('scans').select(fullColumns).where('scans.id', '=', id).executeTakeFirst();
  },

  /** Full scans by id (for fields that point at a scan, such as an annotation's). */
  byIdLoader(db: Db) {
    return new DataLoader(
      async (ids: readonly string[]) => {
        const rows = await db
          .selectFrom('scans')
          .select(fullColumns)
          .where('scans.id', 'in', ids)
          .execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      { maxBatchSize: MAX_BATCH },
    );
  },

  artifactsByScanLoader(db: Db) {
    return new DataLoader(
      async (scanIds: readonly string[]) => {
        const rows = await db
          .selectFrom('artifacts')
          .select(artifactColumns)
          .where('artifacts.scanId', 'in', scanIds)
          .orderBy('artifacts.id')
          .execute();
        const groups = groupBy(rows, (r) => r.scanId);
        return scanIds.map((id) => groups.get(id) ?? []);
      },
      { maxBatchSize: MAX_BATCH },
    );
  },

  /** Images of scans, ordered by frame. */
  imagesByScanLoader(db: Db) {
    return new DataLoader(
      async (scanIds: readonly string[]) => {
        const rows = await db
          .selectFrom('images')
          .select([
            'id',
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
          .where('scanId', 'in', scanIds)
          .orderBy('scanId')
          .orderBy('frame')
          .execute();
        const groups = groupBy(rows, (r) => r.scanId);
        return scanIds.map((id) => groups.get(id) ?? []);
      },
      { maxBatchSize: MAX_BATCH },
    );
  },

  devicesByIdLoader(db: Db) {
    return new DataLoader(
      async (ids: readonly string[]) => {
        const rows = await db
          .selectFrom('devices')
          .select(['id', 'name', 'organizationId'])
          .where('id', 'in', ids)
          .execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      { maxBatchSize: MAX_BATCH },
    );
  },
};

/** What a scan's header may change: only the fields given. */
export interface ScanHeaderChanges {
  friendlyName?: string | null;
  comment?: string | null;
  defaultVersion?: string;
  tags?: string[];
  metadata?: Record<string, unknown>;
}

/** SQL of scan maintenance: header edits, deletion, downloads. */
export const scanMaintenanceRepository = {
  async projectTagOptions(db: Db, projectId: number): Promise<string[]> {
    const row = await db
      .selectFrom('projects')
      .select('tagOptions')
      .where('id', '=', projectId)
      .executeTakeFirst();
    return row?.tagOptions ?? [];
  },

  /** Writes the given fields, merging metadata key by key. */
  async updateHeader(db: Db, id: string, changes: ScanHeaderChanges): Promise<void> {
    const { metadata, ...plain } = changes;
    await db
      .updateTable('scans')
      .set({
        ...plain,
        ...(metadata
          ? {
              metadata: sql`coalesce(metadata, '{}'::jsonb) || ${JSON.stringify(metadata)}::jsonb`,
            }
          : {}),
        lastModified: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Every stored URL the scan's artifacts, images and import record name, and the key prefixes
   * of its clouds' level of detail.
   */
  async storedObjectsOf(db: Db, id: string): Promise<{ urls: string[]; lodPrefixes: string[] }> {
    const [artifacts, images, imported] = await Promise.all([
      db.selectFrom('artifacts').select(['s3Url', 'parameters']).where('scanId', '=', id).execute(),
      db
        .selectFrom('images')
        .select(['centerImage', 'leftImage', 'rightImage'])
        .where('scanId', '=', id)
        .execute(),
      db.selectFrom('importedScans').select('sourceS3Url').where('scanId', '=', id).execute(),
    ]);
    const urls: (string | null | undefined)[] = [
      ...artifacts.map((a) => a.s3Url),
      ...images.flatMap((i) =>
        [i.centerImage, i.leftImage, i.rightImage].map((ref) => (ref as ImageRef | null)?.s3Url),
      ),
      ...imported.map((i) => i.sourceS3Url),
    ];
    const lodPrefixes = artifacts
      .map((a) => (a.parameters as { lod?: { prefix?: unknown } } | null)?.lod?.prefix)
      .filter((prefix): prefix is string => typeof prefix === 'string');
    return {
      urls: urls.filter((url): url is string => typeof url === 'string' && url.length > 0),
      lodPrefixes,
    };
  },

  /** Deletes the scan; its artifacts, images, annotations and import record cascade. */
  async deleteScan(db: Db, id: string): Promise<void> {
    await db.deleteFrom('scans').where('id', '=', id).execute();
  },

  /** The scan's newest pointcloud artifact (latest created, then highest id). */
  latestPointcloud(db: Db, scanId: string) {
    return db
      .selectFrom('artifacts')
      .select(['id', 'artifactType', 'name', 's3Url'])
      .where('scanId', '=', scanId)
      .where('artifactType', '=', 'pointcloud')
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },
};

export type ScanSummaryRow = Awaited<ReturnType<typeof scanRepository.listSummaries>>[number];
export type ScanFullRow = Awaited<ReturnType<typeof scanRepository.listFull>>[number];
export type ArtifactSummaryRow = Awaited<
  ReturnType<typeof scanRepository.listProjectArtifactSummaries>
>[number];
