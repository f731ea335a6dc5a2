import { SCAN_PAGE_SIZE, TOOLTIP_DELAY_MS } from '@asset-portal/shared';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import CenterFocusWeakIcon from '@mui/icons-material/CenterFocusWeak';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, Checkbox, Chip, IconButton, Pagination, Tooltip, Typography } from '@mui/material';
import { memo, useLayoutEffect } from 'react';
import type { ViewerScan } from '../use-scans-summary.ts';
import { markFilterResultCommitted } from '../viewer-timing.ts';
import {
  clampPage,
  formatCapturedTime,
  pageCount,
  pageRows,
  statusChipOf,
} from './scan-list-format.ts';

export interface ScanListProps {
  scans: readonly ViewerScan[];
  noresults: boolean;
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

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flexGrow: 1 }}>
      <Box
        sx={{ px: 1.5, py: 0.5, display: 'flex', justifyContent: 'space-between' }}
        data-testid="scan-list-summary"
      >
        <Typography variant="body2" color="text.secondary" data-testid="scan-count">
          {scans.length} {scans.length === 1 ? 'scan' : 'scans'}
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
          No scans match the filter.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Scans"
          data-testid="scan-list"
          sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', flexGrow: 1, minHeight: 0 }}
        >
          {rows.map((scan) => (
            <ScanRow
              key={scan.id}
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
        </Box>
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

const ScanRow = memo(function ScanRow({
  scan,
  selected,
  visible,
  focused,
  hovered,
  onToggleSelect,
  onFocus,
  onToggleVisibility,
}: {
  scan: ViewerScan;
  selected: boolean;
  visible: boolean;
  focused: boolean;
  hovered: boolean;
  onToggleSelect(scan: ViewerScan): void;
  onFocus(scan: ViewerScan): void;
  onToggleVisibility(scanId: string): void;
}) {
  const chip = statusChipOf(scan);
  const name = scan.friendlyName || scan.id;
  return (
    <Box
      component="li"
      data-testid="scan-row"
      data-scan-id={scan.id}
      data-selected={selected}
      data-focused={focused}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr auto',
        alignItems: 'center',
        gap: 0.5,
        px: 0.5,
        py: 0.25,
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: focused ? 'primary.main' : 'transparent',
        bgcolor: focused ? 'action.selected' : hovered ? 'action.hover' : undefined,
      }}
    >
      <Checkbox
        size="small"
        checked={selected}
        onChange={() => onToggleSelect(scan)}
        slotProps={{ input: { 'aria-label': `Select ${scan.id}` } }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={scan.id}>
            {name}
          </Typography>
          <Chip
            size="small"
            label={chip.label}
            color={chip.color}
            data-testid="scan-status"
            sx={{ height: 20 }}
          />
        </Box>
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          <span data-testid="scan-id">{scan.id}</span>
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          <span data-testid="scan-session">{scan.sessionId ?? 'No session'}</span>
          {' · '}
          {formatCapturedTime(scan.capturedTimestamp)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex' }}>
        <Tooltip
          title={focused ? 'Focused' : 'Focus'}
          enterDelay={TOOLTIP_DELAY_MS}
          enterNextDelay={TOOLTIP_DELAY_MS}
        >
          <IconButton
            size="small"
            aria-label={`Focus ${scan.id}`}
            aria-pressed={focused}
            color={focused ? 'primary' : 'default'}
            onClick={() => onFocus(scan)}
          >
            {focused ? (
              <CenterFocusStrongIcon fontSize="small" />
            ) : (
              <CenterFocusWeakIcon fontSize="small" />
            )}
          </IconButton>
        </Tooltip>
        <Tooltip
          title={visible ? 'Hide' : 'Show'}
          enterDelay={TOOLTIP_DELAY_MS}
          enterNextDelay={TOOLTIP_DELAY_MS}
        >
          <span>
            <IconButton
              size="small"
              aria-label={`${visible ? 'Hide' : 'Show'} ${scan.id}`}
              disabled={!selected}
              onClick={() => onToggleVisibility(scan.id)}
            >
              {visible || !selected ? (
                <VisibilityIcon fontSize="small" />
              ) : (
                <VisibilityOffIcon fontSize="small" />
              )}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
});
