import { countOf } from '@asset-portal/shared';
import type { ImageRef } from '../../db/schema.ts';
import {
  CAMERAS,
  type Camera,
  IMAGES_CSV_NAME,
  type LuxizManifest,
  MANIFEST_NAME,
  parseLuxizManifest,
} from '../../device-packages/manifest.ts';
import type { OpenedPackage } from '../../device-packages/package-reader.ts';
import { inParallel } from '../../lib/in-parallel.ts';
import { byTenths } from '../../lib/tenths.ts';
import { objectKey } from '../../storage/object-key.ts';
import { imageObjectKey, portalBucket } from '../scan-images/scan-image-rules.ts';
import { enqueueScanImageThumbnails } from '../scan-images/scan-image-thumbnails.job.ts';
import { CreatedObjects } from './created-objects.ts';
import { type ImageValues, ingestionRepository as repo } from './ingestion.repository.ts';
import { type FrameValues, frameDifference } from './ingestion-conflicts.ts';
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
import { type ImageFrame, readImageFrames } from './package-contents.ts';

/** Images copied to storage at once. */
const IMAGE_COPY_CONCURRENCY = 8;

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
 * again, and that run attaches the rest. A frame stored already must come again unchanged; it
 * is not written again. A run that fails after it began copying deletes the objects it created.
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
  const present = await existingScans(deps.db, manifest, scanIds, input.organizationId);

  const { rows, cameraFolders, copies, storedImages } = await planImages(
    deps,
    manifest.sessionId,
    input.organizationId,
    present,
    frames,
  );
  await checkStoredImageSizes(deps, pkg, manifest.sessionId, input.organizationId, storedImages);

  await deps.progress?.(
    `Checked the images of session ${manifest.sessionId}: ${countOf(copies.length, 'image')} ` +
      `to store for ${countOf(present.size, 'scan')}`,
  );
  const created = new CreatedObjects(deps.storage);
  for (const folder of cameraFolders) await created.survey(folder.key);
  let done = 0;
  const stored = byTenths((percent, images, total) =>
    deps.progress?.(
      `Stored ${images.toLocaleString('en-US')} of ${countOf(total, 'image')} (${percent} %)`,
    ),
  );
  // Small objects: several in flight hide the per-object latency of the store.
  await created.undoOnFailure(async () => {
    await inParallel(copies, IMAGE_COPY_CONCURRENCY, async (copy) => {
      await created.put(copy.key, await pkg.readEntry(copy.entry), {
        size: pkg.entry(copy.entry)!.size,
        contentType: 'image/jpeg',
      });
      done += 1;
      await stored(done, copies.length);
    });
    await writeRows(deps, manifest, input, { scanIds, present, rows, cameraFolders });
  });
  const copied = copies.length;
  const missing = scanIds.filter((id) => !present.has(id));
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
    message:
      `Attached ${copied} image(s) to ${attached} scan(s) of session ${manifest.sessionId}` +
      (storedImages.length > 0 ? `; ${storedImages.length} image(s) were stored already` : ''),
    metrics,
  };
}

/** A stored scan of the package, as `existingScans` answers it. */
type PresentScan = { projectId: number | null };

/**
 * Sorts the frames of the stored scans into new ones, to copy and insert, and stored ones, which
 * must come again unchanged (compared here) and are not written again.
 */
async function planImages(
  deps: IngestionDeps,
  sessionId: string,
  organizationId: number,
  present: ReadonlyMap<string, PresentScan>,
  frames: readonly ImageFrame[],
) {
  const framesByScan = new Map<string, ImageFrame[]>();
  for (const frame of frames) {
    const list = framesByScan.get(frame.scanId) ?? [];
    list.push(frame);
    framesByScan.set(frame.scanId, list);
  }
  const storedFrames = new Map(
    (await repo.findImages(deps.db, [...present.keys()])).map((row) => [
      `${row.scanId}\0${row.frame}`,
      row,
    ]),
  );

  const rows: ImageValues[] = [];
  const cameraFolders: { scanId: string; camera: Camera; key: string }[] = [];
  const copies: { key: string; entry: string }[] = [];
  const storedImages: { where: string; camera: Camera; s3Url: string; entry: string }[] = [];
  for (const [scanId, scan] of present) {
    const key = imagesFolder(organizationId, scan.projectId, scanId);
    const cameras = new Set<Camera>();
    for (const frame of framesByScan.get(scanId) ?? []) {
      const images = Object.entries(frame.cameras) as [
        Camera,
        { jpegRotation: number; entry: string },
      ][];
      const stored = storedFrames.get(`${scanId}\0${frame.frame}`);
      if (stored) {
        const where = `scan ${scanId} frame ${frame.frameId}`;
        const difference = frameDifference(where, frameValues(frame), storedFrameValues(stored));
        if (difference) throw conflictError(sessionId, difference);
        for (const [camera, image] of images) {
          const s3Url = stored[CAMERA_COLUMN[camera]]!.s3Url;
          storedImages.push({ where, camera, s3Url, entry: image.entry });
        }
        continue;
      }
      const refs: Partial<Record<Camera, ImageRef>> = {};
      for (const [camera, image] of images) {
        const imageKey = key(camera, frame.frameId);
        copies.push({ key: imageKey, entry: image.entry });
        cameras.add(camera);
        refs[camera] = {
          s3Url: storageUrl(deps.config, imageKey),
          jpegRotation: image.jpegRotation,
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
  return { rows, cameraFolders, copies, storedImages };
}

const CAMERA_COLUMN = {
  center: 'centerImage',
  left: 'leftImage',
  right: 'rightImage',
} as const satisfies Record<Camera, string>;

function frameValues(frame: ImageFrame): FrameValues {
  return { ...frame, images: frame.cameras };
}

function storedFrameValues(row: Awaited<ReturnType<typeof repo.findImages>>[number]): FrameValues {
  const images: FrameValues['images'] = {};
  for (const camera of CAMERAS) {
    const ref = row[CAMERA_COLUMN[camera]];
    if (ref) images[camera] = ref;
  }
  return { ...row, images };
}

/**
 * An image stored already must be the same file: its size is compared with the stored object's
 * (images carry no hash). An image whose object is missing counts as different.
 */
async function checkStoredImageSizes(
  deps: IngestionDeps,
  pkg: OpenedPackage,
  sessionId: string,
  organizationId: number,
  images: readonly { where: string; camera: Camera; s3Url: string; entry: string }[],
) {
  const bucket = portalBucket(deps.config);
  await inParallel(images, IMAGE_COPY_CONCURRENCY, async (image) => {
    const key = imageObjectKey(image.s3Url, bucket, organizationId);
    const stored = key ? await deps.storage.head(key) : null;
    const size = pkg.entry(image.entry)!.size;
    if (stored?.size !== size) {
      throw conflictError(
        sessionId,
        `${image.where}: ${image.camera} image of ${size} bytes here, ${stored ? `${stored.size} bytes` : 'none'} stored`,
      );
    }
  });
}

/** Writes images, camera artifacts and the pending state in one transaction. */
async function writeRows(
  deps: IngestionDeps,
  manifest: LuxizManifest,
  input: IngestionInput,
  plan: {
    scanIds: string[];
    present: ReadonlyMap<string, unknown>;
    rows: ImageValues[];
    cameraFolders: { scanId: string; camera: Camera; key: string }[];
  },
) {
  const { scanIds, present } = plan;
  const missing = scanIds.filter((id) => !present.has(id));
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockSession(trx, manifest.sessionId);
    // Under the session lock no .luxlz of this session commits meanwhile; one that committed
    // after our look-up brought scans whose images we have not copied: run again.
    await checkOwnership(trx, manifest, input.organizationId);
    const now = await existingScans(trx, manifest, scanIds, input.organizationId);
    const arrived = scanIds.filter((id) => now.has(id) && !present.has(id));
    if (arrived.length > 0) {
      throw new ScansArrivedError(
        `Scans ${arrived.join(', ')} arrived while their images were being copied; the package is ingested again`,
      );
    }
    await repo.insertImages(trx, plan.rows);
    for (const folder of plan.cameraFolders) {
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
      await enqueueScanImageThumbnails(
        trx,
        { id: scanId, organizationId: input.organizationId },
        input.key,
        input.userId,
      );
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
}
