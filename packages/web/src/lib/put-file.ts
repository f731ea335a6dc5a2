import { TransferError } from './transfer-error.ts';

/**
 * PUTs a file (or one part of it) to a signed upload link in one request, reporting progress as
 * a percent, and answers the ETag the store sends back (a multipart upload needs it per part).
 * XMLHttpRequest rather than fetch: only it reports upload progress. A failure is a
 * TransferError carrying the HTTP status, absent for a network error, so callers can retry.
 */
export function putFile(
  url: string,
  file: Blob,
  contentType: string | undefined,
  onProgress: (percent: number) => void,
): Promise<{ eTag: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    // A presigned part URL signs no content type; a presigned single PUT does.
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve({ eTag: xhr.getResponseHeader('ETag') ?? '' });
      } else {
        reject(new TransferError(`Upload answered HTTP ${xhr.status}`, xhr.status));
      }
    };
    xhr.onerror = () => reject(new TransferError('Network error during upload'));
    xhr.ontimeout = () => reject(new TransferError('Upload timed out'));
    xhr.send(file);
  });
}
