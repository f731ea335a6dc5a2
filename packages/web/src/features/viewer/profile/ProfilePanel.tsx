import ClearIcon from '@mui/icons-material/Clear';
import DownloadIcon from '@mui/icons-material/Download';
import TimelineIcon from '@mui/icons-material/Timeline';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ProfileChart } from './ProfileChart.tsx';
import { downloadProfileCsv } from './profile-csv.ts';
import {
  CLEAR_PROFILE,
  CORRIDOR_WIDTH_HINT,
  CORRIDOR_WIDTH_LABEL,
  chartThinned,
  DOWNLOAD_CSV,
  DRAW_HINT,
  DRAW_LINE_PROMPT,
  DRAW_PROFILE_LINE,
  NO_SELECTED_SCAN,
  PROFILE_HOVER_HINT,
  PROFILE_LOADING,
  PROFILE_TITLE,
  PROFILE_TRUNCATED,
  profileEmpty,
  profileSummary,
} from './profile-messages.ts';
import {
  CORRIDOR_WIDTH,
  formatReadout,
  MAX_CHART_POINTS,
  type ProfilePoint,
  parseCorridorWidth,
} from './profile-model.ts';
import { useElevationProfile } from './use-elevation-profile.ts';

export interface ProfilePanelProps {
  projectId: string;
  /** Selected scans whose clouds are profiled. */
  scanIds: readonly string[];
  /** Asks the map for a drawn polyline (click vertices, double-click ends, Escape cancels). */
  requestLine(): Promise<[number, number][] | null>;
  /** The drawn line to show on the map, or null. */
  onLineChange(line: [number, number][] | null): void;
  /** The point of the line under the chart's hover readout, for a marker on the map. */
  onHoverPositionChange(position: [number, number] | null): void;
}

/** Draw a line on the map, read the clouds' elevation along it, hover it, download it. */
export function ProfilePanel(props: ProfilePanelProps) {
  const { projectId, scanIds } = props;
  const [line, setLine] = useState<[number, number][] | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [widthText, setWidthText] = useState(String(CORRIDOR_WIDTH.default));
  const [corridorWidth, setCorridorWidth] = useState<number>(CORRIDOR_WIDTH.default);
  const [hovered, setHovered] = useState<ProfilePoint | null>(null);
  const parsedWidth = parseCorridorWidth(widthText);
  const widthError = 'error' in parsedWidth ? parsedWidth.error : null;

  // The parent may pass new callbacks on every render; the latest ones are used.
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  // A line belongs to the project it was drawn in; the map forgets it with the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the project change is the trigger
  useEffect(() => {
    setLine(null);
    setHovered(null);
    callbacks.current.onLineChange(null);
    callbacks.current.onHoverPositionChange(null);
  }, [projectId]);
  useEffect(
    () => () => {
      callbacks.current.onLineChange(null);
      callbacks.current.onHoverPositionChange(null);
    },
    [],
  );

  const request = useMemo(
    () => (line && scanIds.length > 0 ? { scanIds, line, corridorWidth } : null),
    [line, scanIds, corridorWidth],
  );
  const { result, loading, errorText } = useElevationProfile(request);

  const handleHover = (point: ProfilePoint | null) => {
    setHovered(point);
    callbacks.current.onHoverPositionChange(point ? [point.lon, point.lat] : null);
  };

  const handleDraw = async () => {
    setDrawing(true);
    const drawn = await props.requestLine().finally(() => setDrawing(false));
    // Escape keeps the line there was.
    if (!drawn || drawn.length < 2) return;
    handleHover(null);
    setLine(drawn);
    callbacks.current.onLineChange(drawn);
  };

  const handleClear = () => {
    handleHover(null);
    setLine(null);
    callbacks.current.onLineChange(null);
  };

  // The width is applied when the field is left or Enter is pressed, not on every keystroke.
  const commitWidth = () => {
    if ('width' in parsedWidth && parsedWidth.width !== corridorWidth) {
      handleHover(null);
      setCorridorWidth(parsedWidth.width);
    }
  };

  const noScan = scanIds.length === 0;
  const showResult = result !== null && !loading && errorText === null;

  return (
    <Box
      data-testid="profile-panel"
      // Fills its tab's panel, so the chart can take the height the rest leaves.
      sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, gap: 1, p: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {PROFILE_TITLE}
        </Typography>
        <Tooltip title={noScan ? NO_SELECTED_SCAN : ''}>
          <span>
            <Button
              size="small"
              variant="contained"
              startIcon={<TimelineIcon />}
              onClick={handleDraw}
              disabled={noScan || drawing}
              data-testid="profile-draw"
            >
              {DRAW_PROFILE_LINE}
            </Button>
          </span>
        </Tooltip>
        <Button
          size="small"
          startIcon={<ClearIcon />}
          onClick={handleClear}
          disabled={line === null || drawing}
          data-testid="profile-clear"
        >
          {CLEAR_PROFILE}
        </Button>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <TextField
          size="small"
          type="number"
          label={CORRIDOR_WIDTH_LABEL}
          title={CORRIDOR_WIDTH_HINT}
          value={widthText}
          onChange={(event) => setWidthText(event.target.value)}
          onBlur={commitWidth}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitWidth();
          }}
          error={widthError !== null}
          slotProps={{
            htmlInput: {
              min: CORRIDOR_WIDTH.min,
              max: CORRIDOR_WIDTH.max,
              step: 0.1,
              'data-testid': 'profile-corridor-width',
            },
          }}
          sx={{ width: 150 }}
        />
        {showResult ? (
          <>
            <Typography variant="body2" sx={{ flex: 1, pt: 1 }} data-testid="profile-summary">
              {profileSummary(result.lengthMetres, result.points.length)}
            </Typography>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              onClick={() => downloadProfileCsv(result.points)}
              disabled={result.points.length === 0}
              sx={{ mt: 0.5 }}
              data-testid="profile-download"
            >
              {DOWNLOAD_CSV}
            </Button>
          </>
        ) : null}
      </Stack>
      {widthError ? (
        <Typography variant="caption" color="error" data-testid="profile-width-error">
          {widthError}
        </Typography>
      ) : null}
      <ProfileStatus
        noScan={noScan}
        drawing={drawing}
        hasLine={line !== null}
        loading={loading}
        errorText={errorText}
      />
      {showResult ? (
        <>
          {result.truncated ? (
            <Alert severity="info" data-testid="profile-truncated">
              {PROFILE_TRUNCATED}
            </Alert>
          ) : null}
          {result.points.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="profile-empty">
              {profileEmpty(corridorWidth)}
            </Typography>
          ) : (
            <>
              <ProfileChart
                points={result.points}
                lengthMetres={result.lengthMetres}
                onHover={handleHover}
              />
              {result.points.length > MAX_CHART_POINTS ? (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  data-testid="profile-chart-thinned"
                >
                  {chartThinned(MAX_CHART_POINTS, result.points.length)}
                </Typography>
              ) : null}
              <Typography
                variant="body2"
                color={hovered ? 'text.primary' : 'text.secondary'}
                data-testid="profile-readout"
              >
                {hovered ? formatReadout(hovered) : PROFILE_HOVER_HINT}
              </Typography>
            </>
          )}
        </>
      ) : null}
    </Box>
  );
}

function ProfileStatus(props: {
  noScan: boolean;
  drawing: boolean;
  hasLine: boolean;
  loading: boolean;
  errorText: string | null;
}) {
  if (props.drawing) {
    return (
      <Alert severity="info" data-testid="profile-drawing">
        {DRAW_HINT}
      </Alert>
    );
  }
  if (props.noScan) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="profile-no-scan">
        {NO_SELECTED_SCAN}
      </Typography>
    );
  }
  if (!props.hasLine) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="profile-prompt">
        {DRAW_LINE_PROMPT}
      </Typography>
    );
  }
  if (props.loading) {
    return (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }} data-testid="profile-loading">
        <CircularProgress size={18} />
        <Typography variant="body2">{PROFILE_LOADING}</Typography>
      </Stack>
    );
  }
  if (props.errorText) {
    return (
      <Alert severity="error" data-testid="profile-error" sx={{ whiteSpace: 'pre-line' }}>
        {props.errorText}
      </Alert>
    );
  }
  return null;
}
