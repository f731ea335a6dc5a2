import {
  GEOKEY_ASCII_RECORD,
  GEOKEY_DIRECTORY_RECORD,
  GEOKEY_DOUBLE_RECORD,
  PROJECTION_USER_ID,
  WKT_MATH_TRANSFORM_RECORD,
  WKT_RECORD,
} from './las-crs-records.ts';
import { LasFormatError, type LasHeader, type LasVector } from './las-header.ts';

/**
 * The header block and VLRs of a LAS file written from another one's records (the pipeline
 * writer): the input's preamble (`readLasPreambleForCopy`) moved to another minor version, with
 * new scale and offset, optionally with its coordinate-system records replaced, and the counts
 * and bounds filled in once every point is written. COPC records are dropped (the copy is plain
 * LAS, not in COPC's octree order). Offsets follow the ASPRS LAS 1.4 R15 layout.
 */

const GLOBAL_ENCODING = 6;
const VERSION_MINOR = 25;
const HEADER_SIZE = 94;
const OFFSET_TO_POINT_DATA = 96;
const VLR_COUNT = 100;
const LEGACY_POINT_COUNT = 107;
const LEGACY_BY_RETURN = 111;
const SCALE = 131;
const OFFSET = 155;
const MAX_X = 179;
const START_OF_WAVEFORM = 227;
const START_OF_FIRST_EVLR = 235;
const EVLR_COUNT = 243;
const POINT_COUNT = 247;
const BY_RETURN = 255;
const VLR_HEADER_SIZE = 54;
const EVLR_HEADER_SIZE = 60;
const WKT_BIT = 1 << 4;
const HEADER_SIZE_BY_MINOR: Record<number, number> = { 2: 227, 3: 235, 4: 375 };
const COPC_USER_ID = 'copc';
/** GeoKeyDirectory, DoubleParams, AsciiParams, OGC WKT (math transform and coordinate system). */
const PROJECTION_RECORDS = new Set([
  GEOKEY_DIRECTORY_RECORD,
  GEOKEY_DOUBLE_RECORD,
  GEOKEY_ASCII_RECORD,
  WKT_MATH_TRANSFORM_RECORD,
  WKT_RECORD,
]);

/** The coordinate system to record instead of the input's, after a reprojection. */
export interface LasProjectionReplacement {
  /** EPSG code written as GeoTIFF keys (see `crsRecordsToWrite`); null writes none. */
  epsg: number | null;
  geographic: boolean;
  /**
   * OGC WKT of the coordinate system, written as its record (2112); when it is a LAS 1.4 file's
   * CRS, the global encoding's bit 4 says so (see `crsRecordsToWrite`).
   */
  wkt?: string | null;
}

export interface LasOutputOptions {
  /** 2, 3 or 4. */
  minorVersion: number;
  scale: LasVector;
  offset: LasVector;
  projection?: LasProjectionReplacement | null;
}

/** The output's preamble (header block + VLRs) and the EVLRs to append after its points. */
export interface LasOutputLayout {
  preamble: Buffer;
  evlrs: Buffer;
  evlrCount: number;
}

export interface LasOutputTotals {
  pointCount: number;
  /** Points by return number 1–15 (index 0 is return 1). */
  byReturn: ArrayLike<number>;
  min: LasVector;
  max: LasVector;
}

/** Largest point count the 32-bit legacy fields can hold. */
const MAX_LEGACY_COUNT = 0xffffffff;

function isProjection(userId: string, recordId: number): boolean {
  return userId === PROJECTION_USER_ID && PROJECTION_RECORDS.has(recordId);
}

function userIdOf(bytes: Buffer, at: number): string {
  const raw = bytes.toString('latin1', at + 2, at + 18);
  const end = raw.indexOf('\0');
  return end === -1 ? raw : raw.slice(0, end);
}

/** Splits VLR (or EVLR) bytes into records; `tail` is whatever follows the last record. */
function splitRecords(bytes: Buffer, count: number, extended: boolean) {
  const headerSize = extended ? EVLR_HEADER_SIZE : VLR_HEADER_SIZE;
  const records: { userId: string; recordId: number; bytes: Buffer }[] = [];
  let at = 0;
  for (let i = 0; i < count && at + headerSize <= bytes.length; i++) {
    const length = extended ? Number(bytes.readBigUInt64LE(at + 20)) : bytes.readUInt16LE(at + 20);
    const end = at + headerSize + length;
    records.push({
      userId: userIdOf(bytes, at),
      recordId: bytes.readUInt16LE(at + 18),
      bytes: bytes.subarray(at, end),
    });
    at = end;
  }
  return { records, tail: bytes.subarray(at) };
}

/** A GeoTIFF GeoKeyDirectory VLR naming one EPSG coordinate system. */
export function geoKeyDirectoryVlr(epsg: number, geographic: boolean): Buffer {
  const keys = geographic
    ? [
        [1024, 0, 1, 2], // GTModelTypeGeoKey: geographic
        [1025, 0, 1, 1], // GTRasterTypeGeoKey: pixel is area
        [2048, 0, 1, epsg], // GeographicTypeGeoKey
      ]
    : [
        [1024, 0, 1, 1], // GTModelTypeGeoKey: projected
        [1025, 0, 1, 1],
        [3072, 0, 1, epsg], // ProjectedCSTypeGeoKey
      ];
  const data = Buffer.alloc(8 + keys.length * 8);
  for (const [i, value] of [1, 1, 0, keys.length, ...keys.flat()].entries()) {
    data.writeUInt16LE(value, i * 2);
  }
  return projectionVlr(GEOKEY_DIRECTORY_RECORD, 'GeoKeyDirectoryTag', data);
}

/** A coordinate-system VLR (user LASF_Projection): its 54-byte header, then the data. */
function projectionVlr(recordId: number, description: string, data: Buffer): Buffer {
  if (data.length > 0xffff) {
    throw new LasFormatError(`A record of ${data.length} bytes does not fit in a LAS VLR`);
  }
  const header = Buffer.alloc(VLR_HEADER_SIZE);
  header.write(PROJECTION_USER_ID, 2, 16, 'latin1');
  header.writeUInt16LE(recordId, 18);
  header.writeUInt16LE(data.length, 20);
  header.write(description, 22, 32, 'latin1');
  return Buffer.concat([header, data]);
}

/**
 * Which CRS records a file gets (LAS 1.4 R15 §2.5): in LAS 1.4 one kind, the WKT for point
 * formats 6–10, GeoTIFF keys for a known code in formats 0–5 (what legacy readers know), else the
 * WKT; before 1.4 the keys of a known code and the WKT record beside them, as PDAL writes them
 * (1.2 readers know only the keys; those that know WKT read it).
 */
function crsRecordsToWrite(
  minor: number,
  pointFormat: number,
  haveCode: boolean,
  haveWkt: boolean,
) {
  if (minor < 4) return { geoKeys: haveCode, wkt: haveWkt };
  const wkt = haveWkt && (pointFormat >= 6 || !haveCode);
  return { geoKeys: haveCode && !wkt, wkt };
}

/** The OGC coordinate-system WKT record, its text null-terminated. */
export function wktVlr(wkt: string): Buffer {
  return projectionVlr(WKT_RECORD, 'OGC WKT Coordinate System', Buffer.from(`${wkt}\0`, 'utf8'));
}

/**
 * Lays out the output's header block, VLRs and EVLRs from the input's preamble and EVLR bytes.
 * Refuses what the target version cannot hold (point formats 6–10 or EVLRs before LAS 1.4).
 */
export function layoutLasOutput(
  header: LasHeader,
  inputPreamble: Buffer,
  inputEvlrs: Buffer,
  options: LasOutputOptions,
): LasOutputLayout {
  const minor = options.minorVersion;
  const size = HEADER_SIZE_BY_MINOR[minor];
  if (size === undefined) throw new LasFormatError(`LAS 1.${minor} cannot be written`);
  if (minor < 4 && header.pointFormat > 5) {
    throw new LasFormatError(
      `LAS 1.${minor} cannot hold point format ${header.pointFormat} (formats 6–10 need LAS 1.4)`,
    );
  }
  const vlrCount = inputPreamble.readUInt32LE(VLR_COUNT);
  const vlrs = splitRecords(inputPreamble.subarray(header.headerSize), vlrCount, false);
  const evlrs = splitRecords(inputEvlrs, header.evlrCount, true);
  if (minor < 4 && evlrs.records.length > 0) {
    throw new LasFormatError(
      `The input holds ${evlrs.records.length} extended VLRs, which LAS 1.${minor} cannot hold`,
    );
  }
  let block: Buffer;
  if (minor === header.versionMinor) {
    block = Buffer.from(inputPreamble.subarray(0, header.headerSize));
  } else {
    block = Buffer.alloc(size);
    inputPreamble.copy(block, 0, 0, Math.min(START_OF_WAVEFORM, header.headerSize));
    block.writeUInt8(minor, VERSION_MINOR);
    block.writeUInt16LE(size, HEADER_SIZE);
  }
  // A COPC file's info VLR and hierarchy EVLR describe its octree order, which a rewrite loses.
  let keptVlrs = vlrs.records.filter((r) => r.userId !== COPC_USER_ID);
  let keptEvlrs = evlrs.records.filter((r) => r.userId !== COPC_USER_ID);
  const extra: Buffer[] = [];
  let encoding = block.readUInt16LE(GLOBAL_ENCODING);
  if (options.projection) {
    keptVlrs = keptVlrs.filter((r) => !isProjection(r.userId, r.recordId));
    keptEvlrs = keptEvlrs.filter((r) => !isProjection(r.userId, r.recordId));
    encoding &= ~WKT_BIT;
    const { epsg, geographic, wkt } = options.projection;
    const records = crsRecordsToWrite(minor, header.pointFormat, epsg !== null, Boolean(wkt));
    if (records.geoKeys && epsg !== null) extra.push(geoKeyDirectoryVlr(epsg, geographic));
    if (records.wkt && wkt) {
      extra.push(wktVlr(wkt));
      if (minor >= 4) encoding |= WKT_BIT;
    }
  }
  if (minor < 4) encoding &= ~WKT_BIT;
  block.writeUInt16LE(encoding, GLOBAL_ENCODING);
  const preamble = Buffer.concat([block, ...keptVlrs.map((r) => r.bytes), ...extra, vlrs.tail]);
  preamble.writeUInt32LE(keptVlrs.length + extra.length, VLR_COUNT);
  preamble.writeUInt32LE(preamble.length, OFFSET_TO_POINT_DATA);
  setLasScaleOffset(preamble, options.scale, options.offset);
  const evlrBytes = Buffer.concat(keptEvlrs.map((r) => r.bytes));
  return { preamble, evlrs: evlrBytes, evlrCount: keptEvlrs.length };
}

/** Fills counts, counts by return, bounds and the EVLR position into a laid-out preamble. */
export function finishLasOutputHeader(
  layout: LasOutputLayout,
  pointFormat: number,
  totals: LasOutputTotals,
  evlrPosition: number,
): void {
  const block = layout.preamble;
  const minor = block.readUInt8(VERSION_MINOR);
  const legacy = pointFormat <= 5 && totals.pointCount <= MAX_LEGACY_COUNT;
  if (!legacy && minor < 4) {
    throw new LasFormatError(`LAS 1.${minor} cannot hold ${totals.pointCount} points`);
  }
  block.writeUInt32LE(legacy ? totals.pointCount : 0, LEGACY_POINT_COUNT);
  for (let i = 0; i < 5; i++) {
    block.writeUInt32LE(legacy ? (totals.byReturn[i] ?? 0) : 0, LEGACY_BY_RETURN + i * 4);
  }
  const { min, max } = totals;
  const bounds =
    totals.pointCount > 0 ? [max.x, min.x, max.y, min.y, max.z, min.z] : [0, 0, 0, 0, 0, 0];
  for (const [i, value] of bounds.entries()) block.writeDoubleLE(value, MAX_X + i * 8);
  if (minor >= 3) block.writeBigUInt64LE(0n, START_OF_WAVEFORM);
  if (minor >= 4) {
    block.writeBigUInt64LE(BigInt(layout.evlrCount > 0 ? evlrPosition : 0), START_OF_FIRST_EVLR);
    block.writeUInt32LE(layout.evlrCount, EVLR_COUNT);
    block.writeBigUInt64LE(BigInt(totals.pointCount), POINT_COUNT);
    for (let i = 0; i < 15; i++) {
      block.writeBigUInt64LE(BigInt(totals.byReturn[i] ?? 0), BY_RETURN + i * 8);
    }
  }
}

/** Writes scale and offset into a laid-out preamble (after an "auto" scale is known). */
export function setLasScaleOffset(preamble: Buffer, scale: LasVector, offset: LasVector): void {
  for (const [i, axis] of (['x', 'y', 'z'] as const).entries()) {
    preamble.writeDoubleLE(scale[axis], SCALE + i * 8);
    preamble.writeDoubleLE(offset[axis], OFFSET + i * 8);
  }
}
