import type { ScanFilter } from '@asset-portal/shared';
import { Box, Divider } from '@mui/material';
import { type ReactNode, useCallback } from 'react';
import { useRememberedSetting } from '../../lib/use-remembered-setting.ts';
import type { FilterOptions } from './filter/filter-options.ts';
import { ScanFilterPanel } from './filter/ScanFilterPanel.tsx';
import { ScanList, type ScanListProps } from './list/ScanList.tsx';

const FIELDS_KEY = 'asset-portal.viewerFilterFieldsHidden';

const readFieldsHidden = (stored: string | null) => stored === 'true';

/**
 * The drawer beside the map: the filter above the scan list. On a laptop screen the filter's
 * fields can be folded away (remembered) so that the list keeps more than a couple of rows.
 */
export function ScanDrawer({
  filter,
  options,
  onFilterChange,
  onSelectAllFiltered,
  onUnselectAll,
  onZoomToSelected,
  footer,
  ...list
}: ScanListProps & {
  filter: ScanFilter;
  options: FilterOptions;
  onFilterChange(filter: ScanFilter): void;
  onSelectAllFiltered(): void;
  onUnselectAll(): void;
  onZoomToSelected(): void;
  /** Below the list: the focused scan's actions. */
  footer?: ReactNode;
}) {
  const [fieldsHidden, setFieldsHidden] = useRememberedSetting(FIELDS_KEY, readFieldsHidden);
  const toggleFields = useCallback(() => setFieldsHidden((hidden) => !hidden), [setFieldsHidden]);
  return (
    <Box
      data-testid="scan-drawer"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <ScanFilterPanel
        filter={filter}
        options={options}
        selectedCount={list.selectedScanIds.size}
        filteredCount={list.scans.length}
        onChange={onFilterChange}
        onSelectAllFiltered={onSelectAllFiltered}
        onUnselectAll={onUnselectAll}
        onZoomToSelected={onZoomToSelected}
        fieldsHidden={fieldsHidden}
        onToggleFields={toggleFields}
      />
      <Divider />
      <ScanList {...list} />
      {footer}
    </Box>
  );
}
