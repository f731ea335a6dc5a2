import { type FileHandle, open } from 'node:fs/promises';
import { readAt } from './file-reads.ts';
import { GEOKEY_DIRECTORY_RECORD, PROJECTION_USER_ID, WKT_RECORD } from './las-crs-records.ts';
import { LasFormatError } from './las-format-error.ts';

/**
 * Reader of the LAS 1.0–1.4 public header block and its variable-length records (ASPRS LAS
 * specification R15). Only the bytes of the header and the VLRs are read, never the points.
 */

export { LasFormatError };

export interface LasVector {
  x: number;
  y: number;
  z: number;
}

export interface LasVariableLengthRecord {
  userId: string;
  recordId: number;
  /** Length of the record's data after its header. */
  length: number;
  description: string;
  /** File offset of the record's data. */
  dataOffset: number;
  /** True for an extended VLR (LAS 1.4, after the point data). */
  extended: boolean;
}

export interface LasHeader {
  versionMajor: number;
  versionMinor: number;
  /** 'major.minor', e.g. '1.4'. */
  version: string;
  systemIdentifier: string;
  generatingSoftware: string;
  globalEncoding: number;
  headerSize: number;
  offsetToPointData: number;
  vlrCount: number;
  /** Point data format 0–10 (the compression bits removed). */
  pointFormat: number;
  /** True when the point format id carries the LAZ compression bit. */
  compressed: boolean;
  pointRecordLength: number;
  /** The 32-bit count of the 1.0–1.3 header (0 in LAS 1.4 files holding more than 2^32-1). */
  legacyPointCount: number;
  /** The 64-bit count of LAS 1.4, null before 1.4. */
  extendedPointCount: number | null;
  /** The number of points: the 64-bit count when present and non-zero, else the legacy one. */
  pointCount: number;
  scale: LasVector;
  offset: LasVector;
  min: LasVector;
  max: LasVector;
  /** LAS 1.4: offset of the first extended VLR (0 when none). */
  startOfFirstEvlr: number;
  evlrCount: number;
  vlrs: LasVariableLengthRecord[];
  /** A GeoTIFF GeoKeyDirectory (LASF_Projection 34735) is present. */
  hasGeoTiffKeys: boolean;
  /** An OGC WKT coordinate system record (LASF_Projection 2112) is present. */
  hasWkt: boolean;
}

const MIN_RECORD_LENGTH: Record<number, number> = {
  0: 20,
  1: 28,
  2: 26,
  3: 34,
  4: 57,
  5: 63,
  6: 30,
  7: 36,
  8: 38,
  9: 59,
  10: 67,
};

const LEGACY_HEADER_SIZE = 227;
const VLR_HEADER_SIZE = 54;
const EVLR_HEADER_SIZE = 60;

function text(buffer: Buffer, start: number, length: number): string {
  const raw = buffer.toString('latin1', start, start + length);
  const end = raw.indexOf('\0');
  return (end === -1 ? raw : raw.slice(0, end)).trim();
}

function vector(buffer: Buffer, start: number): LasVector {
  return {
    x: buffer.readDoubleLE(start),
    y: buffer.readDoubleLE(start + 8),
    z: buffer.readDoubleLE(start + 16),
  };
}

/** Reads the public header and the VLR headers of an open LAS or LAZ file. */
export async function readLasHeader(handle: FileHandle): Promise<LasHeader> {
  const fileSize = (await handle.stat()).size;
  const head = await readAt(handle, 0, 375);
  if (head.length < 4 || head.toString('latin1', 0, 4) !== 'LASF') {
    throw new LasFormatError('Not a LAS file: the file does not start with "LASF"');
  }
  if (head.length < LEGACY_HEADER_SIZE) {
    throw new LasFormatError(
      `LAS header is truncated: the file holds ${fileSize} bytes, the header needs ${LEGACY_HEADER_SIZE}`,
    );
  }
  const versionMajor = head.readUInt8(24);
  const versionMinor = head.readUInt8(25);
  const headerSize = head.readUInt16LE(94);
  const formatByte = head.readUInt8(104);
  const pointFormat = formatByte & 0x3f;
  const legacyPointCount = head.readUInt32LE(107);
  const isLas14 =
    versionMajor === 1 && versionMinor >= 4 && headerSize >= 375 && head.length >= 375;
  const extendedPointCount = isLas14 ? Number(head.readBigUInt64LE(247)) : null;
  const max = { x: head.readDoubleLE(179), y: head.readDoubleLE(195), z: head.readDoubleLE(211) };
  const min = { x: head.readDoubleLE(187), y: head.readDoubleLE(203), z: head.readDoubleLE(219) };

  const header: LasHeader = {
    versionMajor,
    versionMinor,
    version: `${versionMajor}.${versionMinor}`,
    systemIdentifier: text(head, 26, 32),
    generatingSoftware: text(head, 58, 32),
    globalEncoding: head.readUInt16LE(6),
    headerSize,
    offsetToPointData: head.readUInt32LE(96),
    vlrCount: head.readUInt32LE(100),
    pointFormat,
    compressed: (formatByte & 0x80) !== 0,
    pointRecordLength: head.readUInt16LE(105),
    legacyPointCount,
    extendedPointCount,
    pointCount: extendedPointCount ? extendedPointCount : legacyPointCount,
    scale: vector(head, 131),
    offset: vector(head, 155),
    min,
    max,
    startOfFirstEvlr: isLas14 ? Number(head.readBigUInt64LE(235)) : 0,
    evlrCount: isLas14 ? head.readUInt32LE(243) : 0,
    vlrs: [],
    hasGeoTiffKeys: false,
    hasWkt: false,
  };

  if (versionMajor !== 1 || versionMinor > 4) {
    throw new LasFormatError(`Unsupported LAS version ${header.version}`);
  }
  const minLength = MIN_RECORD_LENGTH[pointFormat];
  if (minLength === undefined) {
    throw new LasFormatError(`Unsupported LAS point format ${pointFormat}`);
  }
  if (header.pointRecordLength < minLength) {
    throw new LasFormatError(
      `LAS point format ${pointFormat} needs records of at least ${minLength} bytes, the header says ${header.pointRecordLength}`,
    );
  }
  if (header.offsetToPointData < headerSize || header.offsetToPointData > fileSize) {
    throw new LasFormatError(
      `LAS header says the point data starts at byte ${header.offsetToPointData} but the file holds ${fileSize} bytes`,
    );
  }

  header.vlrs = await readVlrs(handle, header);
  header.hasGeoTiffKeys = header.vlrs.some(
    (vlr) => vlr.userId === PROJECTION_USER_ID && vlr.recordId === GEOKEY_DIRECTORY_RECORD,
  );
  header.hasWkt = header.vlrs.some(
    (vlr) => vlr.userId === PROJECTION_USER_ID && vlr.recordId === WKT_RECORD,
  );
  return header;
}

async function readVlrs(handle: FileHandle, header: LasHeader): Promise<LasVariableLengthRecord[]> {
  const records: LasVariableLengthRecord[] = [];
  let position = header.headerSize;
  for (let i = 0; i < header.vlrCount; i++) {
    if (position + VLR_HEADER_SIZE > header.offsetToPointData) break;
    const raw = await readAt(handle, position, VLR_HEADER_SIZE);
    if (raw.length < VLR_HEADER_SIZE) break;
    const length = raw.readUInt16LE(20);
    records.push({
      userId: text(raw, 2, 16),
      recordId: raw.readUInt16LE(18),
      length,
      description: text(raw, 22, 32),
      dataOffset: position + VLR_HEADER_SIZE,
      extended: false,
    });
    position += VLR_HEADER_SIZE + length;
  }
  position = header.startOfFirstEvlr;
  for (let i = 0; position > 0 && i < header.evlrCount; i++) {
    const raw = await readAt(handle, position, EVLR_HEADER_SIZE);
    if (raw.length < EVLR_HEADER_SIZE) break;
    const length = Number(raw.readBigUInt64LE(20));
    records.push({
      userId: text(raw, 2, 16),
      recordId: raw.readUInt16LE(18),
      length,
      description: text(raw, 28, 32),
      dataOffset: position + EVLR_HEADER_SIZE,
      extended: true,
    });
    position += EVLR_HEADER_SIZE + length;
  }
  return records;
}

/** Bytes the header promises for the point records. */
export function expectedPointDataLength(header: LasHeader): number {
  return header.pointCount * header.pointRecordLength;
}

/**
 * Checks that an uncompressed file holds every point record the header promises (point data
 * length = count × record length), so a truncated upload fails before any processing.
 */
export function assertPointDataComplete(header: LasHeader, fileSize: number): void {
  if (header.compressed) return;
  const end = header.startOfFirstEvlr > 0 ? header.startOfFirstEvlr : fileSize;
  const available = Math.max(0, Math.min(end, fileSize) - header.offsetToPointData);
  if (available < expectedPointDataLength(header)) {
    throw new LasFormatError(
      `LAS header says ${header.pointCount} points of ${header.pointRecordLength} bytes but the file holds ${available} bytes`,
    );
  }
}

/** Opens the file, reads its header and checks the point data length; closes the file. */
export async function readLasFileHeader(path: string): Promise<LasHeader> {
  const handle = await open(path, 'r');
  try {
    const header = await readLasHeader(handle);
    assertPointDataComplete(header, (await handle.stat()).size);
    return header;
  } finally {
    await handle.close();
  }
}
