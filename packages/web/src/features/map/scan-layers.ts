import type { Feature, FeatureCollection, LineString } from 'geojson';
import type { LayerSpecification, LineLayerSpecification, SourceSpecification } from 'maplibre-gl';
import { HIGHLIGHT_COLORS, STATUS_COLORS } from './map-colors.ts';
import { drawablePath, type LngLatBox, needsRebuild } from './scan-features.ts';
import { ScanPathGeometry } from './scan-path-geometry.ts';
import type { MapScan, MapScanStatus } from './types.ts';

/** The custom layer drawing every shown path, and the highlighted paths drawn over it. */
export const SCAN_LAYERS = {
  paths: 'scan-paths',
  casing: 'scan-highlights-casing',
  highlights: 'scan-highlights',
} as const;
export const HIGHLIGHT_SOURCE = 'scan-highlights';

/** How a path stands out: hovered, selected or focused, the last winning. */
export type HighlightState = 'hover' | 'selected' | 'focused';
const RANK: Record<HighlightState, number> = { hover: 1, selected: 2, focused: 3 };

export interface HighlightProperties {
  scanId: string;
  status: MapScanStatus;
  state: HighlightState;
  rank: number;
}
export type HighlightCollection = FeatureCollection<LineString, HighlightProperties>;

export function highlightSource(): SourceSpecification {
  return {
    type: 'geojson',
    data: { type: 'FeatureCollection', features: [] },
    // No simplification: it would drop paths shorter than a pixel, hiding scans when zoomed out.
    tolerance: 0,
  };
}

const byState = (focused: string | number, selected: string | number, hover: string | number) =>
  ['match', ['get', 'state'], 'focused', focused, 'selected', selected, hover] as never;

/** Highlighted paths: wider in their status colour over a casing, dark blue when focused. */
export function highlightLayers(): LayerSpecification[] {
  const layout: LineLayerSpecification['layout'] = {
    'line-cap': 'round',
    'line-join': 'round',
    'line-sort-key': ['get', 'rank'],
  };
  return [
    {
      id: SCAN_LAYERS.casing,
      type: 'line',
      source: HIGHLIGHT_SOURCE,
      layout,
      paint: {
        'line-color': byState(
          HIGHLIGHT_COLORS.focusedCasing,
          HIGHLIGHT_COLORS.casing,
          HIGHLIGHT_COLORS.casing,
        ),
        'line-width': byState(12, 8, 7),
      },
    },
    {
      id: SCAN_LAYERS.highlights,
      type: 'line',
      source: HIGHLIGHT_SOURCE,
      layout,
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
        'line-width': byState(7, 5, 4.5),
      },
    },
  ];
}

/** The scans a frame draws, by id. */
export interface ShownScans {
  has(id: string): boolean;
}

/** What the scan paths need from the map: the path layer and the highlight source. */
export interface ScanPathsTarget {
  /** New paths, and which of them are shown. */
  setGeometry(geometry: ScanPathGeometry, shown: ShownScans): void;
  /** The same paths, another set shown. */
  setShown(shown: ShownScans): void;
  setHighlights(collection: HighlightCollection): void;
}

/**
 * Keeps the map's scan paths in step with the props. The path layer holds the paths of every
 * scan seen in the project so far, so a filter change only says which are shown (the layer
 * lists their segments for the level it draws); it gets new paths when a scan arrives or
 * changes. Hover, selection and focus are a
 * handful of paths drawn again, wider, from a small GeoJSON source.
 */
export class ScanPaths {
  private geometry = new ScanPathGeometry([]);
  /**
   * The drawn scans by id, as last given: a scan given again as a new object with the same path
   * and status (a new summary version) takes the old one's place, so that the next filter change
   * compares it by identity instead of vertex by vertex.
   */
  private known = new Map<string, MapScan>();
  private shown = new Map<string, MapScan>();
  /** The list last given, whose scans are shown: given again, nothing is compared. */
  private lastList: readonly MapScan[] | null = null;
  private selected = new Set<string>();
  private focused: string | null = null;
  private hovered: string | null = null;
  private sentHighlights = '';

  constructor(private readonly target: ScanPathsTarget) {}

  /**
   * 'rebuilt' when the paths were sent, 'filtered' when only which are shown changed,
   * 'unchanged' when the same scans are shown.
   */
  setScans(scans: readonly MapScan[]): 'rebuilt' | 'filtered' | 'unchanged' {
    if (scans === this.lastList) return 'unchanged';
    this.lastList = scans;
    if (scans.length === this.shown.size && !needsRebuild(this.shown, scans)) {
      this.adopt(scans);
      return 'unchanged';
    }
    this.shown = new Map(scans.map((scan) => [scan.id, scan]));
    const known = this.known;
    const rebuild = needsRebuild(known, scans);
    if (rebuild) {
      // A list sharing scans with the drawn ones keeps them (widening the filter again is then
      // only a visibility change); a list of other scans, as another project's, starts afresh.
      const keep = scans.some((scan) => known.has(scan.id));
      const all = keep ? new Map([...known, ...this.shown]) : this.shown;
      this.geometry = new ScanPathGeometry(all.values());
      this.known = new Map(all);
      this.target.setGeometry(this.geometry, this.shown);
      this.sentHighlights = '';
    } else {
      this.adopt(scans);
      this.target.setShown(this.shown);
    }
    if (this.hovered && !this.shown.has(this.hovered)) this.hovered = null;
    this.sendHighlights();
    return rebuild ? 'rebuilt' : 'filtered';
  }

  /** Equal scans given as new objects take the place of the known ones (see `known`). */
  private adopt(scans: readonly MapScan[]): void {
    for (const scan of scans) {
      if (this.known.get(scan.id) !== scan) this.known.set(scan.id, scan);
      if (this.shown.get(scan.id) !== scan) this.shown.set(scan.id, scan);
    }
  }

  setSelected(ids: ReadonlySet<string>): void {
    this.selected = new Set(ids);
    this.sendHighlights();
  }

  setFocused(id: string | null): void {
    this.focused = id;
    this.sendHighlights();
  }

  setHovered(id: string | null): void {
    this.hovered = id;
    this.sendHighlights();
  }

  get hoveredId(): string | null {
    return this.hovered;
  }

  /** Whether the scan is among the shown ones. */
  isVisible(id: string): boolean {
    return this.shown.has(id);
  }

  /** The shown scan nearest a Mercator point within a tolerance in Mercator units. */
  scanNear(point: [number, number], tolerance: number): string | null {
    return this.geometry.nearest(point, tolerance, this.shown);
  }

  bounds(ids: readonly string[]): LngLatBox | null {
    return this.geometry.bounds(ids.filter((id) => this.shown.has(id)));
  }

  /** The bounds of every shown path: where a scan without a path of its own is looked for. */
  shownBounds(): LngLatBox | null {
    return this.geometry.bounds(this.shown.keys());
  }

  /** Sends the highlighted paths when they differ from those last sent. */
  private sendHighlights(): void {
    const states = new Map<string, HighlightState>();
    if (this.hovered) states.set(this.hovered, 'hover');
    for (const id of this.selected) states.set(id, 'selected');
    if (this.focused) states.set(this.focused, 'focused');
    const features: Feature<LineString, HighlightProperties>[] = [];
    for (const [id, state] of states) {
      const scan = this.shown.get(id);
      const coordinates = drawablePath(scan?.path ?? null);
      if (!scan || !coordinates) continue;
      features.push({
        type: 'Feature',
        properties: { scanId: id, status: scan.status, state, rank: RANK[state] },
        geometry: { type: 'LineString', coordinates },
      });
    }
    const key = features.map((f) => `${f.properties.scanId}:${f.properties.state}`).join(',');
    if (key === this.sentHighlights) return;
    this.sentHighlights = key;
    this.target.setHighlights({ type: 'FeatureCollection', features });
  }
}
