import { ACTIVITY_STATUS_FILTER_OPTIONS } from '@asset-portal/shared';
import { Box, MenuItem, TextField } from '@mui/material';
import type { AcknowledgedFilter, ActivityLogFilterState } from './activity-log-format.ts';

const ACKNOWLEDGED_CHOICES: { value: AcknowledgedFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unacknowledged', label: 'Unacknowledged' },
  { value: 'acknowledged', label: 'Acknowledged' },
];

function FilterSelect({
  label,
  value,
  options,
  anyLabel,
  testId,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  anyLabel?: string;
  testId: string;
  onChange(value: string): void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 190 }}
      slotProps={{
        select: { displayEmpty: Boolean(anyLabel) },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      {anyLabel ? <MenuItem value="">{anyLabel}</MenuItem> : null}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Activity type, status, user and acknowledged filters of the activity log. */
export function ActivityLogFilters({
  filters,
  activityTypes,
  users,
  onChange,
}: {
  filters: ActivityLogFilterState;
  activityTypes: readonly string[];
  users: readonly { id: string; name: string }[];
  onChange(filters: ActivityLogFilterState): void;
}) {
  const set = (patch: Partial<ActivityLogFilterState>) => onChange({ ...filters, ...patch });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="activity-log-filters">
      <FilterSelect
        label="Activity Type"
        value={filters.activityType}
        anyLabel="All types"
        options={activityTypes.map((type) => ({ value: type, label: type }))}
        testId="filter-activity-type"
        onChange={(activityType) => set({ activityType })}
      />
      <FilterSelect
        label="Status"
        value={filters.status}
        anyLabel="All statuses"
        options={ACTIVITY_STATUS_FILTER_OPTIONS.map((status) => ({ value: status, label: status }))}
        testId="filter-status"
        onChange={(status) => set({ status })}
      />
      <FilterSelect
        label="User"
        value={filters.userId}
        anyLabel="All users"
        options={users.map((user) => ({ value: user.id, label: user.name }))}
        testId="filter-user"
        onChange={(userId) => set({ userId })}
      />
      <FilterSelect
        label="Acknowledged"
        value={filters.acknowledged}
        options={ACKNOWLEDGED_CHOICES}
        testId="filter-acknowledged"
        onChange={(acknowledged) => set({ acknowledged: acknowledged as AcknowledgedFilter })}
      />
    </Box>
  );
}
