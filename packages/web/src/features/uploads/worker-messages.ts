/** Messages between the upload engine and its workers. */
export interface WorkerRequest {
  id: number;
  url: string;
  body: Blob;
  contentType?: string;
}

export type WorkerReply =
  | { id: number; type: 'progress'; loaded: number }
  | { id: number; type: 'done'; eTag: string }
  | { id: number; type: 'error'; status?: number; message: string };
