import { createHash } from 'node:crypto';
import {
  isPackageFileName,
  MAX_SINGLE_PUT_SIZE,
  MAX_UPLOAD_PARTS,
  numberOfPartsFor,
  PACKAGE_CONTENT_TYPE,
  PACKAGE_FILES_EMPTY,
  PACKAGE_FILES_INVALID,
  partRange,
} from '@asset-portal/shared';
import { InvalidObjectKeyError, objectKey } from '../../storage/object-key.ts';

/** Server texts of the package upload (the browser shows them as the server sends them). */
export const UPLOAD_NEEDS_DEVICES = 'Package upload needs an organization with devices';
export const UPLOAD_GONE = 'This upload no longer exists on the server; start it again';
export const FILENAME_HAS_PATH = 'A package file name cannot contain a path';
export const FILENAME_TOO_LONG = 'A package file name can have at most 255 characters';
export const SINGLE_PUT_TOO_LARGE = 'Files over 5 GiB must be uploaded in parts (multipart)';
export const TOO_MANY_FILENAMES = 'At most 1000 file names can be checked at once';
export const PART_NUMBER_INVALID = `Part numbers must be 1 to ${MAX_UPLOAD_PARTS}`;
export const ETAGS_INVALID = 'eTags must list the ETag of every part, in part order';

/**
 * Part URLs presigned at once (by getPackageUploadMultipartInfo and per getPackageUploadPartUrls
 * call). Presigning costs about 1.5 ms a part and URLs expire in 15 minutes, so presigning all
 * 10 000 parts up front would take 15 s for URLs mostly dead before use; the engine asks for
 * the later parts' URLs just before sending them.
 */
export const PRESIGNED_PARTS_AT_ONCE = 100;
export const TOO_MANY_PART_URLS = `At most ${PRESIGNED_PARTS_AT_ONCE} part URLs can be asked for at once`;

export const MAX_FILENAME_LENGTH = 255;
export const MAX_CHECKED_FILENAMES = 1000;

/** Why a package upload input is refused; the message is shown to the user as is. */
export class UploadInputError extends Error {}

/**
 * The key a package of this organization is stored under. The name must be a package name
 * (spec message otherwise) and a plain file name: a path (slashes, backslashes, control
 * characters) is refused. A name of [A-Za-z0-9._-] only is kept as it is; in any other name
 * those characters become '_' and a hash of the whole name goes before the extension, so
 * 'Scan (2).luxlz' still uploads, always to the same key, and never onto 'Scan _2_.luxlz'.
 */
export function packageKey(organizationId: number, filename: string): string {
  if (!isPackageFileName(filename)) throw new UploadInputError(PACKAGE_FILES_INVALID);
  if (filename.length > MAX_FILENAME_LENGTH) throw new UploadInputError(FILENAME_TOO_LONG);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[/\\\u0000-\u001f\u007f]/.test(filename)) {
    throw new UploadInputError(`${FILENAME_HAS_PATH}: ${filename}`);
  }
  const name = storedPackageName(filename);
  try {
    return objectKey({ organizationId, kind: 'packages', name });
  } catch (error) {
    if (error instanceof InvalidObjectKeyError) {
      throw new UploadInputError(`${FILENAME_HAS_PATH}: ${filename}`);
    }
    throw error;
  }
}

function storedPackageName(filename: string): string {
  if (/^[A-Za-z0-9._-]+$/.test(filename)) return filename;
  const dot = filename.lastIndexOf('.');
  const stem = filename.slice(0, dot).replace(/[^A-Za-z0-9._-]/g, '_');
  const hash = createHash('sha256').update(filename).digest('hex').slice(0, 12);
  return `${stem}-${hash}${filename.slice(dot)}`;
}

/** Sizes must be whole numbers above zero; a single PUT cannot exceed 5 GiB. */
export function checkSize(size: number, single: boolean): void {
  if (!(size > 0) || !Number.isSafeInteger(size)) throw new UploadInputError(PACKAGE_FILES_EMPTY);
  if (single && size > MAX_SINGLE_PUT_SIZE) throw new UploadInputError(SINGLE_PUT_TOO_LARGE);
}

/** A MIME type as sent in Content-Type, or the package default. */
export function packageContentType(contentType: string | null | undefined): string {
  const value = contentType?.trim();
  if (!value) return PACKAGE_CONTENT_TYPE;
  if (value.length > 100 || !/^[\w.+-]+\/[\w.+-]+$/.test(value)) {
    throw new UploadInputError('contentType must be a MIME type such as application/octet-stream');
  }
  return value;
}

/** Parts follow the shared plan, so the server knows each part's length when signing it. */
export const PARTS_NOT_PLANNED = (size: number, numberOfParts: number) =>
  `A file of ${size} bytes is sent in ${numberOfParts} ${numberOfParts === 1 ? 'part' : 'parts'}`;

/** Refuses a part count other than the plan's (numberOfPartsFor) for a file of `size` bytes. */
export function checkPlannedParts(numberOfParts: number, size: number): void {
  const planned = numberOfPartsFor(size);
  if (numberOfParts !== planned) throw new UploadInputError(PARTS_NOT_PLANNED(size, planned));
}

/**
 * The exact length a part's URL is signed for: the part's share of a `size`-byte file in the
 * plan (partRange); a part number beyond the file's parts is refused.
 */
export function signedPartLength(size: number, partNumber: number): number {
  const planned = numberOfPartsFor(size);
  if (partNumber > planned) {
    throw new UploadInputError(`This upload has ${planned} ${planned === 1 ? 'part' : 'parts'}`);
  }
  const { start, end } = partRange(size, partNumber);
  return end - start;
}

export function checkPartNumbers(partNumbers: readonly number[]): number[] {
  if (partNumbers.length === 0) throw new UploadInputError(PART_NUMBER_INVALID);
  if (partNumbers.length > PRESIGNED_PARTS_AT_ONCE) {
    throw new UploadInputError(TOO_MANY_PART_URLS);
  }
  for (const n of partNumbers) {
    if (!Number.isInteger(n) || n < 1 || n > MAX_UPLOAD_PARTS) {
      throw new UploadInputError(PART_NUMBER_INVALID);
    }
  }
  return [...new Set(partNumbers)].sort((a, b) => a - b);
}

/** 'e1,e2,…' → the completed parts 1..n; every ETag present (quoted or not). */
export function parseETags(eTags: string): { partNumber: number; eTag: string }[] {
  const list = eTags.split(',').map((e) => e.trim());
  if (
    list.length > MAX_UPLOAD_PARTS ||
    list.some((e) => e.length === 0 || e.length > 100 || !/^"?[\w-]+"?$/.test(e))
  ) {
    throw new UploadInputError(ETAGS_INVALID);
  }
  return list.map((eTag, index) => ({ partNumber: index + 1, eTag }));
}

/** 'a.luxlz, b.luxiz' → distinct names in order. */
export function parseFilenamesCsv(csv: string): string[] {
  const names = [
    ...new Set(
      csv
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length > MAX_CHECKED_FILENAMES) throw new UploadInputError(TOO_MANY_FILENAMES);
  return names;
}
