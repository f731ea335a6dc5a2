import type { MapCenter } from '../../map/index.ts';

/** What the viewer hands its side panels (see each panel's props). */
export interface ViewerPanelsProps {
  projectId: string | null;
  /** Ids of the scans of the current project summary. */
  scanIds: readonly string[];
  selectedScanIds: readonly string[];
  /** Selected scans shown on the map: the clouds the 3D view streams. */
  visibleSelectedScanIds: readonly string[];
  focusedScanId: string | null;
  frameIndex: number | null;
  onFrameIndexChange(index: number): void;
  onCameraPositionChange(position: { lon: number; lat: number } | null): void;
  selectedAnnotationIds: ReadonlySet<string>;
  onSelectAnnotation(annotation: { id: string; scanId: string }): void;
  onUnselectAnnotation(annotation: { id: string; scanId: string }): void;
  requestPoint(): Promise<[number, number] | null>;
  requestLine(): Promise<[number, number][] | null>;
  onAnnotationsChange(features: GeoJSON.FeatureCollection<GeoJSON.Point>): void;
  onProfileLineChange(line: [number, number][] | null): void;
  onProfileHoverChange(position: [number, number] | null): void;
  mapCenter: MapCenter | null;
  onCloudCenterChange(center: { lon: number; lat: number }): void;
}
