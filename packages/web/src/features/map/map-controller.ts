import 'maplibre-gl/dist/maplibre-gl.css';
import {
  type GeoJSONSource,
  type LayerSpecification,
  type ErrorEvent as MapErrorEvent,
  Map as MapLibreMap,
  type MapMouseEvent,
  type MapSourceDataEvent,
  NavigationControl,
  prewarm,
  ScaleControl,
  setWorkerUrl,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { BASE_MAP_DATA, prefetchBaseMap } from './base-map-data.ts';
import { BASE_SOURCES, buildOfflineStyle, withAccessKey } from './base-style.ts';
import { addLayerImages, holdsImages } from './layer-images.ts';
import type { DemTileset, ProjectMapConfig } from './map-config.ts';
import {
  type BoxCorners,
  boxRing,
  finishedLine,
  type MapMode,
  MIN_BOX_DRAG_PX,
} from './map-modes.ts';
import {
  drawingCollection,
  emptyCollection,
  lineCollection,
  OVERLAY_SOURCES,
  overlayData,
  overlayLayers,
} from './overlays.ts';
import { type PreparedLayer, prepareProjectLayer } from './project-layers.ts';
import { boxInside, type LngLatBox } from './scan-features.ts';
import {
  HIGHLIGHT_SOURCE,
  highlightLayers,
  highlightSource,
  SCAN_LAYERS,
  ScanPaths,
} from './scan-layers.ts';
import { toMercator } from './scan-path-geometry.ts';
import { ScanPathLayer } from './scan-path-layer.ts';
import type { DrawnFrom, MapCenter, MapLayerSpec, MapOverlays, MapScan } from './types.ts';

// The bundler moves the worker to its own file; MapLibre must be told where.
setWorkerUrl(workerUrl);

/**
 * Starts MapLibre's workers and loads the base map's data before a map is made, while a screen
 * that will show one waits for the user: the first map then starts drawing at once (its workers
 * took a few hundred milliseconds to start and load their code otherwise). Both are kept for
 * every later map of the page.
 */
export function prewarmMap(): void {
  prewarm();
  prefetchBaseMap();
}

export interface MapCallbacks {
  onScanClick(scanId: string, lngLat: [number, number]): void;
  onScanHover?(scanId: string | null): void;
  onMoveEnd?(center: MapCenter): void;
  onModeChange(mode: MapMode | null): void;
}

type ModeResult = [number, number] | [number, number][] | BoxCorners;

interface ActiveMode {
  kind: MapMode;
  vertices: [number, number][];
  /** Where the box drag started: map position and screen point. */
  dragStart?: { lngLat: [number, number]; x: number; y: number };
  resolve(value: ModeResult | null): void;
}

/** How far from a path, in CSS pixels, the pointer still hovers or clicks it. */
const HIT_TOLERANCE_PX = 8;
// A fit stops at street level: a lone point or a short path would otherwise be shown at the
// map's deepest zoom, with nothing around it to place it by.
const FIT_MAX_ZOOM = 18;
const TERRAIN_SOURCE = 'project-terrain';
const HILLSHADE_SOURCE = 'project-hillshade';
const HILLSHADE_LAYER = 'project-hillshade';

/**
 * Owns one MapLibre map for the lifetime of the component: scan paths, project layers,
 * overlays and the click modes. Inputs given before the style has loaded are kept and applied
 * once it has.
 */
export class MapController {
  readonly map: MapLibreMap;
  private loaded = false;
  /** A fit asked for before the map loaded (e.g. a project just opened); done on load. */
  private pendingFit: readonly string[] | null = null;
  private destroyed = false;
  private readonly paths: ScanPaths;
  private readonly pathLayer = new ScanPathLayer(SCAN_LAYERS.paths);
  private scans: readonly MapScan[] = [];
  private selected: ReadonlySet<string> = new Set();
  private focused: string | null = null;
  private overlays: MapOverlays = {};
  private layerSpecs: readonly MapLayerSpec[] = [];
  private shownLayers = new Map<string, { key: string; styleIds: string[]; sourceId: string }>();
  /** Layers (by `id\0layers`: the icons come from the styles) whose icons are being decoded, or were tried. */
  private readonly imageLoads = new Map<string, 'loading' | 'tried'>();
  private projectConfig: ProjectMapConfig;
  private demSourceIds: string[] = [];
  private mode: ActiveMode | null = null;
  private readonly sentOverlays = new Map<string, string>();
  private readonly mark: (name: string, value: string) => void;

  constructor(
    container: HTMLElement,
    options: { styleUrl: string | null; config: ProjectMapConfig },
    private readonly callbacks: () => MapCallbacks,
  ) {
    this.projectConfig = options.config;
    const { center, maxDetailZoom, accessKey } = options.config;
    this.map = new MapLibreMap({
      container,
      style: options.styleUrl
        ? withAccessKey(options.styleUrl, accessKey)
        : buildOfflineStyle(BASE_MAP_DATA),
      center: [center.lon, center.lat],
      zoom: center.zoom,
      maxZoom: maxDetailZoom,
      attributionControl: false,
      // Pixels are read back by the browser tests and by screenshots of the page.
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    this.map.addControl(new NavigationControl({ visualizePitch: true }), 'top-right');
    this.map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left');
    this.paths = new ScanPaths({
      setGeometry: (geometry, shown) => this.pathLayer.setGeometry(geometry, shown),
      setShown: (shown) => this.pathLayer.setShown(shown),
      setHighlights: (collection) => this.geojson(HIGHLIGHT_SOURCE)?.setData(collection),
    });
    // The style's sources and layers are in: the scans are added now rather than at 'load',
    // which waits until every source has its first tiles (the base map's land takes its worker
    // about a second to fetch and tile on a slow machine; the paths need none of it).
    this.map.once('style.load', () => {
      performance.mark('map:style-loaded');
      this.onLoad();
    });
    // Readable state on the element, for people inspecting the page and for browser tests.
    const mark = (name: string, value: string) => {
      // MapLibre reports loading once per tile: the element is written only on a change.
      if (container.dataset[name] !== value) container.dataset[name] = value;
    };
    this.mark = mark;
    mark('mapIdle', 'false');
    mark('baseMap', options.styleUrl ? 'style' : 'loading');
    this.map.on('idle', () => {
      mark('pathSegments', String(this.pathLayer.drawnSegments));
      mark('mapIdle', 'true');
    });
    this.map.on('dataloading', () => mark('mapIdle', 'false'));
    if (!options.styleUrl) this.watchBaseMap();
    this.map.on('movestart', () => mark('mapIdle', 'false'));
    this.map.on('mousemove', (event) => this.onPointerMove(event));
    this.map.on('mouseout', () => this.hover(null));
    this.map.on('click', (event) => this.onClick(event));
    this.map.on('dblclick', (event) => this.onDoubleClick(event));
    this.map.on('mousedown', (event) => this.onPointerDown(event));
    this.map.on('mouseup', (event) => this.onPointerUp(event));
    this.map.on('moveend', () => this.callbacks().onMoveEnd?.(this.getCenter()));
    window.addEventListener('keydown', this.onKeyDown);
  }

  destroy(): void {
    this.destroyed = true;
    this.finishMode(null);
    window.removeEventListener('keydown', this.onKeyDown);
    this.map.remove();
  }

  setScans(scans: readonly MapScan[]): void {
    this.scans = scans;
    if (this.loaded) this.paths.setScans(scans);
  }

  setSelected(ids: ReadonlySet<string>): void {
    this.selected = ids;
    if (this.loaded) this.paths.setSelected(ids);
  }

  setFocused(id: string | null): void {
    this.focused = id;
    if (this.loaded) this.paths.setFocused(id);
  }

  setOverlays(overlays: MapOverlays): void {
    this.overlays = overlays;
    if (!this.loaded) return;
    for (const [source, collection] of Object.entries(overlayData(overlays))) {
      // Overlays are small; only those whose content changed are sent to the worker.
      const text = JSON.stringify(collection);
      if (this.sentOverlays.get(source) === text) continue;
      this.sentOverlays.set(source, text);
      this.geojson(source)?.setData(collection);
    }
  }

  setLayers(specs: readonly MapLayerSpec[]): void {
    this.layerSpecs = specs;
    if (this.loaded) this.syncLayers();
  }

  setProjectConfig(config: ProjectMapConfig): void {
    this.projectConfig = config;
    if (this.loaded) this.applyProjectConfig();
  }

  getCenter(): MapCenter {
    const { lng, lat } = this.map.getCenter();
    return { lon: lng, lat, zoom: this.map.getZoom() };
  }

  flyTo(center: { lon: number; lat: number; zoom?: number }): void {
    this.map.flyTo({
      center: [center.lon, center.lat],
      ...(center.zoom !== undefined ? { zoom: center.zoom } : {}),
    });
  }

  /** 'Zoom to view all selected scans': the paths' bounds with room around them. */
  fitToScans(scanIds: readonly string[]): void {
    if (!this.loaded) {
      this.pendingFit = scanIds;
      return;
    }
    this.fitBox(scanIds, 600);
  }

  /** Brings a box into view with room around it: a project layer the user asked to zoom to. */
  fitToBounds(box: LngLatBox, drawn?: DrawnFrom): void {
    const fit = { padding: 60, maxZoom: FIT_MAX_ZOOM };
    const zoom = drawn && this.map.cameraForBounds(box, fit)?.zoom;
    if (drawn && zoom !== undefined && zoom < drawn.from) {
      this.map.easeTo({ center: drawn.at, zoom: drawn.from, duration: 600 });
      return;
    }
    this.map.fitBounds(box, { ...fit, duration: 600 });
  }

  /**
   * Brings the scans into view when part of their paths is out of it (a scan focused from the
   * list), zooming out as far as needed and never in: the user chose the zoom.
   */
  revealScans(scanIds: readonly string[]): void {
    if (!this.loaded) return;
    const box = this.paths.bounds(scanIds);
    if (!box) return;
    const shown = this.map.getBounds();
    const view: LngLatBox = [
      [shown.getWest(), shown.getSouth()],
      [shown.getEast(), shown.getNorth()],
    ];
    if (boxInside(box, view)) return;
    this.map.fitBounds(box, { padding: 60, maxZoom: this.map.getZoom(), duration: 600 });
  }

  /**
   * Fits the scans' paths; scans without one (an import that failed has none) show the project's
   * shown paths instead of leaving the map where it was, the world view when it just opened.
   */
  private fitBox(scanIds: readonly string[], duration: number): void {
    const box = this.paths.bounds(scanIds) ?? this.paths.shownBounds();
    if (box) this.map.fitBounds(box, { padding: 60, maxZoom: FIT_MAX_ZOOM, duration });
  }

  requestPoint(): Promise<[number, number] | null> {
    return this.startMode('point') as Promise<[number, number] | null>;
  }

  requestLine(): Promise<[number, number][] | null> {
    return this.startMode('line') as Promise<[number, number][] | null>;
  }

  requestBox(): Promise<BoxCorners | null> {
    return this.startMode('box') as Promise<BoxCorners | null>;
  }

  private startMode(kind: MapMode): Promise<ModeResult | null> {
    this.finishMode(null);
    if (this.destroyed) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.mode = { kind, vertices: [], resolve };
      if (kind === 'line') this.map.doubleClickZoom.disable();
      // The drag draws the rectangle instead of moving the map.
      if (kind === 'box') this.map.dragPan.disable();
      this.hover(null);
      this.setCursor('crosshair');
      // A point is also placed from the keyboard: the arrow keys move the map under the centre
      // mark and Enter places it there; the map takes the focus for that.
      if (kind === 'point') this.map.getCanvas().focus({ preventScroll: true });
      this.callbacks().onModeChange(kind);
    });
  }

  private finishMode(value: ModeResult | null): void {
    const mode = this.mode;
    if (!mode) return;
    this.mode = null;
    if (!this.destroyed) {
      if (mode.kind === 'line') this.map.doubleClickZoom.enable();
      if (mode.kind === 'box') this.map.dragPan.enable();
      this.geojson(OVERLAY_SOURCES.drawing)?.setData(emptyCollection());
      this.setCursor('');
      this.callbacks().onModeChange(null);
    }
    mode.resolve(value);
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && this.mode) {
      event.preventDefault();
      this.finishMode(null);
      return;
    }
    const onMap = event.target instanceof Node && this.map.getContainer().contains(event.target);
    if (event.key === 'Enter' && this.mode?.kind === 'point' && onMap) {
      event.preventDefault();
      const { lng, lat } = this.map.getCenter();
      this.finishMode([lng, lat]);
    }
  };

  private onLoad(): void {
    if (this.destroyed) return;
    // The scan paths are drawn in Web Mercator; a configured style asking for the globe is
    // shown flat rather than with its paths out of place (see docs/decisions.md).
    const projection = this.map.getProjection()?.type;
    if (projection !== undefined && projection !== 'mercator') {
      console.warn(
        `The map style asks for the ${JSON.stringify(projection)} projection; the map is shown in Web Mercator`,
      );
      this.map.setProjection({ type: 'mercator' });
    }
    this.map.addLayer(this.pathLayer);
    this.map.addSource(HIGHLIGHT_SOURCE, highlightSource());
    for (const layer of highlightLayers()) this.map.addLayer(layer);
    for (const source of Object.values(OVERLAY_SOURCES)) {
      this.map.addSource(source, { type: 'geojson', data: emptyCollection() });
    }
    for (const layer of overlayLayers()) this.map.addLayer(layer);
    this.loaded = true;
    this.paths.setScans(this.scans);
    this.paths.setSelected(this.selected);
    this.paths.setFocused(this.focused);
    this.setOverlays(this.overlays);
    this.syncLayers();
    this.applyProjectConfig();
    if (this.pendingFit) {
      // Nothing was shown yet: the map opens on the scans instead of flying to them, which would
      // draw every level of detail on the way.
      this.fitBox(this.pendingFit, 0);
      this.pendingFit = null;
    }
  }

  /** Marks the base map 'ready' once its land is in, 'failed' if its file could not be read. */
  private watchBaseMap(): void {
    const onData = (event: MapSourceDataEvent) => {
      if (event.sourceId !== BASE_SOURCES.land || !event.isSourceLoaded) return;
      this.map.off('sourcedata', onData);
      this.mark('baseMap', 'ready');
    };
    this.map.on('sourcedata', onData);
    // A listener takes MapLibre's own logging of every map error away: the others are logged here.
    this.map.on('error', (event: MapErrorEvent & { sourceId?: string }) => {
      if (event.sourceId !== BASE_SOURCES.land && event.sourceId !== BASE_SOURCES.borders) {
        console.error(event.error);
        return;
      }
      this.map.off('sourcedata', onData);
      this.mark('baseMap', 'failed');
      // Without land the scans still draw on the water background.
      console.error('The base map data could not be loaded', event.error);
    });
  }

  private geojson(id: string): GeoJSONSource | undefined {
    return this.map.getSource<GeoJSONSource>(id);
  }

  private syncLayers(): void {
    const wanted = new Map(this.layerSpecs.map((spec) => [spec.id, spec]));
    for (const [id, shown] of this.shownLayers) {
      const spec = wanted.get(id);
      if (!spec || `${spec.source}\u0000${spec.layers}` !== shown.key) this.removeProjectLayer(id);
    }
    for (const spec of this.layerSpecs) {
      if (this.shownLayers.has(spec.id)) continue;
      const prepared = prepareProjectLayer(spec);
      if (!prepared) continue;
      const key = `${spec.source}\u0000${spec.layers}`;
      if (this.awaitImages(`${spec.id}\u0000${spec.layers}`, prepared.images)) continue;
      const styleIds = this.addProjectLayer(prepared, spec.id);
      this.shownLayers.set(spec.id, {
        key,
        styleIds,
        sourceId: prepared.sourceId,
      });
    }
  }

  /**
   * True while the layer's icons are not all on the map and have not been tried: they are then
   * decoded and added, and the layers synced again. A layer whose icons fail is drawn without
   * them rather than waited on.
   */
  private awaitImages(loadKey: string, images: ReadonlyMap<string, string>): boolean {
    if (images.size === 0 || holdsImages(this.map, images)) return false;
    const state = this.imageLoads.get(loadKey);
    if (state === 'tried') return false;
    if (state === 'loading') return true;
    this.imageLoads.set(loadKey, 'loading');
    void addLayerImages(this.map, images, () => !this.destroyed).finally(() => {
      this.imageLoads.set(loadKey, 'tried');
      if (!this.destroyed) this.syncLayers();
    });
    return true;
  }

  /** Adds the styles under the scan paths; styles MapLibre rejects give way to the defaults. */
  private addProjectLayer(prepared: PreparedLayer, layerId: string): string[] {
    this.map.addSource(prepared.sourceId, { type: 'geojson', data: prepared.data });
    const added = this.addStyles(prepared.styles);
    if (added.length > 0 || prepared.usesDefaultStyle) return added;
    const fallback = prepareProjectLayer({
      id: layerId,
      name: '',
      source: JSON.stringify(prepared.data),
      layers: '[]',
    });
    return fallback ? this.addStyles(fallback.styles) : [];
  }

  private addStyles(styles: LayerSpecification[]): string[] {
    const added: string[] = [];
    for (const style of styles) {
      try {
        this.map.addLayer(style, SCAN_LAYERS.paths);
      } catch {
        // An invalid style is skipped; the others of the layer still draw.
      }
      if (this.map.getLayer(style.id)) added.push(style.id);
    }
    return added;
  }

  private removeProjectLayer(id: string): void {
    const shown = this.shownLayers.get(id);
    if (!shown) return;
    for (const styleId of shown.styleIds)
      if (this.map.getLayer(styleId)) this.map.removeLayer(styleId);
    if (this.map.getSource(shown.sourceId)) this.map.removeSource(shown.sourceId);
    this.shownLayers.delete(id);
  }

  /** Zoom limit, hillshade and terrain of the current project. */
  private applyProjectConfig(): void {
    const config = this.projectConfig;
    this.map.setMaxZoom(config.maxDetailZoom);
    this.map.setTerrain(null);
    if (this.map.getLayer(HILLSHADE_LAYER)) this.map.removeLayer(HILLSHADE_LAYER);
    for (const id of this.demSourceIds) if (this.map.getSource(id)) this.map.removeSource(id);
    this.demSourceIds = [];
    const addDem = (id: string, tileset: DemTileset) => {
      this.map.addSource(id, {
        type: 'raster-dem',
        tiles: tileset.tiles.map((url) => withAccessKey(url, config.accessKey)),
        encoding: tileset.encoding,
        tileSize: tileset.tileSize,
        maxzoom: tileset.maxzoom,
      });
      this.demSourceIds.push(id);
    };
    if (config.hillshade) {
      addDem(HILLSHADE_SOURCE, config.hillshade);
      this.map.addLayer(
        {
          id: HILLSHADE_LAYER,
          type: 'hillshade',
          source: HILLSHADE_SOURCE,
          paint: config.hillshadePaint as never,
        },
        this.firstLayerAboveBase(),
      );
    }
    config.customTerrainSources.forEach((tileset, index) => {
      addDem(`${TERRAIN_SOURCE}-custom-${index}`, tileset);
    });
    const terrain = config.terrain ?? config.customTerrainSources[0] ?? null;
    if (terrain) {
      const id = config.terrain ? TERRAIN_SOURCE : `${TERRAIN_SOURCE}-custom-0`;
      if (config.terrain) addDem(TERRAIN_SOURCE, config.terrain);
      this.map.setTerrain({ source: id, exaggeration: config.terrainExaggeration });
    }
  }

  private firstLayerAboveBase(): string {
    const firstProjectStyle = [...this.shownLayers.values()].find((l) => l.styleIds.length > 0);
    return firstProjectStyle?.styleIds[0] ?? SCAN_LAYERS.paths;
  }

  /** The shown scan under the pointer, found on the CPU: the paths are one custom layer. */
  private scanAt(event: MapMouseEvent): string | null {
    const { x, y } = event.point;
    const here = toMercator(event.lngLat.lng, event.lngLat.lat);
    const aside = this.map.unproject([x + HIT_TOLERANCE_PX, y]);
    const below = this.map.unproject([x, y + HIT_TOLERANCE_PX]);
    const [ax, ay] = toMercator(aside.lng, aside.lat);
    const [bx, by] = toMercator(below.lng, below.lat);
    const tolerance = Math.max(
      Math.hypot(ax - here[0], ay - here[1]),
      Math.hypot(bx - here[0], by - here[1]),
    );
    return this.paths.scanNear(here, tolerance);
  }

  private onPointerMove(event: MapMouseEvent): void {
    if (!this.loaded) return;
    if (this.mode) {
      const start = this.mode.dragStart;
      if (this.mode.kind === 'box' && start) {
        const corners: BoxCorners = [start.lngLat, [event.lngLat.lng, event.lngLat.lat]];
        this.geojson(OVERLAY_SOURCES.drawing)?.setData(lineCollection(boxRing(corners)));
      }
      if (this.mode.kind === 'line' && this.mode.vertices.length > 0) {
        const pointer: [number, number] = [event.lngLat.lng, event.lngLat.lat];
        this.geojson(OVERLAY_SOURCES.drawing)?.setData(
          drawingCollection(this.mode.vertices, pointer),
        );
      }
      return;
    }
    this.hover(this.scanAt(event));
  }

  private hover(id: string | null): void {
    if (!this.loaded || id === this.paths.hoveredId) return;
    this.paths.setHovered(id);
    if (!this.mode) this.setCursor(id ? 'pointer' : '');
    this.callbacks().onScanHover?.(id);
  }

  private onClick(event: MapMouseEvent): void {
    const lngLat: [number, number] = [event.lngLat.lng, event.lngLat.lat];
    const mode = this.mode;
    // The box is drawn by the drag; the click that ends it selects nothing.
    if (mode?.kind === 'box') return;
    if (mode?.kind === 'point') {
      this.finishMode(lngLat);
      return;
    }
    if (mode?.kind === 'line') {
      mode.vertices.push(lngLat);
      this.geojson(OVERLAY_SOURCES.drawing)?.setData(drawingCollection(mode.vertices, null));
      return;
    }
    if (!this.loaded) return;
    const id = this.scanAt(event);
    if (id) this.callbacks().onScanClick(id, lngLat);
  }

  private onPointerDown(event: MapMouseEvent): void {
    if (this.mode?.kind !== 'box' || event.originalEvent.button !== 0) return;
    event.preventDefault();
    this.mode.dragStart = {
      lngLat: [event.lngLat.lng, event.lngLat.lat],
      x: event.point.x,
      y: event.point.y,
    };
  }

  private onPointerUp(event: MapMouseEvent): void {
    const mode = this.mode;
    const start = mode?.kind === 'box' ? mode.dragStart : undefined;
    if (!mode || !start) return;
    mode.dragStart = undefined;
    const { x, y } = event.point;
    // A click is not a rectangle: keep waiting for a drag.
    if (Math.abs(x - start.x) < MIN_BOX_DRAG_PX || Math.abs(y - start.y) < MIN_BOX_DRAG_PX) {
      this.geojson(OVERLAY_SOURCES.drawing)?.setData(emptyCollection());
      return;
    }
    this.finishMode([start.lngLat, [event.lngLat.lng, event.lngLat.lat]]);
  }

  private onDoubleClick(event: MapMouseEvent): void {
    const mode = this.mode;
    if (mode?.kind !== 'line') return;
    event.preventDefault();
    const line = finishedLine(mode.vertices);
    if (line) this.finishMode(line);
  }

  private setCursor(cursor: string): void {
    this.map.getCanvas().style.cursor = cursor;
  }
}
