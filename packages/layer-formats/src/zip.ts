/**
 * A bounded ZIP reader (KMZ, zipped Shapefile). The central directory is read first so the
 * entry count and the declared sizes are checked before anything is inflated; inflation then
 * streams in small slices and stops as soon as an entry outgrows its declared size or the
 * archive outgrows the total budget, so a zip bomb costs milliseconds, not gigabytes.
 */
import { LAYER_MESSAGES } from '@asset-portal/shared';
import { Inflate } from 'fflate';
import { fail } from './errors.ts';
import type { LayerLimits } from './limits.ts';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

export type ZipLimits = Pick<LayerLimits, 'maxUnzippedBytes' | 'maxZipEntries'>;

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_COMMENT = 0xffff;
const U32_MAX = 0xffffffff;
// A slice of zeros inflates to at most about 1,000 times its size, so one step stays small.
const INFLATE_SLICE = 16 * 1024;

const names = new TextDecoder('utf-8');

/** The archive's entries; fails when it is not a ZIP or breaks the count or size limits. */
export function listZipEntries(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number): number => view.getUint16(at, true);
  const u32 = (at: number): number => view.getUint32(at, true);
  const u64 = (at: number): number => Number(view.getBigUint64(at, true));
  try {
    let eocd = bytes.length - 22;
    const lowest = Math.max(0, bytes.length - 22 - MAX_COMMENT);
    while (eocd >= lowest && u32(eocd) !== EOCD_SIGNATURE) eocd--;
    if (eocd < lowest) fail(LAYER_MESSAGES.invalidArchive);
    let count = u16(eocd + 10);
    let offset = u32(eocd + 16);
    if (eocd >= 20 && u32(eocd - 20) === ZIP64_LOCATOR_SIGNATURE) {
      const zip64 = u64(eocd - 12);
      if (u32(zip64) !== ZIP64_EOCD_SIGNATURE) fail(LAYER_MESSAGES.invalidArchive);
      count = u64(zip64 + 32);
      offset = u64(zip64 + 48);
    }
    if (count > limits.maxZipEntries) fail(LAYER_MESSAGES.archiveTooLarge);
    const entries: ZipEntry[] = [];
    let declaredTotal = 0;
    for (let i = 0; i < count; i++) {
      if (u32(offset) !== CENTRAL_SIGNATURE) fail(LAYER_MESSAGES.invalidArchive);
      const flags = u16(offset + 8);
      const nameLength = u16(offset + 28);
      const extraLength = u16(offset + 30);
      const commentLength = u16(offset + 32);
      let compressedSize = u32(offset + 20);
      let size = u32(offset + 24);
      let localHeaderOffset = u32(offset + 42);
      const nameStart = offset + 46;
      if (nameStart + nameLength > bytes.length) fail(LAYER_MESSAGES.invalidArchive);
      const name = names.decode(bytes.subarray(nameStart, nameStart + nameLength));
      if (size === U32_MAX || compressedSize === U32_MAX || localHeaderOffset === U32_MAX) {
        // ZIP64 sizes live in extra field 0x0001, in this order, only for the saturated fields.
        let at = nameStart + nameLength;
        const end = at + extraLength;
        while (at + 4 <= end) {
          const id = u16(at);
          const length = u16(at + 2);
          if (id === 0x0001) {
            let field = at + 4;
            if (size === U32_MAX) {
              size = u64(field);
              field += 8;
            }
            if (compressedSize === U32_MAX) {
              compressedSize = u64(field);
              field += 8;
            }
            if (localHeaderOffset === U32_MAX) localHeaderOffset = u64(field);
          }
          at += 4 + length;
        }
      }
      declaredTotal += size;
      if (declaredTotal > limits.maxUnzippedBytes) fail(LAYER_MESSAGES.archiveTooLarge);
      entries.push({
        name,
        method: u16(offset + 10),
        compressedSize,
        size,
        localHeaderOffset,
        encrypted: (flags & 1) === 1,
      });
      offset = nameStart + nameLength + extraLength + commentLength;
    }
    return entries;
  } catch (error) {
    if (error instanceof RangeError) fail(LAYER_MESSAGES.invalidArchive);
    throw error;
  }
}

/** Tracks how many bytes the archive has produced so far across entries. */
export interface InflateBudget {
  remaining: number;
}

export function createBudget(limits: ZipLimits): InflateBudget {
  return { remaining: limits.maxUnzippedBytes };
}

/** One entry's bytes, inflated within its declared size and the shared budget. */
export function readZipEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  budget: InflateBudget,
): Uint8Array {
  if (entry.encrypted) fail(LAYER_MESSAGES.invalidArchive);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let start: number;
  try {
    if (view.getUint32(entry.localHeaderOffset, true) !== LOCAL_SIGNATURE) {
      fail(LAYER_MESSAGES.invalidArchive);
    }
    const nameLength = view.getUint16(entry.localHeaderOffset + 26, true);
    const extraLength = view.getUint16(entry.localHeaderOffset + 28, true);
    start = entry.localHeaderOffset + 30 + nameLength + extraLength;
  } catch (error) {
    if (error instanceof RangeError) fail(LAYER_MESSAGES.invalidArchive);
    throw error;
  }
  const end = start + entry.compressedSize;
  if (end > bytes.length) fail(LAYER_MESSAGES.invalidArchive);
  const allowed = Math.min(entry.size, budget.remaining);
  if (entry.size > budget.remaining) fail(LAYER_MESSAGES.archiveTooLarge);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) fail(LAYER_MESSAGES.invalidArchive);
    budget.remaining -= entry.size;
    return bytes.subarray(start, end);
  }
  if (entry.method !== 8) fail(LAYER_MESSAGES.invalidArchive);
  return inflateBounded(bytes.subarray(start, end), allowed, budget);
}

function inflateBounded(data: Uint8Array, allowed: number, budget: InflateBudget): Uint8Array {
  const out = new Uint8Array(allowed);
  let written = 0;
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    if (written + chunk.length > allowed) {
      // More than the entry declared: a lying header. Stop before producing any more.
      fail(LAYER_MESSAGES.archiveTooLarge);
    }
    out.set(chunk, written);
    written += chunk.length;
    if (final) finished = true;
  });
  try {
    for (let at = 0; at < data.length && !finished; at += INFLATE_SLICE) {
      const end = Math.min(at + INFLATE_SLICE, data.length);
      inflater.push(data.subarray(at, end), end === data.length);
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'LayerConversionError') throw error;
    fail(LAYER_MESSAGES.invalidArchive);
  }
  if (!finished || written !== allowed) fail(LAYER_MESSAGES.invalidArchive);
  budget.remaining -= written;
  return out;
}
