import {
  BASESTATION_CONTENT_TYPE,
  BASESTATION_SUBMITTED,
  MATCH_MARGIN_SECONDS,
  validateBasestationFile,
} from '@asset-portal/shared';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { BasestationRow } from '../../db/schema.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { basestationPolicy as policy } from '../../policies/basestation.policy.ts';
import { InvalidObjectKeyError } from '../../storage/object-key.ts';
import { recordActivity } from '../activity-logs/activity-log.service.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import { requireVisibleProject } from '../projects/project.service.ts';
import { sessionService } from '../sessions/session.service.ts';
import { sessionGnssFiles } from '../trajectory/trajectory-run-rules.ts';
import { grantUpload, settleUpload } from '../upload-quota/upload-quota.service.ts';
import { NO_SESSION_SCANS, basestationRepository as repo } from './basestation.repository.ts';
import {
  comparePotentialMatches,
  evaluateMatch,
  isSessionsOwnReceiver,
  sessionEndPoints,
} from './basestation-matching.ts';
import { basestationFilesPrefix, basestationZipKey } from './basestation-storage.ts';
import {
  BASESTATION_ACTIVITY,
  basestationReferenceKey,
  enqueueBasestationProcessing,
} from './process-basestation.job.ts';

export const BASESTATION_NAME_UNSAFE =
  'A basestation file name may contain only letters, digits, dots, hyphens and underscores';
export const BASESTATION_NAME_TOO_LONG = 'A basestation file name can have at most 255 characters';
export const BASESTATION_EXISTS = (filename: string, existing?: { id: number; status: string }) =>
  existing
    ? `A basestation file named ${filename} already exists (basestation ${existing.id}, ${existing.status}): delete it on Basestation Files to upload a file under this name again`
    : `A basestation file named ${filename} already exists`;
export const BASESTATION_NOT_UPLOADED = (filename: string) =>
  `The basestation file ${filename} has not been uploaded`;
export const BASESTATION_IN_USE = (id: number) =>
  `Basestation ${id} is used by a trajectory processing run that is Submitted or In progress; delete it once the run has ended`;

/** A session as the potential-match table shows it. */
export interface MatchedSession {
  sessionId: string;
  projectId: number | null;
  timestamps: [Date, Date];
  scanCount: number;
  startPoint: [number, number] | null;
  endPoint: [number, number] | null;
}

export interface PotentialBasestationMatch {
  basestation: BasestationRow;
  session: MatchedSession;
  distance: number;
  recommended: boolean;
  /** The session's own rover file uploaded as a base: listed, so that it is explained, never usable. */
  ownReceiver: boolean;
}

/**
 * Base-station files of the caller's organization: upload and registration, the sessions they
 * match, deletion. Reading the zip is the job's (process-basestation.job.ts).
 */
export const basestationService = {
  async listForProject(ctx: RequestContext, projectId: number) {
    await requireVisibleProject(ctx, projectId);
    return repo.listForProject(ctx.db, projectId);
  },

  get(ctx: RequestContext, id: number) {
    return requireVisible(ctx, id);
  },

  /** Session summaries of the base's organization whose window the base covers (time only). */
  async timeMatchedSessions(ctx: RequestContext, basestationId: number) {
    const basestation = await requireVisible(ctx, basestationId);
    const window = windowOf(basestation);
    if (!window) return [];
    const sessions = await repo.sessionsCoveredBy(
      ctx.db,
      basestation.organizationId,
      window,
      MATCH_MARGIN_SECONDS,
    );
    // Summaries are per project (status and scan count in one statement): sessions not in a
    // project have none.
    const projectIds = [
      ...new Set(sessions.flatMap((s) => (s.projectId === null ? [] : [s.projectId]))),
    ];
    const wanted = new Set(sessions.map((session) => session.id));
    const summaries = await sessionService.summaries(ctx, projectIds);
    return summaries.filter((summary) => wanted.has(summary.sessionId));
  },

  /** The base stations matched to the session at upload ('Recommended'). */
  async matchedForSession(ctx: RequestContext, sessionId: string) {
    await requireVisibleSession(ctx, sessionId);
    return repo.matchedForSession(ctx.db, sessionId);
  },

  /**
   * Every Ready base station of the session's organization whose window covers the session's,
   * with the longest distance to the session's path; recommended first, then nearest first.
   */
  async potentialForSession(
    ctx: RequestContext,
    sessionId: string,
  ): Promise<PotentialBasestationMatch[]> {
    const session = await requireVisibleSession(ctx, sessionId);
    const window = { start: session.capturedTimestamp, end: session.endCapturedTimestamp };
    const [candidates, matched, scansBySession] = await Promise.all([
      repo.readyCovering(ctx.db, session.organizationId, window, MATCH_MARGIN_SECONDS),
      repo.matchedForSession(ctx.db, sessionId),
      repo.sessionScans(ctx.db, [sessionId]),
    ]);
    const { scanCount, paths } = scansBySession.get(sessionId) ?? NO_SESSION_SCANS;
    const recommendedIds = new Set(matched.map((basestation) => basestation.id));
    const own = sessionGnssFiles(session.manifest);
    const matchedSession: MatchedSession = {
      sessionId,
      projectId: session.projectId,
      timestamps: [session.capturedTimestamp, session.endCapturedTimestamp],
      scanCount,
      ...sessionEndPoints(paths),
    };
    const matches: PotentialBasestationMatch[] = [];
    for (const basestation of candidates) {
      const base = baseForMatching(basestation);
      const match = base && evaluateMatch(base, { ...window, paths });
      if (!match) continue;
      matches.push({
        basestation,
        session: matchedSession,
        distance: match.distanceKm,
        recommended: recommendedIds.has(basestation.id),
        ownReceiver: isSessionsOwnReceiver(basestation.files, own),
      });
    }
    return matches.sort((a, b) =>
      comparePotentialMatches(
        { ...a, basestationId: a.basestation.id },
        { ...b, basestationId: b.basestation.id },
      ),
    );
  },

  /**
   * A presigned PUT for a new zip of exactly `size` bytes (Content-Type application/zip) and its
   * s3:// address, under the organization of the project it is for (the caller's without one);
   * refused beyond that organization's upload quota.
   */
  async uploadUrl(
    ctx: RequestContext,
    input: { filename: string; size: number; projectId?: number | null | undefined },
  ) {
    requireManager(ctx);
    const organizationId =
      input.projectId == null
        ? policy.defaultUploadOrganization(ctx.viewer)
        : (await requireRegistrableProject(ctx, input.projectId)).organizationId;
    const key = zipKey(organizationId, input.filename, input.size);
    await refuseRegisteredName(ctx, organizationId, input.filename);
    const uploadUrl = await grantUpload(ctx, { organizationId, key, size: input.size }, () =>
      ctx.storage.presignPut(key, {
        contentType: BASESTATION_CONTENT_TYPE,
        contentLength: input.size,
      }),
    );
    return { s3Uri: storageUrl(ctx.config, key), uploadUrl };
  },

  /**
   * After the PUT: checks the zip is stored and not empty, registers the base station
   * (Submitted) to the project and queues its processing.
   */
  async registerUploaded(ctx: RequestContext, input: { projectId: number; filename: string }) {
    requireManager(ctx);
    const project = await requireRegistrableProject(ctx, input.projectId);
    const organizationId = project.organizationId;
    zipKey(organizationId, input.filename, 1);
    await refuseRegisteredName(ctx, organizationId, input.filename);
    const key = basestationZipKey(organizationId, input.filename);
    const info = await ctx.storage.head(key);
    if (!info) throw new NotFoundError(BASESTATION_NOT_UPLOADED(input.filename));
    zipKey(organizationId, input.filename, info.size);

    let basestation: BasestationRow;
    try {
      basestation = await ctx.db.transaction().execute(async (trx) => {
        const row = await repo.create(trx, {
          organizationId,
          projectId: project.id,
          userId: ctx.viewer.user.id,
          filename: input.filename,
          s3Url: storageUrl(ctx.config, key),
          uploadSize: info.size,
        });
        await settleUpload(trx, organizationId, key);
        await enqueueBasestationProcessing(trx, row);
        return row;
      });
    } catch (error) {
      // Two registrations of one name at once: the unique index lets one through.
      if ((error as { code?: unknown } | null)?.code === '23505') {
        throw new ValidationError(BASESTATION_EXISTS(input.filename));
      }
      throw error;
    }
    await recordActivity(ctx.db, {
      activityType: BASESTATION_ACTIVITY,
      referenceKey: basestationReferenceKey(basestation.organizationId, basestation.id),
      status: 'Submitted',
      userId: ctx.viewer.user.id,
      organizationId,
      message: BASESTATION_SUBMITTED(input.filename),
      payload: { basestationId: basestation.id, filename: input.filename, key },
      metrics: { fileSize: info.size },
    });
    return basestation;
  },

  /** Deletes the base station, its zip and its copied files; refused while a run uses it. */
  async delete(ctx: RequestContext, id: number) {
    requireManager(ctx);
    const basestation = await requireVisible(ctx, id);
    if (await repo.hasActiveRuns(ctx.db, id)) throw new ValidationError(BASESTATION_IN_USE(id));
    // Objects first: a failure leaves the row, so deleting again finishes the job.
    const prefix = basestationFilesPrefix(basestation.organizationId, id);
    for await (const object of ctx.storage.list(prefix)) await ctx.storage.delete(object.key);
    try {
      await ctx.storage.delete(basestationZipKey(basestation.organizationId, basestation.filename));
    } catch (error) {
      if (!(error instanceof InvalidObjectKeyError)) throw error;
    }
    await repo.delete(ctx.db, id);
    return true;
  },
};

function requireManager(ctx: RequestContext) {
  if (!policy.canManage(ctx.viewer)) throw new ForbiddenError();
}

async function requireVisible(ctx: RequestContext, id: number) {
  const basestation = await repo.findById(ctx.db, id);
  if (!basestation || !policy.canRead(ctx.viewer, basestation)) throw new NotFoundError();
  return basestation;
}

async function requireRegistrableProject(ctx: RequestContext, projectId: number) {
  const project = await requireVisibleProject(ctx, projectId);
  if (!policy.canRegisterTo(ctx.viewer, project)) throw new NotFoundError();
  return project;
}

async function requireVisibleSession(ctx: RequestContext, sessionId: string) {
  const session = await repo.findSession(ctx.db, sessionId);
  if (!session || !policy.canRead(ctx.viewer, session)) throw new NotFoundError();
  return session;
}

async function refuseRegisteredName(ctx: RequestContext, organizationId: number, filename: string) {
  const existing = await repo.findByFilename(ctx.db, organizationId, filename);
  if (existing) throw new ValidationError(BASESTATION_EXISTS(filename, existing));
}

/** Checks the name (and size) with the shared base-station file rule; returns the zip's key. */
function zipKey(organizationId: number, filename: string, size: number): string {
  const problem = validateBasestationFile({ name: filename, size });
  if (problem) throw new ValidationError(problem);
  if (filename.length > 255) throw new ValidationError(BASESTATION_NAME_TOO_LONG);
  // A path would reach into another base station's folder (…/basestations/<id>/).
  if (/[/\\]/.test(filename)) throw new ValidationError(BASESTATION_NAME_UNSAFE);
  try {
    return basestationZipKey(organizationId, filename);
  } catch (error) {
    if (error instanceof InvalidObjectKeyError) throw new ValidationError(BASESTATION_NAME_UNSAFE);
    throw error;
  }
}

/**
 * Matches a session just ingested to the Ready base stations of its organization that cover it
 * and lie within reach ('Recommended'), as a base station's upload matches the sessions already
 * there: which of the two came first does not change what is recommended. Returns the matches.
 */
export async function matchSessionToBasestations(
  db: Db,
  sessionId: string,
): Promise<{ basestationId: number; distanceKm: number }[]> {
  const session = await repo.findSession(db, sessionId);
  if (!session) return [];
  return inTransaction(db, async (trx) => {
    // Read after a base station's processing that is under way has committed (lockMatching).
    await repo.lockMatching(trx, session.organizationId);
    const window = { start: session.capturedTimestamp, end: session.endCapturedTimestamp };
    const candidates = await repo.readyCovering(
      trx,
      session.organizationId,
      window,
      MATCH_MARGIN_SECONDS,
    );
    const scansBySession = await repo.sessionScans(trx, [sessionId]);
    const { paths } = scansBySession.get(sessionId) ?? NO_SESSION_SCANS;
    const own = sessionGnssFiles(session.manifest);
    const matches: { basestationId: number; distanceKm: number }[] = [];
    for (const basestation of candidates) {
      if (isSessionsOwnReceiver(basestation.files, own)) continue;
      const base = baseForMatching(basestation);
      const match = base && evaluateMatch(base, { ...window, paths });
      if (match?.recommended) {
        matches.push({ basestationId: basestation.id, distanceKm: match.distanceKm });
      }
    }
    await repo.addSessionMatches(trx, sessionId, matches);
    return matches;
  });
}

function windowOf(basestation: BasestationRow) {
  const { startTimestamp: start, endTimestamp: end } = basestation;
  return start && end ? { start, end } : null;
}

function baseForMatching(basestation: BasestationRow) {
  const window = windowOf(basestation);
  const position = basestation.point?.coordinates;
  return window && position ? { ...window, position } : null;
}
