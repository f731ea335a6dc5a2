import { randomBytes } from 'node:crypto';
import {
  type ActivityType,
  epsgUtmZone,
  parseUtm,
  utmSchema,
  VALUE_REQUIRED,
} from '@asset-portal/shared';
import { ValidationError } from '../../graphql/errors.ts';
import { objectKey } from '../../storage/object-key.ts';

export const PROCESS_IMPORTED_SCAN_KIND = 'process-imported-scan';
export const IMPORTED_SCAN_ACTIVITY = 'ImportedScanProcessing' satisfies ActivityType;
export const IMPORTED_OBJECT_KIND = 'imported';
/** Parts one multipart upload may have: every part is presigned at once (15-minute URLs). */
export const MAX_IMPORT_PARTS = 1000;

export const IMPORT_FILENAME_UNSAFE =
  'An imported scan file name may contain only letters, digits, dots, hyphens and underscores';
export const IMPORT_FILENAME_TOO_LONG =
  'An imported scan file name can have at most 255 characters';
export const IMPORT_PARTS_INVALID = `numberOfParts must be 1 to ${MAX_IMPORT_PARTS}`;
export const IMPORT_NOT_OWN_UPLOAD =
  "s3Url must be this scan's own upload, as returned by getImportScanUploadSignedURL";
export const IMPORT_NOT_UPLOADED = (filename: string) =>
  `The file ${filename} has not been uploaded for this scan`;
/**
 * A file whose CRS is not UTM of the scan's zone, with what to do: a file in another UTM zone
 * (`fileZone`, as '10N') takes that zone as the scan's UTM; any other CRS is reprojected first.
 */
export const IMPORT_CRS_MISMATCH = (crs: string, utm: string, fileZone: string | null) =>
  fileZone
    ? `The file's CRS is ${crs}; the scan's UTM is ${utm}: set the scan's UTM to ${fileZone}, the zone of the file`
    : `The file's CRS is ${crs}; the scan's UTM is ${utm}, and the file must be in a UTM CRS of that zone: reproject it to UTM zone ${utm} (with PDAL or LAStools, for example) and import it again`;

/** A UTM zone as the portal writes it: '10N', '42S'. */
export const utmZoneLabel = (zone: { zone: number; south: boolean }): string =>
  `${zone.zone}${zone.south ? 'S' : 'N'}`;

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `imp-` and 22 random base-36 characters: 26 in all, the scans table's limit. */
export function newImportedScanId(): string {
  const bytes = randomBytes(22);
  let id = 'imp-';
  // byte % 36 leans slightly to the first characters; 22 of them still hold over 100 bits.
  for (const byte of bytes) id += ID_ALPHABET[byte % 36];
  return id;
}

/** The folder of every object of one imported scan (source, level of detail). */
export function importedScanPrefix(scan: {
  id: string;
  organizationId: number;
  projectId: number | null;
}): string {
  return `${objectKey({ organizationId: scan.organizationId, projectId: scan.projectId, kind: IMPORTED_OBJECT_KIND, name: scan.id })}/`;
}

/** The key of the scan's uploaded LAS (throws InvalidObjectKeyError for an unsafe name). */
export function importedSourceKey(
  scan: { id: string; organizationId: number; projectId: number | null },
  filename: string,
): string {
  return objectKey({
    organizationId: scan.organizationId,
    projectId: scan.projectId,
    kind: IMPORTED_OBJECT_KIND,
    name: `${scan.id}/source/${filename}`,
  });
}

/** The activity-log key of the scan's processing: one entry per scan, moved by each run. */
export function importedActivityKey(organizationId: number, scanId: string): string {
  return `org-${organizationId}/imported-${scanId}`;
}

/** One processing job per scan while it waits or runs. */
export function importedJobKey(scanId: string): string {
  return `${PROCESS_IMPORTED_SCAN_KIND}:${scanId}`;
}

/**
 * The metadata of an imported scan with its UTM zone normalized ('43s' → '43S'); a missing zone
 * or one not followed by N or S throws ValidationError with the form's message (spec §5).
 */
export function withValidUtm(metadata: Record<string, unknown>): Record<string, unknown> {
  const utm = utmSchema.safeParse(metadata);
  if (!utm.success) throw new ValidationError(utm.error.issues[0]?.message ?? VALUE_REQUIRED);
  return { ...metadata, utm: utm.data };
}

/**
 * An edit of an imported scan's header keeps what its creation required (spec §5): a name, and
 * a UTM zone followed by N or S; the zone is stored normalized. A file whose own CRS placed the
 * scan (`crsDeclared`, stored by processing) keeps that zone: another one would be saved and its
 * reprocessing refused, leaving the scan with a zone its cloud is not in. Throws ValidationError.
 */
export function checkImportedHeaderEdit(
  input: {
    friendlyName?: string | null | undefined;
    metadata?: Record<string, unknown> | null | undefined;
  },
  stored: unknown,
): { metadata?: Record<string, unknown> } {
  if (input.friendlyName !== undefined && !input.friendlyName?.trim()) {
    throw new ValidationError(VALUE_REQUIRED);
  }
  if (!input.metadata || !('utm' in input.metadata)) return {};
  const metadata = withValidUtm(input.metadata);
  const declared = declaredUtmCrs(stored);
  const utm = parseUtm(String(metadata.utm));
  if (declared && utm && (utm.zone !== declared.zone || utm.south !== declared.south)) {
    throw new ValidationError(
      IMPORT_CRS_MISMATCH(
        `${declared.name} (EPSG:${declared.epsg})`,
        String(metadata.utm),
        utmZoneLabel(declared),
      ),
    );
  }
  return { metadata };
}

/** The UTM CRS the scan's file declared itself in, from the metadata processing stored. */
function declaredUtmCrs(stored: unknown) {
  if (typeof stored !== 'object' || stored === null) return null;
  const { crs, crsDeclared } = stored as { crs?: unknown; crsDeclared?: unknown };
  const epsg = typeof crs === 'string' ? /^EPSG:(\d+)$/.exec(crs)?.[1] : undefined;
  if (crsDeclared !== true || !epsg) return null;
  const zone = epsgUtmZone(Number(epsg));
  return zone ? { ...zone, epsg: Number(epsg) } : null;
}
