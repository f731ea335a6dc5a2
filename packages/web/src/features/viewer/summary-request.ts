import {
  type CompactScanSummary,
  decodeScanSummaryFlat,
  type FlatSummaryScan,
} from '@asset-portal/shared';
import { projectPaths } from '../map/scan-path-geometry.ts';

/** A scan of the summary as the viewer keeps it: its path also in Web Mercator, for the map. */
export type ViewerSummaryScan = FlatSummaryScan & { mercator: Float64Array | null };

/** What a request for a project's summary came to. */
export type SummaryAnswer =
  /** The server's ETag is the one the caller knows: its decoded scans still hold. */
  | { kind: 'same' }
  | { kind: 'loaded'; etag: string | null; scans: ViewerSummaryScan[]; stages: SummaryStages }
  /** An answer other than 2xx, with the server's message when it gave one. */
  | { kind: 'refused'; status: number; error: string | null }
  /** No answer (the connection failed, or the request was abandoned). */
  | { kind: 'unreachable' };

/**
 * When each stage of reading a summary ended (the answer's headers, its body, JSON parsed, the
 * scans decoded, their paths projected), in milliseconds since the epoch since a worker's clock
 * starts elsewhere than the page's: for the page's performance marks.
 */
export type SummaryStages = Record<'headers' | 'body' | 'parsed' | 'scans' | 'projected', number>;

const now = (): number => performance.timeOrigin + performance.now();

/**
 * GETs a project's compact summary with the session cookie (same origin) and decodes it; the
 * body is neither read nor decoded when its ETag is `knownEtag`. The default cache mode lets the
 * browser send If-None-Match and reuse its copy on a 304. Runs in the summary worker, or in the
 * page where there is no worker.
 */
export async function requestSummary(
  url: string,
  knownEtag: string | null,
  signal: AbortSignal,
): Promise<SummaryAnswer> {
  try {
    const response = await fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal,
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      const error = typeof body?.error === 'string' ? body.error : null;
      return { kind: 'refused', status: response.status, error };
    }
    const etag = response.headers.get('etag');
    if (etag !== null && etag === knownEtag) {
      void response.body?.cancel();
      return { kind: 'same' };
    }
    const headers = now();
    const text = await response.text();
    const body = now();
    const doc = JSON.parse(text) as CompactScanSummary;
    const parsed = now();
    const decoded = decodeScanSummaryFlat(doc);
    const scansDecoded = now();
    const mercator = projectPaths(decoded.map((scan) => scan.path));
    // Set on the decoded objects: 10,000 scans need no second copy.
    const scans = decoded.map((scan, i) => Object.assign(scan, { mercator: mercator[i] ?? null }));
    const stages = { headers, body, parsed, scans: scansDecoded, projected: now() };
    return { kind: 'loaded', etag, scans, stages };
  } catch {
    return { kind: 'unreachable' };
  }
}

/** The buffers a decoded summary's paths are views of, to hand them over without a copy. */
export function pathBuffers(answer: SummaryAnswer): ArrayBuffer[] {
  if (answer.kind !== 'loaded') return [];
  const drawn = answer.scans.find((scan) => scan.path !== null && scan.mercator !== null);
  return drawn ? [drawn.path?.buffer as ArrayBuffer, drawn.mercator?.buffer as ArrayBuffer] : [];
}
