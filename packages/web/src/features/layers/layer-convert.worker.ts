/// <reference lib="webworker" />
/**
 * Converts layer files off the page's thread: GeoJSON, KML, KMZ, zipped Shapefile and GeoTIFF
 * parsing can take seconds on large files.
 */
import { handleConversionMessage } from '@asset-portal/layer-formats';
import { LAYER_MESSAGES } from '@asset-portal/shared';
import {
  type LayerWorkerAnswer,
  type LayerWorkerRequest,
  toWorkerAnswer,
} from './layer-worker-messages.ts';

declare const self: DedicatedWorkerGlobalScope;

/**
 * Largest file the browser converts. A layer is stored at most 16 MiB after conversion, and a
 * 200 MB GeoJSON took 2.8 GB of memory to convert: past this size the tab would only strain to
 * produce something the server refuses.
 */
const BROWSER_MAX_INPUT_BYTES = 128 * 1024 * 1024;

async function answer(request: LayerWorkerRequest): Promise<LayerWorkerAnswer> {
  try {
    const bytes = new Uint8Array(await request.file.arrayBuffer());
    const response = await handleConversionMessage({
      id: request.id,
      name: request.name,
      bytes,
      options: {
        ...request.options,
        limits: { maxInputBytes: BROWSER_MAX_INPUT_BYTES, ...request.options?.limits },
      },
    });
    return toWorkerAnswer(response);
  } catch {
    // An unreadable file or a serialising failure still gets an answer the page can show.
    return { id: request.id, ok: false, error: LAYER_MESSAGES.uploadFailed };
  }
}

self.addEventListener('message', (event: MessageEvent<LayerWorkerRequest>) => {
  void answer(event.data).then((reply) =>
    self.postMessage(reply, reply.ok ? [reply.layer.sourceJson.buffer] : []),
  );
});
