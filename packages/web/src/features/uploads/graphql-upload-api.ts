import { TransferError } from '../../lib/transfer-error.ts';
import type { PartUrl, StoredPart, UploadApi, UploadLogEntry } from './upload-api.ts';

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string }[];
}

/** POST /graphql with the session cookie; the engine runs outside React and Apollo's cache. */
async function request<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  // An unreachable or failing server (a restart, a dropped connection) is a TransferError, which
  // the engine retries; a GraphQL error is the server's answer and is not retried.
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
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

/** The upload API of the server (THE UPLOAD API CONTRACT, spec §7 names). */
export const graphqlUploadApi: UploadApi = {
  async signedUrl(filename, size) {
    const data = await request<{ getPackageUploadSignedURL: { uploadUrl: string; key: string } }>(
      `query PackageUploadSignedUrl($filename: String!, $size: Float!) {
        getPackageUploadSignedURL(filename: $filename, size: $size) { uploadUrl key }
      }`,
      { filename, size },
    );
    return data.getPackageUploadSignedURL;
  },
  async multipartInfo(filename, numberOfParts, size) {
    const data = await request<{
      getPackageUploadMultipartInfo: { uploadId: string; parts: PartUrl[] };
    }>(
      `query PackageUploadMultipartInfo($filename: String!, $numberOfParts: Int!, $size: Float!) {
        getPackageUploadMultipartInfo(filename: $filename, numberOfParts: $numberOfParts, size: $size) {
          uploadId parts { partNumber signedUrl }
        }
      }`,
      { filename, numberOfParts, size },
    );
    return data.getPackageUploadMultipartInfo;
  },
  async partUrls(filename, uploadId, partNumbers) {
    const data = await request<{ getPackageUploadPartUrls: PartUrl[] }>(
      `query PackageUploadPartUrls($filename: String!, $uploadId: String!, $partNumbers: [Int!]!) {
        getPackageUploadPartUrls(filename: $filename, uploadId: $uploadId, partNumbers: $partNumbers) {
          partNumber signedUrl
        }
      }`,
      { filename, uploadId, partNumbers },
    );
    return data.getPackageUploadPartUrls;
  },
  async storedParts(filename, uploadId) {
    const data = await request<{ getPackageUploadParts: StoredPart[] }>(
      `query PackageUploadParts($filename: String!, $uploadId: String!) {
        getPackageUploadParts(filename: $filename, uploadId: $uploadId) { partNumber eTag size }
      }`,
      { filename, uploadId },
    );
    return data.getPackageUploadParts;
  },
  async completeMultipart(filename, uploadId, eTags, referenceKey) {
    await request(
      `mutation CompletePackageUploadMultipart($filename: String!, $uploadId: String!,
          $eTags: String!, $referenceKey: String) {
        completePackageUploadMultipart(filename: $filename, uploadId: $uploadId, eTags: $eTags,
          referenceKey: $referenceKey)
      }`,
      { filename, uploadId, eTags, referenceKey },
    );
  },
  async abortMultipart(filename, uploadId) {
    await request(
      `mutation AbortPackageUpload($filename: String!, $uploadId: String!) {
        abortPackageUpload(filename: $filename, uploadId: $uploadId)
      }`,
      { filename, uploadId },
    );
  },
  async confirmUpload(filename, referenceKey) {
    await request(
      `mutation ConfirmPackageUpload($filename: String!, $referenceKey: String) {
        confirmPackageUpload(filename: $filename, referenceKey: $referenceKey)
      }`,
      { filename, referenceKey },
    );
  },
  async logActivity(entry: UploadLogEntry) {
    await request(
      `mutation UpsertUploadLog($referenceKey: String!, $status: String!, $message: String,
          $payload: JSON, $metrics: JSON) {
        upsertActivityLogJob(activityType: "PackageUpload", referenceKey: $referenceKey,
          status: $status, message: $message, payload: $payload, metrics: $metrics) { id }
      }`,
      { ...entry },
    );
  },
};
