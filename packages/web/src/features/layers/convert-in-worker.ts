/** Runs one layer-file conversion in a Web Worker and answers with the converted layer. */
import type { ConvertOptions } from '@asset-portal/layer-formats';
import { LAYER_MESSAGES, type LayerFileKind, layerFileKind } from '@asset-portal/shared';
import type {
  ConvertedLayerFile,
  LayerWorkerAnswer,
  LayerWorkerRequest,
} from './layer-worker-messages.ts';

/** The part of a Worker the conversion uses (a fake stands in for it in tests). */
export interface ConversionWorker {
  postMessage(message: LayerWorkerRequest): void;
  terminate(): void;
  addEventListener(type: 'message', listener: (event: { data: LayerWorkerAnswer }) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: unknown) => void): void;
}

/** A conversion that failed; the message is the text to show. */
export class LayerConversionFailure extends Error {
  override readonly name = 'LayerConversionFailure';
}

export function createConversionWorker(): ConversionWorker {
  return new Worker(new URL('./layer-convert.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as ConversionWorker;
}

/**
 * The spec's texts for when the converting code could not be loaded: the GeoTIFF and Shapefile
 * ones name their library; the other formats get the plain upload failure.
 */
export function loadFailureMessage(kind: LayerFileKind | null): string {
  if (kind === 'geotiff') return LAYER_MESSAGES.geoTiffLibraryMissing;
  if (kind === 'shapefile') return LAYER_MESSAGES.shapefileUnsupported;
  return LAYER_MESSAGES.uploadFailed;
}

export interface ConvertInWorkerOptions {
  convert?: ConvertOptions;
  /** Aborting stops the worker; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  createWorker?: () => ConversionWorker;
}

let nextRequestId = 1;

/**
 * Converts the file in a fresh worker, which is stopped once it has answered. Rejects with a
 * `LayerConversionFailure` carrying the converter's message, or the load-failure text when the
 * worker's code could not be loaded.
 */
export function convertInWorker(
  file: Blob & { name: string },
  options: ConvertInWorkerOptions = {},
): Promise<ConvertedLayerFile> {
  const { signal, createWorker = createConversionWorker } = options;
  const loadFailed = () => new LayerConversionFailure(loadFailureMessage(layerFileKind(file.name)));
  return new Promise<ConvertedLayerFile>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let worker: ConversionWorker;
    try {
      worker = createWorker();
    } catch {
      reject(loadFailed());
      return;
    }
    const id = nextRequestId++;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      worker.terminate();
      signal?.removeEventListener('abort', handleAbort);
      outcome();
    };
    const handleAbort = () => finish(() => reject(signal?.reason));
    signal?.addEventListener('abort', handleAbort, { once: true });

    worker.addEventListener('message', (event) => {
      const answer = event.data;
      if (answer.id !== id) return;
      finish(() =>
        answer.ok ? resolve(answer.layer) : reject(new LayerConversionFailure(answer.error)),
      );
    });
    // The worker answers every request itself; an error event means its code did not load.
    worker.addEventListener('error', () => finish(() => reject(loadFailed())));
    worker.addEventListener('messageerror', () =>
      finish(() => reject(new LayerConversionFailure(LAYER_MESSAGES.uploadFailed))),
    );
    const request: LayerWorkerRequest = { id, file, name: file.name };
    if (options.convert) request.options = options.convert;
    worker.postMessage(request);
  });
}
