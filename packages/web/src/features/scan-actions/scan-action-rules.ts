import { type BoundingBox, canProcess, type UserType } from '@asset-portal/shared';
import { cloudProjection } from '../viewer/pointcloud/cloud-crs.ts';

/** An artifact of the focused scan, as the scan query answers it. */
export interface ScanArtifact {
  id: string;
  artifactType: string;
  name: string;
  status: string;
  parameters?: Record<string, unknown> | null;
}

/** The focused scan's header and artifacts (the `scan(id)` query). */
export interface FocusedScan {
  id: string;
  friendlyName: string | null;
  comment: string | null;
  tags: string[];
  defaultVersion: string | null;
  sessionId: string | null;
  projectId: string | null;
  metadata: Record<string, unknown> | null;
  artifacts: ScanArtifact[];
}

export const POINTCLOUD = 'pointcloud';
/** The version a scan's first cloud is ingested as (spec §5: processing falls back to it). */
export const UNCLASSIFIED = 'unclassified';

export const SCAN_ACTION_TEXTS = {
  confirmDeletionTitle: 'Confirm Scan Deletion',
  confirmDeletion: (id: string) => `Are you sure you want to delete scan '${id}'?`,
  deleted: (id: string) => `Scan ${id} deleted`,
  headerSaved: 'Scan header saved',
  // The choice is the scan's default version, which everyone's viewer, processing and
  // publishing take: said as such, not as a view of one's own.
  versionChanged: (version: string) => `Version ${version} is now the scan's default`,
  noArtifact:
    'This scan does net yet have a registered artifact, so cannot be reprocessed reprocessing',
  editTitle: 'Edit Scan Header',
  drawBox: 'Draw bounding box',
  clearBox: 'Clear bounding box',
  boxInUse: 'Post processing of this scan uses this bounding box',
} as const;

/** Which of the focused scan's actions a user sees (spec §6: canProcess for all but Download). */
export interface ScanActionAccess {
  download: boolean;
  chooseVersion: boolean;
  editHeader: boolean;
  delete: boolean;
  process: boolean;
  publish: boolean;
  boundingBox: boolean;
}

export function scanActionAccess(
  userType: UserType | null | undefined,
  organizationHasBuckets: boolean,
): ScanActionAccess {
  const processing = canProcess(userType);
  return {
    download: userType != null,
    chooseVersion: processing,
    editHeader: processing,
    delete: processing,
    process: processing,
    publish: processing && organizationHasBuckets,
    boundingBox: processing,
  };
}

/** The scan's pointcloud artifacts: the versions the select offers. */
export function pointcloudVersions(artifacts: readonly ScanArtifact[]): ScanArtifact[] {
  return artifacts.filter((artifact) => artifact.artifactType === POINTCLOUD);
}

/**
 * The version the 3D view streams: the default version when it names a cloud of the scan,
 * else the first cloud (the server picks the same, see point-cloud.repository.ts).
 */
export function shownVersion(
  scan: Pick<FocusedScan, 'defaultVersion' | 'artifacts'>,
): string | null {
  const versions = pointcloudVersions(scan.artifacts);
  const named = versions.find((artifact) => artifact.name === scan.defaultVersion);
  return (named ?? versions[0])?.name ?? null;
}

/** Tags the project offers plus those the scan already carries (an option may have been removed). */
export function tagChoices(projectTags: readonly string[], scanTags: readonly string[]): string[] {
  return [...new Set([...projectTags, ...scanTags])];
}

/** The header fields that differ from the scan's: updateScanHeader changes only those given. */
export interface HeaderForm {
  friendlyName: string;
  comment: string;
  tags: string[];
  defaultVersion: string;
}

export function headerFormOf(scan: FocusedScan): HeaderForm {
  return {
    friendlyName: scan.friendlyName ?? '',
    comment: scan.comment ?? '',
    tags: [...scan.tags],
    defaultVersion: shownVersion(scan) ?? '',
  };
}

export function headerChanges(
  scan: FocusedScan,
  form: HeaderForm,
): Partial<Pick<FocusedScan, 'friendlyName' | 'comment' | 'tags' | 'defaultVersion'>> {
  const before = headerFormOf(scan);
  const changes: Partial<
    Pick<FocusedScan, 'friendlyName' | 'comment' | 'tags' | 'defaultVersion'>
  > = {};
  if (form.friendlyName.trim() !== before.friendlyName)
    changes.friendlyName = form.friendlyName.trim();
  if (form.comment.trim() !== before.comment) changes.comment = form.comment.trim();
  const sameTags =
    form.tags.length === before.tags.length && form.tags.every((tag, i) => tag === before.tags[i]);
  if (!sameTags) changes.tags = [...form.tags];
  if (form.defaultVersion && form.defaultVersion !== before.defaultVersion) {
    changes.defaultVersion = form.defaultVersion;
  }
  return changes;
}

/** The processing targets of a scan: its id and artifacts as the dialog picks the source. */
export function processingTargetOf(scan: FocusedScan) {
  return {
    id: scan.id,
    artifacts: scan.artifacts.map(({ id, artifactType, name }) => ({ id, artifactType, name })),
  };
}

// ---------------------------------------------------------------------------------------------
// Bounding box

/** Heights used when no cloud bounds are known: wide enough to keep every point of a scan. */
export const DEFAULT_Z_RANGE = { minz: -10_000, maxz: 10_000 } as const;

interface LodBounds {
  min: number[];
  max: number[];
}

function lodOf(artifact: ScanArtifact | undefined): { bounds?: LodBounds; crs?: string | null } {
  const lod = artifact?.parameters?.lod;
  return lod && typeof lod === 'object' ? (lod as { bounds?: LodBounds; crs?: string | null }) : {};
}

function finite(...values: unknown[]): boolean {
  return values.every((value) => typeof value === 'number' && Number.isFinite(value));
}

/** The cloud of a version: the named one, else the one streamed. */
function versionArtifact(scan: FocusedScan, version: string | null): ScanArtifact | undefined {
  const versions = pointcloudVersions(scan.artifacts);
  return (
    versions.find((artifact) => artifact.name === version) ??
    versions.find((artifact) => artifact.name === shownVersion(scan))
  );
}

/** Heights of the version's cloud (its level-of-detail bounds), else the wide defaults. */
export function zRangeOf(
  scan: FocusedScan,
  version: string | null,
): { minz: number; maxz: number } {
  const bounds = lodOf(versionArtifact(scan, version)).bounds;
  const minz = bounds?.min?.[2];
  const maxz = bounds?.max?.[2];
  if (finite(minz, maxz) && (minz as number) <= (maxz as number)) {
    return { minz: minz as number, maxz: maxz as number };
  }
  return { ...DEFAULT_Z_RANGE };
}

/** The proj4 definition of the cloud's coordinates: its build's, else the scan's metadata. */
export function cloudCrsOf(scan: FocusedScan, version: string | null): string | null {
  const crs = lodOf(versionArtifact(scan, version)).crs ?? scan.metadata?.crs;
  return typeof crs === 'string' && crs.trim() !== '' ? crs : null;
}

/** Points along the rectangle's edges: a projected rectangle's extent is not its corners'. */
const EDGE_SAMPLES = 8;

/**
 * The 3D box of a rectangle drawn on the map, in the cloud's coordinates (the pipeline crops
 * the LAS points, which are in the cloud's CRS); in lon/lat when the CRS is unknown.
 */
export function boundingBoxOf(
  corners: readonly [[number, number], [number, number]],
  crs: string | null,
  zRange: { minz: number; maxz: number },
): BoundingBox | null {
  const [[lon1, lat1], [lon2, lat2]] = corners;
  if (!finite(lon1, lat1, lon2, lat2) || lon1 === lon2 || lat1 === lat2) return null;
  const west = Math.min(lon1, lon2);
  const east = Math.max(lon1, lon2);
  const south = Math.min(lat1, lat2);
  const north = Math.max(lat1, lat2);
  const projection = cloudProjection(crs);
  const points: [number, number][] = [];
  for (let i = 0; i <= EDGE_SAMPLES; i += 1) {
    const t = i / EDGE_SAMPLES;
    const lon = west + (east - west) * t;
    const lat = south + (north - south) * t;
    points.push([lon, south], [lon, north], [west, lat], [east, lat]);
  }
  const projected = projection ? points.map(([lon, lat]) => projection.toCloud(lon, lat)) : points;
  if (!projected.every(([x, y]) => finite(x, y))) return null;
  const xs = projected.map(([x]) => x);
  const ys = projected.map(([, y]) => y);
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    minx: round(Math.min(...xs)),
    miny: round(Math.min(...ys)),
    minz: zRange.minz,
    maxx: round(Math.max(...xs)),
    maxy: round(Math.max(...ys)),
    maxz: zRange.maxz,
  };
}

/** What a box's numbers are in: the cloud CRS's linear unit, or degrees without a CRS. */
export interface BoxUnits {
  /** After x and y: 'm', 'ft', 'US ft', '°'; empty when the CRS's unit has no short name. */
  horizontal: string;
  /**
   * After z: the projected CRS's unit too (a LAS cloud's heights usually are; a compound CRS may
   * say otherwise, which is not read); empty for lon/lat or without a CRS.
   */
  vertical: string;
  /** Decimals shown: a tenth of a unit, or about a metre of a degree. */
  decimals: number;
}

const UNIT_NAMES: readonly [metresPerUnit: number, name: string][] = [
  [1, 'm'],
  [0.3048, 'ft'],
  [1200 / 3937, 'US ft'],
];

/** The units of a box drawn for a cloud of this CRS (see boundingBoxOf). */
export function boxUnits(crs: string | null): BoxUnits {
  const projection = cloudProjection(crs);
  // Heights of a lon/lat cloud are in a unit its CRS may not say: none is guessed.
  if (!projection || projection.geographic) return { horizontal: '°', vertical: '', decimals: 5 };
  const named = UNIT_NAMES.find(([metres]) => Math.abs(metres - projection.metresPerUnit) < 1e-9);
  const unit = named?.[1] ?? '';
  return { horizontal: unit, vertical: unit, decimals: 1 };
}

const withUnit = (text: string, unit: string) =>
  unit === '' ? text : unit === '°' ? `${text}°` : `${text} ${unit}`;

/** 'x 499912.3 – 500070.0 m, y … m, z 12.5 – 48.3 m': the box's tooltip. */
export function describeBoundingBox(box: BoundingBox, units: BoxUnits): string {
  const range = (a: number, b: number, unit: string, decimals: number) =>
    withUnit(`${a.toFixed(decimals)} – ${b.toFixed(decimals)}`, unit);
  const { horizontal, vertical, decimals } = units;
  return `x ${range(box.minx, box.maxx, horizontal, decimals)}, y ${range(box.miny, box.maxy, horizontal, decimals)}, z ${range(box.minz, box.maxz, vertical, 1)}`;
}

/** 'Box 99.8 × 120.3 m, z 12.5 – 48.3 m': short enough for the drawer's chip. */
export function boundingBoxLabel(box: BoundingBox, units: BoxUnits): string {
  const { horizontal, vertical, decimals } = units;
  const size = (a: number, b: number) => (b - a).toFixed(decimals);
  const z = withUnit(`${box.minz.toFixed(1)} – ${box.maxz.toFixed(1)}`, vertical);
  return `Box ${withUnit(`${size(box.minx, box.maxx)} × ${size(box.miny, box.maxy)}`, horizontal)}, z ${z}`;
}
