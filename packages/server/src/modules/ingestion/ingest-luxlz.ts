import path from 'node:path';
import { pathLength } from '../../demo/flight-line.ts';
import type { LasHeader } from '../../lib/las/las-header.ts';
import {
  assertLuxlzFilesPresent,
  type LuxlzManifest,
  type LuxlzScan,
  MANIFEST_NAME,
  PackageFormatError,
  parseLuxlzManifest,
} from '../../packages/manifest.ts';
import type { OpenedPackage } from '../../packages/package-reader.ts';
import { objectKey } from '../../storage/object-key.ts';
import { placeCapture } from '../device-assignments/capture-placement.ts';
import { deviceAssignmentRepository } from '../device-assignments/device-assignment.repository.ts';
import { enqueuePointCloudLod } from '../pointclouds/point-cloud-lod.job.ts';
import { ingestionRepository as repo } from './ingestion.repository.ts';
import {
  checkOwnership,
  existingScans,
  type IngestionDeps,
  type IngestionInput,
  type IngestionOutcome,
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
  coordinates: number[][];
}

/** Checks every scan of the package before anything is written. */
async function planScans(
  deps: IngestionDeps,
  pkg: OpenedPackage,
  manifest: LuxlzManifest,
  input: IngestionInput,
): Promise<PlannedScan[]> {
  const existing = await existingScans(
    deps.db,
    manifest.scans.map((scan) => scan.id),
    input.organizationId,
  );
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
    // A scan already in the portal keeps its project (it may have been moved since).
    const known = existing.get(scan.id);
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
      cloudSize: pkg.entry(scan.pointCloud)!.size,
      projectId,
      unplacedReason: projectId === null ? (placement.reason ?? null) : null,
      cloudKey: key(`${scan.id}/pointcloud${extension}`),
      trajectoryKey: key(`${scan.id}/trajectory.csv`),
      coordinates,
    });
  }
  return planned;
}

/**
 * Ingests a `.luxlz`: validates it whole, copies the clouds, trajectories and GNSS files to their
 * final keys (overwriting is harmless), then writes session, scans and artifacts in one
 * transaction and queues any image package of the session that was waiting for them.
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

  for (const plan of planned) {
    await deps.storage.putStream(plan.cloudKey, await pkg.readEntry(plan.scan.pointCloud), {
      size: plan.cloudSize,
      contentType: 'application/octet-stream',
    });
    await deps.storage.putStream(plan.trajectoryKey, await pkg.readEntry(plan.scan.trajectory), {
      size: pkg.entry(plan.scan.trajectory)!.size,
      contentType: 'text/csv',
    });
  }
  // A new session takes the project of its first scan; an existing one keeps its own.
  const sessionProject = session
    ? session.projectId
    : [...planned].sort((a, b) => a.scan.capturedStart.localeCompare(b.scan.capturedStart))[0]!
        .projectId;
  const gnss: (LuxlzManifest['gnss'][number] & { s3Url: string })[] = [];
  for (const file of manifest.gnss) {
    const key = objectKey({
      organizationId: input.organizationId,
      projectId: sessionProject,
      kind: 'sessions',
      name: `${manifest.sessionId}/gnss/${path.posix.basename(file.path)}`,
    });
    await deps.storage.putStream(key, await pkg.readEntry(file.path), {
      size: pkg.entry(file.path)!.size,
      contentType: 'application/octet-stream',
    });
    gnss.push({ ...file, s3Url: storageUrl(deps.config, key) });
  }

  const starts = planned.map((p) => p.scan.capturedStart).sort();
  const ends = planned.map((p) => p.scan.capturedEnd).sort();
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockSession(trx, manifest.sessionId);
    await repo.upsertSession(trx, {
      id: manifest.sessionId,
      organizationId: input.organizationId,
      deviceId: manifest.deviceId,
      projectId: sessionProject,
      capturedTimestamp: new Date(starts[0]!),
      endCapturedTimestamp: new Date(ends.at(-1)!),
      manifest: { ...manifest, gnss, packageKey: input.key },
    });
    for (const plan of planned) {
      const { scan } = plan;
      await repo.upsertScan(trx, {
        id: scan.id,
        organizationId: input.organizationId,
        sessionId: manifest.sessionId,
        projectId: plan.projectId,
        deviceId: manifest.deviceId,
        friendlyName: scan.friendlyName || scan.id,
        capturedTimestamp: new Date(scan.capturedStart),
        endCapturedTimestamp: new Date(scan.capturedEnd),
        simplePath: {
          type: 'LineString',
          coordinates: simplifyPath(plan.coordinates, SIMPLE_PATH_MAX_VERTICES),
        },
        length: Math.round(pathLength(plan.coordinates) * 100) / 100,
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
        name: 'unclassified',
        s3Url: storageUrl(deps.config, plan.cloudKey),
        size: plan.cloudSize,
        parameters: {
          points: plan.header.pointCount,
          las_version: plan.header.version,
          point_format: plan.header.pointFormat,
          compressed: plan.header.compressed,
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

  for (const plan of planned) {
    await enqueuePointCloudLod(deps.db, {
      scanId: plan.scan.id,
      organizationId: input.organizationId,
      userId: input.userId,
    });
  }

  const points = planned.reduce((sum, plan) => sum + plan.header.pointCount, 0);
  return {
    status: 'Completed',
    message:
      `Ingested session ${manifest.sessionId}: ${planned.length} scan(s), ${points} points` +
      unplacedNote(planned),
    metrics: { scans: planned.length, points, bytes: packageBytes },
  };
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
