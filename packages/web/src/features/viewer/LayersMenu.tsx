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
import { drawnFromZoom } from '../map/project-layers.ts';
import type { ViewerProjectLayer } from './project-layer-rules.ts';

// Read once per layer as received: a layer's source may be megabytes of GeoJSON.
const drawnFrom = new WeakMap<ViewerProjectLayer, number | null>();
function drawnFromZoomOf(layer: ViewerProjectLayer): number | null {
  if (!drawnFrom.has(layer)) drawnFrom.set(layer, drawnFromZoom(layer));
  return drawnFrom.get(layer) ?? null;
}

/** Said under a layer the map's present zoom leaves undrawn (points appear from zoom 10). */
export const layerZoomHint = (from: number) => `Drawn from zoom ${from}: zoom in to see it`;

/**
 * The map's layer switcher: the project's layers by name, the selected ones drawn, and under
 * each one the map's zoom (`zoom`, null until known) is too wide for, the zoom it is drawn from.
 */
export function LayersMenu({
  layers,
  selectedIds,
  zoom,
  onChange,
}: {
  layers: readonly ViewerProjectLayer[];
  selectedIds: readonly string[];
  zoom: number | null;
  onChange(ids: string[]): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hintOf = (layer: ViewerProjectLayer) => {
    if (zoom === null || anchor === null) return undefined;
    const from = drawnFromZoomOf(layer);
    return from !== null && zoom < from ? layerZoomHint(from) : undefined;
  };
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
              <ListItemText
                primary={layer.name}
                secondary={hintOf(layer)}
                slotProps={{
                  primary: { className: 'layer-name' },
                  secondary: { className: 'layer-hint' },
                }}
              />
            </MenuItem>
          ))
        )}
      </Menu>
    </Paper>
  );
}
