import { LAYER_MESSAGES } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import {
  type ConversionWorker,
  convertInWorker,
  LayerConversionFailure,
  loadFailureMessage,
} from './convert-in-worker.ts';
import type {
  ConvertedLayerFile,
  LayerWorkerAnswer,
  LayerWorkerRequest,
} from './layer-worker-messages.ts';

type Listener = (event: unknown) => void;

/** A worker the test answers for: it records requests and whether it was stopped. */
class FakeWorker implements ConversionWorker {
  readonly requests: LayerWorkerRequest[] = [];
  terminated = false;
  private readonly listeners = new Map<string, Listener[]>();

  postMessage(message: LayerWorkerRequest): void {
    this.requests.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: 'message', listener: (event: { data: LayerWorkerAnswer }) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: unknown) => void): void;
  addEventListener(type: string, listener: (event: never) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener as Listener]);
  }
  emit(type: 'message' | 'error' | 'messageerror', event: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  answer(answer: LayerWorkerAnswer): void {
    this.emit('message', { data: answer });
  }
}

const file = (name: string) => Object.assign(new Blob(['x']), { name });

const converted: ConvertedLayerFile = {
  kind: 'geojson',
  sourceJson: new TextEncoder().encode(
    JSON.stringify('{"type":"FeatureCollection","features":[]}'),
  ),
  styles: [{ type: 'line' }],
  featureCount: 0,
  sourceBytes: 43,
  warnings: [],
  crs: 'EPSG:4326',
};

function start(name: string, options: { signal?: AbortSignal; geotiff?: boolean } = {}) {
  const worker = new FakeWorker();
  const result = convertInWorker(file(name), {
    createWorker: () => worker,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.geotiff ? { convert: { geotiffMode: 'grid' } } : {}),
  });
  return { worker, result };
}

describe('converting a layer file in a worker', () => {
  it('sends the file with its name and options, and resolves with the answer', async () => {
    const { worker, result } = start('dem.tif', { geotiff: true });
    const [request] = worker.requests;
    expect(request).toMatchObject({ name: 'dem.tif', options: { geotiffMode: 'grid' } });
    worker.answer({ id: request?.id ?? 0, ok: true, layer: converted });
    await expect(result).resolves.toEqual(converted);
    expect(worker.terminated).toBe(true);
  });

  it("rejects with the converter's message", async () => {
    const { worker, result } = start('bad.json');
    worker.answer({
      id: worker.requests[0]?.id ?? 0,
      ok: false,
      error: LAYER_MESSAGES.notFeatureCollection,
    });
    await expect(result).rejects.toThrow(
      new LayerConversionFailure(LAYER_MESSAGES.notFeatureCollection),
    );
    expect(worker.terminated).toBe(true);
  });

  it('ignores answers to other requests', async () => {
    const { worker, result } = start('a.geojson');
    const id = worker.requests[0]?.id ?? 0;
    worker.answer({ id: id + 1000, ok: false, error: 'someone else' });
    worker.answer({ id, ok: true, layer: converted });
    await expect(result).resolves.toEqual(converted);
  });

  it.each([
    ['dem.tif', LAYER_MESSAGES.geoTiffLibraryMissing],
    ['parcels.zip', LAYER_MESSAGES.shapefileUnsupported],
    ['roads.kml', LAYER_MESSAGES.uploadFailed],
  ])('answers a worker that did not load (%s) with %s', async (name, message) => {
    const { worker, result } = start(name);
    worker.emit('error', new Event('error'));
    await expect(result).rejects.toThrow(message);
    expect(worker.terminated).toBe(true);
  });

  it('answers a worker that cannot even be created with the load-failure text', async () => {
    const result = convertInWorker(file('dem.geotiff'), {
      createWorker: () => {
        throw new Error('SecurityError');
      },
    });
    await expect(result).rejects.toThrow(LAYER_MESSAGES.geoTiffLibraryMissing);
  });

  it('stops the worker when the upload is cancelled', async () => {
    const controller = new AbortController();
    const { worker, result } = start('a.kmz', { signal: controller.signal });
    controller.abort(new Error('cancelled'));
    await expect(result).rejects.toThrow('cancelled');
    expect(worker.terminated).toBe(true);
    // A late answer changes nothing.
    worker.answer({ id: worker.requests[0]?.id ?? 0, ok: true, layer: converted });
  });

  it('names the library only for GeoTIFF and Shapefile', () => {
    expect(loadFailureMessage('geotiff')).toBe(LAYER_MESSAGES.geoTiffLibraryMissing);
    expect(loadFailureMessage('shapefile')).toBe(LAYER_MESSAGES.shapefileUnsupported);
    expect(loadFailureMessage('geojson')).toBe(LAYER_MESSAGES.uploadFailed);
    expect(loadFailureMessage(null)).toBe(LAYER_MESSAGES.uploadFailed);
  });
});
