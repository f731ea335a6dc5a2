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
  partFromStored,
  partsBytes,
  type ScanPart,
  scanPart,
  storedPart,
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
 * When more than this share of a project's scans changed, the whole project is read again
 * instead of the changed scans by id. Reading by id costs about in proportion (10,000 scans on
 * PGlite: 2,000 by id 104–111 ms, 5,000 243–258 ms, all 10,000 by id 451–475 ms, the whole
 * project 421 ms), so only a nearly whole change is read whole.
 */
const WHOLE_READ_SHARE = 0.8;

/**
 * Parts computed and waiting to be stored are dropped beyond this many (a process that computes
 * without storing, or a store that keeps failing): the store is a cache.
 */
const MAX_UNSTORED_PARTS = 50_000;

/** Parts are stored this many to a statement: PGlite runs other requests' statements between. */
const STORE_BATCH = 500;

interface SummaryCaches {
  compact: ByteLruCache<CompactSummary>;
  rows: ByteLruCache<ProjectSummaries>;
  /** By project id: the scan parts of the last compact summary computed, for the next one. */
  parts: ByteLruCache<ProjectParts>;
  /** Parts computed from the scans' rows and not stored yet, by scan id (storeComputedParts). */
  unstored: Map<string, ScanPart>;
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
      unstored: new Map(),
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
 * The parts of the given scans, or of the whole project, read from their rows and computed. The
 * rows and their markers are read before the artifacts: an artifact written in between has moved
 * its scan's marker past the one kept, and the next version reads that scan again (an artifact
 * older than its marker would be kept for good). They are noted for storing.
 */
async function computedParts(
  db: Db,
  projectId: number,
  onlyIds?: readonly string[],
): Promise<ScanPart[]> {
  const scans = await repo.compactScans(db, projectId, onlyIds);
  const artifacts = await repo.compactArtifacts(db, projectId, onlyIds);
  const byScan = groupBy(artifacts, (a) => a.scanId);
  const parts = scans.map((row) => scanPart(row, byScan.get(row.id) ?? []));
  const { unstored } = cachesOf(db);
  for (const part of parts) {
    if (unstored.size >= MAX_UNSTORED_PARTS) break;
    unstored.set(part.input.id, part);
  }
  return parts;
}

/**
 * Every scan's part, in the markers' order: a known part where its marker is the scan's, the
 * others computed from their rows; scans no longer in the project drop out. Undefined when so
 * many are unknown that reading the whole project is the better way.
 */
async function partsFrom(
  db: Db,
  projectId: number,
  markers: readonly { id: string; marker: string }[],
  known: (scanId: string) => ScanPart | undefined,
): Promise<ScanPart[] | undefined> {
  const changed = markers.filter((m) => known(m.id)?.marker !== m.marker).map((m) => m.id);
  if (changed.length > markers.length * WHOLE_READ_SHARE) return undefined;
  const fresh = new Map<string, ScanPart>();
  if (changed.length > 0) {
    for (const part of await computedParts(db, projectId, changed)) fresh.set(part.input.id, part);
  }
  const parts: ScanPart[] = [];
  for (const { id, marker } of markers) {
    // A changed scan gone from the project since its marker was read is left out.
    const part = fresh.get(id) ?? known(id);
    if (part && (fresh.has(id) || part.marker === marker)) parts.push(part);
  }
  return parts;
}

/** From the previous summary's parts: only the scans whose marker moved are read again. */
async function updatedParts(
  db: Db,
  projectId: number,
  previous: ProjectParts,
): Promise<ScanPart[] | undefined> {
  return partsFrom(db, projectId, await repo.scanMarkers(db, projectId), (id) => previous.get(id));
}

/**
 * From the parts stored at the scans' current markers (by this process or another, before or
 * since its start): only the scans with none stored are read.
 */
async function partsWithStored(db: Db, projectId: number): Promise<ScanPart[] | undefined> {
  const rows = await repo.scanMarkersWithStoredParts(db, projectId);
  const stored = new Map<string, ScanPart>();
  for (const { id, marker, part } of rows) {
    if (part !== null) stored.set(id, partFromStored(id, marker, part));
  }
  // None stored (a project never computed): one read of the whole project, not by ids.
  if (stored.size === 0) return undefined;
  return partsFrom(db, projectId, rows, (id) => stored.get(id));
}

async function buildCompact(db: Db, projectId: number): Promise<CompactSummary> {
  const { parts: partsCache } = cachesOf(db);
  const previous = partsCache.get(String(projectId));
  const parts =
    (previous
      ? await updatedParts(db, projectId, previous)
      : await partsWithStored(db, projectId)) ?? (await computedParts(db, projectId));
  partsCache.set(String(projectId), new Map(parts.map((part) => [part.input.id, part])));
  const json = Buffer.from(JSON.stringify(assembleSummary(projectId, parts)));
  // Off the event loop: other requests go on meanwhile. The first viewers of a new version wait
  // for it: for 10,000 scans (3.1 MB of JSON) quality 4 takes 19 ms for 232 kB, quality 5 37 ms
  // for 206 kB. Gzip 4 takes half the time of 6 (28 against 50 ms) for 4 % more bytes.
  const brotlied = brotli(json, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
  // Hashed while the thread pool compresses.
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 32);
  let gzipped: Promise<Buffer> | undefined;
  return {
    etag: `W/"${hash}"`,
    json,
    br: await brotlied,
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

  /**
   * Stores the parts computed since the last call, for any web process's next whole computation
   * (after its start, or of a project it does not keep). Returns how many were given to the
   * store (parts whose scan moved on since are left out there).
   */
  async storeComputedParts(db: Db): Promise<number> {
    const { unstored } = cachesOf(db);
    // In scan id order: two processes storing the same scans lock their rows in one order.
    const parts = [...unstored.values()].sort((a, b) =>
      a.input.id < b.input.id ? -1 : a.input.id > b.input.id ? 1 : 0,
    );
    unstored.clear();
    for (let start = 0; start < parts.length; start += STORE_BATCH) {
      await repo.storeParts(
        db,
        parts.slice(start, start + STORE_BATCH).map((part) => ({
          scanId: part.input.id,
          marker: part.marker,
          part: storedPart(part),
        })),
      );
    }
    return parts.length;
  },

  /** What the caches hold (tests and benchmarks). */
  cacheState(db: Db) {
    const { compact, rows, parts, unstored } = cachesOf(db);
    return {
      unstoredParts: unstored.size,
      compact: { entries: compact.size, bytes: compact.bytes },
      rows: { entries: rows.size, bytes: rows.bytes },
      parts: { entries: parts.size, bytes: parts.bytes },
    };
  },
};
