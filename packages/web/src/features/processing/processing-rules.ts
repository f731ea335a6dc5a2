/**
 * Post-processing rules of spec §5 the dialog applies before it calls the API: which artifact
 * of each scan is processed, the heading, and the pipeline text sent (placeholders filled by the
 * shared pipeline rules; the Version Name rule is shared with the server).
 */
import {
  type BoundingBox,
  fillPipelinePlaceholders,
  IMPORTED_CLOUD_VERSION,
  PACKAGE_CLOUD_VERSION,
  POST_PROCESSING_BULK,
  POST_PROCESSING_SINGLE,
  VALUE_REQUIRED,
  VERSION_EXISTS,
} from '@asset-portal/shared';
import type { ProcessingArtifact, ProcessingTarget } from './types.ts';

/** The version a scan is processed from when nothing else is focused (spec §5). */
export const DEFAULT_SOURCE_VERSION = PACKAGE_CLOUD_VERSION;

function isPointCloud(artifact: ProcessingArtifact): boolean {
  return artifact.artifactType.toLowerCase().includes('pointcloud');
}

/**
 * The pointcloud artifact a scan is processed from: the one named for the focused version, else
 * the one named 'unclassified' (spec §5), else, for an imported scan, its 'imported' cloud, the
 * version it came as (spec §5 lets bulk select imported scans, whose cloud the portal names so);
 * null when the scan has none of them.
 */
export function sourceArtifactOf(
  scan: ProcessingTarget,
  focusedVersion: string | null | undefined,
): ProcessingArtifact | null {
  const clouds = scan.artifacts.filter(isPointCloud);
  const named = (name: string) => clouds.find((artifact) => artifact.name === name) ?? null;
  return (
    (focusedVersion ? named(focusedVersion) : null) ??
    named(DEFAULT_SOURCE_VERSION) ??
    named(IMPORTED_CLOUD_VERSION)
  );
}

export interface ProcessingSources {
  /** One artifact per scan that has one, in the order of the scans. */
  artifactIds: string[];
  /** Scans without a pointcloud artifact to process: they are left out of the submission. */
  missingScanIds: string[];
  /** Scans with one, whose clouds the portal does not hold: left out too. */
  unstoredScanIds: string[];
}

/**
 * The artifacts a submission sends, and the scans left out: those that cannot be reprocessed
 * (no artifact, spec §8's warning) and those among `unstored` (scansWithoutStoredCloud) that can.
 */
export function processingSourcesOf(
  scans: readonly ProcessingTarget[],
  focusedVersion: string | null | undefined,
  unstored: readonly string[] = [],
): ProcessingSources {
  const artifactIds: string[] = [];
  const missingScanIds: string[] = [];
  const unstoredScanIds: string[] = [];
  for (const scan of scans) {
    const artifact = sourceArtifactOf(scan, focusedVersion);
    if (!artifact) missingScanIds.push(scan.id);
    else if (unstored.includes(scan.id)) unstoredScanIds.push(scan.id);
    else artifactIds.push(artifact.id);
  }
  return { artifactIds, missingScanIds, unstoredScanIds };
}

/**
 * The server's refusal of a Version Name, said while it is typed: a scan that would be processed
 * already holds a cloud version of that name (case aside, as the server compares). Null when none.
 */
export function versionNameClash(
  scans: readonly ProcessingTarget[],
  sources: ProcessingSources,
  versionName: string,
): string | null {
  const name = versionName.trim();
  if (name === '') return null;
  const processed = new Set(sources.artifactIds);
  const clash = scans.find(
    (scan) =>
      scan.artifacts.some((artifact) => processed.has(artifact.id)) &&
      scan.artifacts.some(
        (artifact) => isPointCloud(artifact) && artifact.name.toLowerCase() === name.toLowerCase(),
      ),
  );
  return clash ? VERSION_EXISTS(name, clash.id) : null;
}

/** A scan of a bulk submission and the cloud versions it holds besides the one processed. */
export interface ScanWithOtherVersions {
  id: string;
  /** The version processed: 'unclassified', or 'imported' for an imported scan. */
  from: string;
  versions: string[];
}

/**
 * The scans of a bulk submission (which starts from 'unclassified', spec §5) that hold other
 * cloud versions: a trajectory correction or an earlier processing. Their new version, made from
 * 'unclassified', becomes their default in place of those; the dialog says so before OK.
 */
export function scansWithOtherVersions(
  scans: readonly ProcessingTarget[],
): ScanWithOtherVersions[] {
  return scans.flatMap((scan) => {
    const source = sourceArtifactOf(scan, null);
    if (source === null) return [];
    const versions = scan.artifacts
      .filter(isPointCloud)
      .map((artifact) => artifact.name)
      .filter((name) => name !== source.name);
    return versions.length > 0 ? [{ id: scan.id, from: source.name, versions }] : [];
  });
}

/** How many scans the notice below names before it counts the rest. */
const NAMED_SCANS = 3;

/** The bulk dialog's notice about the scans `scansWithOtherVersions` found. */
export function otherVersionsNotice(scans: readonly ScanWithOtherVersions[]): string {
  const named = scans
    .slice(0, NAMED_SCANS)
    .map((scan) => `${scan.id}: ${scan.versions.join(', ')}`)
    .join('; ');
  const rest = scans.length > NAMED_SCANS ? `; and ${scans.length - NAMED_SCANS} more` : '';
  const count =
    scans.length === 1
      ? '1 of the selected scans has'
      : `${scans.length} of the selected scans have`;
  const imported = scans.some((scan) => scan.from !== DEFAULT_SOURCE_VERSION);
  const than = imported ? 'the one processed' : DEFAULT_SOURCE_VERSION;
  const from = imported
    ? `${DEFAULT_SOURCE_VERSION}, or ${IMPORTED_CLOUD_VERSION} for an imported scan,`
    : DEFAULT_SOURCE_VERSION;
  return `${count} other versions than ${than} (${named}${rest}). Bulk processing starts from ${from} and its result becomes their default version; the other versions stay and can be chosen again in the viewer.`;
}

/**
 * The dialog's heading: the count from Bulk Processing (one selected scan too), the scan id and
 * its version for the viewer's focused scan.
 */
export function processingHeading(
  scans: readonly ProcessingTarget[],
  focusedVersion: string | null | undefined,
  bulk: boolean,
): string {
  const [only] = scans;
  if (bulk || scans.length !== 1 || !only) return POST_PROCESSING_BULK(scans.length);
  const version = focusedVersion || sourceArtifactOf(only, null)?.name || DEFAULT_SOURCE_VERSION;
  return POST_PROCESSING_SINGLE(only.id, version);
}

export type PreparedPipeline = { ok: true; text: string } | { ok: false; error: string };

/**
 * The pipeline text as submitted: bounding-box placeholders replaced, then parsed as JSON
 * (spec §5). The filled text is sent as written, so the user's layout survives.
 */
export function preparePipelineText(
  text: string,
  boundingBox: BoundingBox | null | undefined,
): PreparedPipeline {
  if (text.trim() === '') return { ok: false, error: VALUE_REQUIRED };
  const filled = boundingBox ? fillPipelinePlaceholders(text, boundingBox) : text;
  try {
    JSON.parse(filled);
    return { ok: true, text: filled };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** The engine's errors of every scan, each once, in the order they came. */
export function mergeValidationErrors(results: readonly { errors: readonly string[] }[]): string[] {
  return [...new Set(results.flatMap((result) => result.errors))];
}
