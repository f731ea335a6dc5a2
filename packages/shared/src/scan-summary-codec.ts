/**
 * The viewer's compact project summary: what the scan list, the map and the filters read of
 * every scan of a project, in one small document served by GET /api/projects/:id/scan-summary.
 * Columns rather than objects, repeated texts (sessions, devices, types, tags, artifact types,
 * names and statuses) once in a string table, capture times as epoch milliseconds and paths as
 * encoded polylines (Google's algorithm) of fixed precision. The details of one scan come from
 * its own query when it is focused.
 */

/** Raises when the document's layout changes; a reader refuses other formats. */
export const SCAN_SUMMARY_FORMAT = 1;

/** Decimal digits of the paths' degrees: 1e-6° is about 0.1 m, below what the map shows. */
export const SCAN_SUMMARY_PATH_PRECISION = 6;

/** The route of a project's compact summary. */
export const scanSummaryPath = (projectId: string | number): string =>
  `/api/projects/${encodeURIComponent(String(projectId))}/scan-summary`;

/** One artifact as the summary keeps it: the status, the versions and what to process. */
export interface SummaryArtifact {
  id: string;
  artifactType: string;
  name: string;
  status: string;
}

/** One scan as the viewer reads it. */
export interface SummaryScan {
  id: string;
  friendlyName: string | null;
  sessionId: string | null;
  assignmentType: string | null;
  deviceId: string | null;
  type: string | null;
  tags: string[];
  comment: string | null;
  /** ISO 8601 UTC ('2025-01-01T00:00:00.000Z'), as the GraphQL API writes it. */
  capturedTimestamp: string | null;
  projectId: string;
  simplePath: { type: 'LineString'; coordinates: [number, number][] } | null;
  artifacts: SummaryArtifact[];
}

/** One scan as the viewer reads it: its path as flat lon, lat, lon, lat… numbers. */
export type FlatSummaryScan = Omit<SummaryScan, 'simplePath'> & { path: Float64Array | null };

/** What the encoder takes for one scan. */
export interface SummaryScanInput {
  id: string;
  friendlyName: string | null;
  sessionId: string | null;
  assignmentType: string | null;
  deviceId: string | null;
  type: string | null;
  tags: readonly string[] | null;
  comment: string | null;
  capturedTimestamp: Date | string | null;
  /** [lon, lat] pairs (already simplified as the server wants them). */
  path: readonly (readonly number[])[] | null;
  artifacts: readonly (Omit<SummaryArtifact, 'id'> & { id: number })[];
}

/** The document on the wire (JSON). Index -1 stands for null in string-table columns. */
export interface CompactScanSummary {
  format: typeof SCAN_SUMMARY_FORMAT;
  projectId: string;
  precision: number;
  strings: string[];
  id: string[];
  friendlyName: (string | null)[];
  comment: (string | null)[];
  sessionId: number[];
  assignmentType: number[];
  deviceId: number[];
  type: number[];
  /** Epoch milliseconds, or null. */
  captured: (number | null)[];
  /** Number of tags of each scan; their string indexes follow one another in `tags`. */
  tagCount: number[];
  tags: number[];
  /** Number of artifacts of each scan; (type, name, status) string indexes in `artifacts`. */
  artifactCount: number[];
  artifacts: number[];
  /** The artifacts' ids, each as the difference from the one before (they mostly ascend). */
  artifactIdDeltas: number[];
  /** Encoded polyline of each scan's path, or null. */
  path: (string | null)[];
}

/** A string table that hands out one index per distinct text. */
class StringTable {
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();

  indexOf(text: string | null | undefined): number {
    if (text === null || text === undefined) return -1;
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(text);
      this.index.set(text, i);
    }
    return i;
  }
}

function pushSigned(value: number, out: string[]): void {
  // Arithmetic rather than bit operators: no 32-bit overflow at any precision.
  let v = value < 0 ? -value * 2 - 1 : value * 2;
  while (v >= 0x20) {
    out.push(String.fromCharCode((0x20 | (v % 0x20)) + 63));
    v = Math.floor(v / 0x20);
  }
  out.push(String.fromCharCode(v + 63));
}

/**
 * Google's encoded polyline of [lon, lat] pairs (written lat first, as the algorithm has it) at
 * `precision` decimal digits. Rounding is done on the absolute values, so errors never add up.
 */
export function encodePolyline(
  coordinates: readonly (readonly number[])[],
  precision = SCAN_SUMMARY_PATH_PRECISION,
): string {
  const factor = 10 ** precision;
  const out: string[] = [];
  let lastLat = 0;
  let lastLon = 0;
  for (const [lon = 0, lat = 0] of coordinates) {
    const qLat = Math.round(lat * factor);
    const qLon = Math.round(lon * factor);
    pushSigned(qLat - lastLat, out);
    pushSigned(qLon - lastLon, out);
    lastLat = qLat;
    lastLon = qLon;
  }
  return out.join('');
}

/** A character below this ends a number of an encoded polyline (its value has no 0x20 bit). */
const LAST_OF_NUMBER = 0x20 + 63;

/**
 * How many numbers an encoded polyline holds: the room its decoding takes. Counted rather than
 * bounded by the text's length, which is about twice as much for a simplified path (10,000
 * scans: 0.9 M numbers in 1.8 M characters, 7 MB of the page's memory).
 */
function polylineNumbers(encoded: string): number {
  let numbers = 0;
  for (let i = 0; i < encoded.length; i++) {
    if (encoded.charCodeAt(i) < LAST_OF_NUMBER) numbers++;
  }
  return numbers;
}

/**
 * Decodes an encoded polyline into `out` from index `at` as lon, lat, lon, lat…; returns the
 * number of vertices. `out` must have room for its `polylineNumbers`.
 */
function decodePolylineInto(
  encoded: string,
  precision: number,
  out: Float64Array,
  at: number,
): number {
  const factor = 10 ** precision;
  const length = encoded.length;
  let i = 0;
  let lat = 0;
  let lon = 0;
  let isLat = true;
  let count = 0;
  // One pass over the characters, no call per number: the viewer decodes ~500,000 vertices.
  while (i < length) {
    let result = 0;
    let shift = 0;
    let byte = 0x20;
    while (byte >= 0x20) {
      if (i >= length) throw new Error('Truncated polyline');
      byte = encoded.charCodeAt(i++) - 63;
      // Bit operators while the value fits 30 bits, multiplication above (7 digits of 180°).
      if (shift < 30) result |= (byte & 0x1f) << shift;
      else result += (byte & 0x1f) * 2 ** shift;
      shift += 5;
    }
    const value = result % 2 === 1 ? -(result + 1) / 2 : result / 2;
    if (isLat) {
      lat += value;
    } else {
      lon += value;
      out[at + count * 2] = lon / factor;
      out[at + count * 2 + 1] = lat / factor;
      count += 1;
    }
    isLat = !isLat;
  }
  if (!isLat) throw new Error('Truncated polyline');
  return count;
}

/** The [lon, lat] pairs of an encoded polyline. */
export function decodePolyline(
  encoded: string,
  precision = SCAN_SUMMARY_PATH_PRECISION,
): [number, number][] {
  const flat = new Float64Array(polylineNumbers(encoded));
  const count = decodePolylineInto(encoded, precision, flat, 0);
  return pairsOf(flat.subarray(0, count * 2));
}

/** Flat lon, lat, lon, lat… numbers as [lon, lat] pairs. */
function pairsOf(flat: Float64Array): [number, number][] {
  const pairs: [number, number][] = new Array(flat.length / 2);
  for (let v = 0; v < pairs.length; v++)
    pairs[v] = [flat[v * 2] as number, flat[v * 2 + 1] as number];
  return pairs;
}

function timeOf(value: Date | string | null): number | null {
  if (value === null) return null;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(time) ? time : null;
}

/** The compact document of a project's scans, in the order given. */
export function encodeScanSummary(
  projectId: string | number,
  scans: readonly SummaryScanInput[],
  precision = SCAN_SUMMARY_PATH_PRECISION,
): CompactScanSummary {
  const table = new StringTable();
  const doc: CompactScanSummary = {
    format: SCAN_SUMMARY_FORMAT,
    projectId: String(projectId),
    precision,
    strings: table.strings,
    id: [],
    friendlyName: [],
    comment: [],
    sessionId: [],
    assignmentType: [],
    deviceId: [],
    type: [],
    captured: [],
    tagCount: [],
    tags: [],
    artifactCount: [],
    artifacts: [],
    artifactIdDeltas: [],
    path: [],
  };
  let lastArtifactId = 0;
  for (const scan of scans) {
    doc.id.push(scan.id);
    doc.friendlyName.push(scan.friendlyName);
    doc.comment.push(scan.comment);
    doc.sessionId.push(table.indexOf(scan.sessionId));
    doc.assignmentType.push(table.indexOf(scan.assignmentType));
    doc.deviceId.push(table.indexOf(scan.deviceId));
    doc.type.push(table.indexOf(scan.type));
    doc.captured.push(timeOf(scan.capturedTimestamp));
    const tags = scan.tags ?? [];
    doc.tagCount.push(tags.length);
    for (const tag of tags) doc.tags.push(table.indexOf(tag));
    doc.artifactCount.push(scan.artifacts.length);
    for (const a of scan.artifacts) {
      doc.artifacts.push(
        table.indexOf(a.artifactType),
        table.indexOf(a.name),
        table.indexOf(a.status),
      );
      doc.artifactIdDeltas.push(a.id - lastArtifactId);
      lastArtifactId = a.id;
    }
    doc.path.push(scan.path && scan.path.length > 0 ? encodePolyline(scan.path, precision) : null);
  }
  return doc;
}

/**
 * The scans of a compact document with each path as flat lon, lat, lon, lat… numbers (views
 * into one buffer): what the viewer reads, with no array per vertex for its ~500,000 vertices,
 * and the form a worker hands over whole.
 */
export function decodeScanSummaryFlat(doc: CompactScanSummary): FlatSummaryScan[] {
  if (doc.format !== SCAN_SUMMARY_FORMAT) {
    throw new Error(`Unknown scan summary format ${String(doc.format)}`);
  }
  const { strings, projectId, precision } = doc;
  const text = (i: number | undefined) => (i === undefined || i < 0 ? null : (strings[i] ?? null));
  // Scans of one session share their capture day and many their time: format each once.
  const isoOf = new Map<number, string>();
  const iso = (time: number | null | undefined) => {
    if (time === null || time === undefined) return null;
    let value = isoOf.get(time);
    if (value === undefined) {
      value = new Date(time).toISOString();
      isoOf.set(time, value);
    }
    return value;
  };
  let numbers = 0;
  for (const encoded of doc.path) numbers += encoded ? polylineNumbers(encoded) : 0;
  const coordinates = new Float64Array(numbers);
  let coordinateAt = 0;
  const scans: FlatSummaryScan[] = new Array(doc.id.length);
  let tagAt = 0;
  let artifactAt = 0;
  let artifactId = 0;
  for (let i = 0; i < doc.id.length; i++) {
    const tagCount = doc.tagCount[i] ?? 0;
    const tags: string[] = new Array(tagCount);
    for (let t = 0; t < tagCount; t++) tags[t] = text(doc.tags[tagAt++]) ?? '';
    const artifactCount = doc.artifactCount[i] ?? 0;
    const artifacts: SummaryArtifact[] = new Array(artifactCount);
    for (let a = 0; a < artifactCount; a++) {
      artifactId += doc.artifactIdDeltas[artifactAt / 3] ?? 0;
      artifacts[a] = {
        id: String(artifactId),
        artifactType: text(doc.artifacts[artifactAt]) ?? '',
        name: text(doc.artifacts[artifactAt + 1]) ?? '',
        status: text(doc.artifacts[artifactAt + 2]) ?? '',
      };
      artifactAt += 3;
    }
    const encoded = doc.path[i];
    let path: Float64Array | null = null;
    if (encoded) {
      const count = decodePolylineInto(encoded, precision, coordinates, coordinateAt);
      path = coordinates.subarray(coordinateAt, coordinateAt + count * 2);
      coordinateAt += count * 2;
    }
    scans[i] = {
      id: doc.id[i] as string,
      friendlyName: doc.friendlyName[i] ?? null,
      sessionId: text(doc.sessionId[i]),
      assignmentType: text(doc.assignmentType[i]),
      deviceId: text(doc.deviceId[i]),
      type: text(doc.type[i]),
      tags,
      comment: doc.comment[i] ?? null,
      capturedTimestamp: iso(doc.captured[i]),
      projectId,
      path: path && path.length > 0 ? path : null,
      artifacts,
    };
  }
  return scans;
}

/** The scans of a compact document with their paths as GeoJSON, as the GraphQL API gives them. */
export function decodeScanSummary(doc: CompactScanSummary): SummaryScan[] {
  return decodeScanSummaryFlat(doc).map(({ path, ...scan }) => {
    if (!path) return { ...scan, simplePath: null };
    return { ...scan, simplePath: { type: 'LineString', coordinates: pairsOf(path) } };
  });
}
