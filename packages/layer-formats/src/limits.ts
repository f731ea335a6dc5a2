import {
  GRID_MODE_MAX_PIXELS,
  GRID_TARGET_POINTS_MAX,
  GRID_TARGET_POINTS_MIN,
} from '@asset-portal/shared';

const MIB = 1024 * 1024;

/** Bounds that keep a hostile or oversized file from exhausting a browser tab or the seed. */
export interface LayerLimits {
  /** Largest input file accepted, in bytes. */
  maxInputBytes: number;
  /** Largest total uncompressed size of a KMZ or Shapefile ZIP. */
  maxUnzippedBytes: number;
  /** Most entries a KMZ or Shapefile ZIP may hold. */
  maxZipEntries: number;
  /** Above this many pixels a grid-mode GeoTIFF is shown as its bounds. */
  gridMaxPixels: number;
  gridTargetMin: number;
  gridTargetMax: number;
}

export const DEFAULT_LAYER_LIMITS: LayerLimits = {
  maxInputBytes: 256 * MIB,
  maxUnzippedBytes: 512 * MIB,
  maxZipEntries: 2000,
  gridMaxPixels: GRID_MODE_MAX_PIXELS,
  gridTargetMin: GRID_TARGET_POINTS_MIN,
  gridTargetMax: GRID_TARGET_POINTS_MAX,
};

export function resolveLimits(overrides: Partial<LayerLimits> | undefined): LayerLimits {
  return { ...DEFAULT_LAYER_LIMITS, ...overrides };
}
