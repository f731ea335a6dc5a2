import {
  canSelectScan,
  emptyScanFilter,
  initialSelectionState,
  NO_BUCKETS,
  type ScanFilter,
  type ScanSelectionState,
  unselectAllScans,
} from '@asset-portal/shared';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import {
  PostProcessingDialog,
  PublishScansDialog,
  useProcessingWatch,
} from '../processing/index.ts';
import { usePublishBuckets } from '../processing/use-processing.ts';
import { useCurrentProject } from '../projects/current-project-store.ts';
import { ProjectRequired } from '../projects/ProjectRequired.tsx';
import type { ProjectOption } from '../projects/use-projects.ts';
import { filterOptionsOf } from '../viewer/filter/filter-options.ts';
import { ScanFilterPanel } from '../viewer/filter/ScanFilterPanel.tsx';
import { useFilteredScans } from '../viewer/use-filtered-scans.ts';
import {
  refreshScanSummaries,
  useProjectScans,
  type ViewerScan,
} from '../viewer/use-scans-summary.ts';
import { bulkScanColumns, versionsOf } from './bulk-scan-columns.tsx';
import {
  type BulkSelectionUpdate,
  headerCheckState,
  selectBulkScans,
  toggleAllBulkScans,
  toggleBulkScan,
} from './bulk-selection.ts';

type OpenDialog = 'process' | 'publish' | null;

const TIGHT_CELLS = { '& .MuiTableCell-root': { px: 1 } } as const;

/** The Bulk Processing screen (spec §2): filter, select and process or publish many scans. */
export function BulkProcessingPage() {
  const { project } = useCurrentProject();
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Bulk Processing
      </Typography>
      <ProjectRequired>
        {/* Keyed by project: another project starts with no filter and nothing selected. */}
        {project ? <BulkProcessingScreen key={project.id} project={project} /> : null}
      </ProjectRequired>
    </Box>
  );
}

function BulkProcessingScreen({ project }: { project: ProjectOption }) {
  const { scans, summaryIds, byId, annotatedScanIds, loading } = useProjectScans(project.id);
  const { buckets, loading: bucketsLoading } = usePublishBuckets(project.organization.id);
  const noBuckets = !bucketsLoading && buckets.length === 0;
  const [filter, setFilter] = useState<ScanFilter>(emptyScanFilter);
  const [selection, setSelection] = useState<ScanSelectionState>(initialSelectionState);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const listedVersions = useCallback(
    (scanId: string) => {
      const scan = byId.get(scanId);
      return scan ? versionsOf(scan) : undefined;
    },
    [byId],
  );
  const processing = useProcessingWatch(listedVersions);

  const selectedIds = selection.selectedScanIds;
  const filtered = useFilteredScans(scans, filter, selectedIds, annotatedScanIds);
  const options = useMemo(() => filterOptionsOf(scans), [scans]);
  const selectedScans = useMemo(
    () => selectedIds.map((id) => byId.get(id)).filter((scan): scan is ViewerScan => !!scan),
    [selectedIds, byId],
  );

  const apply = useCallback((update: BulkSelectionUpdate) => {
    setSelection(update.state);
    if (update.message) snackbar.warning(update.message);
  }, []);
  const handleSelectAllFiltered = useCallback(
    () => apply(selectBulkScans(selection, filtered.scans, summaryIds)),
    [apply, selection, filtered.scans, summaryIds],
  );
  const handleUnselectAll = useCallback(() => setSelection(unselectAllScans), []);
  const handleRefresh = () => {
    void refreshScanSummaries();
  };

  const columns = useMemo(() => {
    const selected = new Set(selectedIds);
    return bulkScanColumns(
      {
        isSelected: (id) => selected.has(id),
        canSelect: (scan) => canSelectScan(scan, summaryIds),
        onToggle: (scan) => apply(toggleBulkScan(selection, scan, summaryIds)),
        header: headerCheckState(selection, filtered.scans, summaryIds),
        onToggleAll: () => apply(toggleAllBulkScans(selection, filtered.scans, summaryIds)),
      },
      processing,
    );
  }, [selectedIds, selection, filtered.scans, summaryIds, apply, processing]);

  const choose = (dialog: OpenDialog) => {
    setMenuAnchor(null);
    setOpenDialog(dialog);
  };
  const closeDialog = () => setOpenDialog(null);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {noBuckets ? (
        <Alert severity="warning" data-testid="bulk-no-buckets">
          {NO_BUCKETS}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ maxWidth: 760 }}>
        <ScanFilterPanel
          filter={filter}
          options={options}
          selectedCount={selectedIds.length}
          filteredCount={filtered.scans.length}
          onChange={setFilter}
          onSelectAllFiltered={handleSelectAllFiltered}
          onUnselectAll={handleUnselectAll}
        />
      </Paper>
      {/* Tighter cells: seven columns of long scan and session ids fit a laptop screen. */}
      <Box sx={TIGHT_CELLS}>
        <DataTable
          testId="bulk-scans-table"
          ariaLabel="Scans"
          data={filtered.scans}
          columns={columns}
          getRowId={(scan) => scan.id}
          loading={loading}
          emptyText={
            filtered.noresults && scans.length > 0 ? 'No scans match the filter.' : 'No scans.'
          }
          initialSorting={[{ id: 'captured', desc: true }]}
          toolbar={
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" color="text.secondary" data-testid="bulk-selected-count">
                {selectedIds.length} selected
              </Typography>
              <Tooltip title="Reload the scans">
                <IconButton aria-label="Reload the scans" onClick={handleRefresh}>
                  <RefreshIcon />
                </IconButton>
              </Tooltip>
              <Button
                variant="contained"
                endIcon={<ArrowDropDownIcon />}
                disabled={selectedIds.length === 0}
                onClick={(event) => setMenuAnchor(event.currentTarget)}
                aria-haspopup="menu"
                data-testid="bulk-actions"
              >
                Actions
              </Button>
            </Box>
          }
        />
      </Box>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {/* Spec §6: bulk processing and publishing both require the organization's buckets. */}
        <MenuItem onClick={() => choose('process')} disabled={noBuckets || bucketsLoading}>
          Process
        </MenuItem>
        <MenuItem onClick={() => choose('publish')} disabled={noBuckets || bucketsLoading}>
          Publish
        </MenuItem>
      </Menu>
      <PostProcessingDialog
        open={openDialog === 'process'}
        onClose={closeDialog}
        scans={selectedScans}
        bulk
      />
      <PublishScansDialog
        open={openDialog === 'publish'}
        onClose={closeDialog}
        projectId={project.id}
        scans={selectedScans}
        bulk
      />
    </Box>
  );
}
