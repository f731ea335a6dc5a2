import { DIALOG_WIDTHS, formatSize, REDUNDANT_UPLOAD_TEXT } from '@asset-portal/shared';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import { useState } from 'react';
import {
  canSelectAll,
  canSkipExisting,
  defaultSelection,
  isSameSize,
  isSelectionLocked,
  type RedundantItem,
  selectAll,
  skipExisting,
  uploadButtonLabel,
} from './redundant-selection.ts';

interface RedundantUploadDialogProps {
  items: RedundantItem[];
  onCancel(): void;
  onConfirm(names: Set<string>): void;
}

/** Asks which of the packages already on the server should be sent again. */
export function RedundantUploadDialog({ items, onCancel, onConfirm }: RedundantUploadDialogProps) {
  const [selected, setSelected] = useState(() => defaultSelection(items));

  const handleToggle = (name: string) => {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  };

  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      slotProps={{
        paper: {
          sx: { maxWidth: DIALOG_WIDTHS.redundantUpload },
          'aria-labelledby': 'redundant-upload-title',
        },
      }}
      data-testid="redundant-upload-dialog"
    >
      <DialogTitle id="redundant-upload-title">Packages Already Uploaded</DialogTitle>
      <DialogContent>
        <DialogContentText>{REDUNDANT_UPLOAD_TEXT}</DialogContentText>
        <List
          dense
          sx={{ maxHeight: DIALOG_WIDTHS.redundantUploadListMaxHeight, overflowY: 'auto' }}
          data-testid="redundant-upload-list"
        >
          {items.map((item) => (
            <ListItem
              key={item.name}
              data-testid="redundant-upload-item"
              data-filename={item.name}
              secondaryAction={
                item.serverSize === null ? null : isSameSize(item) ? (
                  <Chip size="small" label="Already uploaded" color="success" />
                ) : (
                  <Chip
                    size="small"
                    label={`${formatSize(item.serverSize)} on server`}
                    color="warning"
                  />
                )
              }
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  checked={selected.has(item.name)}
                  disabled={isSelectionLocked(item)}
                  onChange={() => handleToggle(item.name)}
                  slotProps={{ input: { 'aria-label': `Upload ${item.name}` } }}
                />
              </ListItemIcon>
              <ListItemText primary={item.name} secondary={formatSize(item.size)} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Box sx={{ flex: 1, display: 'flex', gap: 1 }}>
          {canSelectAll(items, selected) ? (
            <Button onClick={() => setSelected(selectAll(items))}>Select all</Button>
          ) : null}
          {canSkipExisting(items, selected) ? (
            <Button onClick={() => setSelected(skipExisting(items, selected))}>
              Skip all existing file(s)
            </Button>
          ) : null}
        </Box>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          disabled={selected.size === 0}
          onClick={() => onConfirm(selected)}
        >
          {uploadButtonLabel(selected.size)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
