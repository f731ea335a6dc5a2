import type { UploadType } from './constants.ts';

/** Byte sizes used by the package upload, agreed by the browser engine and the API. */
export const MIB = 1024 * 1024;
/** S3 refuses parts under 5 MiB, except the last part of an upload. */
export const MIN_UPLOAD_PART_SIZE = 5 * MIB;
/** The smallest part size the engine uses (files up to 256 MiB go in 8 MiB parts). */
export const DEFAULT_UPLOAD_PART_SIZE = 8 * MIB;
/**
 * Bigger files go in about this many parts (up to 64 MiB each): every part costs the browser a
 * request through its worker and the server a signature check and two small files. A 2 GiB file
 * goes in 32 parts of 64 MiB: about 5 % faster from chromium than 64 of 32 MiB, which were
 * about 15 % faster than 128 of 16 MiB. A failed part resends at most 64 MiB.
 */
export const TARGET_UPLOAD_PARTS = 32;
export const MAX_TARGET_PART_SIZE = 64 * MIB;
/** S3's limit on the number of parts of one multipart upload. */
export const MAX_UPLOAD_PARTS = 10_000;
/** S3's limit on a single PUT: larger files must be sent in parts. */
export const MAX_SINGLE_PUT_SIZE = 5 * 1024 * MIB;
/** The content type every package is stored with unless the browser names another. */
export const PACKAGE_CONTENT_TYPE = 'application/octet-stream';

/**
 * The size of every part but the last, in whole MiB: 8 MiB, more for a file over 256 MiB (about
 * 32 parts, at most 64 MiB each), and more again when it would otherwise need over 10 000 parts.
 */
export function partSizeFor(size: number): number {
  const wholeMib = (bytes: number) => Math.ceil(Math.max(0, bytes) / MIB) * MIB;
  const target = Math.min(MAX_TARGET_PART_SIZE, wholeMib(size / TARGET_UPLOAD_PARTS));
  return Math.max(DEFAULT_UPLOAD_PART_SIZE, target, wholeMib(size / MAX_UPLOAD_PARTS));
}

/** How many parts a file of `size` bytes is sent in (at least one). */
export function numberOfPartsFor(size: number): number {
  return Math.max(1, Math.ceil(size / partSizeFor(size)));
}

/** The byte range [start, end) of part `partNumber` (1-based) of a file of `size` bytes. */
export function partRange(size: number, partNumber: number): { start: number; end: number } {
  const partSize = partSizeFor(size);
  const start = (partNumber - 1) * partSize;
  return { start, end: Math.min(size, start + partSize) };
}

/**
 * Single PUT or multipart: the user's 'Use Multipart Uploads' choice, except that a file over
 * 5 GiB always goes in parts (S3 takes no larger single PUT).
 */
export function uploadTypeFor(size: number, useMultipart: boolean): UploadType {
  return useMultipart || size > MAX_SINGLE_PUT_SIZE ? 'multipart' : 'single-part';
}

/**
 * Null when a file of `size` bytes can be sent in `numberOfParts` parts that S3 accepts (all
 * but the last at least 5 MiB, at most 10 000), else why not.
 */
export function checkNumberOfParts(numberOfParts: number, size?: number | null): string | null {
  if (!Number.isInteger(numberOfParts) || numberOfParts < 1 || numberOfParts > MAX_UPLOAD_PARTS) {
    return `The number of parts must be 1 to ${MAX_UPLOAD_PARTS}`;
  }
  if (size != null && numberOfParts > 1 && (numberOfParts - 1) * MIN_UPLOAD_PART_SIZE >= size) {
    return 'Every part but the last must be at least 5 MiB';
  }
  return null;
}
