/**
 * What the page and the layer-conversion worker say to each other. The worker answers with the
 * layer's source already encoded as a JSON string literal in UTF-8 bytes, ready to be spliced into
 * the request that saves it: the page neither receives a large object graph nor spends time
 * serialising or encoding it.
 */
import type { ConversionResponse, ConvertOptions, LayerStyle } from '@asset-portal/layer-formats';
import { type LayerFileKind, utf8ByteLength, validateLayerSourceSize } from '@asset-portal/shared';

export interface LayerWorkerRequest {
  id: number;
  /** Read inside the worker, so the page never copies the bytes. */
  file: Blob;
  name: string;
  options?: ConvertOptions;
}

/** A converted layer file, ready to be sent as a layer. */
export interface ConvertedLayerFile {
  kind: LayerFileKind;
  /**
   * The GeoJSON FeatureCollection's JSON text, itself encoded as a JSON string literal, in UTF-8
   * bytes: moved (not copied) from the worker and put into the request as they are.
   */
  sourceJson: Uint8Array<ArrayBuffer>;
  styles: LayerStyle[];
  featureCount: number;
  sourceBytes: number;
  warnings: string[];
  crs: string;
}

export type LayerWorkerAnswer =
  | { id: number; ok: true; layer: ConvertedLayerFile }
  | { id: number; ok: false; error: string };

/** Turns the converter's answer into the page's: the source encoded, within the size rule. */
export function toWorkerAnswer(response: ConversionResponse): LayerWorkerAnswer {
  if (!response.ok) return response;
  const { result } = response;
  const source = JSON.stringify(result.featureCollection);
  const sourceBytes = utf8ByteLength(source);
  const tooLarge = validateLayerSourceSize(sourceBytes);
  if (tooLarge) return { id: response.id, ok: false, error: tooLarge };
  return {
    id: response.id,
    ok: true,
    layer: {
      kind: result.kind,
      sourceJson: new TextEncoder().encode(JSON.stringify(source)),
      styles: result.styles,
      featureCount: result.featureCollection.features.length,
      sourceBytes,
      warnings: result.warnings,
      crs: result.crs,
    },
  };
}
