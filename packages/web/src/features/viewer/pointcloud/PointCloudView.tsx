import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { MeasureKind } from './measurements.ts';
import { PointCloudToolbar } from './PointCloudToolbar.tsx';
import { streamStatusText } from './point-cloud-streams.ts';
import { streamPrefetch } from './stream-prefetch.ts';
import { usePointCloudStreams } from './use-point-cloud-streams.ts';
import { BACKGROUND_CSS, DEFAULT_SETTINGS, type PointCloudSettings } from './view-settings.ts';

// three.js and potree-core load only when a 3D view opens, so the Viewer's first load skips them.
const loadCanvas = () => import('./PointCloudCanvas.tsx');
const PointCloudCanvas = lazy(loadCanvas);

/** Performance marks of the 3D view, read by the first-points benchmark. */
export const VIEW_START_MARK = 'pointcloud:view-start';
export const FIRST_POINTS_MARK = 'pointcloud:first-points';

export interface PointCloudViewProps {
  /** Focused or selected scans to stream. */
  scanIds: readonly string[];
  /** The map centre to sync the camera with, and back. */
  mapCenter: { lon: number; lat: number; zoom: number } | null;
  onCameraCenterChange?(center: { lon: number; lat: number }): void;
}

/**
 * The 3D view of the scans' point clouds: streamed by point budget, coloured by elevation
 * (YELLOW_GREEN), intensity or classification, with distance, area and height measurements and
 * the camera kept on the map's position.
 */
export function PointCloudView(props: PointCloudViewProps) {
  const { scanIds, mapCenter, onCameraCenterChange } = props;
  const [settings, setSettings] = useState<PointCloudSettings>(DEFAULT_SETTINGS);
  const [measureKind, setMeasureKind] = useState<MeasureKind | null>(null);
  const [measurementCount, setMeasurementCount] = useState(0);
  const [clearCount, setClearCount] = useState(0);
  const [renderedPoints, setRenderedPoints] = useState(0);
  const [loadErrors, setLoadErrors] = useState<Record<string, string>>({});
  const firstPointsMarked = useRef(false);
  const startMarked = useRef(false);
  if (!startMarked.current && typeof performance !== 'undefined') {
    startMarked.current = true;
    performance.mark(VIEW_START_MARK);
  }

  const { streams, ready, loading, error, refresh } = usePointCloudStreams(scanIds);
  const hasScans = scanIds.length > 0;
  useEffect(() => {
    // Fetch the renderer's chunk while the streams are asked for, not after.
    if (hasScans) void loadCanvas();
  }, [hasScans]);
  useEffect(() => {
    // And each cloud's first objects while the renderer loads.
    for (const stream of ready) streamPrefetch.start(stream);
  }, [ready]);

  const onRenderedPoints = useCallback((count: number) => {
    if (count > 0 && !firstPointsMarked.current) {
      firstPointsMarked.current = true;
      performance.mark(FIRST_POINTS_MARK);
    }
    setRenderedPoints(count);
  }, []);
  const onLoadError = useCallback((scanId: string, loadError: unknown) => {
    const message = loadError instanceof Error ? loadError.message : String(loadError);
    setLoadErrors((errors) => ({ ...errors, [scanId]: message }));
  }, []);

  const notices = streams
    .map((stream) => ({ scanId: stream.scanId, text: streamStatusText(stream.status) }))
    .filter((notice): notice is { scanId: string; text: string } => notice.text !== null);
  const multiple = scanIds.length > 1;

  let body: React.ReactNode;
  if (scanIds.length === 0) {
    body = <Placeholder text="Select or focus a scan to see its point cloud." />;
  } else if (error) {
    body = <Placeholder text="The point clouds could not be loaded." severity="error" />;
  } else if (loading && streams.length === 0) {
    body = <Placeholder text="Loading point clouds…" progress />;
  } else if (ready.length === 0) {
    body = <Placeholder text={notices[0]?.text ?? 'The point cloud is not available.'} />;
  } else {
    body = (
      <Suspense fallback={<Placeholder text="Loading the 3D view…" progress />}>
        <PointCloudCanvas
          streams={ready}
          settings={settings}
          mapCenter={mapCenter}
          measureKind={measureKind}
          clearCount={clearCount}
          refresh={refresh}
          onCameraCenterChange={onCameraCenterChange}
          onRenderedPoints={onRenderedPoints}
          onMeasurementsChange={setMeasurementCount}
          onLoadError={onLoadError}
        />
      </Suspense>
    );
  }

  return (
    <Box
      data-testid="pointcloud-view"
      data-rendered-points={renderedPoints}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 300 }}
    >
      <PointCloudToolbar
        settings={settings}
        onSettingsChange={setSettings}
        measureKind={measureKind}
        onMeasureKindChange={setMeasureKind}
        hasMeasurements={measurementCount > 0}
        onClearMeasurements={() => {
          setClearCount((count) => count + 1);
          setMeasurementCount(0);
        }}
      />
      {ready.length > 0 && (notices.length > 0 || Object.keys(loadErrors).length > 0) && (
        <Stack spacing={0.5} sx={{ px: 1, pb: 1 }}>
          {notices.map((notice) => (
            <Alert key={notice.scanId} severity="info" variant="outlined" sx={{ py: 0 }}>
              {multiple ? `Scan ${notice.scanId}: ${notice.text}` : notice.text}
            </Alert>
          ))}
          {Object.entries(loadErrors).map(([scanId]) => (
            <Alert key={scanId} severity="error" variant="outlined" sx={{ py: 0 }}>
              {multiple
                ? `Scan ${scanId}: the point cloud could not be loaded.`
                : 'The point cloud could not be loaded.'}
            </Alert>
          ))}
        </Stack>
      )}
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0, bgcolor: BACKGROUND_CSS }}>
        {body}
        {ready.length > 0 && renderedPoints > 0 && (
          <Typography
            variant="caption"
            sx={{
              position: 'absolute',
              right: 8,
              bottom: 4,
              color: 'grey.400',
              pointerEvents: 'none',
            }}
          >
            {renderedPoints.toLocaleString('en-US')} points
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function Placeholder(props: { text: string; progress?: boolean; severity?: 'error' }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        color: props.severity === 'error' ? 'error.light' : 'grey.300',
      }}
    >
      {props.progress && <CircularProgress size={18} color="inherit" />}
      <Typography variant="body2">{props.text}</Typography>
    </Box>
  );
}
