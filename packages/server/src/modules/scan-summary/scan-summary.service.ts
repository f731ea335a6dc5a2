import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Db } from '../../db/database.ts';
import type { RequestContext, Viewer } from '../../graphql/context.ts';
import { NotFoundError } from '../../graphql/errors.ts';
import { scanPolicy } from '../../policies/scan.policy.ts';
import { groupBy } from '../scans/scan.repository.ts';
import { loadProjectSummaries } from '../scans/scan.service.ts';
import { ByteLruCache } from './byte-lru-cache.ts';
import { scanSummaryRepository as repo } from './scan-summary.repository.ts';
import {
  assembleSummary,
  type ProjectParts,
  partsBytes,
  type ScanPart,
  scanPart,
} from './summary-parts.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * One project version's compact summary: the JSON and its brotli form, made once, and its gzip
 * form, made once when a client that refuses brotli first asks for it (browsers all take
 * brotli: the first viewers of a new version do not wait for a form nobody reads).
 */
export interface CompactSummary {
  /** Weak: the same summary is sent in three encodings. */
  etag: string;
  json: Buffer;
  br: Buffer;
  gzip(): Promise<Buffer>;
}

type ProjectSummaries = Awaited<ReturnType<typeof loadProjectSummaries>>;

// A 10,000-scan project's compact summary takes ~3 MB with its compressed forms; its full
// summary rows (the GraphQL answer's source) ~50 MB of heap.
const COMPACT_CACHE_BYTES = 64 * 1024 * 1024;
const ROWS_CACHE_BYTES = 96 * 1024 * 1024;
// A 10,000-scan project's scan parts take ~12 MB.
const PARTS_CACHE_BYTES = 48 * 1024 * 1024;

/**
 * Projects of at least this many scans get their summary computed when a web process starts or
 * once they reach this size: the whole computation takes 0.8–2 s for 10,000 scans, and then only
 * changed scans are read.
 */
export const PREPARE_MIN_SCANS = 1_000;

/**
 * Above this many changed scans the whole project is read again: reading them by id would
 * cost about as much, and the statement's parameters stay few.
 */
const MAX_CHANGED_SCANS = 1_000;

interface SummaryCaches {
  compact: ByteLruCache<CompactSummary>;
  rows: ByteLruCache<ProjectSummaries>;
  /** By project id: the scan parts of the last compact summary computed, for the next one. */
  parts: ByteLruCache<ProjectParts>;
}

// One pair of caches per database: project ids and versions mean nothing across databases (the
// tests run several in one process).
const cachesByDb = new WeakMap<Db, SummaryCaches>();

function cachesOf(db: Db): SummaryCaches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = {
      compact: new ByteLruCache<CompactSummary>(
        COMPACT_CACHE_BYTES,
        // The gzip form, when made, is about 30 % of the JSON: its room is counted from the start.
        (s) => s.json.length + s.br.length + Math.ceil(s.json.length * 0.3),
      ),
      rows: new ByteLruCache<ProjectSummaries>(ROWS_CACHE_BYTES, estimateRowBytes),
      parts: new ByteLruCache<ProjectParts>(PARTS_CACHE_BYTES, partsBytes),
    };
    cachesByDb.set(db, caches);
  }
  return caches;
}

/** A rough heap size of summary rows: counting exactly would cost what caching saves. */
function estimateRowBytes(rows: ProjectSummaries): number {
  let bytes = 0;
  for (const row of rows) {
    bytes += 1_000 + 400 * row.artifacts.length;
    bytes += 48 * (row.simplePath?.coordinates?.length ?? 0);
  }
  return bytes;
}

const versionKey = (projectId: number, version: string) => `${projectId}:${version}`;

/**
 * The project's cache key, after the access check: another organization's project and a missing
 * one both answer 'Not found', as the GraphQL API does. The version is read before the scans, so
 * a summary may be newer than its version but never older.
 */
async function visibleVersionKey(db: Db, viewer: Viewer, projectId: number): Promise<string> {
  const head = await repo.projectHead(db, projectId);
  if (!head || !scanPolicy.canReadProject(viewer, head.organizationId)) throw new NotFoundError();
  return versionKey(projectId, head.version);
}

/** Older versions of the project can never be asked for again. */
const isOtherVersionOf = (projectId: number, key: string) => (other: string) =>
  other !== key && other.startsWith(`${projectId}:`);

/**
 * Every scan's part, from the whole project. The rows and their markers are read before the
 * artifacts: an artifact written in between has moved its scan's marker past the one kept, and
 * the next version reads that scan again (an artifact older than its marker would be kept for
 * good).
 */
async function allParts(db: Db, projectId: number): Promise<ScanPart[]> {
  const scans = await repo.compactScans(db, projectId);
  const artifacts = await repo.compactArtifacts(db, projectId);
  const byScan = groupBy(artifacts, (a) => a.scanId);
  return scans.map((row) => scanPart(row, byScan.get(row.id) ?? []));
}

/**
 * Every scan's part, reading again only the scans whose marker differs from the previous
 * summary's (changed or new ones); scans no longer in the project drop out. Undefined when
 * so many changed that reading the whole project is the better way.
 */
async function updatedParts(
  db: Db,
  projectId: number,
  previous: ProjectParts,
): Promise<ScanPart[] | undefined> {
  const markers = await repo.scanMarkers(db, projectId);
  const changed = markers.filter((m) => previous.get(m.id)?.marker !== m.marker).map((m) => m.id);
  if (changed.length > MAX_CHANGED_SCANS) return undefined;
  const fresh = new Map<string, ScanPart>();
  if (changed.length > 0) {
    const scans = await repo.compactScans(db, projectId, changed);
    const artifacts = await repo.compactArtifacts(db, projectId, changed);
    const byScan = groupBy(artifacts, (a) => a.scanId);
    for (const row of scans) fresh.set(row.id, scanPart(row, byScan.get(row.id) ?? []));
  }
  const parts: ScanPart[] = [];
  for (const { id, marker } of markers) {
    // A changed scan gone from the project since its marker was read is left out.
    const part = fresh.get(id) ?? previous.get(id);
    if (part && (fresh.has(id) || part.marker === marker)) parts.push(part);
  }
  return parts;
}

async function buildCompact(db: Db, projectId: number): Promise<CompactSummary> {
  const { parts: partsCache } = cachesOf(db);
  const previous = partsCache.get(String(projectId));
  const parts =
    (previous && (await updatedParts(db, projectId, previous))) ?? (await allParts(db, projectId));
  partsCache.set(String(projectId), new Map(parts.map((part) => [part.input.id, part])));
  const json = Buffer.from(JSON.stringify(assembleSummary(projectId, parts)));
  // Off the event loop: other requests go on meanwhile. The first viewers of a new version wait
  // for it: for 10,000 scans (3.1 MB of JSON) quality 4 takes 19 ms for 232 kB, quality 5 37 ms
  // for 206 kB. Gzip 4 takes half the time of 6 (28 against 50 ms) for 4 % more bytes.
  const brotlied = await brotli(json, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
  let gzipped: Promise<Buffer> | undefined;
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 32);
  return {
    etag: `W/"${hash}"`,
    json,
    br: brotlied,
    gzip: () => {
      gzipped ??= gzip(json, { level: 4 });
      return gzipped;
    },
  };
}

/** The compact summary of this version of the project, computed once; older versions go. */
function compactVersion(db: Db, projectId: number, key: string): Promise<CompactSummary> {
  const cache = cachesOf(db).compact;
  cache.deleteWhere(isOtherVersionOf(projectId, key));
  return cache.getOrLoad(key, () => buildCompact(db, projectId));
}

/**
 * Computes the current compact summary of each project given (largest first) whose current
 * version is not kept, while the prepared parts fill less than three quarters of their cache.
 * Returns the projects computed.
 */
async function prepareUnkept(
  db: Db,
  projects: readonly { projectId: number | null }[],
): Promise<number[]> {
  const caches = cachesOf(db);
  const prepared: number[] = [];
  for (const { projectId } of projects) {
    if (projectId === null || caches.parts.bytes >= PARTS_CACHE_BYTES * 0.75) break;
    const head = await repo.projectHead(db, projectId);
    if (!head) continue;
    const key = versionKey(projectId, head.version);
    if (caches.compact.has(key)) continue;
    await compactVersion(db, projectId, key);
    prepared.push(projectId);
  }
  return prepared;
}

/**
 * The viewer's project summary, computed once per project version and shared by every viewer and
 * by the GraphQL scansSummary.
 */
export const scanSummaryService = {
  /** The compact summary (GET /api/projects/:id/scan-summary). */
  async compact(db: Db, viewer: Viewer, projectId: number): Promise<CompactSummary> {
    return compactVersion(db, projectId, await visibleVersionKey(db, viewer, projectId));
  },

  /** The full summaries with their artifacts (GraphQL scansSummary), from the same versions. */
  async summaries(ctx: RequestContext, projectId: number): Promise<ProjectSummaries> {
    const key = await visibleVersionKey(ctx.db, ctx.viewer, projectId);
    const cache = cachesOf(ctx.db).rows;
    cache.deleteWhere(isOtherVersionOf(projectId, key));
    return cache.getOrLoad(key, () => loadProjectSummaries(ctx.db, projectId));
  },

  /**
   * Computes the compact summaries of the largest projects (at least `minScans` scans, the
   * largest first, while their prepared parts fill less than three quarters of that cache), so
   * the first viewer after a start finds it computed and later versions are computed from it. Returns the projects computed now (those whose
   * current version was kept already are left as they are).
   */
  async prepareLargeProjects(db: Db, minScans = PREPARE_MIN_SCANS): Promise<number[]> {
    return prepareUnkept(db, await repo.largeProjects(db, minScans));
  },

  /**
   * Prepares the projects whose summary version moved since the last look (`seen`, the versions
   * it returned), which this process does not keep and which now hold at least `minScans`
   * scans: a project grown past the threshold is computed by the next look, not at the next
   * full preparation. A first look (no `seen`) only notes the versions.
   */
  async prepareGrown(
    db: Db,
    seen: ReadonlyMap<number, string> | undefined,
    minScans = PREPARE_MIN_SCANS,
  ): Promise<{ versions: Map<number, string>; prepared: number[] }> {
    const { compact } = cachesOf(db);
    const versions = new Map(
      (await repo.allProjectVersions(db)).map(({ id, version }) => [id, version]),
    );
    if (!seen) return { versions, prepared: [] };
    const moved = [...versions].filter(
      ([id, version]) => seen.get(id) !== version && !compact.has(versionKey(id, version)),
    );
    const counts = await repo.scanCounts(
      db,
      moved.map(([id]) => id),
    );
    const prepared = await prepareUnkept(
      db,
      counts.filter(({ scans }) => scans >= minScans),
    );
    return { versions, prepared };
  },

  /**
   * Computes the new version of each project whose compact summary this process keeps (viewed
   * or prepared lately) once its scans changed, so that its next viewers find it computed instead
   * of waiting for it together. Changed projects are computed one after the other, each from its
   * last version (only the changed scans are read). Returns the projects computed.
   */
  async refreshKept(db: Db): Promise<number[]> {
    const { compact } = cachesOf(db);
    const kept = new Map<number, Set<string>>();
    for (const key of compact.keys()) {
      const projectId = Number(key.slice(0, key.indexOf(':')));
      kept.set(projectId, (kept.get(projectId) ?? new Set()).add(key));
    }
    const refreshed: number[] = [];
    const versions = await repo.projectVersions(db, [...kept.keys()]);
    const existing = new Set(versions.map((v) => v.id));
    for (const id of kept.keys()) {
      if (!existing.has(id)) compact.deleteWhere((key) => key.startsWith(`${id}:`));
    }
    for (const { id, version } of versions) {
      const key = versionKey(id, version);
      if (kept.get(id)?.has(key)) continue;
      await compactVersion(db, id, key);
      refreshed.push(id);
    }
    return refreshed;
  },

  /** What the caches hold (tests and benchmarks). */
  cacheState(db: Db) {
    const { compact, rows, parts } = cachesOf(db);
    return {
      compact: { entries: compact.size, bytes: compact.bytes },
      rows: { entries: rows.size, bytes: rows.bytes },
      parts: { entries: parts.size, bytes: parts.bytes },
    };
  },
};
