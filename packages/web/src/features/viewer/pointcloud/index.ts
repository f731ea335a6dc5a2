export { CLASSIFICATION_COLORS, CLASSIFICATION_OTHER } from './classification-colors.ts';
export {
  distanceToGradient,
  type GradientStops,
  gradientColorAt,
  type Rgb,
  YELLOW_GREEN,
} from './gradient.ts';
export {
  type CloudPoint,
  heightDifference,
  type MeasureKind,
  measurementLabel,
  polygonArea,
  polylineLength,
} from './measurements.ts';
export {
  FIRST_POINTS_MARK,
  PointCloudView,
  type PointCloudViewProps,
  VIEW_START_MARK,
} from './PointCloudView.tsx';
export {
  POINT_CLOUD_STREAMS_QUERY,
  type PointCloudStream,
  streamStatusText,
} from './point-cloud-streams.ts';
export { DEFAULT_POINT_BUDGET, DEFAULT_SETTINGS } from './view-settings.ts';
