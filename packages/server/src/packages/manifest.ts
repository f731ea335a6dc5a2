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

const deviceId = z.string().trim().min(1, { error: 'deviceId is missing' });

const sessionId = z
  .string({ error: 'sessionId is missing' })
  .min(1, { error: 'sessionId is missing' })
  .refine((value) => value.length <= SESSION_ID_MAX_LENGTH, {
    error: (issue) =>
      `Session id ${String(issue.input)} is longer than ${SESSION_ID_MAX_LENGTH} characters`,
  });

const scanId = z
  .string({ error: 'Scan id is missing' })
  .min(1, { error: 'Scan id is missing' })
  .refine((value) => value.length <= SCAN_ID_MAX_LENGTH, {
    error: (issue) =>
      `Scan id ${String(issue.input)} is longer than ${SCAN_ID_MAX_LENGTH} characters`,
  })
  .refine((value) => /^[A-Za-z0-9_.-]+$/.test(value) && value !== '.' && value !== '..', {
    error: (issue) =>
      `Scan id ${String(issue.input)} may hold only letters, digits, '_', '-' and '.'`,
  });

const entryPath = z.string().min(1, { error: 'A file path is empty' });

export const luxlzScanSchema = z
  .looseObject({
    id: scanId,
    friendlyName: z.string().default(''),
    capturedStart: isoUtc('capturedStart'),
    capturedEnd: isoUtc('capturedEnd'),
    pointCloud: entryPath,
    trajectory: entryPath,
    pointCount: z.number().int().nonnegative(),
    /** Coordinate system of the point cloud, e.g. 'EPSG:32654'. */
    crs: z.string().optional(),
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
  deviceId,
  sessionId,
  firmware: z.string().default(''),
  /** How the package was made, when not by a device (e.g. generated from public fixtures). */
  generator: z.string().optional(),
  scans: z.array(luxlzScanSchema).min(1, { error: 'The manifest lists no scans' }),
  gnss: z.array(gnssFileSchema).default([]),
});

export const luxizScanSchema = z.looseObject({
  id: scanId,
  frameCount: z.number().int().nonnegative().optional(),
  crs: z.string().optional(),
});

export const luxizManifestSchema = z.looseObject({
  formatVersion: z.literal(PACKAGE_FORMAT_VERSION),
  deviceId,
  sessionId,
  generator: z.string().optional(),
  scans: z.array(luxizScanSchema).min(1, { error: 'The manifest lists no scans' }),
});

export type LuxlzManifest = z.infer<typeof luxlzManifestSchema>;
export type LuxlzScan = z.infer<typeof luxlzScanSchema>;
export type LuxizManifest = z.infer<typeof luxizManifestSchema>;
export type GnssFile = z.infer<typeof gnssFileSchema>;

export const MANIFEST_NAME = 'manifest.json';
export const IMAGES_CSV_NAME = 'images.csv';

function parseJson(text: string | undefined | null): Record<string, unknown> {
  if (text === undefined || text === null) throw new PackageFormatError('manifest.json is missing');
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
