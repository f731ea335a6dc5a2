import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { ScatterChart } from '@mui/x-charts/ScatterChart';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  AMBIGUITY_LEVELS,
  type AmbStatusQc,
  ambiguityLevelLabel,
  ambiguitySeries,
  auditSummary,
  formatClockUtc,
  type NumSatsQc,
  parseQcObject,
  type SeparationQc,
  type TrajectoryAudit,
  timeSeries,
} from './qc-series.ts';
import { fetchSignedText, type TrajectoryRun, useSignedS3Url } from './use-trajectory.ts';

const CHART_HEIGHT = 200;
/** Series this short are drawn with a visible mark at each epoch. */
const MARKED_POINTS_MAX = 60;

interface QcObjects {
  ambStatus: AmbStatusQc | null;
  numSats: NumSatsQc | null;
  altitude: SeparationQc | null;
  distance: SeparationQc | null;
  audit: TrajectoryAudit | null;
}

type QcState = { state: 'loading' } | { state: 'loaded'; qc: QcObjects };

/** Fetches one QC object; a missing link or a broken object gives null (logged, spec §8). */
async function loadJson(
  signedUrl: (s3Url: string) => Promise<string | null>,
  s3Url: string | null,
): Promise<unknown> {
  if (!s3Url) return null;
  try {
    return JSON.parse(await fetchSignedText(signedUrl, s3Url));
  } catch (error) {
    console.error('Could not load the QC object', s3Url, error);
    return null;
  }
}

function useQcObjects(run: TrajectoryRun): QcState {
  const signedUrl = useSignedS3Url();
  const [qc, setQc] = useState<QcState>({ state: 'loading' });
  const urls = [
    run.ambStatusS3Url,
    run.numSatsS3Url,
    run.altitudeSeparationsS3Url,
    run.distanceSeparationsS3Url,
    run.trajectoryAuditS3Url,
  ] as const;
  const key = urls.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined links stand for `urls`.
  useEffect(() => {
    let cancelled = false;
    Promise.all(urls.map((url) => loadJson(signedUrl, url))).then(
      ([amb, sats, altitude, distance, audit]) => {
        if (cancelled) return;
        setQc({
          state: 'loaded',
          qc: {
            ambStatus: parseQcObject(amb, 'ambStatus'),
            numSats: parseQcObject(sats, 'numSats'),
            altitude: parseQcObject(altitude, 'altitudeSeparations'),
            distance: parseQcObject(distance, 'distanceSeparations'),
            audit: parseQcObject(audit, 'trajectoryAudit'),
          },
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, signedUrl]);
  if (qc.state !== 'loaded' || qc.qc.audit) return qc;
  // Without its object, the audit is still the run's metrics.
  return {
    state: 'loaded',
    qc: { ...qc.qc, audit: parseQcObject(run.metrics, 'trajectoryAudit') },
  };
}

function ChartCard({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid={testId}>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function AmbiguityChart({ qc }: { qc: AmbStatusQc }) {
  const series = useMemo(() => ambiguitySeries(qc), [qc]);
  const times = Object.values(series).flatMap((points) => points.map((point) => point.x));
  const range = times.length > 0 ? { min: Math.min(...times), max: Math.max(...times) } : {};
  return (
    <ScatterChart
      height={CHART_HEIGHT}
      skipAnimation
      series={AMBIGUITY_LEVELS.map((level) => ({
        id: level.status,
        label: level.label,
        color: level.color,
        markerSize: qc.time.length <= MARKED_POINTS_MAX ? 4 : 2,
        data: series[level.status] ?? [],
        valueFormatter: (value) =>
          value ? `${formatClockUtc(value.x)} · ${ambiguityLevelLabel(value.y)}` : '',
      }))}
      xAxis={[
        { scaleType: 'time', ...range, valueFormatter: (value: Date) => formatClockUtc(value) },
      ]}
      yAxis={[
        {
          min: 0.5,
          max: 3.5,
          width: 50,
          tickInterval: [1, 2, 3],
          valueFormatter: (value: number) => ambiguityLevelLabel(value),
        },
      ]}
    />
  );
}

function TimeChart({
  times,
  values,
  label,
  unit,
  whole = false,
}: {
  times: readonly string[];
  values: readonly unknown[];
  label: string;
  unit: string;
  /** Whole numbers (a count): the axis starts at 0 and ticks are integers. */
  whole?: boolean;
}) {
  const series = useMemo(() => timeSeries(times, values), [times, values]);
  const largest = Math.max(0, ...series.values.map((value) => value ?? 0));
  const format = (value: number) => (whole ? String(Math.round(value)) : value.toFixed(3));
  return (
    <LineChart
      height={CHART_HEIGHT}
      skipAnimation
      hideLegend
      series={[
        {
          id: label,
          label,
          data: series.values,
          curve: 'linear',
          showMark: series.values.length <= MARKED_POINTS_MAX,
          valueFormatter: (value) => (value === null ? '' : `${format(value)} ${unit}`.trim()),
        },
      ]}
      xAxis={[
        {
          data: series.time,
          scaleType: 'time',
          valueFormatter: (value: Date) => formatClockUtc(value),
        },
      ]}
      yAxis={[
        {
          label: unit ? `${label} (${unit})` : label,
          width: 72,
          valueFormatter: format,
          ...(whole ? { min: 0, max: largest + 1, tickMinStep: 1 } : {}),
        },
      ]}
    />
  );
}

/** The audit's figures as a short definition list, the outcome last. */
function AuditSummary({ audit }: { audit: TrajectoryAudit }) {
  return (
    <Box
      component="dl"
      data-testid="run-audit"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0 },
      }}
    >
      {auditSummary(audit).map((line) => (
        <Box key={line.label} sx={{ display: 'contents' }}>
          <dt>{line.label}</dt>
          <dd data-testid={`run-audit-${line.label.toLowerCase().replaceAll(' ', '-')}`}>
            {line.value}
          </dd>
        </Box>
      ))}
    </Box>
  );
}

/** A run's QC: ambiguity state, satellites and separations over time, and its audit. */
export function RunQcCharts({ run }: { run: TrajectoryRun }) {
  const qc = useQcObjects(run);
  if (qc.state === 'loading') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={24} aria-label="Loading the run's QC" />
      </Box>
    );
  }
  const { ambStatus, numSats, altitude, distance, audit } = qc.qc;
  if (!ambStatus && !numSats && !altitude && !distance && !audit) {
    return (
      <Alert severity="info">
        {run.status === 'Failed' || run.status === 'Hung'
          ? 'This run ended without QC results.'
          : 'This run has no QC results yet.'}
      </Alert>
    );
  }
  return (
    // The charts take the width they are given; a zero-width box stretched to its cell keeps
    // them from widening the table around them.
    <Stack spacing={1} data-testid="run-qc" sx={{ width: 0, minWidth: '100%' }}>
      {audit ? <AuditSummary audit={audit} /> : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
        {ambStatus ? (
          <ChartCard title="Ambiguity status per epoch" testId="qc-chart-ambiguity">
            <AmbiguityChart qc={ambStatus} />
          </ChartCard>
        ) : null}
        {numSats ? (
          <ChartCard title="Number of satellites" testId="qc-chart-satellites">
            <TimeChart
              times={numSats.time}
              values={numSats.numSats}
              label="Satellites"
              unit=""
              whole
            />
          </ChartCard>
        ) : null}
        {altitude ? (
          <ChartCard title="Altitude separation (m)" testId="qc-chart-altitude">
            <TimeChart times={altitude.time} values={altitude.separation} label="Up" unit="m" />
          </ChartCard>
        ) : null}
        {distance ? (
          <ChartCard title="Horizontal distance separation (m)" testId="qc-chart-distance">
            <TimeChart
              times={distance.time}
              values={distance.separation}
              label="Horizontal"
              unit="m"
            />
          </ChartCard>
        ) : null}
      </Box>
    </Stack>
  );
}
