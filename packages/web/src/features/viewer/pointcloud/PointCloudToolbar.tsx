import {
  Box,
  Button,
  MenuItem,
  Slider,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import type { MeasureKind } from './measurements.ts';
import {
  COLOR_MODE_LABELS,
  type ColorMode,
  POINT_BUDGET_OPTIONS,
  type PointCloudSettings,
} from './view-settings.ts';

const MEASURE_LABELS: Record<MeasureKind, string> = {
  distance: 'Distance',
  area: 'Area',
  height: 'Height',
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
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, p: 1 }}
    >
      <TextField
        select
        size="small"
        label="Point budget"
        value={settings.pointBudget}
        onChange={(event) =>
          onSettingsChange({ ...settings, pointBudget: Number(event.target.value) })
        }
        sx={{ minWidth: 140 }}
      >
        {POINT_BUDGET_OPTIONS.map((budget) => (
          <MenuItem key={budget} value={budget}>
            {budget.toLocaleString('en-US')}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ width: 120 }}>
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
          <ToggleButton key={mode} value={mode}>
            {COLOR_MODE_LABELS[mode]}
          </ToggleButton>
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
          <Tooltip key={kind} title={MEASURE_HINTS[kind]}>
            <ToggleButton value={kind}>{MEASURE_LABELS[kind]}</ToggleButton>
          </Tooltip>
        ))}
      </ToggleButtonGroup>
      <Button size="small" disabled={!props.hasMeasurements} onClick={props.onClearMeasurements}>
        Clear
      </Button>
    </Box>
  );
}
