import { countOf, SCAN_PAGE_SIZE } from '@asset-portal/shared';
import { Box, Pagination, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ViewerScan } from '../use-scans-summary.ts';
import { markFilterResultCommitted } from '../viewer-timing.ts';
import { ScanRow, ScanRows } from './ScanRow.tsx';
import { clampPage, pageCount, pageRows } from './scan-list-format.ts';

// The count line and about a row and a half: on a short screen the drawer scrolls rather than
// let the filter and the focused scan's actions squeeze the list out of sight.
const LIST_MIN_HEIGHT = 120;

export interface ScanListProps {
  scans: readonly ViewerScan[];
  noresults: boolean;
  /** Said in place of the rows when there are none (emptyListText). */
  emptyText: string;
  page: number;
  selectedScanIds: ReadonlySet<string>;
  visibleScanIds: ReadonlySet<string>;
  focusedScanId: string | null;
  hoveredScanId: string | null;
  onPageChange(page: number): void;
  onToggleSelect(scan: ViewerScan): void;
  onFocus(scan: ViewerScan): void;
  onToggleVisibility(scanId: string): void;
}

/** The filtered scans, 20 to a page: only the rows of the page are rendered. */
export function ScanList({
  scans,
  noresults,
  emptyText,
  page,
  selectedScanIds,
  visibleScanIds,
  focusedScanId,
  hoveredScanId,
  onPageChange,
  onToggleSelect,
  onFocus,
  onToggleVisibility,
}: ScanListProps) {
  const shownPage = clampPage(page, scans.length, SCAN_PAGE_SIZE);
  const rows = pageRows(scans, shownPage, SCAN_PAGE_SIZE);

  useLayoutEffect(() => {
    markFilterResultCommitted(scans.length);
  }, [scans]);

  // The focused scan's row is scrolled into sight when it is on this page: a scan focused on the
  // map or opened from a link may sit below the fold. Again when the list's height changes
  // meanwhile: the focused scan's actions come in under the list and shorten it.
  const rowsRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = rowsRef.current;
    if (!focusedScanId || !list) return;
    const reveal = () =>
      list
        .querySelector(`[data-scan-id="${CSS.escape(focusedScanId)}"]`)
        ?.scrollIntoView({ block: 'nearest' });
    reveal();
    const resized = new ResizeObserver(reveal);
    resized.observe(list);
    return () => resized.disconnect();
  }, [focusedScanId]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: LIST_MIN_HEIGHT, flexGrow: 1 }}>
      <Box
        sx={{ px: 1.5, py: 0.5, display: 'flex', justifyContent: 'space-between' }}
        data-testid="scan-list-summary"
      >
        <Typography variant="body2" color="text.secondary" data-testid="scan-count">
          {countOf(scans.length, 'scan')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="selected-count">
          {selectedScanIds.size} selected
        </Typography>
      </Box>
      {noresults ? (
        <Typography
          data-testid="noresults"
          color="text.secondary"
          sx={{ px: 1.5, py: 3, textAlign: 'center' }}
        >
          {emptyText}
        </Typography>
      ) : (
        <ScanRows ref={rowsRef} aria-label="Scans" data-testid="scan-list">
          {rows.map((scan, position) => (
            <ScanRow
              // Keyed by position: a new page or filter updates the rows in place instead of
              // unmounting twenty rows of buttons and tooltips and mounting them again.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are slots of the page
              key={position}
              scan={scan}
              selected={selectedScanIds.has(scan.id)}
              visible={visibleScanIds.has(scan.id)}
              focused={focusedScanId === scan.id}
              hovered={hoveredScanId === scan.id}
              onToggleSelect={onToggleSelect}
              onFocus={onFocus}
              onToggleVisibility={onToggleVisibility}
            />
          ))}
        </ScanRows>
      )}
      {scans.length > SCAN_PAGE_SIZE ? (
        <Pagination
          size="small"
          count={pageCount(scans.length, SCAN_PAGE_SIZE)}
          page={shownPage + 1}
          onChange={(_event, next) => onPageChange(next - 1)}
          sx={{ py: 1, display: 'flex', justifyContent: 'center' }}
          data-testid="scan-pagination"
        />
      ) : null}
    </Box>
  );
}
