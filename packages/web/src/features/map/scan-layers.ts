import type { ExpressionSpecification, LayerSpecification, SourceSpecification } from 'maplibre-gl';
import { HIGHLIGHT_COLORS, STATUS_COLORS } from './map-colors.ts';
import {
  boundsOfScans,
  type LngLatBox,
  needsRebuild,
  type ScanFeatureCollection,
  scanFeatureCollection,
  setChanges,
} from './scan-features.ts';
import type { MapScan } from './types.ts';

export const SCAN_SOURCE = 'scans';
export const SCAN_LAYERS = {
  casing: 'scan-paths-casing',
  lines: 'scan-paths',
  hit: 'scan-paths-hit',
} as const;

/** Feature-state keys: visibility, selection, focus and hover change without touching data. */
export type ScanState = Partial<Record<'selected' | 'focused' | 'hover', boolean>>;

const state = (key: keyof ScanState): ExpressionSpecification => [
  'boolean',
  ['feature-state', key],
  false,
];

export function scanSource(): SourceSpecification {
  return {
    type: 'geojson',
    data: { type: 'FeatureCollection', features: [] },
    promoteId: 'scanId',
    // No simplification: it would drop paths shorter than a pixel, hiding scans when zoomed out.
    tolerance: 0,
  };
}

/** Status colours, thicker when selected, thickest with a dark casing when focused. */
export function scanLayers(): LayerSpecification[] {
  return [
    {
      id: SCAN_LAYERS.casing,
      type: 'line',
      source: SCAN_SOURCE,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': [
          'case',
          state('focused'),
          HIGHLIGHT_COLORS.focusedCasing,
          HIGHLIGHT_COLORS.casing,
        ],
        'line-width': ['case', state('focused'), 12, state('selected'), 8, state('hover'), 7, 0],
      },
    },
    {
      id: SCAN_LAYERS.lines,
      type: 'line',
      source: SCAN_SOURCE,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': [
          'match',
          ['get', 'status'],
          'Final',
          STATUS_COLORS.Final,
          'Provisional',
          STATUS_COLORS.Provisional,
          STATUS_COLORS.Exception,
        ],
        'line-width': ['case', state('focused'), 7, state('selected'), 5, state('hover'), 4.5, 2.5],
      },
    },
    {
      // Wider than the drawn path so a thin line is easy to point at.
      id: SCAN_LAYERS.hit,
      type: 'line',
      source: SCAN_SOURCE,
      paint: { 'line-color': '#000000', 'line-width': 12, 'line-opacity': 0 },
    },
  ];
}

/** What the scan paths need from the map: data, a visibility filter and per-scan state. */
export interface ScanPathsTarget {
  setData(collection: ScanFeatureCollection): void;
  /** Applied to every scan layer; null shows every scan of the source. */
  setFeatureState(scanId: string, state: ScanState): void;
}

/**
 * Keeps one GeoJSON source of scan paths in step with the props: the data is sent again only
 * when the drawn scans differ. Hiding scans in place was measured slower at a project's zoom
 * (a layer filter listing thousands of ids lays out every tile again, and thousands of
 * feature-state changes rewrite every tile's paint arrays: 2–3 s for 10,000 paths, against
 * 0.2–0.5 s for new data). Selection, focus and hover are feature state.
 */
export class ScanPaths {
  private known = new Map<string, MapScan>();
  private selected = new Set<string>();
  private focused: string | null = null;
  private hovered: string | null = null;

  constructor(private readonly target: ScanPathsTarget) {}

  /** Returns 'rebuilt' when the data was sent, 'unchanged' when the same scans are drawn. */
  setScans(scans: readonly MapScan[]): 'rebuilt' | 'unchanged' {
    if (scans.length === this.known.size && !needsRebuild(this.known, scans)) return 'unchanged';
    this.known = new Map(scans.map((scan) => [scan.id, scan]));
    this.target.setData(scanFeatureCollection(scans));
    if (this.hovered && !this.known.has(this.hovered)) this.setHovered(null);
    this.restoreStates();
    return 'rebuilt';
  }

  /** Selection, focus and hover again after new data replaced the features. */
  private restoreStates(): void {
    for (const id of this.selected) this.target.setFeatureState(id, { selected: true });
    if (this.focused) this.target.setFeatureState(this.focused, { focused: true });
    if (this.hovered) this.target.setFeatureState(this.hovered, { hover: true });
  }

  setSelected(ids: ReadonlySet<string>): void {
    const { added, removed } = setChanges(this.selected, ids);
    for (const id of added) this.target.setFeatureState(id, { selected: true });
    for (const id of removed) this.target.setFeatureState(id, { selected: false });
    this.selected = new Set(ids);
  }

  setFocused(id: string | null): void {
    if (id === this.focused) return;
    if (this.focused) this.target.setFeatureState(this.focused, { focused: false });
    if (id) this.target.setFeatureState(id, { focused: true });
    this.focused = id;
  }

  setHovered(id: string | null): void {
    if (id === this.hovered) return;
    if (this.hovered) this.target.setFeatureState(this.hovered, { hover: false });
    if (id) this.target.setFeatureState(id, { hover: true });
    this.hovered = id;
  }

  get hoveredId(): string | null {
    return this.hovered;
  }

  /** Whether the scan is among the drawn ones. */
  isVisible(id: string): boolean {
    return this.known.has(id);
  }

  bounds(ids: readonly string[]): LngLatBox | null {
    return boundsOfScans(this.known, ids);
  }
}
