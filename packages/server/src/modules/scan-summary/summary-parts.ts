import {
  type CompactScanSummary,
  encodePolyline,
  encodeScanSummary,
  type SummaryScanInput,
} from '@asset-portal/shared';
import type { scanSummaryRepository } from './scan-summary.repository.ts';
import { viewerPath } from './viewer-path.ts';

type ScanRow = Awaited<ReturnType<typeof scanSummaryRepository.compactScans>>[number];
type ArtifactRow = Awaited<ReturnType<typeof scanSummaryRepository.compactArtifacts>>[number];

/**
 * What a summary keeps of one scan, ready to assemble: its fields and artifacts, and its path
 * already simplified and encoded (the costly part). Valid while the scan's marker is unchanged.
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
  const simplified = viewerPath(row.simplePath?.coordinates);
  // The encoder's own rule for a path: none, or the polyline at the document's precision.
  const path = simplified && simplified.length > 0 ? encodePolyline(simplified) : null;
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
  let bytes = 400 + row.marker.length + (path?.length ?? 0) + 160 * artifacts.length;
  for (const text of [row.friendlyName, row.comment, ...(row.tags ?? [])])
    bytes += text?.length ?? 0;
  return { marker: row.marker, input, path, bytes };
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
