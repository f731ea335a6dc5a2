import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MATCH_MARGIN_SECONDS } from '@asset-portal/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { BasestationFileRecord, BasestationRow, Database } from '../../db/schema.ts';
import { PackageFormatError } from '../../device-packages/manifest.ts';
import { openPackage } from '../../device-packages/package-reader.ts';
import { defineJob, exponentialBackoff } from '../../jobs/define-job.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { makeWorkFolder } from '../../jobs/work-folders.ts';
import { ecefToGeodetic } from '../../lib/geodesy/geodesy.ts';
import { isGzipName, RinexFormatError, rinexDigest } from '../../lib/rinex/rinex-files.ts';
import type { RinexTime } from '../../lib/rinex/rinex-time.ts';
import { InvalidObjectKeyError } from '../../storage/object-key.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { jobActivityLog } from '../activity-logs/job-activity-log.ts';
import { hashing } from '../ingestion/created-objects.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import { sessionGnssFiles } from '../trajectory/trajectory-run-rules.ts';
import { basestationRepository as repo } from './basestation.repository.ts';
import { evaluateMatch, isSessionsOwnReceiver } from './basestation-matching.ts';
import {
  basestationFileKey,
  basestationFilesPrefix,
  basestationZipKey,
} from './basestation-storage.ts';
import { BasestationFileError, readBasestationZip } from './basestation-zip.ts';

export const PROCESS_BASESTATION_KIND = 'process-basestation';
export const BASESTATION_ACTIVITY = 'BasestationProcessing';

export const processBasestationPayload = z.object({
  basestationId: z.number().int().positive(),
});

/** Limits of a base-station zip: a few RINEX files, never more than 8 GiB unpacked. */
const ZIP_LIMITS = { maxEntries: 1000, maxTotalUncompressedBytes: 8 * 1024 ** 3 };

/** The activity-log reference of a base station's processing. */
export function basestationReferenceKey(organizationId: number, basestationId: number): string {
  return `org-${organizationId}/basestation-${basestationId}`;
}

/** Queues the processing of a registered base station (inside the caller's transaction). */
export function enqueueBasestationProcessing(
  db: Kysely<Database>,
  basestation: { id: number; organizationId: number },
) {
  return enqueueJob(
    db,
    processBasestationJob,
    { basestationId: basestation.id },
    {
      uniqueKey: `${PROCESS_BASESTATION_KIND}:basestation-${basestation.id}`,
      organizationId: basestation.organizationId,
    },
  );
}

/** Problems of the zip itself: no retry can mend them. */
function isFileProblem(error: unknown): error is Error {
  return (
    error instanceof BasestationFileError ||
    error instanceof RinexFormatError ||
    error instanceof PackageFormatError ||
    error instanceof InvalidObjectKeyError
  );
}

/** The row was deleted while its zip was being read: nothing is kept. */
class BasestationGoneError extends Error {}

/**
 * Reads an uploaded base-station zip: copies its RINEX files beside it, stores the station's
 * position and observation window (Ready), and matches it to the organization's sessions. A zip
 * that cannot serve ends the base station Failed with the reason, keeps no copied file, and
 * writes the reason to the activity log (BasestationProcessing, keyed basestation-<id>).
 */
export const processBasestationJob = defineJob({
  kind: PROCESS_BASESTATION_KIND,
  schema: processBasestationPayload,
  maxAttempts: 3,
  backoffMs: (attempt) => exponentialBackoff(attempt, 10_000),
  leaseMs: 10 * 60 * 1000,
  async run(payload, ctx) {
    const basestation = await repo.findById(ctx.db, payload.basestationId);
    if (!basestation) return; // deleted before its turn
    const log = jobActivityLog<'Started' | 'Completed' | 'Failed' | 'Error'>(ctx, {
      activityType: BASESTATION_ACTIVITY,
      referenceKey: basestationReferenceKey(basestation.organizationId, basestation.id),
      userId: basestation.userId,
      organizationId: basestation.organizationId,
      payload: { basestationId: basestation.id, filename: basestation.filename },
    });
    await repo.setStatus(ctx.db, basestation.id, 'Processing');
    await log('Started', `Processing basestation ${basestation.filename}`);
    const storage = ctx.storage;
    const written: string[] = [];
    try {
      const outcome = await processBasestation(ctx, storage, basestation, written);
      await ctx.finish(
        await log.closing('Completed', outcome.message, { metrics: outcome.metrics }),
      );
    } catch (error) {
      await deleteQuietly(storage, written);
      if (error instanceof BasestationGoneError) {
        await ctx.finish(
          await log.closing(
            'Completed',
            `${basestation.filename} was deleted while it was processed; nothing was kept`,
          ),
        );
        return;
      }
      if (isFileProblem(error)) {
        const problem = error.message;
        const entry = await log.closing('Failed', `${basestation.filename}: ${problem}`);
        return ctx.giveUp(problem, async (db) => {
          await markFailed(db, basestation.id, problem);
          await entry(db);
        });
      }
      const reason = error instanceof Error ? error.message : String(error);
      if (ctx.isLastAttempt) {
        const entry = await log.closing(
          'Failed',
          `${basestation.filename}: processing failed: ${reason}`,
        );
        return ctx.giveUp(reason, async (db) => {
          await markFailed(db, basestation.id, `Processing failed: ${reason}`);
          await entry(db);
        });
      } else {
        await repo.setStatus(ctx.db, basestation.id, 'Submitted');
        await log(
          'Error',
          `${basestation.filename}: processing failed: ${reason} (attempt ${ctx.attempt} of ${ctx.maxAttempts}; it will be tried again)`,
        );
      }
      throw error;
    }
  },
});

async function processBasestation(
  ctx: { db: Db; config: AppConfig },
  storage: ObjectStorage,
  basestation: BasestationRow,
  written: string[],
) {
  const zipKey = basestationZipKey(basestation.organizationId, basestation.filename);
  const work = await makeWorkFolder(ctx.config.dataDir, 'basestations');
  const file = path.join(work, 'basestation.zip');
  try {
    if (!(await storage.head(zipKey))) {
      throw new BasestationFileError(`${basestation.filename} is not in storage`);
    }
    await pipeline(await storage.getStream(zipKey), createWriteStream(file));
    const pkg = await openPackage(file, ZIP_LIMITS).catch((error: unknown) => {
      throw error instanceof PackageFormatError
        ? new BasestationFileError(
            error.message
              .replace(/^The package/, 'The file')
              .replace(/^Package entry/, 'Zip entry'),
          )
        : error;
    });
    try {
      const contents = await readBasestationZip(pkg);
      // A replayed job starts from a clean folder.
      const prefix = basestationFilesPrefix(basestation.organizationId, basestation.id);
      for await (const object of storage.list(prefix)) await storage.delete(object.key);
      const files: BasestationFileRecord[] = [];
      for (const entry of contents.files) {
        const key = basestationFileKey(basestation.organizationId, basestation.id, entry.name);
        written.push(key);
        const stored = hashing(await pkg.readEntry(entry.entryName));
        await storage.putStream(key, stored.stream, {
          size: entry.size,
          contentType: 'application/octet-stream',
        });
        // Of the text, not of the packing: the rover's file may come gzipped, or not.
        const sha256 =
          entry.kind !== 'observation'
            ? null
            : isGzipName(entry.name)
              ? await rinexDigest(entry.name, await pkg.readEntry(entry.entryName))
              : stored.sha256();
        files.push({
          name: entry.name,
          kind: entry.kind,
          rinexVersion: entry.rinexVersion,
          s3Url: storageUrl(ctx.config, key),
          size: entry.size,
          ...(sha256 ? { sha256 } : {}),
        });
      }
      const { x, y, z } = contents.position;
      const geodetic = ecefToGeodetic(contents.position);
      const window = { start: contents.first.utc, end: contents.last.utc };
      const matched = await ctx.db.transaction().execute(async (trx) => {
        await repo.lockMatching(trx, basestation.organizationId);
        const ready = await repo.markReady(trx, basestation.id, {
          markerName: contents.markerName,
          point: { type: 'Point', coordinates: [geodetic.longitude, geodetic.latitude] },
          height: geodetic.height,
          ecef: [x, y, z],
          antennaHeight: contents.antennaHeight,
          intervalSeconds: contents.intervalSeconds,
          rinexVersion: contents.rinexVersion,
          startTimestamp: window.start,
          endTimestamp: window.end,
          files,
        });
        if (!ready) throw new BasestationGoneError();
        const matches = await matchSessions(trx, basestation.organizationId, {
          ...window,
          position: [geodetic.longitude, geodetic.latitude],
          files,
        });
        await repo.replaceMatches(trx, basestation.id, matches);
        return matches.length;
      });
      return {
        message: `Processed basestation ${basestation.filename}: marker ${contents.markerName ?? '(unnamed)'}, ${formatUtc(contents.first)} – ${formatUtc(contents.last)} UTC, matched ${matched} session(s)`,
        metrics: {
          epochs: contents.epochCount,
          files: files.length,
          matchedSessions: matched,
          // The uploaded zip's size, as its Submitted entry says; the RINEX files unpacked apart.
          fileSize: (await stat(file)).size,
          rinexBytes: files.reduce((sum, f) => sum + f.size, 0),
        },
      };
    } finally {
      pkg.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The organization's sessions the base covers in time and lies within the distance of. */
async function matchSessions(
  db: Db,
  organizationId: number,
  base: {
    start: Date;
    end: Date;
    position: [number, number];
    files: readonly BasestationFileRecord[];
  },
) {
  const sessions = await repo.sessionsCoveredBy(db, organizationId, base, MATCH_MARGIN_SECONDS);
  const scansBySession = await repo.sessionScans(
    db,
    sessions.map((session) => session.id),
  );
  const matches: { sessionId: string; distanceKm: number }[] = [];
  for (const session of sessions) {
    if (isSessionsOwnReceiver(base.files, sessionGnssFiles(session.manifest))) continue;
    const track = {
      start: session.capturedTimestamp,
      end: session.endCapturedTimestamp,
      paths: scansBySession.get(session.id)?.paths ?? [],
    };
    const match = evaluateMatch(base, track);
    if (match?.recommended) matches.push({ sessionId: session.id, distanceKm: match.distanceKm });
  }
  return matches;
}

/** Failed with the reason; a replayed job's earlier matches go too. */
async function markFailed(db: Db, basestationId: number, reason: string) {
  await inTransaction(db, async (trx) => {
    await repo.setStatus(trx, basestationId, 'Failed', reason);
    await repo.replaceMatches(trx, basestationId, []);
  });
}

function formatUtc(time: RinexTime): string {
  return time.utc.toISOString().slice(0, 19).replace('T', ' ');
}

async function deleteQuietly(storage: ObjectStorage, keys: readonly string[]) {
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}
