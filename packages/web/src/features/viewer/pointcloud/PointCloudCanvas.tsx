import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { MeasureKind } from './measurements.ts';
import { PointCloudScene } from './point-cloud-scene.ts';
import type { ReadyStream } from './point-cloud-streams.ts';
import type { PointCloudSettings } from './view-settings.ts';

export interface PointCloudCanvasProps {
  streams: readonly ReadyStream[];
  settings: PointCloudSettings;
  mapCenter: { lon: number; lat: number; zoom: number } | null;
  measureKind: MeasureKind | null;
  /** Incremented by the Clear button. */
  clearCount: number;
  /** Asks for fresh URLs at once (one was refused); resolves with the new streams. */
  refresh(): Promise<readonly ReadyStream[]>;
  onCameraCenterChange?(center: { lon: number; lat: number }): void;
  onRenderedPoints(count: number): void;
  onMeasurementsChange(count: number): void;
  onLoadError(scanId: string, error: unknown): void;
}

/**
 * The WebGL canvas of the 3D view, in its own chunk with three.js and potree-core. Clicks pick
 * measurement points when a measure tool is on; double-click or Escape ends a polyline or polygon.
 */
export default function PointCloudCanvas(props: PointCloudCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<PointCloudScene | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const scene = new PointCloudScene(
      container,
      propsRef.current.settings,
      {
        onCameraCenterChange: (center) => propsRef.current.onCameraCenterChange?.(center),
        onRenderedPoints: (count) => propsRef.current.onRenderedPoints(count),
        onMeasurementsChange: (count) => propsRef.current.onMeasurementsChange(count),
        onLoadError: (scanId, error) => propsRef.current.onLoadError(scanId, error),
      },
      () => propsRef.current.refresh(),
    );
    sceneRef.current = scene;
    const observer = new ResizeObserver(() => scene.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      scene.dispose();
      sceneRef.current = null;
    };
  }, []);

  useEffect(() => {
    sceneRef.current?.setStreams(props.streams);
  }, [props.streams]);

  useEffect(() => {
    sceneRef.current?.setSettings(props.settings);
  }, [props.settings]);

  useEffect(() => {
    sceneRef.current?.setMapCenter(props.mapCenter);
  }, [props.mapCenter]);

  useEffect(() => {
    if (props.clearCount > 0) sceneRef.current?.clearMeasurements();
  }, [props.clearCount]);

  const { measureKind } = props;
  useEffect(() => {
    const scene = sceneRef.current;
    if (!scene) return;
    scene.finishMeasurement();
    if (!measureKind) return;
    const canvas = scene.canvas;
    let down: { x: number; y: number } | null = null;
    // A click that did not drag picks a point; dragging still orbits the camera.
    const onPointerDown = (event: PointerEvent) => {
      down = { x: event.clientX, y: event.clientY };
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!down || Math.hypot(event.clientX - down.x, event.clientY - down.y) > 4) return;
      const point = scene.pick(event.clientX, event.clientY);
      if (point) scene.addMeasurePoint(measureKind, point);
    };
    const onDoubleClick = () => scene.finishMeasurement();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') scene.finishMeasurement();
    };
    canvas.addEventListener('pointerdown', onPointerDown);
    canvas.addEventListener('pointerup', onPointerUp);
    canvas.addEventListener('dblclick', onDoubleClick);
    window.addEventListener('keydown', onKeyDown);
    canvas.style.cursor = 'crosshair';
    return () => {
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointerup', onPointerUp);
      canvas.removeEventListener('dblclick', onDoubleClick);
      window.removeEventListener('keydown', onKeyDown);
      canvas.style.cursor = '';
    };
  }, [measureKind]);

  return (
    <Box
      ref={containerRef}
      data-testid="pointcloud-canvas"
      sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }}
    />
  );
}
