/** The server calls the upload engine needs; the real one speaks GraphQL, tests use a fake. */
export interface UploadApi {
  signedUrl(filename: string, size: number): Promise<{ uploadUrl: string; key: string }>;
  /** Starts a multipart upload and presigns every part. */
  multipartInfo(
    filename: string,
    numberOfParts: number,
    size: number,
  ): Promise<{ uploadId: string; parts: PartUrl[] }>;
  /** Presigns parts again just before they are sent (presigned URLs live 15 minutes). */
  partUrls(filename: string, uploadId: string, partNumbers: number[]): Promise<PartUrl[]>;
  /** Parts the store already holds, for resuming. */
  storedParts(filename: string, uploadId: string): Promise<StoredPart[]>;
  /** `referenceKey` names the log entry the server marks Completed. */
  completeMultipart(
    filename: string,
    uploadId: string,
    eTags: string,
    referenceKey: string,
  ): Promise<void>;
  abortMultipart(filename: string, uploadId: string): Promise<void>;
  /** Tells the server a single PUT finished. */
  confirmUpload(filename: string, referenceKey: string): Promise<void>;
  logActivity(entry: UploadLogEntry): Promise<void>;
}

export interface PartUrl {
  partNumber: number;
  signedUrl: string;
}

export interface StoredPart {
  partNumber: number;
  eTag: string;
  size: number;
}

export interface UploadLogEntry {
  referenceKey: string;
  status: 'Started' | 'Completed' | 'Error';
  message: string;
  payload: Record<string, unknown>;
  metrics: { fileSize: number };
}

/** One PUT of a file or a part, as a worker performs it. */
export interface PutRequest {
  url: string;
  body: Blob;
  /** Sent as Content-Type; a presigned single PUT signs it. */
  contentType?: string;
}

/** One background worker that performs PUTs one after the other. */
export interface TransferLane {
  put(request: PutRequest, onProgress: (loadedBytes: number) => void): Promise<{ eTag: string }>;
  dispose(): void;
}

export interface Transport {
  createLane(): TransferLane;
}
