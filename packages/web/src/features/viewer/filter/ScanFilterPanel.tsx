import {
  COMMENT_MAX,
  emptyScanFilter,
  FILTER_FIELDS_TOOLTIPS,
  FILTER_TOOLTIPS,
  isFilterActive,
  SCAN_ID_MAX,
  SCAN_STATUS_OPTIONS,
  type ScanFilter,
  SESSION_ID_MAX,
} from '@asset-portal/shared';
import DeselectIcon from '@mui/icons-material/Deselect';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import SpeakerNotesIcon from '@mui/icons-material/SpeakerNotes';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
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
import { memo, type ReactElement, useCallback, useRef } from 'react';
import { DateFilterField } from './DateFilterField.tsx';
import type { FilterOptions } from './filter-options.ts';

// Locking the page's scroll while a menu is open restyles the body, and the map beside the
// drawer then lays out and redraws all its paths in the very frame that shows the new list.
const MENU_PROPS = { disableScrollLock: true } as const;

const ICONS = {
  onlySelected: <PlaylistAddCheckIcon />,
  onlyAnnotated: <SpeakerNotesIcon />,
  selectAll: <SelectAllIcon />,
  unselectAll: <DeselectIcon />,
  clear: <FilterAltOffIcon />,
  zoom: <ZoomOutMapIcon />,
  hideFields: <UnfoldLessIcon />,
  showFields: <UnfoldMoreIcon />,
};

type SetField = <K extends keyof ScanFilter>(field: K, value: ScanFilter[K]) => void;

/**
 * The viewer's scan filter (spec §2 Viewer scan filter panel). Each field is its own memoized
 * component with a stable setter, so a change re-renders the field that changed, not all.
 */
export const ScanFilterPanel = memo(function ScanFilterPanel({
  filter,
  options,
  selectedCount,
  filteredCount,
  onChange,
  onSelectAllFiltered,
  onUnselectAll,
  onZoomToSelected,
  fieldsHidden = false,
  onToggleFields,
}: {
  filter: ScanFilter;
  options: FilterOptions;
  selectedCount: number;
  /** How many scans the filter shows: none, and there is nothing to select. */
  filteredCount: number;
  onChange(filter: ScanFilter): void;
  onSelectAllFiltered(): void;
  onUnselectAll(): void;
  /** Without it (a screen with no map) the zoom control is not shown. */
  onZoomToSelected?(): void;
  /** Whether the fields are folded away; with `onToggleFields`, a button folds them. */
  fieldsHidden?: boolean;
  onToggleFields?(): void;
}) {
  const latest = useRef({ filter, onChange });
  latest.current = { filter, onChange };
  const setField = useCallback<SetField>((field, value) => {
    const { filter: current, onChange: change } = latest.current;
    change({ ...current, [field]: value });
  }, []);
  const toggleOnlySelected = useCallback(
    () => setField('onlySelected', !latest.current.filter.onlySelected),
    [setField],
  );
  const toggleOnlyAnnotated = useCallback(
    () => setField('onlyAnnotated', !latest.current.filter.onlyAnnotated),
    [setField],
  );
  const clearFilter = useCallback(() => latest.current.onChange(emptyScanFilter()), []);
  const setDates = useCallback((dates: string[]) => setField('dates', dates), [setField]);

  return (
    <Box
      data-testid="scan-filter-panel"
      sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, p: 1.5 }}
    >
      {/* Folded, the fields stay mounted (a date picker keeps its month); 'contents' leaves the
          grid to them. */}
      <Box data-testid="filter-fields" sx={{ display: fieldsHidden ? 'none' : 'contents' }}>
        <FilterText
          label="Session ID"
          field="sessionId"
          value={filter.sessionId}
          maxLength={SESSION_ID_MAX}
          testId="filter-session-id"
          onChange={setField}
        />
        <FilterSelect
          label="Type"
          field="type"
          value={filter.type}
          choices={options.types}
          testId="filter-type"
          onChange={setField}
        />
        <FilterText
          label="Scan ID"
          field="scanId"
          value={filter.scanId}
          maxLength={SCAN_ID_MAX}
          testId="filter-scan-id"
          onChange={setField}
        />
        <StatusSelect value={filter.status} onChange={setField} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FilterText
            label="Comment"
            field="comment"
            value={filter.comment}
            maxLength={COMMENT_MAX}
            testId="filter-comment"
            onChange={setField}
          />
        </Box>
        <FilterSelect
          label="Device"
          field="deviceId"
          value={filter.deviceId}
          choices={options.devices}
          testId="filter-device"
          onChange={setField}
        />
        <TagsSelect value={filter.tags} choices={options.tags} onChange={setField} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <DateFilterField
            dates={filter.dates}
            scanCountByDay={options.scanCountByDay}
            onChange={setDates}
          />
        </Box>
      </Box>
      <Box
        sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'space-between' }}
        data-testid="filter-buttons"
      >
        {onToggleFields ? (
          <ToolButton
            title={
              !fieldsHidden
                ? FILTER_FIELDS_TOOLTIPS.hide
                : isFilterActive(filter)
                  ? FILTER_FIELDS_TOOLTIPS.showSet
                  : FILTER_FIELDS_TOOLTIPS.show
            }
            pressed={fieldsHidden && isFilterActive(filter)}
            onClick={onToggleFields}
            icon={fieldsHidden ? ICONS.showFields : ICONS.hideFields}
          />
        ) : null}
        <ToolButton
          title={FILTER_TOOLTIPS.filterToSelected}
          pressed={Boolean(filter.onlySelected)}
          onClick={toggleOnlySelected}
          icon={ICONS.onlySelected}
        />
        <ToolButton
          title={FILTER_TOOLTIPS.filterToAnnotated}
          pressed={Boolean(filter.onlyAnnotated)}
          onClick={toggleOnlyAnnotated}
          icon={ICONS.onlyAnnotated}
        />
        <ToolButton
          title={FILTER_TOOLTIPS.selectAllFiltered}
          onClick={onSelectAllFiltered}
          disabled={filteredCount === 0}
          icon={ICONS.selectAll}
        />
        <ToolButton
          title={FILTER_TOOLTIPS.unselectAll}
          onClick={onUnselectAll}
          disabled={selectedCount === 0}
          icon={ICONS.unselectAll}
        />
        <ToolButton
          title={FILTER_TOOLTIPS.clearFilter}
          onClick={clearFilter}
          disabled={!isFilterActive(filter)}
          icon={ICONS.clear}
        />
        {onZoomToSelected ? (
          <ToolButton
            title={FILTER_TOOLTIPS.zoomToSelected}
            onClick={onZoomToSelected}
            disabled={selectedCount === 0}
            icon={ICONS.zoom}
          />
        ) : null}
      </Box>
    </Box>
  );
});

const StatusSelect = memo(function StatusSelect({
  value,
  onChange,
}: {
  value: ScanFilter['status'];
  onChange: SetField;
}) {
  return (
    <TextField
      select
      size="small"
      label="Status"
      value={value || SCAN_STATUS_OPTIONS[0]}
      onChange={(event) => onChange('status', event.target.value as ScanFilter['status'])}
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
  );
});

const TagsSelect = memo(function TagsSelect({
  value,
  choices,
  onChange,
}: {
  value: ScanFilter['tags'];
  choices: readonly string[];
  onChange: SetField;
}) {
  return (
    <TextField
      select
      size="small"
      label="Tags"
      value={value}
      onChange={(event) => {
        const picked = event.target.value as unknown as string[] | string;
        onChange('tags', typeof picked === 'string' ? picked.split(',') : picked);
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
      {choices.map((tag) => (
        <MenuItem key={tag} value={tag} data-testid={`tag-option-${tag}`}>
          <Checkbox size="small" checked={value.includes(tag)} sx={{ p: 0.25, mr: 1 }} />
          <ListItemText primary={tag} />
        </MenuItem>
      ))}
    </TextField>
  );
});

type TextKey = 'sessionId' | 'scanId' | 'comment';
type ChoiceKey = 'type' | 'deviceId';

const FilterText = memo(function FilterText({
  label,
  field,
  value,
  maxLength,
  testId,
  onChange,
}: {
  label: string;
  field: TextKey;
  value: string;
  maxLength: number;
  testId: string;
  onChange: SetField;
}) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      fullWidth
      onChange={(event) => onChange(field, event.target.value.slice(0, maxLength))}
      slotProps={{ htmlInput: { maxLength, 'data-testid': testId } }}
    />
  );
});

const FilterSelect = memo(function FilterSelect({
  label,
  field,
  value,
  choices,
  testId,
  onChange,
}: {
  label: string;
  field: ChoiceKey;
  value: string;
  choices: readonly string[];
  testId: string;
  onChange: SetField;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(field, event.target.value)}
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
});

const ToolButton = memo(function ToolButton({
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
    <Tooltip title={title}>
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
});
