import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import OpenWithIcon from '@mui/icons-material/OpenWith';
import {
  Checkbox,
  Chip,
  IconButton,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Tooltip,
} from '@mui/material';
import type { ReactNode } from 'react';
import { formatLocalTime } from '../../../lib/local-time.ts';
import { NOT_YOUR_ANNOTATION, SCAN_NOT_IN_PROJECT } from './annotation-messages.ts';
import { type AnnotationItem, annotationScanLabel } from './annotation-model.ts';

export interface AnnotationRowProps {
  annotation: AnnotationItem;
  selected: boolean;
  /** False when its scan is not in the project's summary list (spec §5 Scan selection). */
  selectable: boolean;
  /** False when the server would refuse this user's edit or delete. */
  changeable: boolean;
  /** True while the map waits for a point; the actions wait too. */
  busy: boolean;
  onToggle(checked: boolean): void;
  onEdit(): void;
  onMove(): void;
  onDelete(): void;
}

function Action(props: {
  label: string;
  disabled: boolean;
  onClick(): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          disabled={props.disabled}
          onClick={props.onClick}
          data-testid={props.testId}
        >
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** One annotation: selection checkbox, title and type, scan, author and date, and actions. */
export function AnnotationRow({
  annotation,
  selected,
  selectable,
  changeable,
  busy,
  ...on
}: AnnotationRowProps) {
  const scanLabel = annotationScanLabel(annotation);
  const author = annotation.user?.name ?? 'Deleted user';
  // Each disabled action keeps its own name, with why it is disabled.
  const changeLabel = (action: string) =>
    changeable ? action : `${action}: ${NOT_YOUR_ANNOTATION}`;
  const checkbox = (
    <Checkbox
      edge="start"
      size="small"
      checked={selected}
      disabled={!selectable && !selected}
      onChange={(event) => on.onToggle(event.target.checked)}
      slotProps={{ input: { 'aria-label': `Select annotation ${annotation.title}` } }}
      data-testid="annotation-select"
    />
  );
  return (
    <ListItem
      data-testid="annotation-row"
      data-annotation-id={annotation.id}
      divider
      secondaryAction={
        <Stack direction="row">
          <Action
            label={changeLabel('Edit')}
            disabled={!changeable || busy}
            onClick={on.onEdit}
            testId="annotation-edit"
          >
            <EditIcon fontSize="small" />
          </Action>
          <Action
            label={changeLabel('Move on the map')}
            disabled={!changeable || busy}
            onClick={on.onMove}
            testId="annotation-move"
          >
            <OpenWithIcon fontSize="small" />
          </Action>
          <Action
            label={changeLabel('Delete')}
            disabled={!changeable || busy}
            onClick={on.onDelete}
            testId="annotation-delete"
          >
            <DeleteIcon fontSize="small" />
          </Action>
        </Stack>
      }
      sx={{ pr: 14 }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        {selectable || selected ? (
          checkbox
        ) : (
          <Tooltip title={SCAN_NOT_IN_PROJECT}>
            <span>{checkbox}</span>
          </Tooltip>
        )}
      </ListItemIcon>
      <ListItemText
        primary={
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <span data-testid="annotation-title-text">{annotation.title}</span>
            {annotation.type ? (
              <Chip size="small" label={annotation.type} data-testid="annotation-type-chip" />
            ) : null}
          </Stack>
        }
        secondary={
          <>
            <span data-testid="annotation-meta">
              {scanLabel} · {author} · {formatLocalTime(annotation.created)}
            </span>
            {annotation.comment ? (
              <>
                <br />
                <span data-testid="annotation-comment-text">{annotation.comment}</span>
              </>
            ) : null}
          </>
        }
      />
    </ListItem>
  );
}
