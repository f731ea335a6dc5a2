import LayersIcon from '@mui/icons-material/Layers';
import {
  Checkbox,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { ViewerProjectLayer } from './project-layer-rules.ts';

/** The map's layer switcher: the project's layers by name, the selected ones drawn. */
export function LayersMenu({
  layers,
  selectedIds,
  onChange,
}: {
  layers: readonly ViewerProjectLayer[];
  selectedIds: readonly string[];
  onChange(ids: string[]): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (id: string) =>
    onChange(selectedIds.includes(id) ? selectedIds.filter((x) => x !== id) : [...selectedIds, id]);

  return (
    <Paper elevation={2} sx={{ borderRadius: 1 }}>
      <Tooltip title="Layers">
        <IconButton aria-label="Layers" onClick={(event) => setAnchor(event.currentTarget)}>
          <LayersIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {layers.length === 0 ? (
          <Typography sx={{ px: 2, py: 1 }} color="text.secondary">
            This project has no layers.
          </Typography>
        ) : (
          layers.map((layer) => (
            // The item is the checkbox for assistive technology (its name is the layer's); the
            // box drawn in it only shows the state.
            <MenuItem
              key={layer.id}
              role="menuitemcheckbox"
              aria-checked={selectedIds.includes(layer.id)}
              onClick={() => toggle(layer.id)}
              data-testid="layer-option"
            >
              <ListItemIcon>
                <Checkbox
                  size="small"
                  checked={selectedIds.includes(layer.id)}
                  tabIndex={-1}
                  slotProps={{ input: { 'aria-hidden': true } }}
                  sx={{ p: 0 }}
                />
              </ListItemIcon>
              <ListItemText primary={layer.name} />
            </MenuItem>
          ))
        )}
      </Menu>
    </Paper>
  );
}
