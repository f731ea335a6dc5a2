export { MapLegend } from './MapLegend.tsx';
export { STATUS_COLORS, STATUS_LABELS } from './map-colors.ts';
export {
  DEFAULT_CENTER,
  DEFAULT_PROJECT_MAP_CONFIG,
  type ProjectMapConfig,
  parseMapRuntimeConfig,
  projectMapConfig,
} from './map-config.ts';
export { loadMapController, prepareMap } from './map-loader.ts';
export { SCAN_MAP_MIN_HEIGHT, ScanMap } from './ScanMap.tsx';
export type { LngLatBox } from './scan-features.ts';
export type {
  DrawnFrom,
  MapCenter,
  MapLayerSpec,
  MapOverlays,
  MapScan,
  MapScanStatus,
  ScanMapHandle,
  ScanMapProps,
} from './types.ts';
export { useProjectMapConfig } from './use-project-map-config.ts';
