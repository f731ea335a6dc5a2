import { MATCH_MARGIN_SECONDS, MATCH_MAX_DISTANCE_KM } from '@asset-portal/shared';
import { greatCircleKm, type LonLat } from '../../lib/geodesy/geodesy.ts';

/**
 * Which sessions a base station can serve: its observation window must cover the session's
 * capture window (within a margin at each end) and, to be recommended, the session's whole
 * trajectory must lie within a distance of the base. Pure: no database, no storage.
 */

export interface TimeWindow {
  start: Date;
  end: Date;
}

/** A session as matching sees it: its window and its scans' paths in capture order. */
export interface SessionTrack extends TimeWindow {
  /** Each scan's simple path ([lon, lat] vertices), in capture order. */
  paths: readonly (readonly LonLat[])[];
}

/** True when the base's window starts at most `margin` after the session starts and ends at most `margin` before it ends. */
export function coversWindow(
  base: TimeWindow,
  session: TimeWindow,
  marginSeconds = MATCH_MARGIN_SECONDS,
): boolean {
  const margin = marginSeconds * 1000;
  return (
    base.start.getTime() <= session.start.getTime() + margin &&
    base.end.getTime() >= session.end.getTime() - margin
  );
}

/** The longest great-circle distance (km) from the base to any vertex of the paths; null without vertices. */
export function longestDistanceKm(
  base: LonLat,
  paths: readonly (readonly LonLat[])[],
): number | null {
  let longest: number | null = null;
  for (const path of paths) {
    for (const vertex of path) {
      const km = greatCircleKm(base, vertex);
      if (longest === null || km > longest) longest = km;
    }
  }
  return longest;
}

/** The first vertex of the first path and the last vertex of the last non-empty path, as [lon, lat]. */
export function sessionEndPoints(paths: readonly (readonly LonLat[])[]): {
  startPoint: [number, number] | null;
  endPoint: [number, number] | null;
} {
  const nonEmpty = paths.filter((path) => path.length > 0);
  const first = nonEmpty[0]?.[0];
  const last = nonEmpty.at(-1)?.at(-1);
  return {
    startPoint: first ? [first[0]!, first[1]!] : null,
    endPoint: last ? [last[0]!, last[1]!] : null,
  };
}

/**
 * The distance when the base may serve the session (its window covers the session's), else
 * null; `recommended` when the whole trajectory also lies within the maximum distance.
 */
export function evaluateMatch(
  base: TimeWindow & { position: LonLat },
  session: SessionTrack,
  limits: { marginSeconds?: number; maxDistanceKm?: number } = {},
): { distanceKm: number; recommended: boolean } | null {
  if (!coversWindow(base, session, limits.marginSeconds)) return null;
  const distanceKm = longestDistanceKm(base.position, session.paths);
  // A session without any path cannot be placed: it is neither measured nor recommended.
  if (distanceKm === null) return null;
  return {
    distanceKm,
    recommended: distanceKm <= (limits.maxDistanceKm ?? MATCH_MAX_DISTANCE_KM),
  };
}

/** Recommended first, then by distance, then by base-station id. */
export function comparePotentialMatches(
  a: { recommended: boolean; distance: number; basestationId: number },
  b: { recommended: boolean; distance: number; basestationId: number },
): number {
  if (a.recommended !== b.recommended) return a.recommended ? -1 : 1;
  return a.distance - b.distance || a.basestationId - b.basestationId;
}

/**
 * Whether a base station's observations are one of the session's own observation files (the
 * same bytes: the rover's file uploaded as a base station by mistake). Such a base is never
 * recommended; a run with it is refused (SAME_RECEIVER). Files without a digest (older rows)
 * tell nothing.
 */
export function isSessionsOwnReceiver(
  baseFiles: readonly { kind: string; sha256?: string }[],
  sessionFiles: readonly { kind: string; sha256?: string }[],
): boolean {
  const own = new Set(
    sessionFiles.flatMap((file) =>
      file.kind === 'observation' && file.sha256 ? [file.sha256] : [],
    ),
  );
  return baseFiles.some(
    (file) => file.kind === 'observation' && file.sha256 !== undefined && own.has(file.sha256),
  );
}
