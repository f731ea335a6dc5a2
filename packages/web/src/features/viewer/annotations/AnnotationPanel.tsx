import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import { Alert, Box, Button, List, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSession } from '../../../auth/SessionContext.tsx';
import { confirm } from '../../../components/confirm/confirm-service.ts';
import { snackbar } from '../../../snackbar/snackbar-service.ts';
import { AnnotationDialog, type AnnotationDialogTarget } from './AnnotationDialog.tsx';
import { AnnotationRow } from './AnnotationRow.tsx';
import {
  ADD_ANNOTATION,
  ADD_ANNOTATION_NEEDS_SCAN,
  ANNOTATION_DELETE_TITLE,
  ANNOTATION_DELETED,
  ANNOTATION_MOVED,
  ANNOTATIONS_LOAD_FAILED,
  ANNOTATIONS_TITLE,
  annotationDeleteMessage,
  MOVE_POINT_HINT,
  NO_ANNOTATIONS,
  PICK_POINT_HINT,
} from './annotation-messages.ts';
import {
  type AnnotationItem,
  annotationFeatures,
  canChangeAnnotation,
  pointOf,
} from './annotation-model.ts';
import {
  useDeleteAnnotation,
  useProjectAnnotations,
  useUpdateAnnotation,
} from './use-annotations.ts';

export interface AnnotationPanelProps {
  projectId: string;
  /** Ids of the scans of the current project summary (an annotation belongs to one of them). */
  scanIds: readonly string[];
  /** New annotations are made on this scan. */
  focusedScanId: string | null;
  selectedAnnotationIds: ReadonlySet<string>;
  onSelectAnnotation(annotation: { id: string; scanId: string }): void;
  onUnselectAnnotation(annotation: { id: string; scanId: string }): void;
  /** Asks the map for one clicked point; resolves null when the user cancels (Escape). */
  requestPoint(): Promise<[number, number] | null>;
  /** Reports the annotations to draw on the map. */
  onAnnotationsChange(features: GeoJSON.FeatureCollection<GeoJSON.Point>): void;
}

type Picking = { kind: 'add' } | { kind: 'move'; annotationId: string } | null;

/** The project's annotations, newest first: select, add on the map, edit, move and delete. */
export function AnnotationPanel(props: AnnotationPanelProps) {
  const { projectId, scanIds, focusedScanId, selectedAnnotationIds } = props;
  const { annotations, loading, failed } = useProjectAnnotations(projectId);
  const updateAnnotation = useUpdateAnnotation();
  const deleteAnnotation = useDeleteAnnotation();
  const { session } = useSession();
  const viewer = session.status === 'signedIn' ? session.user : null;
  const [dialog, setDialog] = useState<AnnotationDialogTarget | null>(null);
  const [picking, setPicking] = useState<Picking>(null);
  const projectScans = useMemo(() => new Set(scanIds), [scanIds]);

  // The parent may pass a new callback on every render; only a change of data is reported.
  const reportFeatures = useRef(props.onAnnotationsChange);
  useEffect(() => {
    reportFeatures.current = props.onAnnotationsChange;
  });
  useEffect(() => {
    reportFeatures.current(annotationFeatures(annotations, selectedAnnotationIds));
  }, [annotations, selectedAnnotationIds]);

  // The map takes the focus while a point is placed; it then goes back to the button that asked,
  // before a dialog opens (the dialog gives the focus back to where it was when it opened).
  const focusAfterPicking = useRef<HTMLElement | null>(null);
  const pickPoint = async (next: NonNullable<Picking>) => {
    focusAfterPicking.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPicking(next);
    try {
      return await props.requestPoint();
    } finally {
      flushSync(() => setPicking(null));
      if (focusAfterPicking.current?.isConnected) focusAfterPicking.current.focus();
      focusAfterPicking.current = null;
    }
  };

  const handleAdd = async () => {
    if (!focusedScanId) return;
    const scanId = focusedScanId;
    const point = await pickPoint({ kind: 'add' });
    if (point) setDialog({ kind: 'create', scanId, point });
  };

  const handleMove = async (annotation: AnnotationItem) => {
    const point = await pickPoint({ kind: 'move', annotationId: annotation.id });
    if (!point) return;
    try {
      await updateAnnotation(annotation.id, {
        title: annotation.title,
        type: annotation.type,
        comment: annotation.comment,
        point: pointOf(point),
      });
    } catch {
      return; // the error link has shown the server's message
    }
    snackbar.success(ANNOTATION_MOVED);
  };

  const handleDelete = async (annotation: AnnotationItem) => {
    const confirmed = await confirm({
      title: ANNOTATION_DELETE_TITLE,
      message: annotationDeleteMessage(annotation.title),
    });
    if (!confirmed) return;
    try {
      await deleteAnnotation(annotation.id);
    } catch {
      return;
    }
    if (selectedAnnotationIds.has(annotation.id)) {
      props.onUnselectAnnotation({ id: annotation.id, scanId: annotation.scanId });
    }
    snackbar.success(ANNOTATION_DELETED);
  };

  const handleToggle = (annotation: AnnotationItem, checked: boolean) => {
    const ref = { id: annotation.id, scanId: annotation.scanId };
    if (checked) props.onSelectAnnotation(ref);
    else props.onUnselectAnnotation(ref);
  };

  return (
    <Box
      data-testid="annotation-panel"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1, py: 0.5, gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {ANNOTATIONS_TITLE} ({annotations.length})
        </Typography>
        <Tooltip
          title={
            focusedScanId ? `${ADD_ANNOTATION} to scan ${focusedScanId}` : ADD_ANNOTATION_NEEDS_SCAN
          }
        >
          {/* A disabled button fires no events; the span lets the tooltip explain why. */}
          <span>
            <Button
              size="small"
              startIcon={<AddLocationAltIcon />}
              onClick={handleAdd}
              disabled={!focusedScanId || picking !== null}
              data-testid="annotation-add"
            >
              {ADD_ANNOTATION}
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {picking ? (
        <Alert severity="info" sx={{ mx: 1, mb: 1 }} data-testid="annotation-picking">
          {picking.kind === 'add' ? PICK_POINT_HINT : MOVE_POINT_HINT}
        </Alert>
      ) : null}
      {failed ? (
        <Alert severity="error" sx={{ mx: 1 }}>
          {ANNOTATIONS_LOAD_FAILED}
        </Alert>
      ) : null}
      {!loading && !failed && annotations.length === 0 ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ px: 1 }}
          data-testid="annotation-empty"
        >
          {NO_ANNOTATIONS}
        </Typography>
      ) : null}
      <List dense aria-label={ANNOTATIONS_TITLE} sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {annotations.map((annotation) => (
          <AnnotationRow
            key={annotation.id}
            annotation={annotation}
            selected={selectedAnnotationIds.has(annotation.id)}
            selectable={projectScans.has(annotation.scanId)}
            changeable={canChangeAnnotation(viewer, annotation)}
            busy={picking !== null}
            onToggle={(checked) => handleToggle(annotation, checked)}
            onEdit={() => setDialog({ kind: 'edit', annotation })}
            onMove={() => handleMove(annotation)}
            onDelete={() => handleDelete(annotation)}
          />
        ))}
      </List>
      {dialog ? <AnnotationDialog target={dialog} onClose={() => setDialog(null)} /> : null}
    </Box>
  );
}
