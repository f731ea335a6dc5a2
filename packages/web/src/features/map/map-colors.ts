import type { MapScanStatus } from './types.ts';

/** Base map colours: pale land on blue water, so coloured scan paths stand out. */
export const BASE_COLORS = {
  water: '#aacbe4',
  land: '#f3f0e6',
  coastline: '#8fb0c8',
  borders: '#a59a8a',
} as const;

/** Three clearly different colours for the scan statuses, also shown in the legend. */
export const STATUS_COLORS: Record<MapScanStatus, string> = {
  Final: '#1b9e3e',
  Provisional: '#e67e00',
  Exception: '#c2185b',
};

/** Legend wording for each status. */
export const STATUS_LABELS: Record<MapScanStatus, string> = {
  Final: 'Final',
  Provisional: 'Provisional',
  Exception: 'No point cloud',
};

export const HIGHLIGHT_COLORS = {
  /** Casing drawn under selected and focused paths. */
  casing: '#ffffff',
  focusedCasing: '#0d47a1',
  annotation: '#6a1b9a',
  annotationSelected: '#ffd600',
  camera: '#0277bd',
  profileLine: '#d50000',
  profileHover: '#212121',
  drawing: '#263238',
} as const;
