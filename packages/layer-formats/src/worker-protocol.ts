/**
 * Messages between the page and a layer-conversion Web Worker. The worker calls
 * `handleConversionMessage` and posts its answer back; `id` pairs answers with requests.
 */
import { LAYER_MESSAGES } from '@asset-portal/shared';
import { convertLayerFile } from './convert.ts';
import { LayerConversionError } from './errors.ts';
import type { ConvertOptions, LayerConversion } from './types.ts';

export interface ConversionRequest {
  id: number;
  name: string;
  bytes: Uint8Array;
  options?: ConvertOptions;
}

export type ConversionResponse =
  | { id: number; ok: true; result: LayerConversion }
  | { id: number; ok: false; error: string };

/** Never rejects: every failure becomes `{ ok: false, error }` with a message fit to show. */
export async function handleConversionMessage(
  request: ConversionRequest,
): Promise<ConversionResponse> {
  try {
    const result = await convertLayerFile(request.name, request.bytes, request.options);
    return { id: request.id, ok: true, result };
  } catch (error) {
    // Anything unexpected (a library bug, out of memory) still gets the §8 upload text.
    const message =
      error instanceof LayerConversionError ? error.message : LAYER_MESSAGES.uploadFailed;
    return { id: request.id, ok: false, error: message };
  }
}
