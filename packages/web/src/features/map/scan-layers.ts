import type {
  ExpressionSpecification,
  FilterSpecification,
  LayerSpecification,
  SourceSpecification,
} from 'maplibre-gl';
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
  setFilter(filter: FilterSpecification | null): void;
  setFeatureState(scanId: string, state: ScanState): void;
}

/**
 * The layer filter keeping only the given scans. `match` looks labels up in a table, so the
 * cost per feature does not grow with the list; the shorter of shown and hidden is listed.
 */
export function visibilityFilter(
  known: Iterable<string>,
  visible: ReadonlySet<string>,
): FilterSpecification | null {
  const hidden: string[] = [];
  for (const id of known) if (!visible.has(id)) hidden.push(id);
  if (hidden.length === 0) return null;
  const shown = [...visible];
  if (shown.length === 0) return ['boolean', false];
  return shown.length <= hidden.length
    ? ['match', ['get', 'scanId'], shown, true, false]
    : ['match', ['get', 'scanId'], hidden, false, true];
}

/**
 * Keeps one GeoJSON source of scan paths in step with the props. A filter change that only
 * removes or brings back scans the source already holds changes the layers' filter; the data
 * is sent to the map again only when a scan is new or its path or status changed. Selection,
 * focus and hover are feature state, so they never touch the data either.
 */
export class ScanPaths {
  private known = new Map<string, MapScan>();
  private visible = new Set<string>();
  private selected = new Set<string>();
  private focused: string | null = null;
  private hovered: string | null = null;
  private filtered = false;

  constructor(private readonly target: ScanPathsTarget) {}

  /** Returns 'rebuilt' when the data was sent, 'filter' when only visibility changed. */
  setScans(scans: readonly MapScan[]): 'rebuilt' | 'filter' {
    const next = new Set<string>();
    for (const scan of scans) next.add(scan.id);
    if (needsRebuild(this.known, scans)) {
      this.known = new Map(scans.map((scan) => [scan.id, scan]));
      this.target.setData(scanFeatureCollection(scans));
      if (this.filtered) this.target.setFilter(null);
      this.filtered = false;
      this.visible = next;
      return 'rebuilt';
    }
    const filter = visibilityFilter(this.known.keys(), next);
    if (filter !== null || this.filtered) this.target.setFilter(filter);
    this.filtered = filter !== null;
    this.visible = next;
    if (this.hovered && !next.has(this.hovered)) this.setHovered(null);
    return 'filter';
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

  /** Whether the scan is in the current list (hidden scans stay in the source). */
  isVisible(id: string): boolean {
    return this.visible.has(id);
  }

  bounds(ids: readonly string[]): LngLatBox | null {
    return boundsOfScans(this.known, ids);
  }
}
