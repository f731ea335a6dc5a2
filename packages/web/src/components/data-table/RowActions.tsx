import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, Tooltip } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** One icon button of a row; its label names the row, e.g. 'Edit project North'. */
export interface RowAction {
  label: string;
  onClick(): void;
  disabled?: boolean;
  /** Tooltip while disabled, saying why. */
  disabledReason?: string;
  /** Tooltip while enabled, in place of RowActionsProps.tooltips' 'Edit' or 'Delete'. */
  tooltip?: string;
}

export interface RowActionsProps {
  edit: RowAction;
  delete: RowAction;
  /** Show 'Edit' and 'Delete' tooltips on the enabled buttons. */
  tooltips?: boolean;
}

function RowActionButton({
  action,
  tooltip,
  icon,
}: {
  action: RowAction;
  tooltip: string;
  icon: ReactNode;
}) {
  const { label, onClick, disabled = false, disabledReason = '' } = action;
  const enabledTooltip = action.tooltip ?? tooltip;
  const button = (
    <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </IconButton>
  );
  return (
    <Tooltip title={disabled ? disabledReason : enabledTooltip}>
      {/* A disabled button fires no pointer events; the span lets its tooltip still open. */}
      {disabled ? <span>{button}</span> : button}
    </Tooltip>
  );
}

/** The Actions cell of the admin tables: edit and delete icon buttons side by side. */
export function RowActions({ edit, delete: remove, tooltips = false }: RowActionsProps) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
      <RowActionButton
        action={edit}
        tooltip={tooltips ? 'Edit' : ''}
        icon={<EditIcon fontSize="small" />}
      />
      <RowActionButton
        action={remove}
        tooltip={tooltips ? 'Delete' : ''}
        icon={<DeleteIcon fontSize="small" />}
      />
    </Box>
  );
}

/**
 * The Actions column of the admin tables: not sortable, grouped or searched, its cell the row's
 * edit and delete buttons. `actionsFor` names the row in the buttons' labels.
 */
export function actionsColumn<Row>(actionsFor: (row: Row) => RowActionsProps): ColumnDef<Row> {
  return {
    id: 'actions',
    header: 'Actions',
    enableSorting: false,
    enableGrouping: false,
    enableGlobalFilter: false,
    cell: ({ row }) => <RowActions {...actionsFor(row.original)} />,
  };
}
