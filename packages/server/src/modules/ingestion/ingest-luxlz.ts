import path from 'node:path';
import { countOf, formatSize, PACKAGE_CLOUD_VERSION } from '@asset-portal/shared';
import type { LineString } from '../../db/schema.ts';
import { pathLength } from '../../demo/flight-line.ts';
import {
  assertLuxlzFilesPresent,
  type LuxlzManifest,
  type LuxlzScan,
  MANIFEST_NAME,
  PackageFormatError,
  parseLuxlzManifest,
} from '../../device-packages/manifest.ts';
import type { OpenedPackage } from '../../device-packages/package-reader.ts';
import type { LasHeader } from '../../lib/las/las-header.ts';
import { rinexDigest } from '../../lib/rinex/rinex-files.ts';
import { objectKey } from '../../storage/object-key.ts';
import { matchSessionToBasestations } from '../basestations/basestation.service.ts';
import { placeCapture } from '../device-assignments/capture-placement.ts';
import { deviceAssignmentRepository } from '../device-assignments/device-assignment.repository.ts';
import { enqueuePointCloudLod } from '../pointclouds/point-cloud-lod.job.ts';
import { CreatedObjects, hashing, sha256Of } from './created-objects.ts';
import { ingestionRepository as repo } from './ingestion.repository.ts';
import { type StoredScan, scanDifference } from './ingestion-conflicts.ts';
import {
  checkOwnership,
  conflictError,
  existingScans,
  type IngestionDeps,
  type IngestionInput,
  type IngestionOutcome,
  ScansArrivedError,
  storageUrl,
} from './ingestion-context.ts';
import { checkPointCloudEntry, readTrajectory } from './package-contents.ts';
import { simplifyPath } from './simplify-path.ts';

/** The most vertices a scan's simplePath keeps. */
export const SIMPLE_PATH_MAX_VERTICES = 500;

interface PlannedScan {
  scan: LuxlzScan;
  header: LasHeader;
  cloudSize: number;
  projectId: number | null;
  /** Why the scan is in no project, when it is not. */
  unplacedReason: string | null;
  cloudKey: string;
  trajectoryKey: string;
  simplePath: LineString;
  length: number;
  /**
   * Set when the scan is stored already, with the same content: nothing of it is written again
   * but the hash of its point cloud, when it was stored before hashes were kept.
   */
  stored: { cloudArtifactId: number | null; sha256: string } | null;
}

/**
 * Checks every scan of the package before anything is written: its point cloud and trajectory,
 * and for a scan stored already, that the package brings it again unchanged.
 */
async function planScans(
  deps: IngestionDeps,
  pkg: OpenedPackage,
  manifest: LuxlzManifest,
  input: IngestionInput,
): Promise<PlannedScan[]> {
  const existing = await existingScans(
    deps.db,
    manifest,
    manifest.scans.map((scan) => scan.id),
    input.organizationId,
  );
  const clouds = new Map<string, StoredScan['cloud'] & { id: number }>();
  for (const cloud of await repo.findPointClouds(deps.db, [...existing.keys()])) {
    if (!clouds.has(cloud.scanId)) clouds.set(cloud.scanId, cloud);
  }
  const periods = await deviceAssignmentRepository.devicePeriods(deps.db, manifest.deviceId);
  const planned: PlannedScan[] = [];
  for (const scan of manifest.scans) {
    const header = await checkPointCloudEntry(pkg, scan.pointCloud).catch((error: Error) => {
      throw new PackageFormatError(`Scan ${scan.id}: ${scan.pointCloud}: ${error.message}`);
    });
    if (header.pointCount !== scan.pointCount) {
      throw new PackageFormatError(
        `Scan ${scan.id}: the manifest says ${scan.pointCount} points but ${scan.pointCloud} holds ${header.pointCount}`,
      );
    }
    const coordinates = await readTrajectory(pkg, scan.trajectory);
    const simplePath: LineString = {
      type: 'LineString',
      coordinates: simplifyPath(coordinates, SIMPLE_PATH_MAX_VERTICES),
    };
    const length = Math.round(pathLength(coordinates) * 100) / 100;
    const cloudSize = pkg.entry(scan.pointCloud)!.size;
    // A scan already in the portal keeps its project (it may have been moved since).
    const known = existing.get(scan.id);
    let stored: PlannedScan['stored'] = null;
    if (known) {
      const cloud = clouds.get(scan.id);
      const sha256 = await sha256Of(await pkg.readEntry(scan.pointCloud));
      const difference = scanDifference(
        {
          ...scan,
          pointCount: header.pointCount,
          cloudSize,
          cloudSha256: sha256,
          simplePath,
          length,
        },
        { ...known, cloud },
      );
      if (difference) throw conflictError(manifest.sessionId, difference);
      stored = { cloudArtifactId: cloud?.id ?? null, sha256 };
    }
    const placement = placeCapture(
      periods,
      manifest.deviceId,
      new Date(scan.capturedStart),
      input.organizationId,
    );
    const projectId = known ? known.projectId : placement.projectId;
    const extension = path.extname(scan.pointCloud).toLowerCase();
    const key = (name: string) =>
      objectKey({ organizationId: input.organizationId, projectId, kind: 'scans', name });
    planned.push({
      scan,
      header,
      cloudSize,
      projectId,
      unplacedReason: projectId === null ? (placement.reason ?? null) : null,
      cloudKey: key(`${scan.id}/pointcloud${extension}`),
      trajectoryKey: key(`${scan.id}/trajectory.csv`),
      simplePath,
      length,
      stored,
    });
  }
  return planned;
}

/**
 * Ingests a `.luxlz`: validates it whole and compares it with what is stored of its session,
 * copies the clouds, trajectories and GNSS files of its new scans to their final keys, then
 * writes session, scans and artifacts in one transaction and queues any image package of the
 * session that was waiting for them. A run that fails after it began copying deletes the
 * objects it created.
 */
export async function ingestLuxlz(
  deps: IngestionDeps,
  pkg: OpenedPackage,
  input: IngestionInput,
  packageBytes: number,
): Promise<IngestionOutcome> {
  const manifest = parseLuxlzManifest(await pkg.readText(MANIFEST_NAME));
  assertLuxlzFilesPresent(manifest, new Set(pkg.entries.map((entry) => entry.name)));
  const { session } = await checkOwnership(deps.db, manifest, input.organizationId);
  const planned = await planScans(deps, pkg, manifest, input);
  const toStore = planned.filter((plan) => !plan.stored);
  await deps.progress?.(
    `Checked session ${manifest.sessionId}: ${countOf(planned.length, 'scan')}, ` +
      `${countOf(toStore.length, 'new one')} to store`,
  );
  // A new session takes the project of its first scan; an existing one keeps its own.
  const sessionProject = session
    ? session.projectId
    : [...planned].sort((a, b) => a.scan.capturedStart.localeCompare(b.scan.capturedStart))[0]!
        .projectId;
  const gnss = manifest.gnss.map((file) => {
    const key = objectKey({
      organizationId: input.organizationId,
      projectId: sessionProject,
      kind: 'sessions',
      name: `${manifest.sessionId}/gnss/${path.posix.basename(file.path)}`,
    });
    return { file, key };
  });

  const created = new CreatedObjects(deps.storage);
  await created.undoOnFailure(async () => {
    const hashes = new Map<string, string>();
    for (const [index, plan] of toStore.entries()) {
      const cloud = hashing(await pkg.readEntry(plan.scan.pointCloud));
      await created.put(plan.cloudKey, cloud.stream, {
        size: plan.cloudSize,
        contentType: 'application/octet-stream',
      });
      hashes.set(plan.scan.id, cloud.sha256());
      await created.put(plan.trajectoryKey, await pkg.readEntry(plan.scan.trajectory), {
        size: pkg.entry(plan.scan.trajectory)!.size,
        contentType: 'text/csv',
      });
      await deps.progress?.(
        `Stored scan ${plan.scan.id} (${index + 1} of ${toStore.length}): ` +
          `${countOf(plan.header.pointCount, 'point')}, ${formatSize(plan.cloudSize)}`,
      );
    }
    for (const { file, key } of gnss) {
      const options = { size: pkg.entry(file.path)!.size, contentType: 'application/octet-stream' };
      // The files of a stored session stay as they are.
      if (session) await created.putIfAbsent(key, () => pkg.readEntry(file.path), options);
      else await created.put(key, await pkg.readEntry(file.path), options);
    }
    if (gnss.length > 0) await deps.progress?.(`Stored ${countOf(gnss.length, 'GNSS file')}`);
    // The rover's observations known by their bytes: a base station that is the same file is
    // never recommended for the session (isSessionsOwnReceiver).
    const digests = new Map<string, string>();
    for (const { file } of gnss) {
      if (file.kind === 'observation') {
        const digest = await rinexDigest(file.path, await pkg.readEntry(file.path));
        if (digest) digests.set(file.path, digest);
      }
    }
    await writeRows(deps, manifest, input, planned, {
      gnss: gnss.map(({ file, key }) => {
        const sha256 = digests.get(file.path);
        return { ...file, s3Url: storageUrl(deps.config, key), ...(sha256 ? { sha256 } : {}) };
      }),
      sessionProject,
      hashes,
    });
  });

  const recommended = await matchSessionToBasestations(deps.db, manifest.sessionId);
  if (recommended.length > 0) {
    await deps.progress?.(
      `Recommended basestation(s) for session ${manifest.sessionId}: ` +
        recommended
          .map((match) => `${match.basestationId} (${match.distanceKm.toFixed(2)} km)`)
          .join(', '),
    );
  }

  for (const plan of planned) {
    await enqueuePointCloudLod(
      deps.db,
      { scanId: plan.scan.id, organizationId: input.organizationId, userId: input.userId },
      'background',
    );
  }

  const points = planned.reduce((sum, plan) => sum + plan.header.pointCount, 0);
  return {
    status: 'Completed',
    message:
      `Ingested session ${manifest.sessionId}: ${planned.length} scan(s), ${countOf(points, 'point')}` +
      storedNote(planned) +
      unplacedNote(planned),
    metrics: { scans: planned.length, points, bytes: packageBytes },
  };
}

/** Writes session, scans and artifacts in one transaction, under the session's lock. */
async function writeRows(
  deps: IngestionDeps,
  manifest: LuxlzManifest,
  input: IngestionInput,
  planned: readonly PlannedScan[],
  written: {
    gnss: (LuxlzManifest['gnss'][number] & { s3Url: string; sha256?: string })[];
    sessionProject: number | null;
    hashes: ReadonlyMap<string, string>;
  },
) {
  const starts = planned.map((p) => p.scan.capturedStart).sort();
  const ends = planned.map((p) => p.scan.capturedEnd).sort();
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockSession(trx, manifest.sessionId);
    // Another package of this session may have committed since the checks: check again.
    await checkOwnership(trx, manifest, input.organizationId);
    const fresh = planned.filter((plan) => !plan.stored).map((plan) => plan.scan.id);
    const arrived = (await repo.findScans(trx, fresh)).map((scan) => scan.id);
    if (arrived.length > 0) {
      throw new ScansArrivedError(
        `Scans ${arrived.join(', ')} were ingested by another package meanwhile; the package is ingested again`,
      );
    }
    await repo.upsertSession(trx, {
      id: manifest.sessionId,
      organizationId: input.organizationId,
      deviceId: manifest.deviceId,
      projectId: written.sessionProject,
      capturedTimestamp: new Date(starts[0]!),
      endCapturedTimestamp: new Date(ends.at(-1)!),
      manifest: { ...manifest, gnss: written.gnss, packageKey: input.key },
    });
    for (const plan of planned) {
      const { scan } = plan;
      if (plan.stored) {
        if (plan.stored.cloudArtifactId !== null) {
          await repo.addPointCloudHash(trx, plan.stored.cloudArtifactId, plan.stored.sha256);
        }
        continue;
      }
      await repo.insertScan(trx, {
        id: scan.id,
        organizationId: input.organizationId,
        sessionId: manifest.sessionId,
        projectId: plan.projectId,
        deviceId: manifest.deviceId,
        friendlyName: scan.friendlyName || scan.id,
        capturedTimestamp: new Date(scan.capturedStart),
        endCapturedTimestamp: new Date(scan.capturedEnd),
        simplePath: plan.simplePath,
        length: plan.length,
        metadata: {
          crs: scan.crs ?? null,
          point_count: plan.header.pointCount,
          trajectory_s3_url: storageUrl(deps.config, plan.trajectoryKey),
          package: input.key,
        },
      });
      await repo.upsertArtifact(trx, {
        scanId: scan.id,
        artifactType: 'pointcloud',
        name: PACKAGE_CLOUD_VERSION,
        s3Url: storageUrl(deps.config, plan.cloudKey),
        size: plan.cloudSize,
        parameters: {
          points: plan.header.pointCount,
          las_version: plan.header.version,
          point_format: plan.header.pointFormat,
          compressed: plan.header.compressed,
          sha256: written.hashes.get(scan.id),
        },
      });
    }
    for (const pending of await repo.pendingImagePackages(
      trx,
      manifest.sessionId,
      input.organizationId,
    )) {
      await deps.requeueImagePackage(
        trx,
        { key: pending.objectKey, organizationId: pending.organizationId, userId: pending.userId },
        input.key,
      );
    }
  });
}

/** A package brought again says so: '; 2 scan(s) were stored already'. */
function storedNote(planned: readonly PlannedScan[]): string {
  const stored = planned.filter((plan) => plan.stored).length;
  return stored > 0 ? `; ${stored} scan(s) were stored already` : '';
}

/**
 * Scans in no project appear on no project screen, so the log says which landed nowhere and
 * why: '; 2 scan(s) not in any project: no assignment of device LG-1001 covers …'.
 */
function unplacedNote(planned: readonly PlannedScan[]): string {
  const unplaced = planned.filter((plan) => plan.projectId === null);
  if (unplaced.length === 0) return '';
  const reasons = [...new Set(unplaced.map((plan) => plan.unplacedReason ?? 'assigned to none'))];
  const shown = reasons.slice(0, 3).join('; ');
  const more = reasons.length > 3 ? ` (and ${reasons.length - 3} more)` : '';
  return `; ${unplaced.length} scan(s) not in any project: ${shown}${more}`;
}
