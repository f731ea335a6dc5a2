import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  md5OfFile,
  readJson,
  receiveAtomically,
  StorageError,
  statOrNull,
  walkFiles,
  writeAtomically,
  writeFileAtomically,
} from './embedded-files.ts';
import {
  checkCompletedParts,
  manifestSize,
  openManifestStream,
  type PartManifest,
} from './embedded-multipart.ts';
import { type PresignInput, presignUrl } from './sigv4-presigner.ts';
import { type PresignedRequest, type VerifyResult, verifyPresignedUrl } from './sigv4-verifier.ts';
import {
  attachmentDisposition,
  type ByteRange,
  type CompletedPart,
  checkContentLength,
  checkPartNumber,
  type ListedObject,
  type MultipartUploadInfo,
  type ObjectInfo,
  ObjectNotFoundError,
  type ObjectStorage,
  type PresignPutOptions,
  presignExpiry,
  quoteETag,
  type StoredPart,
} from './storage.ts';

/** The bucket name in embedded URLs: /storage/portal/<key>. */
export const EMBEDDED_BUCKET = 'portal';
export const EMBEDDED_REGION = 'us-east-1';

export interface EmbeddedStorageOptions {
  /** DATA_DIR/objects */
  rootDir: string;
  /** `${PUBLIC_URL}/storage`: where browsers send presigned requests. */
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

interface StoredMeta {
  contentType: string;
  eTag: string;
  /** Set for a completed multipart object: its bytes are its part files, the key's file is empty. */
  parts?: PartManifest;
}
interface UploadMeta {
  key: string;
  contentType: string;
  initiated: string;
}

const UPLOAD_ID = /^[a-f0-9]{32}$/;

/**
 * The ETag of a body received from a browser: 128 random bits, new for every PUT, so it changes
 * whenever the content may have (S3's ETags are opaque to clients; every reader here only
 * compares them). Hashing the body for it cost the server a quarter of its CPU per upload.
 */
function uploadETag(): string {
  return quoteETag(randomBytes(16).toString('hex'));
}

/** Kept beside an upload's parts from its completion's start until its object is written. */
const COMPLETION_RECORD = 'completion.json';

interface CompletionRecord {
  key: string;
  contentType: string;
  eTag: string;
  manifest: PartManifest;
}

/**
 * Objects as files under DATA_DIR/objects, reached by browsers through the same SigV4 presigned
 * URLs as S3 (served by embedded-storage.routes.ts). Metadata lives in .meta/, unfinished
 * multipart uploads in .multipart/<uploadId>/, partial writes in .tmp/. A completed multipart
 * upload keeps its part files in .parts/<folder>/ (named in its metadata) and leaves an empty
 * file at its key: completing it moves a folder instead of copying the object.
 */
export class EmbeddedObjectStorage implements ObjectStorage {
  private readonly tmpDir: string;

  constructor(private readonly options: EmbeddedStorageOptions) {
    this.tmpDir = path.join(options.rootDir, '.tmp');
  }

  /** Checks a presigned request that reached the app. */
  verify(request: PresignedRequest, now?: Date): VerifyResult {
    return verifyPresignedUrl(
      request,
      { ...this.options.credentials, region: EMBEDDED_REGION },
      now,
    );
  }

  async presignPut(key: string, options: PresignPutOptions) {
    checkContentLength(options.contentLength);
    return this.presign(key, {
      method: 'PUT',
      operation: 'PutObject',
      headers: {
        'content-length': String(options.contentLength),
        'content-type': options.contentType,
      },
      expiresIn: presignExpiry(options.expiresIn),
    });
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    this.objectPath(key);
    const uploadId = randomBytes(16).toString('hex');
    const meta: UploadMeta = { key, contentType, initiated: new Date().toISOString() };
    await writeFileAtomically(
      this.tmpDir,
      this.uploadFile(uploadId, 'upload.json'),
      JSON.stringify(meta),
    );
    return uploadId;
  }

  async presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    contentLength: number,
    expiresIn?: number,
  ) {
    checkPartNumber(partNumber);
    checkContentLength(contentLength);
    return this.presign(key, {
      method: 'PUT',
      operation: 'UploadPart',
      query: { partNumber: String(partNumber), uploadId },
      headers: { 'content-length': String(contentLength) },
      expiresIn: presignExpiry(expiresIn),
    });
  }

  /** Stores one part sent to a presigned part URL; returns its quoted ETag. */
  async writePart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size?: number,
  ) {
    checkPartNumber(partNumber);
    await this.requireUpload(key, uploadId);
    await receiveAtomically(
      this.tmpDir,
      this.uploadFile(uploadId, `${partNumber}.part`),
      body,
      size,
    );
    const eTag = uploadETag();
    await writeFileAtomically(this.tmpDir, this.uploadFile(uploadId, `${partNumber}.etag`), eTag);
    return eTag;
  }

  async completeMultipart(key: string, uploadId: string, parts: CompletedPart[]) {
    const upload = await this.requireUpload(key, uploadId).catch(async (error: unknown) => {
      // A completion that died after it ended the upload left its record with the parts.
      const pending = await this.pendingCompletion(key, uploadId, parts);
      if (!pending) throw error;
      return null;
    });
    if (!upload) return this.finishCompletion(key, uploadId);
    const { sizes, eTag } = await checkCompletedParts(this.uploadDir(uploadId), parts);
    const manifest: PartManifest = {
      folder: uploadId,
      numbers: parts.map((part) => part.partNumber),
      sizes,
    };
    // What the completion will write, kept beside the parts until it is written, so a retry
    // after a crash anywhere below finishes it instead of finding no upload and no object.
    const record: CompletionRecord = { key, contentType: upload.contentType, eTag, manifest };
    await writeFileAtomically(
      this.tmpDir,
      this.uploadFile(uploadId, COMPLETION_RECORD),
      JSON.stringify(record),
    );
    // The rename ends the upload (as S3, it can no longer take parts) in one step. The folder
    // is touched first: an upload started days ago must not look like an orphan to the sweeper
    // in the moment before its metadata names it.
    await fs.promises.mkdir(path.dirname(this.partsDir(uploadId)), { recursive: true });
    const now = new Date();
    await fs.promises.utimes(this.uploadDir(uploadId), now, now).catch(() => {});
    await fs.promises
      .rename(this.uploadDir(uploadId), this.partsDir(uploadId))
      .catch((error: NodeJS.ErrnoException) => {
        // Completed or aborted by a request that ran at the same time.
        if (error.code !== 'ENOENT') throw error;
        throw new StorageError('NoSuchUpload', 404, 'The specified upload does not exist.');
      });
    return this.finishCompletion(key, uploadId);
  }

  /** The record of a completion of these parts that ended the upload but may not have finished. */
  private async pendingCompletion(
    key: string,
    uploadId: string,
    parts: CompletedPart[],
  ): Promise<CompletionRecord | null> {
    if (!UPLOAD_ID.test(uploadId)) return null;
    const record = await readJson<CompletionRecord>(
      path.join(this.partsDir(uploadId), COMPLETION_RECORD),
    ).catch(() => null);
    const same =
      record?.key === key &&
      record.manifest.numbers.join(',') === parts.map((part) => part.partNumber).join(',');
    return same ? record : null;
  }

  /**
   * Writes the object of a completion whose parts are in place: drops the unlisted parts, writes
   * the metadata, then the object's file, then removes the record. Each step may run again.
   */
  private async finishCompletion(key: string, uploadId: string): Promise<{ eTag: string }> {
    const recordFile = path.join(this.partsDir(uploadId), COMPLETION_RECORD);
    const record = await readJson<CompletionRecord>(recordFile);
    if (!record)
      throw new StorageError('NoSuchUpload', 404, 'The specified upload does not exist.');
    const { manifest, eTag } = record;
    await this.dropUnlisted(manifest);
    const previous = await this.readMeta(key);
    // Metadata first: until the empty file replaces an older single file, readers keep
    // reading whole versions (the new metadata alone describes the new object).
    await this.writeMeta(key, { contentType: record.contentType, eTag, parts: manifest });
    await writeFileAtomically(this.tmpDir, this.objectPath(key), '');
    await this.dropParts(previous, manifest.folder);
    await fs.promises.rm(recordFile, { force: true });
    return { eTag };
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    await this.requireUpload(key, uploadId);
    await fs.promises.rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    await this.requireUpload(key, uploadId);
    const names = await fs.promises.readdir(this.uploadDir(uploadId)).catch(() => [] as string[]);
    const parts: StoredPart[] = [];
    for (const name of names) {
      const match = /^(\d+)\.etag$/.exec(name);
      if (!match) continue;
      const partNumber = Number(match[1]);
      const stats = await statOrNull(this.uploadFile(uploadId, `${partNumber}.part`));
      const eTag = await fs.promises
        .readFile(this.uploadFile(uploadId, name), 'utf8')
        .catch(() => null);
      if (stats && eTag) parts.push({ partNumber, eTag, size: stats.size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async listMultipartUploads(olderThan?: Date): Promise<MultipartUploadInfo[]> {
    const dir = path.join(this.options.rootDir, '.multipart');
    const ids = await fs.promises.readdir(dir).catch(() => [] as string[]);
    const uploads: MultipartUploadInfo[] = [];
    for (const uploadId of ids.filter((id) => UPLOAD_ID.test(id))) {
      const meta = await readJson<UploadMeta>(this.uploadFile(uploadId, 'upload.json'));
      if (!meta) continue;
      const initiated = new Date(meta.initiated);
      if (olderThan && initiated >= olderThan) continue;
      uploads.push({ key: meta.key, uploadId, initiated });
    }
    return uploads.sort((a, b) => a.initiated.getTime() - b.initiated.getTime());
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.objectPath(key);
    const stats = await statOrNull(file);
    if (!stats) return null;
    const meta = await this.readMeta(key);
    return {
      size: meta?.parts ? manifestSize(meta.parts) : stats.size,
      eTag: meta?.eTag ?? quoteETag(await md5OfFile(file)),
      contentType: meta?.contentType ?? 'application/octet-stream',
      lastModified: new Date(Math.floor(stats.mtimeMs / 1000) * 1000),
    };
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.objectPath(key);
    if (!(await statOrNull(file))) throw new ObjectNotFoundError(key);
    const meta = await this.readMeta(key);
    if (meta?.parts) {
      return openManifestStream(this.partsDir(meta.parts.folder), meta.parts, range);
    }
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async presignGet(key: string, expiresIn?: number, options: { filename?: string } = {}) {
    return this.presign(key, {
      method: 'GET',
      operation: 'GetObject',
      query: options.filename
        ? { 'response-content-disposition': attachmentDisposition(options.filename) }
        : {},
      expiresIn: presignExpiry(expiresIn),
    });
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const info = await this.head(fromKey);
    if (!info) throw new ObjectNotFoundError(fromKey);
    const source = await this.readMeta(fromKey);
    const previous = await this.readMeta(toKey);
    if (source?.parts) {
      // Part files never change once completed: the copy links them instead of copying bytes.
      const folder = randomBytes(16).toString('hex');
      const parts: PartManifest = { ...source.parts, folder };
      await fs.promises.mkdir(this.partsDir(folder), { recursive: true });
      for (const number of parts.numbers) {
        await fs.promises.link(
          path.join(this.partsDir(source.parts.folder), `${number}.part`),
          path.join(this.partsDir(folder), `${number}.part`),
        );
      }
      await this.writeMeta(toKey, { contentType: info.contentType, eTag: info.eTag, parts });
      await writeFileAtomically(this.tmpDir, this.objectPath(toKey), '');
      await this.dropParts(previous, folder);
      return;
    }
    await writeAtomically(
      this.tmpDir,
      this.objectPath(toKey),
      fs.createReadStream(this.objectPath(fromKey)),
    );
    await this.writeMeta(toKey, { contentType: info.contentType, eTag: info.eTag });
    await this.dropParts(previous);
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    const root = this.options.rootDir;
    const start = path.join(root, prefix.slice(0, prefix.lastIndexOf('/') + 1));
    const keys: string[] = [];
    for await (const key of walkFiles(root, start)) if (key.startsWith(prefix)) keys.push(key);
    keys.sort();
    for (const key of keys) {
      const info = await this.head(key);
      if (info) yield { key, size: info.size, eTag: info.eTag, lastModified: info.lastModified };
    }
  }

  async delete(key: string): Promise<void> {
    const meta = await this.readMeta(key);
    await fs.promises.rm(this.objectPath(key), { force: true });
    await fs.promises.rm(this.metaPath(key), { force: true });
    await this.dropParts(meta);
  }

  async putStream(
    key: string,
    body: Readable,
    options: { size?: number; contentType?: string } = {},
  ) {
    const previous = await this.readMeta(key);
    const { md5 } = await writeAtomically(this.tmpDir, this.objectPath(key), body, options.size);
    return this.stored(key, previous, quoteETag(md5.toString('hex')), options.contentType);
  }

  /**
   * Stores the body of a presigned PUT: like putStream, but written past the page cache and on
   * disk before it answers, with an opaque ETag instead of the body's MD5.
   */
  async putUpload(
    key: string,
    body: Readable,
    options: { size?: number; contentType?: string } = {},
  ) {
    const previous = await this.readMeta(key);
    await receiveAtomically(this.tmpDir, this.objectPath(key), body, options.size);
    return this.stored(key, previous, uploadETag(), options.contentType);
  }

  /** Names a single file just written at `key` in its metadata, replacing `previous`. */
  private async stored(
    key: string,
    previous: StoredMeta | null,
    eTag: string,
    contentType = 'application/octet-stream',
  ) {
    await this.writeMeta(key, { contentType, eTag });
    await this.dropParts(previous);
    return { eTag };
  }

  /** Removes partial writes left by a process that died mid-upload; returns how many. */
  async removeTempFilesOlderThan(cutoff: Date): Promise<number> {
    const names = await fs.promises.readdir(this.tmpDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const stats = await statOrNull(path.join(this.tmpDir, name));
      if (stats && stats.mtime < cutoff) {
        await fs.promises.rm(path.join(this.tmpDir, name), { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /**
   * Removes part folders older than `cutoff` that no object's metadata names: a process that
   * died between moving a completed upload's parts and writing its metadata, or between
   * deleting an object's metadata and its parts, leaves one behind. Returns how many.
   */
  async removeOrphanPartFoldersOlderThan(cutoff: Date): Promise<number> {
    const partsRoot = path.join(this.options.rootDir, '.parts');
    const names = await fs.promises.readdir(partsRoot).catch(() => [] as string[]);
    const old: string[] = [];
    for (const name of names) {
      const stats = await fs.promises.stat(path.join(partsRoot, name)).catch(() => null);
      if (stats?.isDirectory() && stats.mtime < cutoff) old.push(name);
    }
    if (old.length === 0) return 0;
    const named = new Set<string>();
    const metaRoot = path.join(this.options.rootDir, '.meta');
    for await (const file of walkFiles(metaRoot, metaRoot)) {
      const meta = await readJson<StoredMeta>(path.join(metaRoot, file)).catch(() => null);
      if (meta?.parts) named.add(meta.parts.folder);
    }
    const orphans = old.filter((name) => !named.has(name));
    for (const name of orphans) {
      await fs.promises.rm(path.join(partsRoot, name), { recursive: true, force: true });
    }
    return orphans.length;
  }

  /** The URL the AWS SDK's presigner would make for this store, signed in place. */
  private presign(
    key: string,
    request: Pick<PresignInput, 'method' | 'operation' | 'query' | 'headers' | 'expiresIn'>,
  ): string {
    this.objectPath(key);
    return presignUrl({
      ...request,
      endpoint: this.options.endpoint,
      bucket: EMBEDDED_BUCKET,
      key,
      credentials: { ...this.options.credentials, region: EMBEDDED_REGION },
    });
  }

  /** Where a key's bytes live; refuses keys that could leave the folder or hit internal ones. */
  objectPath(key: string): string {
    const segments = key.split('/');
    if (
      key.length === 0 ||
      key.length > 1024 ||
      key.includes('\\') ||
      key.includes('\0') ||
      segments.some((s) => s === '' || s === '.' || s === '..') ||
      segments[0]?.startsWith('.')
    ) {
      throw new StorageError('InvalidKey', 400, `Invalid object key: ${JSON.stringify(key)}`);
    }
    return path.join(this.options.rootDir, ...segments);
  }

  private metaPath(key: string): string {
    this.objectPath(key);
    return `${path.join(this.options.rootDir, '.meta', ...key.split('/'))}.json`;
  }

  private writeMeta(key: string, meta: StoredMeta) {
    return writeFileAtomically(this.tmpDir, this.metaPath(key), JSON.stringify(meta));
  }

  private async readMeta(key: string): Promise<StoredMeta | null> {
    const meta = await readJson<StoredMeta>(this.metaPath(key));
    // The folder name reaches a path: only names this store made are followed.
    if (meta?.parts && !UPLOAD_ID.test(meta.parts.folder)) {
      throw new StorageError('InternalError', 500, 'Corrupt object metadata.');
    }
    return meta;
  }

  private partsDir(folder: string): string {
    return path.join(this.options.rootDir, '.parts', folder);
  }

  /** Removes the part files of a replaced or deleted multipart object (not `keep`'s). */
  private async dropParts(meta: StoredMeta | null, keep?: string): Promise<void> {
    if (!meta?.parts || meta.parts.folder === keep) return;
    await fs.promises.rm(this.partsDir(meta.parts.folder), { recursive: true, force: true });
  }

  /** Leaves only the completed parts in a manifest's folder (S3 drops parts not listed). */
  private async dropUnlisted(manifest: PartManifest): Promise<void> {
    const dir = this.partsDir(manifest.folder);
    const keep = new Set([
      COMPLETION_RECORD,
      ...manifest.numbers.map((number) => `${number}.part`),
    ]);
    for (const name of await fs.promises.readdir(dir)) {
      if (!keep.has(name)) await fs.promises.rm(path.join(dir, name), { force: true });
    }
  }

  private uploadDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) {
      throw new StorageError('NoSuchUpload', 404, 'The specified upload does not exist.');
    }
    return path.join(this.options.rootDir, '.multipart', uploadId);
  }

  private uploadFile(uploadId: string, name: string): string {
    return path.join(this.uploadDir(uploadId), name);
  }

  private async requireUpload(key: string, uploadId: string): Promise<UploadMeta> {
    const meta = await readJson<UploadMeta>(this.uploadFile(uploadId, 'upload.json'));
    if (!meta || meta.key !== key) {
      throw new StorageError('NoSuchUpload', 404, 'The specified upload does not exist.');
    }
    return meta;
  }
}
