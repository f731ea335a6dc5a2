import type { FeatureCollection, Point } from 'geojson';
import type { Ref } from 'react';
import type { LngLatBox } from './scan-features.ts';

/** Status of a scan on the map, as `filterStatusOf` of the shared package words it. */
export type MapScanStatus = 'Final' | 'Provisional' | 'Exception';

/**
 * A scan drawn on the map: its trajectory path as WGS84 vertices, flat (lon, lat, lon, lat…),
 * as the project summary decodes them without an array per vertex.
 */
export interface MapScan {
  id: string;
  status: MapScanStatus;
  path: Float64Array | null;
  /** The path in Web Mercator, when projected ahead (`projectPaths`); else the map projects it. */
  mercator?: Float64Array | null;
}

/** A path of `[lon, lat]` pairs in the flat form of `MapScan.path` (tests, small callers). */
export function flatPath(positions: readonly (readonly number[])[]): Float64Array {
  return Float64Array.from(
    positions.flatMap((position) => [position[0] ?? Number.NaN, position[1] ?? Number.NaN]),
  );
}

/** A project layer: GeoJSON text and a JSON array of MapLibre layer styles. */
export interface MapLayerSpec {
  id: string;
  name: string;
  source: string;
  layers: string;
}

export interface MapOverlays {
  annotations?: FeatureCollection<Point> | null;
  camera?: { lon: number; lat: number } | null;
  profileLine?: [number, number][] | null;
  profileHover?: [number, number] | null;
  /** The focused scan's processing bounding box: two opposite corners. */
  boundingBox?: [[number, number], [number, number]] | null;
}

export interface MapCenter {
  lon: number;
  lat: number;
  zoom: number;
}

/** The zoom a layer is drawn from, and one of its coordinates to look at from there. */
export interface DrawnFrom {
  from: number;
  at: [number, number];
}

export interface ScanMapHandle {
  /** 'Zoom to view all selected scans'. */
  fitToScans(scanIds: readonly string[]): void;
  /**
   * Brings a box into view (a project layer's), with room around it. With `drawn`, a box that
   * fits only at a zoom below `drawn.from` is looked at from that zoom at `drawn.at` instead: the
   * layer is drawn only from there, and a whole view of nothing would show the user nothing.
   */
  fitToBounds(box: LngLatBox, drawn?: DrawnFrom): void;
  /** Brings the scans into view when they are not all in it, never zooming in. */
  revealScans(scanIds: readonly string[]): void;
  /** One click on the map; Escape resolves null. */
  requestPoint(): Promise<[number, number] | null>;
  /** Clicks add vertices, a double-click ends; Escape resolves null. */
  requestLine(): Promise<[number, number][] | null>;
  /** A rectangle dragged on the map: two opposite corners; Escape resolves null. */
  requestBox(): Promise<[[number, number], [number, number]] | null>;
  getCenter(): MapCenter;
  flyTo(center: { lon: number; lat: number; zoom?: number }): void;
  /** Draws these scans now, ahead of the render that passes them as `scans`. */
  showScans(scans: readonly MapScan[]): void;
}

export interface ScanMapProps {
  ref?: Ref<ScanMapHandle>;
  /** The scans to draw (filtered list ∪ selected); may be 10,000. */
  scans: readonly MapScan[];
  selectedScanIds: ReadonlySet<string>;
  focusedScanId: string | null;
  /** Project layers to show. */
  layers: readonly MapLayerSpec[];
  overlays: MapOverlays;
  onScanClick(scanId: string, lngLat: [number, number]): void;
  onScanHover?(scanId: string | null): void;
  onMoveEnd?(center: MapCenter): void;
  /** The current project: picks its map configuration (terrain, hillshade, zoom limit). */
  projectId?: string | null;
  /**
   * True while the project's scans are still loading: the map is made once the screen that
   * lists them has painted (or after `MAP_WAIT_LIMIT_MS`). Making it takes the main thread a
   * few hundred milliseconds on software WebGL, which would otherwise delay the list.
   */
  waitForScans?: boolean;
}
