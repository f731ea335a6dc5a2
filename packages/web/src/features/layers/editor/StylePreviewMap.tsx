import 'maplibre-gl/dist/maplibre-gl.css';
import { Box, Typography } from '@mui/material';
import {
  type GeoJSONSource,
  type LayerSpecification,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { BASE_MAP_DATA } from '../../map/base-map-data.ts';
import { buildOfflineStyle } from '../../map/base-style.ts';
import { geojsonBounds } from '../../map/geojson-bounds.ts';
import { addLayerImages, holdsImages } from '../../map/layer-images.ts';
import { DEFAULT_CENTER } from '../../map/map-config.ts';
import { describePreviewError, PREVIEW_SOURCE_ID } from './style-preview.ts';

// The bundler moves the worker to its own file; MapLibre must be told where.
setWorkerUrl(workerUrl);

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const FIT_OPTIONS = { padding: 24, maxZoom: 17, duration: 0 } as const;

export interface StylePreviewMapProps {
  /** The layer's source; null shows nothing of the layer. */
  data: GeoJSON.FeatureCollection | null;
  /** Style layers on PREVIEW_SOURCE_ID. */
  styles: readonly LayerSpecification[];
  /** The icons the styles carry, by image name. */
  images: ReadonlyMap<string, string>;
  height: number;
}

/**
 * A small map on the bundled offline base map showing one layer's source with the styles being
 * edited. It only ever receives valid styles; a style MapLibre still refuses is reported under
 * the map instead of breaking it.
 */
export function StylePreviewMap({ data, styles, images, height }: StylePreviewMapProps) {
  const container = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [zoom, setZoom] = useState(DEFAULT_CENTER.zoom);
  const [styleError, setStyleError] = useState<string | null>(null);
  const shownIds = useRef<string[]>([]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let removed = false;
    const created = new MapLibreMap({
      container: element,
      style: buildOfflineStyle(BASE_MAP_DATA),
      center: [DEFAULT_CENTER.lon, DEFAULT_CENTER.lat],
      zoom: DEFAULT_CENTER.zoom,
      attributionControl: false,
      // Screenshots and browser tests read the canvas back.
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    created.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    created.on('error', (event) =>
      setStyleError(describePreviewError(event.error?.message ?? 'The style was refused')),
    );
    created.on('zoomend', () => setZoom(created.getZoom()));
    created.on('idle', () => {
      // The labels MapLibre placed (drawn from the browser's fonts), for tests and screenshots.
      const labels = shownIds.current.filter((id) => created.getLayer(id)?.type === 'symbol');
      element.dataset.placedLabels = String(
        labels.length > 0 ? created.queryRenderedFeatures({ layers: labels }).length : 0,
      );
      element.dataset.mapIdle = 'true';
    });
    created.on('movestart', () => {
      element.dataset.mapIdle = 'false';
    });
    // At the style's load, not the map's: 'load' waits for the base map's land to be tiled.
    created.once('style.load', () => {
      if (removed) return;
      created.addSource(PREVIEW_SOURCE_ID, { type: 'geojson', data: EMPTY });
      setMap(created);
    });
    return () => {
      removed = true;
      created.remove();
      shownIds.current = [];
    };
  }, []);

  useEffect(() => {
    if (!map) return;
    (map.getSource(PREVIEW_SOURCE_ID) as GeoJSONSource | undefined)?.setData(data ?? EMPTY);
    const bounds = geojsonBounds(data);
    if (bounds) map.fitBounds(bounds, FIT_OPTIONS);
  }, [map, data]);

  useEffect(() => {
    if (!map) return;
    let current = true;
    const show = () => {
      for (const id of shownIds.current) {
        if (map.getLayer(id)) map.removeLayer(id);
      }
      setStyleError(null);
      shownIds.current = [];
      for (const style of styles) {
        map.addLayer(style);
        if (map.getLayer(style.id)) shownIds.current.push(style.id);
      }
      const element = container.current;
      if (element) element.dataset.drawnStyles = String(shownIds.current.length);
    };
    // Icons first: MapLibre lays a symbol out once, without an icon missing at that moment.
    if (holdsImages(map, images)) show();
    else
      void addLayerImages(map, images, () => current).finally(() => {
        if (current) show();
      });
    return () => {
      current = false;
    };
  }, [map, styles, images]);

  return (
    <Box>
      <Box sx={{ position: 'relative', height, borderRadius: 1, overflow: 'hidden' }}>
        <Box
          ref={container}
          data-testid="style-preview-map"
          aria-label="Style preview map"
          // Sized, not positioned: MapLibre's stylesheet makes its container position: relative,
          // which would undo an absolute inset and leave a box of no height.
          sx={{ width: '100%', height: '100%' }}
        />
        <Typography
          variant="caption"
          data-testid="style-preview-zoom"
          sx={{
            position: 'absolute',
            left: 6,
            bottom: 4,
            px: 0.75,
            bgcolor: 'rgba(255,255,255,0.8)',
            borderRadius: 0.5,
          }}
        >
          Zoom {zoom.toFixed(1)}
        </Typography>
      </Box>
      {styleError ? (
        <Typography variant="caption" color="warning.main" data-testid="style-preview-error">
          Preview: {styleError}
        </Typography>
      ) : null}
    </Box>
  );
}
