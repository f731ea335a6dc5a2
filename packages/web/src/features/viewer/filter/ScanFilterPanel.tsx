import {
  COMMENT_MAX,
  emptyScanFilter,
  FILTER_TOOLTIPS,
  isFilterActive,
  SCAN_ID_MAX,
  SCAN_STATUS_OPTIONS,
  type ScanFilter,
  SESSION_ID_MAX,
  TOOLTIP_DELAY_MS,
} from '@asset-portal/shared';
import DeselectIcon from '@mui/icons-material/Deselect';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import SpeakerNotesIcon from '@mui/icons-material/SpeakerNotes';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';
import {
  Box,
  Checkbox,
  IconButton,
  ListItemText,
  MenuItem,
  TextField,
  Tooltip,
} from '@mui/material';
import type { ReactElement } from 'react';
import { DateFilterField } from './DateFilterField.tsx';
import type { FilterOptions } from './filter-options.ts';

// Locking the page's scroll while a menu is open restyles the body, and the map beside the
// drawer then lays out and redraws all its paths in the very frame that shows the new list.
const MENU_PROPS = { disableScrollLock: true } as const;

/** The viewer's scan filter (spec §2 Viewer scan filter panel). */
export function ScanFilterPanel({
  filter,
  options,
  selectedCount,
  onChange,
  onSelectAllFiltered,
  onUnselectAll,
  onZoomToSelected,
}: {
  filter: ScanFilter;
  options: FilterOptions;
  selectedCount: number;
  onChange(filter: ScanFilter): void;
  onSelectAllFiltered(): void;
  onUnselectAll(): void;
  onZoomToSelected(): void;
}) {
  const set = (patch: Partial<ScanFilter>) => onChange({ ...filter, ...patch });

  return (
    <Box
      data-testid="scan-filter-panel"
      sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, p: 1.5 }}
    >
      <FilterText
        label="Session ID"
        value={filter.sessionId}
        maxLength={SESSION_ID_MAX}
        testId="filter-session-id"
        onChange={(sessionId) => set({ sessionId })}
      />
      <FilterSelect
        label="Type"
        value={filter.type}
        choices={options.types}
        testId="filter-type"
        onChange={(type) => set({ type })}
      />
      <FilterText
        label="Scan ID"
        value={filter.scanId}
        maxLength={SCAN_ID_MAX}
        testId="filter-scan-id"
        onChange={(scanId) => set({ scanId })}
      />
      <TextField
        select
        size="small"
        label="Status"
        value={filter.status || SCAN_STATUS_OPTIONS[0]}
        onChange={(event) => set({ status: event.target.value as ScanFilter['status'] })}
        slotProps={{
          select: { MenuProps: MENU_PROPS },
          htmlInput: { 'data-testid': 'filter-status' },
        }}
      >
        {SCAN_STATUS_OPTIONS.map((status) => (
          <MenuItem key={status} value={status}>
            {status}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FilterText
          label="Comment"
          value={filter.comment}
          maxLength={COMMENT_MAX}
          testId="filter-comment"
          onChange={(comment) => set({ comment })}
        />
      </Box>
      <FilterSelect
        label="Device"
        value={filter.deviceId}
        choices={options.devices}
        testId="filter-device"
        onChange={(deviceId) => set({ deviceId })}
      />
      <TextField
        select
        size="small"
        label="Tags"
        value={filter.tags}
        onChange={(event) => {
          const value = event.target.value as unknown as string[] | string;
          set({ tags: typeof value === 'string' ? value.split(',') : value });
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'filter-tags' },
          select: {
            MenuProps: MENU_PROPS,
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) =>
              (selected as string[]).length === 0 ? 'Any' : (selected as string[]).join(', '),
          },
        }}
      >
        {options.tags.map((tag) => (
          <MenuItem key={tag} value={tag} data-testid={`tag-option-${tag}`}>
            <Checkbox size="small" checked={filter.tags.includes(tag)} sx={{ p: 0.25, mr: 1 }} />
            <ListItemText primary={tag} />
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <DateFilterField
          dates={filter.dates}
          scanCountByDay={options.scanCountByDay}
          onChange={(dates) => set({ dates })}
        />
      </Box>
      <Box
        sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'space-between' }}
        data-testid="filter-buttons"
      >
        <ToolButton
          title={FILTER_TOOLTIPS.filterToSelected}
          pressed={Boolean(filter.onlySelected)}
          onClick={() => set({ onlySelected: !filter.onlySelected })}
          icon={<PlaylistAddCheckIcon />}
        />
        <ToolButton
          title={FILTER_TOOLTIPS.filterToAnnotated}
          pressed={Boolean(filter.onlyAnnotated)}
          onClick={() => set({ onlyAnnotated: !filter.onlyAnnotated })}
          icon={<SpeakerNotesIcon />}
        />
        <ToolButton
          title={FILTER_TOOLTIPS.selectAllFiltered}
          onClick={onSelectAllFiltered}
          icon={<SelectAllIcon />}
        />
        <ToolButton
          title={FILTER_TOOLTIPS.unselectAll}
          onClick={onUnselectAll}
          disabled={selectedCount === 0}
          icon={<DeselectIcon />}
        />
        <ToolButton
          title={FILTER_TOOLTIPS.clearFilter}
          onClick={() => onChange(emptyScanFilter())}
          disabled={!isFilterActive(filter)}
          icon={<FilterAltOffIcon />}
        />
        <ToolButton
          title={FILTER_TOOLTIPS.zoomToSelected}
          onClick={onZoomToSelected}
          disabled={selectedCount === 0}
          icon={<ZoomOutMapIcon />}
        />
      </Box>
    </Box>
  );
}

function FilterText({
  label,
  value,
  maxLength,
  testId,
  onChange,
}: {
  label: string;
  value: string;
  maxLength: number;
  testId: string;
  onChange(value: string): void;
}) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      fullWidth
      onChange={(event) => onChange(event.target.value.slice(0, maxLength))}
      slotProps={{ htmlInput: { maxLength, 'data-testid': testId } }}
    />
  );
}

function FilterSelect({
  label,
  value,
  choices,
  testId,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly string[];
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
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true, MenuProps: MENU_PROPS },
        htmlInput: { 'data-testid': testId },
      }}
    >
      <MenuItem value="">Any</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ToolButton({
  title,
  icon,
  pressed,
  disabled,
  onClick,
}: {
  title: string;
  icon: ReactElement;
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip title={title} enterDelay={TOOLTIP_DELAY_MS} enterNextDelay={TOOLTIP_DELAY_MS}>
      {/* A span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton
          aria-label={title}
          aria-pressed={pressed}
          color={pressed ? 'primary' : 'default'}
          disabled={disabled}
          onClick={onClick}
          sx={pressed ? { bgcolor: 'action.selected' } : undefined}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
