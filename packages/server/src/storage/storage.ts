import type { Readable } from 'node:stream';

/**
 * The one contract for stored objects. The browser moves the bytes through presigned URLs; the
 * server only signs, inspects, copies and cleans up. Implemented over S3 (`S3ObjectStorage`) and
 * over the filesystem with the same URL protocol served by the app (`EmbeddedObjectStorage`).
 *
 * ETags are given and taken in their HTTP header form, quotes included (`"<32 hex>"`);
 * `completeMultipart` also accepts them unquoted. They are opaque: S3 makes a single PUT's the
 * MD5 of its body, the embedded store a random value per upload; callers only compare them.
 * An object's ETag changes whenever its content does.
 */
export interface ObjectStorage {
  /**
   * A URL for one PUT of one object of exactly `contentLength` bytes; the browser must send the
   * same Content-Type and Content-Length (both are signed).
   */
  presignPut(key: string, options: PresignPutOptions): Promise<string>;
  /** Starts a multipart upload and returns its id. */
  createMultipart(key: string, contentType: string): Promise<string>;
  /** A URL for one PUT of one part (1–10000) of exactly `contentLength` bytes (signed). */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    contentLength: number,
    expiresIn?: number,
  ): Promise<string>;
  completeMultipart(
    key: string,
    uploadId: string,
    parts: CompletedPart[],
  ): Promise<{ eTag: string }>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** The parts already stored for an unfinished multipart upload, by part number (resumption). */
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /** Unfinished multipart uploads, only those started before `olderThan` when given. */
  listMultipartUploads(olderThan?: Date): Promise<MultipartUploadInfo[]>;
  /** Null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or the inclusive byte range; throws ObjectNotFoundError. */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  /** A URL for one GET of one object; `filename` makes browsers save it under that name. */
  presignGet(key: string, expiresIn?: number, options?: { filename?: string }): Promise<string>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Deleting a missing object is not an error (as in S3). */
  delete(key: string): Promise<void>;
  /** Server-side write (ingestion outputs); atomic: readers see the old object or the whole new one. */
  putStream(
    key: string,
    body: Readable,
    options?: { size?: number; contentType?: string },
  ): Promise<{ eTag: string }>;
}

export interface PresignPutOptions {
  contentType: string;
  /** The exact size of the body the URL accepts. */
  contentLength: number;
  expiresIn?: number;
}

export interface CompletedPart {
  partNumber: number;
  eTag: string;
}

export interface StoredPart {
  partNumber: number;
  /** Quoted, as in the ETag header. */
  eTag: string;
  size: number;
}

export interface MultipartUploadInfo {
  key: string;
  uploadId: string;
  initiated: Date;
}

export interface ObjectInfo {
  size: number;
  eTag: string;
  contentType: string;
  lastModified: Date;
}

export interface ListedObject {
  key: string;
  size: number;
  eTag: string;
  lastModified: Date;
}

/** Inclusive byte offsets, as in an HTTP Range header; `end` omitted = to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** The longest a presigned URL may live: 15 minutes, here and nowhere else. */
export const MAX_PRESIGN_SECONDS = 900;

/**
 * A presigned PUT binds the Content-Type, so an upload cannot change what it claims to be, and
 * the Content-Length, so a URL issued for 10 bytes cannot take 30 MB (or a quota be dodged).
 */
export const SIGNED_PUT_HEADERS = new Set(['content-type', 'content-length']);
export const SIGNED_PART_HEADERS = new Set(['content-length']);

/** The smallest part S3 accepts, except for the last part of an upload. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

/** Clamps a requested lifetime to 1–900 s; no lifetime means the maximum. */
export function presignExpiry(expiresIn?: number): number {
  if (expiresIn === undefined) return MAX_PRESIGN_SECONDS;
  return Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.floor(expiresIn)));
}

/** A signed length is a whole number of bytes a single request can carry. */
export function checkContentLength(contentLength: number): void {
  if (!Number.isSafeInteger(contentLength) || contentLength < 0) {
    throw new RangeError(`content length must be a whole number of bytes, not ${contentLength}`);
  }
}

export function checkPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
    throw new RangeError(`part number must be 1-10000, not ${partNumber}`);
  }
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No such object: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/** `abc` or `"abc"` → `"abc"`. */
export function quoteETag(eTag: string): string {
  return `"${eTag.replace(/^"|"$/g, '')}"`;
}

/** `Content-Disposition` that saves the object under `filename`, safe for any characters. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
