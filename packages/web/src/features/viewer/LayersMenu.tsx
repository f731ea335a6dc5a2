import LayersIcon from '@mui/icons-material/Layers';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';
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
import { type KeyboardEvent, useId, useState } from 'react';
import { type LayerReach, layerReach } from '../map/project-layers.ts';
import type { LngLatBox } from '../map/scan-features.ts';
import type { DrawnFrom } from '../map/types.ts';
import { layerZoomHint, NOTHING_TO_ZOOM_TO, zoomToLayerLabel } from './layers-menu-texts.ts';
import type { ViewerProjectLayer } from './project-layer-rules.ts';

// Read once per layer as received: a layer's source may be megabytes of GeoJSON.
const reaches = new WeakMap<ViewerProjectLayer, LayerReach>();
function reachOf(layer: ViewerProjectLayer): LayerReach {
  let reach = reaches.get(layer);
  if (!reach) {
    reach = layerReach(layer);
    reaches.set(layer, reach);
  }
  return reach;
}

/**
 * The map's layer switcher: the project's layers by name, the selected ones drawn, and under
 * each one the map's zoom (`zoom`, null until known) is too wide for, the zoom it is drawn from.
 * Each layer with coordinates has a button that shows it and brings it into view.
 */
export function LayersMenu({
  layers,
  selectedIds,
  zoom,
  onChange,
  onZoomTo,
}: {
  layers: readonly ViewerProjectLayer[];
  selectedIds: readonly string[];
  zoom: number | null;
  onChange(ids: string[]): void;
  onZoomTo(box: LngLatBox, drawn?: DrawnFrom): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const ids = useId();
  const hintOf = (layer: ViewerProjectLayer) => {
    if (zoom === null || anchor === null) return undefined;
    const from = reachOf(layer).drawnFrom;
    return from !== null && zoom < from ? layerZoomHint(from) : undefined;
  };
  const toggle = (id: string) =>
    onChange(selectedIds.includes(id) ? selectedIds.filter((x) => x !== id) : [...selectedIds, id]);
  const zoomTo = (layer: ViewerProjectLayer, box: LngLatBox) => {
    if (!selectedIds.includes(layer.id)) onChange([...selectedIds, layer.id]);
    setAnchor(null);
    const { drawnFrom, nearMiddle } = reachOf(layer);
    onZoomTo(
      box,
      drawnFrom !== null && nearMiddle ? { from: drawnFrom, at: nearMiddle } : undefined,
    );
  };
  // The menu's arrow keys go from layer to layer; → reaches a layer's zoom button and ← leaves it.
  const toZoomButton = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowRight') return;
    const button = event.currentTarget.querySelector<HTMLElement>('.layer-zoom:not(:disabled)');
    if (!button) return;
    event.preventDefault();
    button.focus();
  };
  const backToItem = (event: KeyboardEvent<HTMLElement>) => {
    const item = event.currentTarget.closest<HTMLElement>('[role="menuitemcheckbox"]');
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      item?.focus();
    }
    // ↓ and ↑ go on from the button's layer: the menu moves from the item that has the focus.
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') item?.focus();
    // Enter and Space press the button; they must not also toggle the layer around it.
    if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
  };

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
          layers.map((layer, index) => (
            // The item is the checkbox for assistive technology (its name is the layer's, the
            // hint its description); the box drawn in it only shows the state.
            <MenuItem
              key={layer.id}
              role="menuitemcheckbox"
              aria-checked={selectedIds.includes(layer.id)}
              aria-labelledby={`${ids}-${index}-name`}
              aria-describedby={hintOf(layer) ? `${ids}-${index}-hint` : undefined}
              onClick={() => toggle(layer.id)}
              onKeyDown={toZoomButton}
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
                  primary: { className: 'layer-name', id: `${ids}-${index}-name` },
                  secondary: { className: 'layer-hint', id: `${ids}-${index}-hint` },
                }}
              />
              <ZoomToLayer
                name={layer.name}
                box={reachOf(layer).bounds}
                onZoom={(box) => zoomTo(layer, box)}
                onKeyDown={backToItem}
              />
            </MenuItem>
          ))
        )}
      </Menu>
    </Paper>
  );
}

function ZoomToLayer({
  name,
  box,
  onZoom,
  onKeyDown,
}: {
  name: string;
  /** Null for a layer with nothing to show (no coordinates): the button is there but disabled. */
  box: LngLatBox | null;
  onZoom(box: LngLatBox): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
}) {
  const label = zoomToLayerLabel(name);
  const button = (
    <IconButton
      className="layer-zoom"
      size="small"
      edge="end"
      aria-label={label}
      disabled={box === null}
      tabIndex={-1}
      onClick={(event) => {
        // The click is the button's, not a toggle of the layer's item around it.
        event.stopPropagation();
        if (box) onZoom(box);
      }}
      onKeyDown={onKeyDown}
      sx={{ ml: 1 }}
    >
      <ZoomOutMapIcon fontSize="small" />
    </IconButton>
  );
  // A disabled button gets no pointer events: the tooltip listens on a span around it.
  return (
    <Tooltip title={box ? label : NOTHING_TO_ZOOM_TO}>
      <span>{button}</span>
    </Tooltip>
  );
}
