import { checkNumberOfParts, PACKAGE_CONTENT_TYPE } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { inParallel } from '../../lib/in-parallel.ts';
import { packageUploadPolicy as policy } from '../../policies/package-upload.policy.ts';
import type { StoredPart } from '../../storage/storage.ts';
import { activityLogService, recordActivity } from '../activity-logs/activity-log.service.ts';
import {
  grantUpload,
  settleUpload,
  startCountedUpload,
} from '../upload-quota/upload-quota.service.ts';
import { onPackageUploaded } from './package-upload.hooks.ts';
import {
  type PackageUploadRow,
  packageUploadRepository as repo,
} from './package-upload.repository.ts';
import {
  checkPartNumbers,
  checkPlannedParts,
  checkSize,
  PRESIGNED_PARTS_AT_ONCE,
  packageContentType,
  packageKey,
  parseETags,
  parseFilenamesCsv,
  signedPartLength,
  UPLOAD_GONE,
  UPLOAD_NEEDS_DEVICES,
  UploadInputError,
} from './package-upload-rules.ts';

/** Errors of the store that mean the request was wrong, not that the server failed. */
const CLIENT_STORAGE_ERRORS = new Set([
  'InvalidPart',
  'InvalidPartOrder',
  'EntityTooSmall',
  'MalformedXML',
  'NoSuchUpload',
]);
const EXISTING_CHECK_CONCURRENCY = 16;

export interface UploadPartUrl {
  partNumber: number;
  signedUrl: string;
}

/**
 * Package uploads of the caller's organization: presigned single PUTs and multipart uploads
 * (the browser moves the bytes straight to the store), their completion, abort and resumption,
 * and the check for packages already on the server.
 */
export const packageUploadService = {
  async signedUrl(
    ctx: RequestContext,
    input: { filename: string; size: number; contentType?: string | null },
  ) {
    const organizationId = await requireUploader(ctx);
    const key = keyFor(organizationId, input.filename);
    guard(() => checkSize(input.size, true));
    const contentType = guard(() => packageContentType(input.contentType));
    const uploadUrl = await grantUpload(ctx, { organizationId, key, size: input.size }, () =>
      ctx.storage.presignPut(key, { contentType, contentLength: input.size }),
    );
    return { filename: input.filename, uploadUrl, key };
  },

  async multipartInfo(
    ctx: RequestContext,
    input: { filename: string; numberOfParts: number; size: number },
  ) {
    const organizationId = await requireUploader(ctx);
    const key = keyFor(organizationId, input.filename);
    guard(() => checkSize(input.size, false));
    const partsProblem = checkNumberOfParts(input.numberOfParts, input.size);
    if (partsProblem) throw new ValidationError(partsProblem);
    guard(() => checkPlannedParts(input.numberOfParts, input.size));
    const uploadId = await startCountedUpload(ctx, organizationId, input.size, async (db) => {
      const started = await ctx.storage.createMultipart(key, PACKAGE_CONTENT_TYPE);
      await repo.insert(db, {
        organizationId,
        userId: ctx.viewer.user.id,
        filename: input.filename,
        key,
        uploadId: started,
        size: input.size,
        numberOfParts: input.numberOfParts,
      });
      return started;
    });
    const presigned = Math.min(input.numberOfParts, PRESIGNED_PARTS_AT_ONCE);
    const numbers = Array.from({ length: presigned }, (_, i) => i + 1);
    const parts = await presignParts(ctx, key, uploadId, input.size, numbers);
    return { filename: input.filename, uploadId, parts };
  },

  /**
   * Fresh part URLs just before sending (URLs live 15 minutes; long uploads outlive them), at
   * most 100 per call.
   */
  async partUrls(
    ctx: RequestContext,
    input: { filename: string; uploadId: string; partNumbers: number[] },
  ) {
    const upload = await requireUpload(ctx, input.filename, input.uploadId);
    if (upload.status !== 'uploading') throw new NotFoundError();
    // An upload started before sizes were signed cannot have its parts' lengths known.
    if (upload.size === null) throw new NotFoundError(UPLOAD_GONE);
    const numbers = guard(() => checkPartNumbers(input.partNumbers));
    return presignParts(ctx, upload.key, input.uploadId, upload.size, numbers);
  },

  /** The parts already stored, so an interrupted upload sends only the missing ones. */
  async storedParts(
    ctx: RequestContext,
    input: { filename: string; uploadId: string },
  ): Promise<StoredPart[]> {
    const upload = await requireUpload(ctx, input.filename, input.uploadId);
    if (upload.status !== 'uploading') throw new NotFoundError();
    return storageCall(() => ctx.storage.listParts(upload.key, input.uploadId));
  },

  /**
   * Completes the upload with the comma-joined ETags in part order; then, in one transaction,
   * marks it completed, records Completed in the activity log and queues its ingestion, so a
   * process that dies in between leaves all or nothing of it. Completing a completed upload
   * again answers true (the first answer may have been lost on the way).
   */
  async complete(
    ctx: RequestContext,
    input: { filename: string; uploadId: string; eTags: string; referenceKey?: string | null },
  ) {
    const upload = await requireUpload(ctx, input.filename, input.uploadId);
    if (upload.status === 'completed') return true;
    if (upload.status === 'aborted') throw new NotFoundError();
    const parts = guard(() => parseETags(input.eTags));
    const stored = await completeInStore(ctx, upload, input.uploadId, parts);
    await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.markCompleted(trx, upload.id, stored.size);
      // Another request completed it meanwhile and handed it on: nothing is left to do.
      if (row) await packageStored({ ...ctx, db: trx }, row, input.referenceKey, stored.eTag);
    });
    return true;
  },

  /** Aborts an unfinished upload (true); a completed one is left alone (false). */
  async abort(ctx: RequestContext, input: { filename: string; uploadId: string }) {
    const upload = await requireUpload(ctx, input.filename, input.uploadId);
    if (upload.status === 'completed') return false;
    if (upload.status === 'uploading') {
      await ctx.storage.abortMultipart(upload.key, input.uploadId).catch((error: unknown) => {
        // Already gone from the store (the stale-upload sweeper got there first): fine.
        if (storageErrorCode(error) !== 'NoSuchUpload') throw error;
      });
      await repo.markAborted(ctx.db, upload.id);
    }
    return true;
  },

  /** The packages of these names already stored for the caller's organization, with sizes. */
  async existing(ctx: RequestContext, filenamesCsv: string) {
    const organizationId = await requireUploader(ctx);
    const names = guard(() => parseFilenamesCsv(filenamesCsv));
    const keyed = names.map((filename) => ({ filename, key: keyFor(organizationId, filename) }));
    const sizes: (number | undefined)[] = [];
    const indexed = keyed.map((entry, index) => ({ ...entry, index }));
    await inParallel(indexed, EXISTING_CHECK_CONCURRENCY, async ({ key, index }) => {
      sizes[index] = (await ctx.storage.head(key))?.size;
    });
    // In the order asked for: the upload dialog lists them so.
    return keyed.flatMap(({ filename }, index) => {
      const size = sizes[index];
      return size === undefined ? [] : [{ filename, size }];
    });
  },

  /** After a single PUT: checks the object is there, records Completed, hands it on. */
  async confirm(ctx: RequestContext, input: { filename: string; referenceKey?: string | null }) {
    const organizationId = await requireUploader(ctx);
    const key = keyFor(organizationId, input.filename);
    const info = await ctx.storage.head(key);
    if (!info) throw new NotFoundError(`The package ${input.filename} has not been uploaded`);
    const row = await ctx.db.transaction().execute(async (trx) => {
      await settleUpload(trx, organizationId, key);
      return repo.insert(trx, {
        organizationId,
        userId: ctx.viewer.user.id,
        filename: input.filename,
        key,
        uploadId: null,
        size: info.size,
        numberOfParts: 1,
        status: 'completed',
        completed: new Date(),
      });
    });
    await packageStored(ctx, row, input.referenceKey, info.eTag);
    return true;
  },
};

/** The caller's organization, when it owns a device; FORBIDDEN otherwise. */
async function requireUploader(ctx: RequestContext): Promise<number> {
  const organizationId = policy.uploadOrganization(ctx.viewer);
  const devices = await repo.organizationDeviceCount(ctx.db, organizationId);
  if (!policy.canUpload(ctx.viewer, devices)) throw new ForbiddenError(UPLOAD_NEEDS_DEVICES);
  return organizationId;
}

/** The caller's upload with this id and file name; another organization's is 'Not found'. */
async function requireUpload(
  ctx: RequestContext,
  filename: string,
  uploadId: string,
): Promise<PackageUploadRow> {
  const organizationId = await requireUploader(ctx);
  const key = keyFor(organizationId, filename);
  const upload = await repo.findMultipart(ctx.db, organizationId, uploadId);
  if (!upload || upload.key !== key || !policy.ownsUpload(ctx.viewer, upload)) {
    throw new NotFoundError();
  }
  return upload;
}

function keyFor(organizationId: number, filename: string): string {
  return guard(() => packageKey(organizationId, filename));
}

/** Runs a rule check, turning its refusal into a BAD_USER_INPUT answer. */
function guard<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof UploadInputError) throw new ValidationError(error.message);
    throw error;
  }
}

/** URLs for these parts of a `size`-byte file, each signed for its exact length in the plan. */
export function presignParts(
  ctx: RequestContext,
  key: string,
  uploadId: string,
  size: number,
  partNumbers: number[],
): Promise<UploadPartUrl[]> {
  const lengths = partNumbers.map((partNumber) => guard(() => signedPartLength(size, partNumber)));
  return Promise.all(
    partNumbers.map(async (partNumber, index) => ({
      partNumber,
      signedUrl: await ctx.storage.presignPart(key, uploadId, partNumber, lengths[index] as number),
    })),
  );
}

function storageErrorCode(error: unknown): string | undefined {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && CLIENT_STORAGE_ERRORS.has(code)) return code;
  if (typeof name === 'string' && CLIENT_STORAGE_ERRORS.has(name)) return name;
  return undefined;
}

/** A store refusal caused by the request (wrong ETags, gone upload) becomes a clear answer. */
async function storageCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = storageErrorCode(error);
    if (code === 'NoSuchUpload') throw new NotFoundError(UPLOAD_GONE);
    if (code) {
      throw new ValidationError(`The upload could not be completed: ${(error as Error).message}`);
    }
    throw error;
  }
}

/**
 * Completes the multipart upload in the store. A completion that reached the store before its
 * process died leaves no upload to complete on a retry, but the object itself: when it has this
 * upload's size and was written since the upload began, the retry counts it as done.
 */
async function completeInStore(
  ctx: RequestContext,
  upload: PackageUploadRow,
  uploadId: string,
  parts: { partNumber: number; eTag: string }[],
): Promise<{ eTag: string; size: number }> {
  try {
    const { eTag } = await ctx.storage.completeMultipart(upload.key, uploadId, parts);
    const info = await ctx.storage.head(upload.key);
    return { eTag, size: info?.size ?? upload.size ?? 0 };
  } catch (error) {
    if (storageErrorCode(error) === 'NoSuchUpload') {
      const info = await ctx.storage.head(upload.key);
      // Stores keep modification times in whole seconds.
      const began = Math.floor(upload.created.getTime() / 1000) * 1000;
      if (info && info.size === upload.size && info.lastModified.getTime() >= began) {
        return { eTag: info.eTag, size: info.size };
      }
    }
    return storageCall(() => Promise.reject(error));
  }
}

/**
 * Writes Completed to the activity log — moving the browser's own job entry when it names its
 * reference key, else a new entry — then hands the package to ingestion.
 */
async function packageStored(
  ctx: RequestContext,
  upload: PackageUploadRow,
  referenceKey: string | null | undefined,
  eTag: string,
) {
  const details = {
    activityType: 'PackageUpload',
    status: 'Completed' as const,
    message: `Uploaded ${upload.filename}`,
    payload: { filename: upload.filename, key: upload.key, uploadId: upload.uploadId },
    metrics: { fileSize: upload.size },
  };
  if (referenceKey) {
    await activityLogService.upsertJob(ctx, { ...details, referenceKey });
  } else {
    await recordActivity(ctx.db, {
      ...details,
      referenceKey: `package-upload-${upload.id}`,
      userId: ctx.viewer.user.id,
      organizationId: upload.organizationId,
    });
  }
  await onPackageUploaded(ctx.db, {
    key: upload.key,
    organizationId: upload.organizationId,
    userId: ctx.viewer.user.id,
    eTag,
  });
}
