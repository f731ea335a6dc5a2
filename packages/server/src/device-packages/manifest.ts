import { z } from 'zod';

/**
 * Manifest schemas of the device packages (docs/package-format.md). Within one format version
 * changes are additive only: unknown fields are kept by readers of an older build, so a newer
 * writer never breaks an older reader of the same version.
 */

export const PACKAGE_FORMAT_VERSION = 1;
export const SESSION_ID_MAX_LENGTH = 29;
export const SCAN_ID_MAX_LENGTH = 26;
export const CAMERAS = ['left', 'center', 'right'] as const;
export type Camera = (typeof CAMERAS)[number];

/** A package whose content breaks the format; the message is shown to the user as is. */
export class PackageFormatError extends Error {
  override name = 'PackageFormatError';
}

const isoUtc = (field: string) =>
  z
    .string({ error: `${field} must be a UTC date-time string` })
    .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value), {
      error: `${field} must be a UTC ISO 8601 date-time ending in Z`,
    });

/**
 * Bounds of what a manifest may hold. Everything in it is stored and sent to every viewer of the
 * project, so no text may be larger than its use needs; a refused manifest writes nothing.
 */
export const MANIFEST_LIMITS = {
  /** Characters of manifest.json. */
  maxChars: 1_000_000,
  /** Nesting of objects and arrays. */
  maxDepth: 12,
  maxScans: 2_000,
  maxGnssFiles: 200,
  deviceIdChars: 64,
  friendlyNameChars: 200,
  /** firmware. */
  labelChars: 200,
  /** How a package was made when not by a device: a sentence or two naming its sources. */
  generatorChars: 1_000,
  /** A CRS may be given as WKT. */
  crsChars: 8_000,
  pathChars: 512,
} as const;

/** Identifiers become object keys and URL parts: a safe charset only, never '.' or '..'. */
const SAFE_ID = /^[A-Za-z0-9_.-]+$/;
const isSafeId = (value: string) => SAFE_ID.test(value) && value !== '.' && value !== '..';
// Control characters in a name would corrupt logs and CSV exports.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control range is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

const boundedText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .max(max, { error: `${field} is longer than ${max} characters` })
    .refine((value) => !CONTROL_CHARS.test(value), {
      error: `${field} holds control characters`,
    });

/** A device's id: it names object keys, so the safe charset only (device registration too). */
export const deviceIdSchema = z
  .string({ error: 'deviceId is missing' })
  .trim()
  .min(1, { error: 'deviceId is missing' })
  .max(MANIFEST_LIMITS.deviceIdChars, {
    error: `deviceId is longer than ${MANIFEST_LIMITS.deviceIdChars} characters`,
  })
  .refine(isSafeId, { error: "deviceId may hold only letters, digits, '_', '-' and '.'" });

const sessionId = z
  .string({ error: 'sessionId is missing' })
  .min(1, { error: 'sessionId is missing' })
  .refine((value) => value.length <= SESSION_ID_MAX_LENGTH, {
    error: (issue) =>
      `Session id ${String(issue.input).slice(0, 40)} is longer than ${SESSION_ID_MAX_LENGTH} characters`,
  })
  .refine(isSafeId, {
    error: "Session id may hold only letters, digits, '_', '-' and '.'",
  });

const scanId = z
  .string({ error: 'Scan id is missing' })
  .min(1, { error: 'Scan id is missing' })
  .refine((value) => value.length <= SCAN_ID_MAX_LENGTH, {
    error: (issue) =>
      `Scan id ${String(issue.input).slice(0, 40)} is longer than ${SCAN_ID_MAX_LENGTH} characters`,
  })
  .refine(isSafeId, {
    error: (issue) =>
      `Scan id ${String(issue.input)} may hold only letters, digits, '_', '-' and '.'`,
  });

const entryPath = boundedText('A file path', MANIFEST_LIMITS.pathChars).refine(
  (value) => value.length > 0,
  { error: 'A file path is empty' },
);

export const luxlzScanSchema = z
  .looseObject({
    id: scanId,
    friendlyName: boundedText('friendlyName', MANIFEST_LIMITS.friendlyNameChars).default(''),
    capturedStart: isoUtc('capturedStart'),
    capturedEnd: isoUtc('capturedEnd'),
    pointCloud: entryPath,
    trajectory: entryPath,
    pointCount: z.number().int().nonnegative(),
    /** Coordinate system of the point cloud, e.g. 'EPSG:32654'. */
    crs: z.string().max(MANIFEST_LIMITS.crsChars).optional(),
  })
  .refine((scan) => scan.capturedStart <= scan.capturedEnd, {
    error: 'capturedEnd is before capturedStart',
  });

export const gnssFileSchema = z.looseObject({
  path: entryPath,
  kind: z.enum(['observation', 'navigation'], {
    error: "gnss kind must be 'observation' or 'navigation'",
  }),
});

export const luxlzManifestSchema = z.looseObject({
  formatVersion: z.literal(PACKAGE_FORMAT_VERSION),
  deviceId: deviceIdSchema,
  sessionId,
  firmware: boundedText('firmware', MANIFEST_LIMITS.labelChars).default(''),
  /** How the package was made, when not by a device (e.g. generated from public fixtures). */
  generator: boundedText('generator', MANIFEST_LIMITS.generatorChars).optional(),
  scans: z
    .array(luxlzScanSchema)
    .min(1, { error: 'The manifest lists no scans' })
    .max(MANIFEST_LIMITS.maxScans, {
      error: `The manifest lists more than ${MANIFEST_LIMITS.maxScans} scans`,
    }),
  gnss: z
    .array(gnssFileSchema)
    .max(MANIFEST_LIMITS.maxGnssFiles, {
      error: `The manifest lists more than ${MANIFEST_LIMITS.maxGnssFiles} GNSS files`,
    })
    .default([]),
});

export const luxizScanSchema = z.looseObject({
  id: scanId,
  frameCount: z.number().int().nonnegative().optional(),
  crs: z.string().max(MANIFEST_LIMITS.crsChars).optional(),
});

export const luxizManifestSchema = z.looseObject({
  formatVersion: z.literal(PACKAGE_FORMAT_VERSION),
  deviceId: deviceIdSchema,
  sessionId,
  generator: boundedText('generator', MANIFEST_LIMITS.generatorChars).optional(),
  scans: z
    .array(luxizScanSchema)
    .min(1, { error: 'The manifest lists no scans' })
    .max(MANIFEST_LIMITS.maxScans, {
      error: `The manifest lists more than ${MANIFEST_LIMITS.maxScans} scans`,
    }),
});

export type LuxlzManifest = z.infer<typeof luxlzManifestSchema>;
export type LuxlzScan = z.infer<typeof luxlzScanSchema>;
export type LuxizManifest = z.infer<typeof luxizManifestSchema>;
export type GnssFile = z.infer<typeof gnssFileSchema>;

export const MANIFEST_NAME = 'manifest.json';
export const IMAGES_CSV_NAME = 'images.csv';

function parseJson(text: string | undefined | null): Record<string, unknown> {
  if (text === undefined || text === null) throw new PackageFormatError('manifest.json is missing');
  if (text.length > MANIFEST_LIMITS.maxChars) {
    throw new PackageFormatError(
      `manifest.json is larger than ${MANIFEST_LIMITS.maxChars} characters`,
    );
  }
  if (jsonDepth(text) > MANIFEST_LIMITS.maxDepth) {
    throw new PackageFormatError(
      `manifest.json is nested deeper than ${MANIFEST_LIMITS.maxDepth} levels`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PackageFormatError(`manifest.json is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PackageFormatError('manifest.json must hold a JSON object');
  }
  const version = (value as Record<string, unknown>).formatVersion;
  if (version === undefined) throw new PackageFormatError('manifest.json has no formatVersion');
  if (version !== PACKAGE_FORMAT_VERSION) {
    throw new PackageFormatError(`Unsupported package format version ${String(version)}`);
  }
  return value as Record<string, unknown>;
}

/** Deepest nesting of brackets outside strings, counted before parsing (no recursion). */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === '}' || char === ']') depth--;
  }
  return deepest;
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const where = issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
  // Custom messages name the problem themselves; generic ones get the field path.
  return issue.message.startsWith('Invalid') || issue.message.startsWith('Too')
    ? `manifest.json is invalid${where}: ${issue.message}`
    : `${issue.message}${where}`;
}

function assertUniqueScans(scans: readonly { id: string }[]): void {
  const seen = new Set<string>();
  for (const scan of scans) {
    if (seen.has(scan.id)) throw new PackageFormatError(`Scan id ${scan.id} appears twice`);
    seen.add(scan.id);
  }
}

/** Parses and validates the manifest of a `.luxlz`; `undefined` means the entry is absent. */
export function parseLuxlzManifest(text: string | undefined | null): LuxlzManifest {
  const result = luxlzManifestSchema.safeParse(parseJson(text));
  if (!result.success) throw new PackageFormatError(describe(result.error));
  assertUniqueScans(result.data.scans);
  return result.data;
}

/** Parses and validates the manifest of a `.luxiz`; `undefined` means the entry is absent. */
export function parseLuxizManifest(text: string | undefined | null): LuxizManifest {
  const result = luxizManifestSchema.safeParse(parseJson(text));
  if (!result.success) throw new PackageFormatError(describe(result.error));
  assertUniqueScans(result.data.scans);
  return result.data;
}

/** Checks that every file the manifest names is in the package (names from `openPackage`). */
export function assertLuxlzFilesPresent(manifest: LuxlzManifest, names: ReadonlySet<string>) {
  for (const scan of manifest.scans) {
    for (const [label, path] of [
      ['point cloud', scan.pointCloud],
      ['trajectory', scan.trajectory],
    ] as const) {
      if (!names.has(path)) {
        throw new PackageFormatError(`Scan ${scan.id}: ${label} ${path} is not in the package`);
      }
    }
    if (!/\.la[sz]$/i.test(scan.pointCloud)) {
      throw new PackageFormatError(
        `Scan ${scan.id}: point cloud ${scan.pointCloud} is not a .las or .laz file`,
      );
    }
  }
  for (const file of manifest.gnss) {
    if (!names.has(file.path)) {
      throw new PackageFormatError(`GNSS file ${file.path} is not in the package`);
    }
  }
}

/** Column order of `scans/<scanId>/trajectory.csv`. */
export const TRAJECTORY_COLUMNS = [
  'gps_time',
  'lat',
  'lon',
  'ellipsoidal_height',
  'roll',
  'pitch',
  'yaw',
] as const;

/** Column order of `images.csv`. */
export const IMAGE_COLUMNS = [
  'scan_id',
  'frame_id',
  'gps_time',
  'x',
  'y',
  'z',
  'lat',
  'lon',
  'camera',
  'jpeg_rotation',
] as const;

/** Path of one image inside a `.luxiz`. */
export function imagePath(scan: string, camera: Camera, frameId: string): string {
  return `images/${scan}/${camera}/${frameId}.jpg`;
}
