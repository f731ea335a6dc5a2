import type { BoundingBox } from '@asset-portal/shared';
import ClearIcon from '@mui/icons-material/Clear';
import CropFreeIcon from '@mui/icons-material/CropFree';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PublishIcon from '@mui/icons-material/Publish';
import SettingsSuggestIcon from '@mui/icons-material/SettingsSuggest';
import {
  Box,
  Chip,
  IconButton,
  MenuItem,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '../../auth/SessionContext.tsx';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import {
  PostProcessingDialog,
  ProcessingChip,
  PublishScansDialog,
  shownProcessing,
  useProcessingWatch,
} from '../processing/index.ts';
import { viewerActions } from '../viewer/viewer-store.ts';
import { EditScanHeaderDialog } from './EditScanHeaderDialog.tsx';
import {
  type BoxUnits,
  boundingBoxLabel,
  boundingBoxOf,
  boxUnits,
  cloudCrsOf,
  describeBoundingBox,
  pointcloudVersions,
  processingTargetOf,
  SCAN_ACTION_TEXTS,
  scanActionAccess,
  shownVersion,
  zRangeOf,
} from './scan-action-rules.ts';
import {
  useArtifactDownload,
  useDeleteScan,
  useFocusedScan,
  useProjectActionContext,
  useUpdateScanHeader,
} from './use-scan-actions.ts';

/** Two opposite corners of a rectangle drawn on the map, `[lon, lat]`. */
export type BoxCorners = [[number, number], [number, number]];

export interface FocusedScanActionsProps {
  projectId: string;
  focusedScanId: string | null;
  /** Asks the map for a dragged rectangle; Escape resolves null. */
  requestBox(): Promise<BoxCorners | null>;
  /** The drawn rectangle to show on the map, or null. */
  onBoxChange(corners: BoxCorners | null): void;
}

type OpenDialog = 'header' | 'process' | 'publish' | null;

/** Starts a download of a signed link (Content-Disposition: attachment) without leaving the page. */
function startDownload(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function Action({
  title,
  onClick,
  children,
  disabled = false,
  pressed,
  testId,
}: {
  title: string;
  onClick(): void;
  children: ReactNode;
  disabled?: boolean;
  pressed?: boolean;
  testId: string;
}) {
  return (
    <Tooltip title={title}>
      {/* The span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton
          size="small"
          aria-label={title}
          aria-pressed={pressed}
          color={pressed ? 'primary' : 'default'}
          disabled={disabled}
          onClick={onClick}
          data-testid={testId}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The focused scan's actions: its version, header, download, deletion, post processing (with
 * an optional bounding box drawn on the map) and publishing. Standard users only download.
 */
export function FocusedScanActions({
  projectId,
  focusedScanId,
  requestBox,
  onBoxChange,
}: FocusedScanActionsProps) {
  const { session } = useSession();
  const userType = session.status === 'signedIn' ? session.user.userType : null;
  const { scan } = useFocusedScan(focusedScanId);
  const { tagOptions, hasBuckets } = useProjectActionContext(projectId);
  const access = scanActionAccess(userType, hasBuckets);
  const updateHeader = useUpdateScanHeader();
  const deleteScan = useDeleteScan();
  const download = useArtifactDownload();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busy, setBusy] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [boundingBox, setBoundingBox] = useState<BoundingBox | null>(null);
  // The units of the CRS the box was drawn in (a later version may have another).
  const [boxUnitsOfBox, setBoxUnitsOfBox] = useState<BoxUnits>(() => boxUnits(null));
  const versionNames = useMemo(
    () => (scan ? pointcloudVersions(scan.artifacts).map((artifact) => artifact.name) : []),
    [scan],
  );
  const listedVersions = useCallback(
    (scanId: string) => (scanId === scan?.id ? versionNames : undefined),
    [scan, versionNames],
  );
  const watch = useProcessingWatch(listedVersions);

  const boxChange = useRef(onBoxChange);
  boxChange.current = onBoxChange;
  // A box belongs to the scan it was drawn for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focused scan is the trigger
  useEffect(() => {
    setBoundingBox(null);
    setDialog(null);
    boxChange.current(null);
  }, [focusedScanId]);
  useEffect(() => () => boxChange.current(null), []);

  if (!focusedScanId) return null;

  const versions = scan ? pointcloudVersions(scan.artifacts) : [];
  const processing = shownProcessing(watch.get(focusedScanId), versionNames);
  const version = scan ? shownVersion(scan) : null;

  const handleVersion = async (next: string) => {
    if (!scan || next === version) return;
    setBusy(true);
    try {
      await updateHeader(scan.id, { defaultVersion: next });
      snackbar.success(SCAN_ACTION_TEXTS.versionChanged(next));
    } catch {
      // Shown by the error link.
    } finally {
      setBusy(false);
    }
  };

  const handleDownload = async () => {
    setBusy(true);
    try {
      const link = await download(focusedScanId);
      startDownload(link.url, link.filename);
    } catch {
      // Shown by the error link (for example, a scan without a cloud).
    } finally {
      setBusy(false);
    }
  };

  const handleDelete = async () => {
    const confirmed = await confirm({
      title: SCAN_ACTION_TEXTS.confirmDeletionTitle,
      message: SCAN_ACTION_TEXTS.confirmDeletion(focusedScanId),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await deleteScan(focusedScanId, () => viewerActions.unselect([focusedScanId]));
    } catch {
      setBusy(false);
      return;
    }
    setBusy(false);
    snackbar.success(SCAN_ACTION_TEXTS.deleted(focusedScanId));
  };

  const handleProcess = () => {
    if (!scan) return;
    if (versions.length === 0) {
      snackbar.warning(SCAN_ACTION_TEXTS.noArtifact);
      return;
    }
    setDialog('process');
  };

  const handleDrawBox = async () => {
    if (!scan) return;
    setDrawing(true);
    const corners = await requestBox().finally(() => setDrawing(false));
    // Escape keeps the box there was.
    if (!corners) return;
    const crs = cloudCrsOf(scan, version);
    const box = boundingBoxOf(corners, crs, zRangeOf(scan, version));
    if (!box) return;
    setBoundingBox(box);
    setBoxUnitsOfBox(boxUnits(crs));
    onBoxChange(corners);
  };

  const handleClearBox = () => {
    setBoundingBox(null);
    onBoxChange(null);
  };

  const title = scan?.friendlyName || focusedScanId;
  return (
    <Paper
      square
      elevation={0}
      data-testid="focused-scan-actions"
      data-scan-id={focusedScanId}
      sx={{ px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        Focused scan
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        title={focusedScanId}
        data-testid="focused-scan-name"
      >
        {title}
      </Typography>
      {access.chooseVersion ? (
        <TextField
          select
          size="small"
          fullWidth
          label="Default version"
          value={versions.some((artifact) => artifact.name === version) ? version : ''}
          onChange={(event) => void handleVersion(event.target.value)}
          disabled={!scan || busy || versions.length === 0}
          helperText={scan && versions.length === 0 ? SCAN_ACTION_TEXTS.noArtifact : undefined}
          sx={{ mt: 1 }}
          data-testid="scan-version-select"
        >
          {versions.map((artifact) => (
            <MenuItem key={artifact.id} value={artifact.name}>
              {artifact.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {processing ? (
        <Box sx={{ mt: 1 }}>
          <ProcessingChip processing={processing} testId="scan-processing" />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', mt: 0.5 }} data-testid="scan-action-buttons">
        {access.editHeader ? (
          <Action
            title="Edit header"
            testId="scan-action-edit"
            disabled={!scan || busy}
            onClick={() => setDialog('header')}
          >
            <EditIcon fontSize="small" />
          </Action>
        ) : null}
        {access.download ? (
          <Action
            title="Download"
            testId="scan-action-download"
            disabled={busy}
            onClick={() => void handleDownload()}
          >
            <DownloadIcon fontSize="small" />
          </Action>
        ) : null}
        {access.boundingBox ? (
          <Action
            title={SCAN_ACTION_TEXTS.drawBox}
            testId="scan-action-draw-box"
            disabled={!scan || drawing}
            pressed={drawing}
            onClick={() => void handleDrawBox()}
          >
            <CropFreeIcon fontSize="small" />
          </Action>
        ) : null}
        {access.process ? (
          <Action
            title="Process"
            testId="scan-action-process"
            disabled={!scan || busy}
            onClick={handleProcess}
          >
            <SettingsSuggestIcon fontSize="small" />
          </Action>
        ) : null}
        {access.publish ? (
          <Action
            title="Publish"
            testId="scan-action-publish"
            disabled={!scan || busy}
            onClick={() => setDialog('publish')}
          >
            <PublishIcon fontSize="small" />
          </Action>
        ) : null}
        {access.delete ? (
          <Action
            title="Delete scan"
            testId="scan-action-delete"
            disabled={busy}
            onClick={() => void handleDelete()}
          >
            <DeleteIcon fontSize="small" />
          </Action>
        ) : null}
      </Box>
      {boundingBox ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
          <Chip
            size="small"
            variant="outlined"
            label={boundingBoxLabel(boundingBox, boxUnitsOfBox)}
            title={`${SCAN_ACTION_TEXTS.boxInUse}: ${describeBoundingBox(boundingBox, boxUnitsOfBox)}`}
            sx={{ minWidth: 0, flexShrink: 1 }}
            data-testid="scan-bounding-box"
          />
          <Action
            title={SCAN_ACTION_TEXTS.clearBox}
            testId="scan-action-clear-box"
            onClick={handleClearBox}
          >
            <ClearIcon fontSize="small" />
          </Action>
        </Box>
      ) : null}
      {scan && dialog === 'header' ? (
        <EditScanHeaderDialog scan={scan} tagOptions={tagOptions} onClose={() => setDialog(null)} />
      ) : null}
      {scan && access.process ? (
        <PostProcessingDialog
          open={dialog === 'process'}
          onClose={() => setDialog(null)}
          scans={[processingTargetOf(scan)]}
          bulk={false}
          focusedVersion={version}
          boundingBox={boundingBox}
        />
      ) : null}
      {scan && access.publish ? (
        <PublishScansDialog
          open={dialog === 'publish'}
          onClose={() => setDialog(null)}
          projectId={projectId}
          scans={[{ id: scan.id, sessionId: scan.sessionId, artifacts: scan.artifacts }]}
          bulk={false}
          version={version}
        />
      ) : null}
    </Paper>
  );
}
