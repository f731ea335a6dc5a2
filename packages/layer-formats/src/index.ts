export { convertLayerFile } from './convert.ts';
export { LayerConversionError } from './errors.ts';
export { DEFAULT_LAYER_LIMITS, type LayerLimits } from './limits.ts';
export type { ConvertOptions, GeoTiffMode, LayerConversion, LayerStyle } from './types.ts';
export * from './worker-protocol.ts';
