import type { LayerFileKind } from '@asset-portal/shared';
import type { FeatureCollection } from 'geojson';
import type { LayerLimits } from './limits.ts';

export type GeoTiffMode = 'bounds' | 'grid';

export interface ConvertOptions {
  /** How a GeoTIFF is shown: its footprint (default) or sampled elevation points. */
  geotiffMode?: GeoTiffMode;
  limits?: Partial<LayerLimits>;
}

/** A MapLibre style layer without `id` and `source` (the app assigns both). */
export type LayerStyle = Record<string, unknown>;

export interface LayerConversion {
  kind: LayerFileKind;
  /** WGS 84 lon/lat, 7 decimals. */
  featureCollection: FeatureCollection;
  styles: LayerStyle[];
  /** Non-blocking notes to show beside the result. */
  warnings: string[];
  /** The source's coordinate system: an EPSG code or the .prj's name. */
  crs: string;
}
