import { POINT_CLOUD_DEFAULTS } from '@asset-portal/shared';
import { Box } from '@mui/material';
import { ScatterChart } from '@mui/x-charts/ScatterChart';
import { useMemo, useState } from 'react';
import { useElementHeight } from '../../../lib/use-element-height.ts';
import {
  colourRange,
  elevationRange,
  MAX_CHART_POINTS,
  type ProfilePoint,
  thinEvenly,
} from './profile-model.ts';

// The cloud's default elevation gradient (spec §3: gradient YELLOW_GREEN), low to high.
const GRADIENTS: Record<string, [string, string]> = { YELLOW_GREEN: ['#f4e02a', '#1b7a2f'] };
const [LOW_COLOUR, HIGH_COLOUR] = GRADIENTS[POINT_CLOUD_DEFAULTS.gradient] ?? [
  '#f4e02a',
  '#1b7a2f',
];

export interface ProfileChartProps {
  points: readonly ProfilePoint[];
  lengthMetres: number;
  /** Called with the point under the pointer, or null when the pointer leaves the points. */
  onHover(point: ProfilePoint | null): void;
}

const metres = (value: number) => `${value.toFixed(2)} m`;

/** Below this the chart stops shrinking with its panel, which scrolls instead. */
const MIN_CHART_HEIGHT = 120;
/** Narrower than the default 20 pixels all round: on a short panel every pixel is plot. */
const CHART_MARGIN = { top: 10, right: 20, bottom: 5, left: 5 };

/**
 * Elevation against distance along the line, one dot per cloud point, hover to read one. Sized
 * by the room its panel leaves it, not a fixed height: the panel under the map is short on a
 * 720-pixel screen and tall on a large one.
 */
export function ProfileChart({ points, lengthMetres, onHover }: ProfileChartProps) {
  const shown = useMemo(() => thinEvenly(points, MAX_CHART_POINTS), [points]);
  const data = useMemo(
    () => shown.map((point, index) => ({ x: point.distance, y: point.elevation, id: index })),
    [shown],
  );
  const elevations = elevationRange(shown);
  const range = colourRange(elevations);
  // One elevation (a single point, flat ground): the axis gets the colours' opened range, not a
  // domain of no height whose ticks are long fractions cut at the axis.
  const flat = elevations !== null && elevations.max === elevations.min;
  // Drawn once the panel has given the box its height: the colour gradient's stops are placed
  // by the chart's height, and a chart not yet sized put them at offset Infinity.
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const height = useElementHeight(box);
  return (
    <Box
      ref={setBox}
      data-testid="profile-chart"
      sx={{ flex: '1 1 0', minHeight: MIN_CHART_HEIGHT }}
    >
      {height > 0 ? (
        <ScatterChart
          height={height}
          renderer="svg-batch"
          margin={CHART_MARGIN}
          hideLegend
          skipAnimation
          series={[
            {
              id: 'profile',
              label: 'Elevation',
              data,
              markerSize: 2,
              valueFormatter: (value) =>
                value ? `Distance ${metres(value.x)} · Elevation ${metres(value.y)}` : '',
            },
          ]}
          xAxis={[
            {
              label: 'Distance along line (m)',
              min: 0,
              max: Math.max(lengthMetres, shown.at(-1)?.distance ?? 0),
            },
          ]}
          yAxis={[
            {
              label: 'Elevation (m)',
              width: 60,
              ...(flat && range ? { min: range.min, max: range.max } : {}),
              ...(range
                ? {
                    colorMap: {
                      type: 'continuous' as const,
                      min: range.min,
                      max: range.max,
                      color: [LOW_COLOUR, HIGH_COLOUR] as [string, string],
                    },
                  }
                : {}),
            },
          ]}
          onHighlightChange={(item) => {
            const index = item && 'dataIndex' in item ? item.dataIndex : undefined;
            onHover(index === undefined ? null : (shown[index] ?? null));
          }}
        />
      ) : null}
    </Box>
  );
}
