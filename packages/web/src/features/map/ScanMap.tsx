import { Box, Chip } from '@mui/material';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useConfig } from '../../config/ConfigContext.tsx';
import { MapLegend } from './MapLegend.tsx';
import { MAP_WAIT_LIMIT_MS, parseMapRuntimeConfig, projectMapConfig } from './map-config.ts';
import type { MapController } from './map-controller.ts';
import { loadMapController } from './map-loader.ts';
import { type MapMode, MODE_HINTS } from './map-modes.ts';
import type { ScanMapProps } from './types.ts';

/** The least height the map is drawn at; a screen that lays it out gives it at least this. */
export const SCAN_MAP_MIN_HEIGHT = 240;

/**
 * The viewer's map. One MapLibre instance lives as long as the component: re-renders only
 * pass new inputs to it (scan visibility, selection and focus change map state, not layers).
 */
export function ScanMap(props: ScanMapProps) {
  const { scans, selectedScanIds, focusedScanId, layers, overlays, projectId } = props;
  const runtime = useConfig();
  const mapConfig = useMemo(() => parseMapRuntimeConfig(runtime.map), [runtime.map]);
  const config = projectMapConfig(mapConfig, projectId);
  const containerRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<MapController | null>(null);
  const propsRef = useRef(props);
  const [mode, setMode] = useState<MapMode | null>(null);
  // Calls made before the map module has loaded run as soon as it has.
  const pending = useRef<((controller: MapController) => void)[]>([]);
  // The map is made with the settings of the render before it; later changes go through setters.
  const settings = useRef({ styleUrl: mapConfig.styleUrl, config });
  // The latest props and settings, for the map's callbacks and its creation: kept at each
  // commit, first of this component's effects, not during a render React may throw away.
  useLayoutEffect(() => {
    propsRef.current = props;
    settings.current = { styleUrl: mapConfig.styleUrl, config };
  });

  // Whether the map may be made: after the next paint, and while the scans load only once the
  // screen that lists them has painted (see `waitForScans`).
  const [made, setMade] = useState(false);
  const waiting = props.waitForScans === true;
  useEffect(() => {
    if (made) return;
    if (!waiting) return afterNextPaint(() => setMade(true));
    const timer = window.setTimeout(() => setMade(true), MAP_WAIT_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [made, waiting]);

  useEffect(() => {
    if (!made) return;
    let controller: MapController | null = null;
    let cancelled = false;
    void loadMapController().then(({ MapController: Controller }) => {
      performance.mark('map:module-loaded');
      const container = containerRef.current;
      if (cancelled || !container) return;
      const created = new Controller(container, settings.current, () => ({
        onScanClick: (id, lngLat) => propsRef.current.onScanClick(id, lngLat),
        onScanHover: (id) => propsRef.current.onScanHover?.(id),
        onMoveEnd: (center) => propsRef.current.onMoveEnd?.(center),
        onModeChange: setMode,
      }));
      controller = created;
      performance.mark('map:created');
      const current = propsRef.current;
      created.setScans(current.scans);
      created.setSelected(current.selectedScanIds);
      created.setFocused(current.focusedScanId);
      created.setLayers(current.layers);
      created.setOverlays(current.overlays);
      controllerRef.current = created;
      for (const run of pending.current.splice(0)) run(created);
    });
    return () => {
      cancelled = true;
      controllerRef.current = null;
      controller?.destroy();
    };
  }, [made]);

  // A change of the shown scans in the commit, not after it: the map draws it in the frame that
  // shows the list. The first scans of a project come after the list's first paint instead:
  // building and drawing thousands of paths takes a few hundred milliseconds, and the list
  // would wait for them.
  // Fits asked for meanwhile run once the map has those scans: before them it has no paths to
  // fit (a project just chosen), and the map stayed where the last project was.
  const hadScans = useRef(false);
  const fitsAfterScans = useRef<(() => void)[] | null>(null);
  useLayoutEffect(() => {
    const first = !hadScans.current && scans.length > 0;
    hadScans.current = scans.length > 0;
    const showScans = () => {
      controllerRef.current?.setScans(scans);
      const fits = fitsAfterScans.current ?? [];
      fitsAfterScans.current = null;
      for (const fit of fits) fit();
    };
    if (!first) {
      showScans();
      return;
    }
    fitsAfterScans.current ??= [];
    return afterNextPaint(showScans);
  }, [scans]);
  useLayoutEffect(() => controllerRef.current?.setSelected(selectedScanIds), [selectedScanIds]);
  useLayoutEffect(() => controllerRef.current?.setFocused(focusedScanId), [focusedScanId]);
  useEffect(() => controllerRef.current?.setLayers(layers), [layers]);
  useEffect(() => controllerRef.current?.setOverlays(overlays), [overlays]);
  useEffect(() => controllerRef.current?.setProjectConfig(config), [config]);

  useImperativeHandle(props.ref, () => {
    const withController = (run: (controller: MapController) => void) => {
      if (controllerRef.current) run(controllerRef.current);
      else pending.current.push(run);
    };
    return {
      fitToScans: (ids) =>
        withController((c) => {
          if (fitsAfterScans.current) fitsAfterScans.current.push(() => c.fitToScans(ids));
          else c.fitToScans(ids);
        }),
      fitToBounds: (box, drawn) => withController((c) => c.fitToBounds(box, drawn)),
      revealScans: (ids) => withController((c) => c.revealScans(ids)),
      requestPoint: () =>
        new Promise((resolve) => withController((c) => void c.requestPoint().then(resolve))),
      requestLine: () =>
        new Promise((resolve) => withController((c) => void c.requestLine().then(resolve))),
      requestBox: () =>
        new Promise((resolve) => withController((c) => void c.requestBox().then(resolve))),
      getCenter: () => controllerRef.current?.getCenter() ?? { ...settings.current.config.center },
      flyTo: (center) => withController((c) => c.flyTo(center)),
      // Before the map has loaded there is nothing to draw early; the props follow anyway.
      showScans: (scans) => controllerRef.current?.setScans(scans),
    };
  }, []);

  return (
    <Box
      sx={{ position: 'relative', width: '100%', height: '100%', minHeight: SCAN_MAP_MIN_HEIGHT }}
    >
      <Box
        ref={containerRef}
        data-testid="scan-map"
        data-mode={mode ?? ''}
        // MapLibre makes its container position: relative, so it is sized, not inset.
        sx={{ width: '100%', height: '100%' }}
      />
      <MapLegend />
      {mode === 'point' && <CentreMark />}
      {mode && (
        <Chip
          data-testid="map-mode-hint"
          label={MODE_HINTS[mode]}
          color="primary"
          // Between the layers button and the zoom buttons, wrapped rather than over them.
          sx={{
            position: 'absolute',
            top: 10,
            left: '50%',
            transform: 'translateX(-50%)',
            maxWidth: 'calc(100% - 120px)',
            height: 'auto',
            py: 0.5,
            '& .MuiChip-label': { whiteSpace: 'normal', textAlign: 'center' },
          }}
        />
      )}
    </Box>
  );
}

/** Where Enter places a point: the map's centre, drawn over the map while a point is asked. */
function CentreMark() {
  const arm = {
    position: 'absolute',
    bgcolor: 'primary.main',
    boxShadow: '0 0 0 1px #fff',
  } as const;
  return (
    <Box
      data-testid="map-centre-mark"
      aria-hidden
      sx={{
        position: 'absolute',
        top: '50%',
        left: '50%',
        width: 24,
        height: 24,
        transform: 'translate(-50%, -50%)',
        pointerEvents: 'none',
      }}
    >
      <Box sx={{ ...arm, top: 11, left: 0, width: 24, height: 2 }} />
      <Box sx={{ ...arm, left: 11, top: 0, width: 2, height: 24 }} />
    </Box>
  );
}

/** Runs `run` once the next frame has been painted; the returned function cancels it. */
function afterNextPaint(run: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
