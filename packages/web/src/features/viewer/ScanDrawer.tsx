import type { ScanFilter } from '@asset-portal/shared';
import { Box, Divider } from '@mui/material';
import type { ReactNode } from 'react';
import type { FilterOptions } from './filter/filter-options.ts';
import { ScanFilterPanel } from './filter/ScanFilterPanel.tsx';
import { ScanList, type ScanListProps } from './list/ScanList.tsx';

/** The drawer beside the map: the filter above the scan list. */
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
  return (
    <Box
      data-testid="scan-drawer"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <ScanFilterPanel
        filter={filter}
        options={options}
        selectedCount={list.selectedScanIds.size}
        onChange={onFilterChange}
        onSelectAllFiltered={onSelectAllFiltered}
        onUnselectAll={onUnselectAll}
        onZoomToSelected={onZoomToSelected}
      />
      <Divider />
      <ScanList {...list} />
      {footer}
    </Box>
  );
}
