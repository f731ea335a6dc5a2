import type { Camera } from '../../packages/manifest.ts';
import { IMAGES_CSV_NAME, MANIFEST_NAME, parseLuxizManifest } from '../../packages/manifest.ts';
import type { OpenedPackage } from '../../packages/package-reader.ts';
import { objectKey } from '../../storage/object-key.ts';
import { scanImageRepository } from '../scan-images/scan-image.repository.ts';
import { enqueueScanImageThumbnails } from '../scan-images/scan-image-thumbnails.job.ts';
import type { ThumbnailedImageRef } from './image-thumbnails.ts';
import { type ImageValues, ingestionRepository as repo } from './ingestion.repository.ts';
import {
  checkOwnership,
  existingScans,
  type IngestionDeps,
  type IngestionInput,
  type IngestionOutcome,
  storageUrl,
} from './ingestion-context.ts';
import { type ImageFrame, readImageFrames } from './package-contents.ts';

/** Images copied to storage at once. */
const IMAGE_COPY_CONCURRENCY = 8;

/** Raised when a scan arrived while its images were being copied: the job runs again. */
export class ScansArrivedError extends Error {
  override name = 'ScansArrivedError';
}

function imagesFolder(organizationId: number, projectId: number | null, scanId: string) {
  return (camera: Camera, frameId?: string) =>
    objectKey({
      organizationId,
      projectId,
      kind: 'scans',
      name: frameId ? `${scanId}/images/${camera}/${frameId}.jpg` : `${scanId}/images/${camera}`,
    });
}

/**
 * Ingests a `.luxiz`: copies the images of the scans already in the portal to their final keys
 * and registers them (images with positions, one artifact per camera), then queues the making
 * of their thumbnails, which decodes every JPEG and so runs apart. Scans not ingested yet
 * are remembered in `pending_image_packages`; the `.luxlz` that brings them queues this package
 * again, and that run attaches the rest.
 */
export async function ingestLuxiz(
  deps: IngestionDeps,
  pkg: OpenedPackage,
  input: IngestionInput,
  packageBytes: number,
): Promise<IngestionOutcome> {
  const manifest = parseLuxizManifest(await pkg.readText(MANIFEST_NAME));
  const scanIds = manifest.scans.map((scan) => scan.id);
  const frames = await readImageFrames(pkg, IMAGES_CSV_NAME, new Set(scanIds));
  await checkOwnership(deps.db, manifest, input.organizationId);
  const present = await existingScans(deps.db, scanIds, input.organizationId);

  const framesByScan = new Map<string, ImageFrame[]>();
  for (const frame of frames) {
    const list = framesByScan.get(frame.scanId) ?? [];
    list.push(frame);
    framesByScan.set(frame.scanId, list);
  }

  // Thumbnails made by an earlier ingestion of the same images stay recorded.
  const earlier = await scanImageRepository.imageRefsOfScans(deps.db, [...present.keys()]);
  const thumbnails = new Map(
    earlier.filter((ref) => ref.thumbnailS3Url).map((ref) => [ref.s3Url, ref.thumbnailS3Url]),
  );
  const rows: ImageValues[] = [];
  const cameraFolders: { scanId: string; camera: Camera; key: string }[] = [];
  const copies: { key: string; entry: string }[] = [];
  for (const [scanId, scan] of present) {
    const key = imagesFolder(input.organizationId, scan.projectId, scanId);
    const cameras = new Set<Camera>();
    for (const frame of framesByScan.get(scanId) ?? []) {
      const refs: Partial<Record<Camera, ThumbnailedImageRef>> = {};
      for (const [camera, image] of Object.entries(frame.cameras) as [
        Camera,
        { jpegRotation: number; entry: string },
      ][]) {
        const imageKey = key(camera, frame.frameId);
        copies.push({ key: imageKey, entry: image.entry });
        cameras.add(camera);
        const s3Url = storageUrl(deps.config, imageKey);
        const thumbnailS3Url = thumbnails.get(s3Url);
        refs[camera] = {
          s3Url,
          jpegRotation: image.jpegRotation,
          ...(thumbnailS3Url ? { thumbnailS3Url } : {}),
        };
      }
      rows.push({
        scanId,
        frame: frame.frame,
        gpsTime: frame.gpsTime,
        x: frame.x,
        y: frame.y,
        z: frame.z,
        lat: frame.lat,
        lon: frame.lon,
        centerImage: refs.center ?? null,
        leftImage: refs.left ?? null,
        rightImage: refs.right ?? null,
      });
    }
    for (const camera of cameras) cameraFolders.push({ scanId, camera, key: `${key(camera)}/` });
  }
  // Small objects: several in flight hide the per-object latency of the store.
  let next = 0;
  const copyNext = async (): Promise<void> => {
    while (next < copies.length) {
      const copy = copies[next++]!;
      await deps.storage.putStream(copy.key, await pkg.readEntry(copy.entry), {
        size: pkg.entry(copy.entry)!.size,
        contentType: 'image/jpeg',
      });
    }
  };
  await Promise.all(Array.from({ length: IMAGE_COPY_CONCURRENCY }, copyNext));
  const copied = copies.length;

  const missing = scanIds.filter((id) => !present.has(id));
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockSession(trx, manifest.sessionId);
    // Under the session lock no .luxlz of this session commits meanwhile; one that committed
    // after our look-up brought scans whose images we have not copied: run again.
    const now = await existingScans(trx, scanIds, input.organizationId);
    const arrived = scanIds.filter((id) => now.has(id) && !present.has(id));
    if (arrived.length > 0) {
      throw new ScansArrivedError(
        `Scans ${arrived.join(', ')} arrived while their images were being copied; the package is ingested again`,
      );
    }
    await repo.upsertImages(trx, rows);
    for (const folder of cameraFolders) {
      await repo.upsertArtifact(trx, {
        scanId: folder.scanId,
        artifactType: `${folder.camera}_cam`,
        name: `${folder.camera}_cam`,
        s3Url: storageUrl(deps.config, folder.key),
        size: null,
        parameters: null,
      });
    }
    for (const scanId of present.keys()) {
      await enqueueScanImageThumbnails(trx, scanId, input.key);
    }
    if (missing.length > 0) {
      await repo.savePendingImagePackage(trx, {
        objectKey: input.key,
        organizationId: input.organizationId,
        userId: input.userId,
        sessionId: manifest.sessionId,
        missingScanIds: missing,
      });
    } else {
      await repo.deletePendingImagePackage(trx, input.key);
    }
  });

  const attached = present.size;
  const metrics = { scans: attached, points: 0, bytes: packageBytes, images: copied };
  if (missing.length > 0) {
    return {
      status: 'Submitted',
      message: `Images of session ${manifest.sessionId} for ${attached} scan(s) attached; waiting for scan(s) ${missing.join(', ')}: their images are attached when their .luxlz package is ingested`,
      metrics,
    };
  }
  return {
    status: 'Completed',
    message: `Attached ${copied} image(s) to ${attached} scan(s) of session ${manifest.sessionId}`,
    metrics,
  };
}
