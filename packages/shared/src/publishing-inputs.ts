/**
 * Publishing scans to an organization's bucket and uploading geoid grids
 * (docs/processing-and-publishing.md): the inputs of publishScans / publishScan and of the geoid
 * grid operations, with the texts the Publish Scans dialog and the Projects screen also show
 * (the success text is PUBLISH_SUBMITTED in messages.ts).
 */
import { z } from 'zod';
import { entityIdSchema } from './api-inputs.ts';
import { TEXT_LIMITS } from './constants.ts';
import { TEXT_TOO_LONG, VALUE_REQUIRED } from './messages.ts';

export const PUBLISH_FOLDER_INVALID =
  'Folder must be a relative path of letters, digits, spaces, - _ . and / without ..';
export const PUBLISH_NEEDS_PROJECTION = 'Transform needs the project to have a projection';
export const PUBLISH_NO_SCANS = 'Select at least one scan to publish';
export const GEOID_FILENAME_INVALID =
  'A geoid grid file name ends in .gtx, .tif or .tiff and has no spaces or slashes';
export const GEOID_GRID_INVALID = (reason: string) => `Invalid geoid grid: ${reason}`;
/** The Content-Type the geoid grid upload URL is signed for: the browser must send it. */
export const GEOID_GRID_CONTENT_TYPE = 'application/octet-stream';
/** Most scans one publishScans call may name. */
export const PUBLISH_MAX_SCANS = 500;

const FOLDER_SEGMENT = /^[A-Za-z0-9 _.-]+$/;

/**
 * The folder rule: a relative path (no leading slash, no backslash, no empty, '.' or '..'
 * segment) of letters, digits, spaces, '-', '_' and '.'. Leading and trailing slashes are
 * forgiven (the dialog prefixes the project name itself). Returns the normalized folder or null.
 */
export function normalizePublishFolder(text: string): string | null {
  const folder = text.trim().replace(/^\/+|\/+$/g, '');
  if (folder === '' || folder.length > 512 || folder.includes('\\')) return null;
  const segments = folder.split('/');
  const valid = segments.every(
    (s) => s.trim() === s && s !== '' && s !== '.' && s !== '..' && FOLDER_SEGMENT.test(s),
  );
  return valid ? folder : null;
}

const folderSchema = z
  .string({ error: VALUE_REQUIRED })
  .trim()
  .min(1, VALUE_REQUIRED)
  .max(TEXT_LIMITS.filename, TEXT_TOO_LONG(TEXT_LIMITS.filename))
  .transform((value, ctx) => {
    const folder = normalizePublishFolder(value);
    if (folder === null) {
      ctx.addIssue({ code: 'custom', message: PUBLISH_FOLDER_INVALID });
      return z.NEVER;
    }
    return folder;
  });

export const publishScanItem = z.object({
  scanId: z.string().trim().min(1, VALUE_REQUIRED).max(64),
  sessionId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((value): string | null => value || null),
});
export type PublishScanItem = z.output<typeof publishScanItem>;

const publishSettings = {
  projectId: entityIdSchema,
  bucketId: entityIdSchema,
  targetFolder: folderSchema,
  includeImages: z.boolean(),
  transform: z.boolean(),
};

export const publishScansSubmission = z.object({
  ...publishSettings,
  scans: z.array(publishScanItem).min(1, PUBLISH_NO_SCANS).max(PUBLISH_MAX_SCANS),
});
export type PublishScansSubmission = z.output<typeof publishScansSubmission>;

export const publishScanSubmission = z.object({ ...publishSettings, scan: publishScanItem });

/** Which of these scans the folder of the bucket already holds (the Publish dialog's warning). */
export const publishedScansQuery = z.object({
  projectId: entityIdSchema,
  bucketId: entityIdSchema,
  targetFolder: folderSchema,
  scanIds: z.array(z.string().trim().min(1).max(64)).max(PUBLISH_MAX_SCANS),
});
export type PublishedScansQuery = z.output<typeof publishedScansQuery>;

/** A geoid grid file name: .gtx, .tif or .tiff, no spaces, no path. */
export function isGeoidGridFilename(name: string): boolean {
  return /^[A-Za-z0-9_.-]+\.(gtx|tif|tiff)$/i.test(name) && !name.startsWith('.');
}

export const geoidGridFilenameInput = z.object({
  filename: z
    .string({ error: VALUE_REQUIRED })
    .min(1, VALUE_REQUIRED)
    .max(200, GEOID_FILENAME_INVALID)
    .refine(isGeoidGridFilename, GEOID_FILENAME_INVALID),
});
