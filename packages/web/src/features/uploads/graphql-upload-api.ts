import type { TypedDocumentNode } from '@apollo/client';
import { print } from 'graphql';
import { graphql } from '../../graphql/generated/gql.ts';
import { TransferError } from '../../lib/transfer-error.ts';
import type { PartUrl, StoredPart, UploadApi, UploadLogEntry } from './upload-api.ts';

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string }[];
}

const PACKAGE_UPLOAD_SIGNED_URL_DOCUMENT = graphql(`
  query PackageUploadSignedUrl($filename: String!, $size: Float!) {
    getPackageUploadSignedURL(filename: $filename, size: $size) { uploadUrl key }
  }
`);

const PACKAGE_UPLOAD_MULTIPART_INFO_DOCUMENT = graphql(`
  query PackageUploadMultipartInfo($filename: String!, $numberOfParts: Int!, $size: Float!) {
    getPackageUploadMultipartInfo(filename: $filename, numberOfParts: $numberOfParts, size: $size) {
      uploadId parts { partNumber signedUrl }
    }
  }
`);

const PACKAGE_UPLOAD_PART_URLS_DOCUMENT = graphql(`
  query PackageUploadPartUrls($filename: String!, $uploadId: String!, $partNumbers: [Int!]!) {
    getPackageUploadPartUrls(filename: $filename, uploadId: $uploadId, partNumbers: $partNumbers) {
      partNumber signedUrl
    }
  }
`);

const PACKAGE_UPLOAD_PARTS_DOCUMENT = graphql(`
  query PackageUploadParts($filename: String!, $uploadId: String!) {
    getPackageUploadParts(filename: $filename, uploadId: $uploadId) { partNumber eTag size }
  }
`);

const COMPLETE_PACKAGE_UPLOAD_MULTIPART_DOCUMENT = graphql(`
  mutation CompletePackageUploadMultipart($filename: String!, $uploadId: String!,
      $eTags: String!, $referenceKey: String) {
    completePackageUploadMultipart(filename: $filename, uploadId: $uploadId, eTags: $eTags,
      referenceKey: $referenceKey)
  }
`);

const ABORT_PACKAGE_UPLOAD_DOCUMENT = graphql(`
  mutation AbortPackageUpload($filename: String!, $uploadId: String!) {
    abortPackageUpload(filename: $filename, uploadId: $uploadId)
  }
`);

const CONFIRM_PACKAGE_UPLOAD_DOCUMENT = graphql(`
  mutation ConfirmPackageUpload($filename: String!, $referenceKey: String) {
    confirmPackageUpload(filename: $filename, referenceKey: $referenceKey)
  }
`);

const UPSERT_UPLOAD_LOG_DOCUMENT = graphql(`
  mutation UpsertUploadLog($referenceKey: String!, $status: String!, $message: String,
      $payload: JSON, $metrics: JSON) {
    upsertActivityLogJob(activityType: "PackageUpload", referenceKey: $referenceKey,
      status: $status, message: $message, payload: $payload, metrics: $metrics) { id }
  }
`);

/** POST /graphql with the session cookie; the engine runs outside React and Apollo's cache. */
async function request<T, V>(document: TypedDocumentNode<T, V>, variables: V): Promise<T> {
  // An unreachable or failing server (a restart, a dropped connection) is a TransferError, which
  // the engine retries; a GraphQL error is the server's answer and is not retried.
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: print(document), variables }),
  }).catch((error: unknown) => {
    throw new TransferError(`The server could not be reached: ${String(error)}`);
  });
  if (response.status >= 500)
    throw new TransferError(`The server answered HTTP ${response.status}`, response.status);
  const answer = (await response.json().catch(() => ({}))) as GraphQLAnswer<T>;
  const message = answer.errors?.[0]?.message;
  if (message) throw new Error(message);
  if (!response.ok || !answer.data) throw new Error(`The server answered HTTP ${response.status}`);
  return answer.data;
}

/** The schema's UploadPart, whose fields are nullable because two answers share it. */
interface UploadPart {
  partNumber: number;
  signedUrl?: string | null;
  eTag?: string | null;
  size?: number | null;
}

/** The parts of a signed-link answer, each of which must carry its link. */
function withSignedUrls(parts: readonly UploadPart[]): PartUrl[] {
  return parts.map(({ partNumber, signedUrl }) => {
    if (!signedUrl) throw new Error(`The server gave no upload link for part ${partNumber}`);
    return { partNumber, signedUrl };
  });
}

/** The parts the store holds, each with its ETag and size. */
function storedOnly(parts: readonly UploadPart[]): StoredPart[] {
  return parts.map(({ partNumber, eTag, size }) => {
    if (!eTag || size == null)
      throw new Error(`The server gave no ETag or size for part ${partNumber}`);
    return { partNumber, eTag, size };
  });
}

/** The upload API of the server (THE UPLOAD API CONTRACT, spec §7 names). */
export const graphqlUploadApi: UploadApi = {
  async signedUrl(filename, size) {
    const data = await request(PACKAGE_UPLOAD_SIGNED_URL_DOCUMENT, { filename, size });
    return data.getPackageUploadSignedURL;
  },
  async multipartInfo(filename, numberOfParts, size) {
    const data = await request(PACKAGE_UPLOAD_MULTIPART_INFO_DOCUMENT, {
      filename,
      numberOfParts,
      size,
    });
    const info = data.getPackageUploadMultipartInfo;
    return { uploadId: info.uploadId, parts: withSignedUrls(info.parts) };
  },
  async partUrls(filename, uploadId, partNumbers) {
    const data = await request(PACKAGE_UPLOAD_PART_URLS_DOCUMENT, {
      filename,
      uploadId,
      partNumbers,
    });
    return withSignedUrls(data.getPackageUploadPartUrls);
  },
  async storedParts(filename, uploadId) {
    const data = await request(PACKAGE_UPLOAD_PARTS_DOCUMENT, { filename, uploadId });
    return storedOnly(data.getPackageUploadParts);
  },
  async completeMultipart(filename, uploadId, eTags, referenceKey) {
    await request(COMPLETE_PACKAGE_UPLOAD_MULTIPART_DOCUMENT, {
      filename,
      uploadId,
      eTags,
      referenceKey,
    });
  },
  async abortMultipart(filename, uploadId) {
    await request(ABORT_PACKAGE_UPLOAD_DOCUMENT, { filename, uploadId });
  },
  async confirmUpload(filename, referenceKey) {
    await request(CONFIRM_PACKAGE_UPLOAD_DOCUMENT, { filename, referenceKey });
  },
  async logActivity(entry: UploadLogEntry) {
    await request(UPSERT_UPLOAD_LOG_DOCUMENT, { ...entry });
  },
};
