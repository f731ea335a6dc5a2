import type { ScanFilter } from '@asset-portal/shared';
import { Box, Divider } from '@mui/material';
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
  ...list
}: ScanListProps & {
  filter: ScanFilter;
  options: FilterOptions;
  onFilterChange(filter: ScanFilter): void;
  onSelectAllFiltered(): void;
  onUnselectAll(): void;
  onZoomToSelected(): void;
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
    </Box>
  );
}
