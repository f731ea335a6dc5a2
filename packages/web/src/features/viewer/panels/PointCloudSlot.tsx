import { PointCloudView } from '../pointcloud/index.ts';

/** The 3D view of the scans (large in the Full Viewer, a tab in the Viewer). */
export function PointCloudSlot(props: {
  scanIds: readonly string[];
  mapCenter: { lon: number; lat: number; zoom: number } | null;
  onCameraCenterChange(center: { lon: number; lat: number }): void;
}) {
  return (
    <PointCloudView
      scanIds={props.scanIds}
      mapCenter={props.mapCenter}
      onCameraCenterChange={props.onCameraCenterChange}
    />
  );
}
