import {
  IMPORTED_SCAN_CONTENT_TYPE,
  IMPORTED_SCAN_SUBMITTED,
  VALUE_REQUIRED,
  validateImportedScanFile,
} from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { importedScanPolicy as policy } from '../../policies/imported-scan.policy.ts';
import { InvalidObjectKeyError } from '../../storage/object-key.ts';
import { recordActivity } from '../activity-logs/activity-log.service.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import {
  checkPlannedParts,
  parseETags,
  signedPartLength,
  UploadInputError,
} from '../package-uploads/package-upload-rules.ts';
import { portalBucket } from '../pointclouds/point-cloud-rules.ts';
import { requireVisibleProject } from '../projects/project.service.ts';
import { scanMaintenanceRepository } from '../scans/scan.repository.ts';
import { removeScanObjects, scanObjects } from '../scans/scan-objects.ts';
import { grantUpload, settleUpload } from '../upload-quota/upload-quota.service.ts';
import {
  type ImportedScanRow,
  importedScanRepository as repo,
} from './imported-scan.repository.ts';
import {
  IMPORT_FILENAME_TOO_LONG,
  IMPORT_FILENAME_UNSAFE,
  IMPORT_NOT_OWN_UPLOAD,
  IMPORT_NOT_UPLOADED,
  IMPORT_PARTS_INVALID,
  IMPORTED_SCAN_ACTIVITY,
  importedActivityKey,
  importedScanPrefix,
  importedSourceKey,
  MAX_IMPORT_PARTS,
  newImportedScanId,
  withValidUtm,
} from './imported-scan-rules.ts';
import { enqueueImportedScanProcessing } from './process-imported-scan.job.ts';

export interface CreateImportedScanInput {
  friendlyName: string;
  comment: string | null;
  projectId: number;
  metadata: unknown;
  capturedTimestamp: Date | null;
}

/** An imported scan as the ImportedScan type shows it. */
export interface ImportedScanView {
  id: string;
  friendlyName: string;
  comment: string | null;
  tags: string[];
  projectId: number;
  project: { id: number; name: string };
  metadata: Record<string, unknown> | null;
  artifacts: unknown[];
  capturedTimestamp: Date | null;
  trajectory: boolean;
  sourceS3Url: string | null;
  status: 'Completed' | 'Pending';
  processingStatus: string | null;
  processingMessage: string | null;
}

/**
 * Imported scans: LAS files brought in by hand (spec §2, §4 Imported scan create flow): a scan
 * with no session or device, its uploaded file, its processing job, its deletion.
 */
export const importedScanService = {
  async listForProject(ctx: RequestContext, projectId: number) {
    await requireVisibleProject(ctx, projectId);
    return views(ctx, await repo.listForProject(ctx.db, projectId));
  },

  async create(ctx: RequestContext, input: CreateImportedScanInput) {
    requireManager(ctx);
    const project = await requireVisibleProject(ctx, input.projectId);
    const friendlyName = input.friendlyName.trim();
    if (!friendlyName) throw new ValidationError(VALUE_REQUIRED);
    const metadata = withValidUtm(metadataObject(input.metadata));
    const id = newImportedScanId();
    await repo.create(ctx.db, {
      id,
      organizationId: project.organizationId,
      projectId: project.id,
      friendlyName,
      comment: input.comment?.trim() || null,
      metadata,
      capturedTimestamp: input.capturedTimestamp,
    });
    return view(ctx, await requireImported(ctx, id));
  },

  /**
   * A PUT URL (15 minutes) for the scan's source LAS of exactly `size` bytes, sent with
   * IMPORTED_SCAN_CONTENT_TYPE; refused beyond the organization's upload quota.
   */
  async uploadUrl(
    ctx: RequestContext,
    input: { importedScanId: string; filename: string; size: number },
  ) {
    requireManager(ctx);
    const scan = await requireImported(ctx, input.importedScanId);
    const key = sourceKey(scan, input.filename);
    requireSourceFile(input.filename, input.size);
    const grant = { organizationId: scan.organizationId, key, size: input.size };
    const uploadUrl = await grantUpload(ctx, grant, () =>
      ctx.storage.presignPut(key, {
        contentType: IMPORTED_SCAN_CONTENT_TYPE,
        contentLength: input.size,
      }),
    );
    return { s3Uri: storageUrl(ctx.config, key), uploadUrl };
  },

  /**
   * A multipart upload of the same object, every part presigned for its exact length: parts
   * follow the shared plan (numberOfPartsFor, partRange) for a file of `size` bytes.
   */
  async multipartInfo(
    ctx: RequestContext,
    input: { importedScanId: string; filename: string; numberOfParts: number; size: number },
  ) {
    requireManager(ctx);
    const scan = await requireImported(ctx, input.importedScanId);
    const key = sourceKey(scan, input.filename);
    requireSourceFile(input.filename, input.size);
    if (input.numberOfParts < 1 || input.numberOfParts > MAX_IMPORT_PARTS) {
      throw new ValidationError(IMPORT_PARTS_INVALID);
    }
    const lengths = guard(() => {
      checkPlannedParts(input.numberOfParts, input.size);
      return Array.from({ length: input.numberOfParts }, (_, i) =>
        signedPartLength(input.size, i + 1),
      );
    });
    const grant = { organizationId: scan.organizationId, key, size: input.size };
    const uploadId = await grantUpload(ctx, grant, () =>
      ctx.storage.createMultipart(key, IMPORTED_SCAN_CONTENT_TYPE),
    );
    const parts = [];
    for (const [index, length] of lengths.entries()) {
      const partNumber = index + 1;
      parts.push({
        partNumber,
        signedUrl: await ctx.storage.presignPart(key, uploadId, partNumber, length),
      });
    }
    return { s3Uri: storageUrl(ctx.config, key), uploadId, parts };
  },

  async completeMultipart(
    ctx: RequestContext,
    input: { importedScanId: string; filename: string; uploadId: string; eTags: string },
  ) {
    requireManager(ctx);
    const scan = await requireImported(ctx, input.importedScanId);
    const key = sourceKey(scan, input.filename);
    let parts: ReturnType<typeof parseETags>;
    try {
      parts = parseETags(input.eTags);
    } catch (error) {
      if (error instanceof UploadInputError) throw new ValidationError(error.message);
      throw error;
    }
    try {
      await ctx.storage.completeMultipart(key, input.uploadId, parts);
    } catch (error) {
      // An unknown upload id or part list: the caller's mistake, not the server's.
      throw new ValidationError(
        `The upload ${input.uploadId} could not be completed: ${(error as Error).message}`,
      );
    }
    return true;
  },

  /**
   * Queues the processing of the scan's uploaded file. The URL must name this scan's own
   * upload: a URL forged to another object (another organization's above all) is refused.
   */
  async process(
    ctx: RequestContext,
    input: { importedScanId: string; s3Url: string; determineTrajectory: boolean },
  ) {
    requireManager(ctx);
    const scan = await requireImported(ctx, input.importedScanId);
    const sourceFolder = `${storageUrl(ctx.config, importedScanPrefix(scan))}source/`;
    const filename = input.s3Url.startsWith(sourceFolder)
      ? input.s3Url.slice(sourceFolder.length)
      : '';
    if (!filename || filename.includes('/')) throw new ValidationError(IMPORT_NOT_OWN_UPLOAD);
    const key = sourceKey(scan, filename);
    const info = await ctx.storage.head(key);
    if (!info) throw new ValidationError(IMPORT_NOT_UPLOADED(filename));
    const problem = validateImportedScanFile({ name: filename, size: info.size });
    if (problem) throw new ValidationError(problem);

    const userId = ctx.viewer.user.id;
    // The entry first: a worker may take the job the moment its transaction commits.
    await recordActivity(ctx.db, {
      activityType: IMPORTED_SCAN_ACTIVITY,
      referenceKey: importedActivityKey(scan.organizationId, scan.id),
      status: 'Submitted',
      userId,
      organizationId: scan.organizationId,
      message: IMPORTED_SCAN_SUBMITTED,
      payload: {
        scanId: scan.id,
        s3Url: input.s3Url,
        determineTrajectory: input.determineTrajectory,
      },
      metrics: { fileSize: info.size },
    });
    await ctx.db.transaction().execute(async (trx) => {
      await settleUpload(trx, scan.organizationId, key);
      await repo.recordSubmission(trx, scan.id, {
        sourceS3Url: input.s3Url,
        determineTrajectory: input.determineTrajectory,
        sourceSize: info.size,
      });
      await enqueueImportedScanProcessing(trx, {
        scanId: scan.id,
        organizationId: scan.organizationId,
        s3Url: input.s3Url,
        determineTrajectory: input.determineTrajectory,
        userId,
      });
    });
    return view(ctx, await requireImported(ctx, scan.id));
  },

  /**
   * Deletes the scan's objects (its folder under imported/, its level of detail, anything its
   * rows name), then the scan; objects first, so a storage failure leaves the rows to retry.
   */
  async delete(ctx: RequestContext, id: string): Promise<boolean> {
    requireManager(ctx);
    const scan = await requireImported(ctx, id);
    const stored = await scanMaintenanceRepository.storedObjectsOf(ctx.db, scan.id);
    const objects = scanObjects(scan, stored, portalBucket(ctx.config));
    const folder = importedScanPrefix(scan);
    await removeScanObjects(ctx.storage, {
      prefixes: [folder, ...objects.prefixes.filter((prefix) => !prefix.startsWith(folder))],
      keys: objects.keys.filter((key) => !key.startsWith(folder)),
    });
    await scanMaintenanceRepository.deleteScan(ctx.db, scan.id);
    return true;
  },
};

function requireManager(ctx: RequestContext) {
  if (!policy.canManage(ctx.viewer)) throw new ForbiddenError();
}

/** The imported scan, when the caller may see it; another organization's is 'Not found'. */
async function requireImported(ctx: RequestContext, id: string): Promise<ImportedScanRow> {
  const scan = await repo.findById(ctx.db, id);
  if (!scan || !policy.canRead(ctx.viewer, scan.organizationId)) throw new NotFoundError();
  return scan;
}

/** The key of the scan's source file, after the shared file rule and a plain-name check. */
function sourceKey(scan: ImportedScanRow, filename: string): string {
  const problem = validateImportedScanFile({ name: filename, size: 1 });
  if (problem) throw new ValidationError(problem);
  if (filename.length > 255) throw new ValidationError(IMPORT_FILENAME_TOO_LONG);
  if (/[/\\]/.test(filename)) throw new ValidationError(IMPORT_FILENAME_UNSAFE);
  try {
    return importedSourceKey(scan, filename);
  } catch (error) {
    if (error instanceof InvalidObjectKeyError) throw new ValidationError(IMPORT_FILENAME_UNSAFE);
    throw error;
  }
}

/** metadata arrives as an object or as its JSON text. */
function metadataObject(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = { utm: value };
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ValidationError('metadata must be a JSON object holding utm');
  }
  return parsed as Record<string, unknown>;
}

async function view(ctx: RequestContext, scan: ImportedScanRow): Promise<ImportedScanView> {
  const [one] = await views(ctx, [scan]);
  return one!;
}

/** Three statements for any number of scans: projects, artifacts, processing entries. */
async function views(ctx: RequestContext, scans: ImportedScanRow[]): Promise<ImportedScanView[]> {
  const projectIds = [
    ...new Set(scans.flatMap((s) => (s.projectId === null ? [] : [s.projectId]))),
  ];
  const [projects, artifacts, entries] = await Promise.all([
    repo.projectNames(ctx.db, projectIds),
    repo.artifactsOf(
      ctx.db,
      scans.map((s) => s.id),
    ),
    repo.processingEntries(
      ctx.db,
      scans.map((s) => importedActivityKey(s.organizationId, s.id)),
    ),
  ]);
  const projectById = new Map(projects.map((p) => [p.id, p]));
  const entryByKey = new Map(entries.map((e) => [e.referenceKey, e]));
  return scans.map((scan) => {
    const own = artifacts.filter((a) => a.scanId === scan.id);
    const entry = entryByKey.get(importedActivityKey(scan.organizationId, scan.id));
    const projectId = scan.projectId ?? 0;
    return {
      id: scan.id,
      friendlyName: scan.friendlyName ?? '',
      comment: scan.comment,
      tags: scan.tags,
      projectId,
      project: projectById.get(projectId) ?? { id: projectId, name: '' },
      metadata: scan.metadata,
      artifacts: own,
      capturedTimestamp: scan.capturedTimestamp,
      trajectory: scan.determineTrajectory,
      sourceS3Url: scan.sourceS3Url,
      status: own.length > 0 ? 'Completed' : 'Pending',
      processingStatus: entry?.status ?? null,
      processingMessage: entry?.message ?? null,
    };
  });
}

/** The source must be a non-empty .las file (the shared rule, as the browser checks it). */
function requireSourceFile(filename: string, size: number): void {
  const problem = validateImportedScanFile({ name: filename, size });
  if (problem) throw new ValidationError(problem);
}

/** Runs an upload rule check, turning its refusal into a BAD_USER_INPUT answer. */
function guard<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof UploadInputError) throw new ValidationError(error.message);
    throw error;
  }
}
