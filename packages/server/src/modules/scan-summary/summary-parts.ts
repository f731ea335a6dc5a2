import {
  type CompactScanSummary,
  encodeScanSummary,
  type SummaryScanInput,
} from '@asset-portal/shared';
import type { scanSummaryRepository } from './scan-summary.repository.ts';
import { encodedViewerPath } from './viewer-path.ts';

type ScanRow = Awaited<ReturnType<typeof scanSummaryRepository.compactScans>>[number];
type ArtifactRow = Awaited<ReturnType<typeof scanSummaryRepository.compactArtifacts>>[number];

/**
 * What a summary keeps of one scan, ready to assemble: its fields and artifacts, and its path
 * already simplified and encoded. Valid while the scan's marker is unchanged.
 */
export interface ScanPart {
  marker: string;
  /** The encoder's input with no path: the encoded path is put in after. */
  input: SummaryScanInput;
  path: string | null;
  /** A rough heap size, for the cache's bound. */
  bytes: number;
}

/** A project's scan parts by scan id, from the last summary computed. Never changed once made. */
export type ProjectParts = ReadonlyMap<string, ScanPart>;

export function scanPart(row: ScanRow, artifacts: readonly ArtifactRow[]): ScanPart {
  // The simple path is read only where the viewer path written with it is not known.
  const path = (row.viewerPath ?? encodedViewerPath(row.simplePath)) || null;
  const input: SummaryScanInput = {
    id: row.id,
    friendlyName: row.friendlyName,
    sessionId: row.sessionId,
    assignmentType: row.assignmentType,
    deviceId: row.deviceId,
    type: row.type,
    tags: row.tags,
    comment: row.comment,
    capturedTimestamp: row.capturedTimestamp,
    path: null,
    artifacts,
  };
  return { marker: row.marker, input, path, bytes: estimateBytes(row.marker, input, path) };
}

/** A rough heap size of a part, for the cache's bound. */
function estimateBytes(marker: string, input: SummaryScanInput, path: string | null): number {
  let bytes = 400 + marker.length + (path?.length ?? 0) + 160 * input.artifacts.length;
  for (const text of [input.friendlyName, input.comment, ...(input.tags ?? [])])
    bytes += text?.length ?? 0;
  return bytes;
}

/**
 * A part as stored in `scan_summary_parts.part`: the encoder's input without its id (the row's
 * key) and the encoded path, as JSON. The capture time becomes its ISO text, which the encoder
 * reads as it reads the Date.
 */
export function storedPart(part: ScanPart): string {
  const { id: _id, path: _none, artifacts, ...fields } = part.input;
  return JSON.stringify({
    ...fields,
    // Without the scan id the rows carry.
    artifacts: artifacts.map(({ id, artifactType, name, status }) => ({
      id,
      artifactType,
      name,
      status,
    })),
    path: part.path,
  });
}

/** The part stored for this scan at this marker (the inverse of `storedPart`). */
export function partFromStored(id: string, marker: string, text: string): ScanPart {
  const { path, ...fields } = JSON.parse(text) as Omit<SummaryScanInput, 'id' | 'path'> & {
    path: string | null;
  };
  const input: SummaryScanInput = { id, ...fields, path: null };
  return { marker, input, path, bytes: estimateBytes(marker, input, path) };
}

/**
 * The compact document of the scans in the order given. The encoder runs on every scan (the
 * string table and the artifact id deltas depend on the whole order) but with no paths; the
 * already encoded paths fill their column, which depends on nothing else.
 */
export function assembleSummary(projectId: number, parts: readonly ScanPart[]): CompactScanSummary {
  const doc = encodeScanSummary(
    projectId,
    parts.map((part) => part.input),
  );
  doc.path = parts.map((part) => part.path);
  return doc;
}

export const partsBytes = (parts: ProjectParts): number => {
  let bytes = 0;
  for (const part of parts.values()) bytes += part.bytes;
  return bytes;
};
