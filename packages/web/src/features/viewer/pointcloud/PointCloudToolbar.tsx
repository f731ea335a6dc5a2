import CategoryIcon from '@mui/icons-material/Category';
import ContrastIcon from '@mui/icons-material/Contrast';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import HeightIcon from '@mui/icons-material/Height';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import StraightenIcon from '@mui/icons-material/Straighten';
import TerrainIcon from '@mui/icons-material/Terrain';
import {
  Box,
  IconButton,
  MenuItem,
  Slider,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ReactElement } from 'react';
import type { MeasureKind } from './measurements.ts';
import {
  COLOR_MODE_LABELS,
  type ColorMode,
  compactCount,
  POINT_BUDGET_OPTIONS,
  type PointCloudSettings,
} from './view-settings.ts';

const MEASURE_LABELS: Record<MeasureKind, string> = {
  distance: 'Distance',
  area: 'Area',
  height: 'Height',
};

// Icons keep the toolbar on one row at the Viewer's panel width; names and tooltips say the rest.
const COLOR_MODE_ICONS: Record<ColorMode, ReactElement> = {
  elevation: <TerrainIcon fontSize="small" />,
  intensity: <ContrastIcon fontSize="small" />,
  classification: <CategoryIcon fontSize="small" />,
};

const MEASURE_ICONS: Record<MeasureKind, ReactElement> = {
  distance: <StraightenIcon fontSize="small" />,
  area: <PentagonOutlinedIcon fontSize="small" />,
  height: <HeightIcon fontSize="small" />,
};

const MEASURE_HINTS: Record<MeasureKind, string> = {
  distance: 'Click points on the cloud; double-click or Escape ends the line',
  area: 'Click the corners of the area; double-click or Escape closes it',
  height: 'Click two points to measure their height difference',
};

export interface PointCloudToolbarProps {
  settings: PointCloudSettings;
  onSettingsChange(settings: PointCloudSettings): void;
  measureKind: MeasureKind | null;
  onMeasureKindChange(kind: MeasureKind | null): void;
  hasMeasurements: boolean;
  onClearMeasurements(): void;
}

/** Point budget, point size, colouring and the measure tools of the 3D view. */
export function PointCloudToolbar(props: PointCloudToolbarProps) {
  const { settings, onSettingsChange } = props;
  return (
    <Box
      role="toolbar"
      aria-label="Point cloud tools"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 1,
        p: 1,
      }}
    >
      <TextField
        select
        size="small"
        label="Point budget"
        value={settings.pointBudget}
        onChange={(event) =>
          onSettingsChange({ ...settings, pointBudget: Number(event.target.value) })
        }
        slotProps={{ select: { renderValue: (value) => compactCount(Number(value)) } }}
        sx={{ width: 110 }}
      >
        {POINT_BUDGET_OPTIONS.map((budget) => (
          <MenuItem key={budget} value={budget}>
            {budget.toLocaleString('en-US')}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ width: 96 }}>
        <Typography variant="caption" id="pointcloud-point-size">
          Point size
        </Typography>
        <Slider
          size="small"
          min={0.5}
          max={4}
          step={0.5}
          value={settings.pointSize}
          aria-labelledby="pointcloud-point-size"
          onChange={(_, value) => onSettingsChange({ ...settings, pointSize: value as number })}
        />
      </Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label="Colour by"
        value={settings.colorMode}
        onChange={(_, value: ColorMode | null) => {
          if (value) onSettingsChange({ ...settings, colorMode: value });
        }}
      >
        {(Object.keys(COLOR_MODE_LABELS) as ColorMode[]).map((mode) => (
          <Tooltip key={mode} title={`Colour by ${COLOR_MODE_LABELS[mode].toLowerCase()}`}>
            <ToggleButton value={mode} aria-label={COLOR_MODE_LABELS[mode]}>
              {COLOR_MODE_ICONS[mode]}
            </ToggleButton>
          </Tooltip>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label="Measure"
        value={props.measureKind}
        onChange={(_, value: MeasureKind | null) => props.onMeasureKindChange(value)}
      >
        {(Object.keys(MEASURE_LABELS) as MeasureKind[]).map((kind) => (
          <Tooltip key={kind} title={`${MEASURE_LABELS[kind]}: ${MEASURE_HINTS[kind]}`}>
            <ToggleButton value={kind} aria-label={MEASURE_LABELS[kind]}>
              {MEASURE_ICONS[kind]}
            </ToggleButton>
          </Tooltip>
        ))}
      </ToggleButtonGroup>
      <Tooltip title="Clear the measurements">
        {/* A span keeps the tooltip working on a disabled button. */}
        <span>
          <IconButton
            size="small"
            aria-label="Clear"
            disabled={!props.hasMeasurements}
            onClick={props.onClearMeasurements}
          >
            <DeleteSweepIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
