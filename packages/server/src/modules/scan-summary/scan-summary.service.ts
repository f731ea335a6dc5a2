import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { encodeScanSummary, type SummaryScanInput } from '@asset-portal/shared';
import type { Db } from '../../db/database.ts';
import type { RequestContext, Viewer } from '../../graphql/context.ts';
import { NotFoundError } from '../../graphql/errors.ts';
import { scanPolicy } from '../../policies/scan.policy.ts';
import { groupBy } from '../scans/scan.repository.ts';
import { loadProjectSummaries } from '../scans/scan.service.ts';
import { ByteLruCache } from './byte-lru-cache.ts';
import { scanSummaryRepository as repo } from './scan-summary.repository.ts';
import { viewerPath } from './viewer-path.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** One project version's compact summary: the JSON and its two compressed forms, made once. */
export interface CompactSummary {
  /** Weak: the same summary is sent in three encodings. */
  etag: string;
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
}

type ProjectSummaries = Awaited<ReturnType<typeof loadProjectSummaries>>;

// A 10,000-scan project's compact summary takes ~3 MB with its compressed forms; its full
// summary rows (the GraphQL answer's source) ~50 MB of heap.
const COMPACT_CACHE_BYTES = 64 * 1024 * 1024;
const ROWS_CACHE_BYTES = 96 * 1024 * 1024;

interface SummaryCaches {
  compact: ByteLruCache<CompactSummary>;
  rows: ByteLruCache<ProjectSummaries>;
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
        (s) => s.json.length + s.gzip.length + s.br.length,
      ),
      rows: new ByteLruCache<ProjectSummaries>(ROWS_CACHE_BYTES, estimateRowBytes),
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

/**
 * The project's cache key, after the access check: another organization's project and a missing
 * one both answer 'Not found', as the GraphQL API does. The version is read before the scans, so
 * a summary may be newer than its version but never older.
 */
async function visibleVersionKey(db: Db, viewer: Viewer, projectId: number): Promise<string> {
  const head = await repo.projectHead(db, projectId);
  if (!head || !scanPolicy.canReadProject(viewer, head.organizationId)) throw new NotFoundError();
  return `${projectId}:${head.version}`;
}

/** Older versions of the project can never be asked for again. */
const isOtherVersionOf = (projectId: number, key: string) => (other: string) =>
  other !== key && other.startsWith(`${projectId}:`);

async function buildCompact(db: Db, projectId: number): Promise<CompactSummary> {
  const [scans, artifacts] = await Promise.all([
    repo.compactScans(db, projectId),
    repo.compactArtifacts(db, projectId),
  ]);
  const byScan = groupBy(artifacts, (a) => a.scanId);
  const input: SummaryScanInput[] = scans.map((scan) => ({
    ...scan,
    path: viewerPath(scan.simplePath?.coordinates),
    artifacts: byScan.get(scan.id) ?? [],
  }));
  const json = Buffer.from(JSON.stringify(encodeScanSummary(projectId, input)));
  // Both off the event loop, in parallel: other requests go on meanwhile. Brotli 5 compresses
  // this JSON within a few per cent of quality 9 in a quarter of the time, and the first viewers
  // of a new version wait for it.
  const [gzipped, brotlied] = await Promise.all([
    gzip(json, { level: 6 }),
    brotli(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  ]);
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 32);
  return { etag: `W/"${hash}"`, json, gzip: gzipped, br: brotlied };
}

/**
 * The viewer's project summary, computed once per project version and shared by every viewer and
 * by the GraphQL scansSummary.
 */
export const scanSummaryService = {
  /** The compact summary (GET /api/projects/:id/scan-summary). */
  async compact(db: Db, viewer: Viewer, projectId: number): Promise<CompactSummary> {
    const key = await visibleVersionKey(db, viewer, projectId);
    const cache = cachesOf(db).compact;
    cache.deleteWhere(isOtherVersionOf(projectId, key));
    return cache.getOrLoad(key, () => buildCompact(db, projectId));
  },

  /** The full summaries with their artifacts (GraphQL scansSummary), from the same versions. */
  async summaries(ctx: RequestContext, projectId: number): Promise<ProjectSummaries> {
    const key = await visibleVersionKey(ctx.db, ctx.viewer, projectId);
    const cache = cachesOf(ctx.db).rows;
    cache.deleteWhere(isOtherVersionOf(projectId, key));
    return cache.getOrLoad(key, () => loadProjectSummaries(ctx.db, projectId));
  },

  /** What the caches hold (tests and benchmarks). */
  cacheState(db: Db) {
    const { compact, rows } = cachesOf(db);
    return {
      compact: { entries: compact.size, bytes: compact.bytes },
      rows: { entries: rows.size, bytes: rows.bytes },
    };
  },
};
