import type { FileHandle } from 'node:fs/promises';
import { readExactly } from './file-reads.ts';
import type { LasHeader, LasVector } from './las-header.ts';

/**
 * Helpers to write an uncompressed LAS file that copies another one record for record (header
 * block, VLRs, point records, EVLRs) while a tool changes some bytes of the records, e.g. the
 * trajectory correction that moves X/Y/Z. Offsets follow the ASPRS LAS 1.4 R15 header layout.
 */

const OFFSET_TO_POINT_DATA = 96;
const VLR_COUNT = 100;
const POINT_FORMAT = 104;
const MAX_X = 179;
const START_OF_FIRST_EVLR = 235;
const VLR_HEADER_SIZE = 54;
const EVLR_HEADER_SIZE = 60;

/** The LASzip VLR describes the compression of a LAZ file; it has no meaning in plain LAS. */
export function isLaszipVlr(vlr: { userId: string; recordId: number }): boolean {
  return vlr.userId === 'laszip encoded' && vlr.recordId === 22204;
}

/**
 * The header block and VLRs of the uncompressed copy of a LAS/LAZ file: the same bytes (version,
 * point format, record length, counts, scale, offsets, any bytes a writer added after the
 * standard header, every VLR and anything between the VLRs and the points), except the LAZ
 * compression bits cleared, the LASzip VLR dropped and the offset to the point data and VLR
 * count set accordingly. The EVLR offset is left for `setFirstEvlrOffset`.
 */
export async function readLasPreambleForCopy(
  handle: FileHandle,
  header: LasHeader,
): Promise<Buffer> {
  const preamble = await readExactly(handle, 0, header.offsetToPointData);
  const laszip = header.vlrs.find((vlr) => !vlr.extended && isLaszipVlr(vlr));
  let result = preamble;
  if (laszip) {
    const start = laszip.dataOffset - VLR_HEADER_SIZE;
    const end = laszip.dataOffset + laszip.length;
    result = Buffer.concat([preamble.subarray(0, start), preamble.subarray(end)]);
    result.writeUInt32LE(result.readUInt32LE(VLR_COUNT) - 1, VLR_COUNT);
  }
  result.writeUInt32LE(result.length, OFFSET_TO_POINT_DATA);
  result[POINT_FORMAT] = header.pointFormat; // the compression bits (7, and 6 of old LAZ) cleared
  return result;
}

/** Writes min/max X, Y, Z into a header block (the LAS order: max x, min x, max y, …). */
export function setLasBounds(headerBlock: Buffer, min: LasVector, max: LasVector): void {
  const values = [max.x, min.x, max.y, min.y, max.z, min.z];
  for (const [i, value] of values.entries()) headerBlock.writeDoubleLE(value, MAX_X + i * 8);
}

/** Writes the LAS 1.4 offset of the first EVLR into a header block (no-op before 1.4). */
export function setFirstEvlrOffset(headerBlock: Buffer, header: LasHeader, offset: number): void {
  if (header.evlrCount > 0 && headerBlock.length >= START_OF_FIRST_EVLR + 8) {
    headerBlock.writeBigUInt64LE(BigInt(offset), START_OF_FIRST_EVLR);
  }
}

/** The extended VLRs of a LAS 1.4 file (headers and data), as one buffer to append unchanged. */
export async function readEvlrBytes(handle: FileHandle, header: LasHeader): Promise<Buffer> {
  const evlrs = header.vlrs.filter((vlr) => vlr.extended);
  if (evlrs.length === 0) return Buffer.alloc(0);
  const start = evlrs[0]!.dataOffset - EVLR_HEADER_SIZE;
  const last = evlrs[evlrs.length - 1]!;
  return readExactly(handle, start, last.dataOffset + last.length - start);
}
