import { Chip } from '@mui/material';
import { runStatusColor, runStatusCounts } from './trajectory-format.ts';

/** One outlined chip per run status with its count ('Completed: 2'), in the runs' own order. */
export function RunStatusChips({ runs }: { runs: Parameters<typeof runStatusCounts>[0] }) {
  return runStatusCounts(runs).map(({ status, count }) => (
    <Chip
      key={status}
      size="small"
      variant="outlined"
      label={`${status}: ${count}`}
      color={runStatusColor(status)}
    />
  ));
}
