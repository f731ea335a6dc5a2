import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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
  SIGNED_PART_HEADERS,
  SIGNED_PUT_HEADERS,
  type StoredPart,
} from './storage.ts';

/** Size of the parts `putStream` sends when the body's length is not known in advance. */
const SERVER_PART_SIZE = 16 * 1024 * 1024;

/** Objects in one bucket of AWS S3 or an S3-compatible store. */
export class S3ObjectStorage implements ObjectStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  presignPut(key: string, options: PresignPutOptions) {
    checkContentLength(options.contentLength);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
      ContentLength: options.contentLength,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: presignExpiry(options.expiresIn),
      signableHeaders: SIGNED_PUT_HEADERS,
    });
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    const result = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    if (!result.UploadId) throw new Error('The store returned no upload id');
    return result.UploadId;
  }

  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    contentLength: number,
    expiresIn?: number,
  ) {
    checkPartNumber(partNumber);
    checkContentLength(contentLength);
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      ContentLength: contentLength,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: presignExpiry(expiresIn),
      signableHeaders: SIGNED_PART_HEADERS,
    });
  }

  async completeMultipart(key: string, uploadId: string, parts: CompletedPart[]) {
    const result = await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: {
          Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: quoteETag(part.eTag) })),
        },
      }),
    );
    return { eTag: quoteETag(result.ETag ?? '') };
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    await this.client.send(
      new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
    );
  }

  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    do {
      const page = await this.client.send(
        new ListPartsCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumberMarker: marker,
        }),
      );
      for (const part of page.Parts ?? []) {
        if (part.PartNumber === undefined || !part.ETag) continue;
        parts.push({
          partNumber: part.PartNumber,
          eTag: quoteETag(part.ETag),
          size: part.Size ?? 0,
        });
      }
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
    return parts;
  }

  async listMultipartUploads(olderThan?: Date): Promise<MultipartUploadInfo[]> {
    const uploads: MultipartUploadInfo[] = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId) continue;
        const initiated = upload.Initiated ?? new Date(0);
        if (olderThan && initiated >= olderThan) continue;
        uploads.push({ key: upload.Key, uploadId: upload.UploadId, initiated });
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return uploads;
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const result = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return {
        size: result.ContentLength ?? 0,
        eTag: quoteETag(result.ETag ?? ''),
        contentType: result.ContentType ?? 'application/octet-stream',
        lastModified: result.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      return result.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  presignGet(key: string, expiresIn?: number, options: { filename?: string } = {}) {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.filename
        ? { ResponseContentDisposition: attachmentDisposition(options.filename) }
        : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: presignExpiry(expiresIn) });
  }

  /** Server-side copy (S3 limits a single copy to 5 GB). */
  async copy(fromKey: string, toKey: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: toKey,
          CopySource: `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(fromKey);
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        yield {
          key: item.Key,
          size: item.Size ?? 0,
          eTag: quoteETag(item.ETag ?? ''),
          lastModified: item.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async putStream(
    key: string,
    body: Readable,
    options: { size?: number; contentType?: string } = {},
  ): Promise<{ eTag: string }> {
    const contentType = options.contentType ?? 'application/octet-stream';
    if (options.size !== undefined) {
      const result = await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentLength: options.size,
          ContentType: contentType,
        }),
      );
      return { eTag: quoteETag(result.ETag ?? '') };
    }
    return this.putInParts(key, body, contentType);
  }

  /** A body of unknown length goes up as a multipart upload, one buffered part at a time. */
  private async putInParts(
    key: string,
    body: Readable,
    contentType: string,
  ): Promise<{ eTag: string }> {
    const uploadId = await this.createMultipart(key, contentType);
    const parts: CompletedPart[] = [];
    try {
      for await (const chunk of partsOf(body, SERVER_PART_SIZE)) {
        const partNumber = parts.length + 1;
        const result = await this.client.send(
          new UploadPartCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: chunk,
            ContentLength: chunk.length,
          }),
        );
        parts.push({ partNumber, eTag: result.ETag ?? '' });
      }
      if (parts.length === 0) {
        await this.abortMultipart(key, uploadId);
        return this.putStream(key, Readable.from([]), { size: 0, contentType });
      }
      return await this.completeMultipart(key, uploadId, parts);
    } catch (error) {
      await this.abortMultipart(key, uploadId).catch(() => {});
      throw error;
    }
  }
}

/** Re-chunks a stream into buffers of exactly `size` bytes (the last one shorter). */
async function* partsOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const raw of body) {
    let chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    while (pendingBytes + chunk.length >= size) {
      const take = size - pendingBytes;
      pending.push(chunk.subarray(0, take));
      yield Buffer.concat(pending);
      chunk = chunk.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (chunk.length > 0) {
      pending.push(chunk);
      pendingBytes += chunk.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
