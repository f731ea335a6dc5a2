import { validateLayerStyles } from '@asset-portal/shared';
import {
  Box,
  Button,
  FormHelperText,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { JsonCodeEditor } from '../../../components/json-editor/JsonCodeEditor.tsx';
import { insertPredefinedStyle, PREDEFINED_STYLES } from './predefined-styles.ts';
import { StylePreviewMap } from './StylePreviewMap.tsx';
import { previewStyles } from './style-preview.ts';

const EDITOR_HEIGHT = 200;
/** As tall as the editor column beside it, with the content above the editor. */
const PREVIEW_HEIGHT = 400;

export interface StyleEditorProps {
  /** The style layers as a JSON array text. */
  value: string;
  onChange(value: string): void;
  /** The layer's source for the preview; null while it is not a FeatureCollection. */
  source: GeoJSON.FeatureCollection | null;
  /** Shown above the style editor, beside the preview (the layer dialog puts the source there). */
  children?: ReactNode;
}

/**
 * The rendering-layer editor (spec §2 Layers): the style layers as JSON, the predefined styles
 * of spec §3 and a live preview. While the text is invalid the preview keeps the last valid
 * styles, so a half-typed entry never blanks or breaks the map.
 */
export function StyleEditor({ value, onChange, source, children }: StyleEditorProps) {
  const message = validateLayerStyles(value);
  const lastValid = useRef(message === null ? value : '[]');
  if (message === null) lastValid.current = value;
  const shownText = lastValid.current;
  const preview = useMemo(() => previewStyles(shownText), [shownText]);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  const choose = (name: string) => {
    setMenuAnchor(null);
    const style = PREDEFINED_STYLES.find((entry) => entry.name === name);
    if (style) onChange(insertPredefinedStyle(value, style));
  };

  return (
    <Box data-testid="style-editor" sx={{ display: 'flex', gap: 2, alignItems: 'stretch' }}>
      <Box sx={{ flex: '1 1 55%', minWidth: 0 }}>
        {children ? <Box sx={{ mb: 1.5 }}>{children}</Box> : null}
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            Rendering layers (MapLibre styles without id and source)
          </Typography>
          <Button
            size="small"
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            aria-haspopup="menu"
            data-testid="predefined-style-button"
          >
            Predefined style
          </Button>
          <Menu
            anchorEl={menuAnchor}
            open={menuAnchor !== null}
            onClose={() => setMenuAnchor(null)}
          >
            {PREDEFINED_STYLES.map((style) => (
              <MenuItem
                key={style.name}
                onClick={() => choose(style.name)}
                data-testid={`predefined-style-${style.name}`}
              >
                <ListItemText primary={style.name} secondary={style.description} />
              </MenuItem>
            ))}
          </Menu>
        </Box>
        <FormHelperText
          error={message !== null}
          data-testid="style-editor-message"
          sx={{ mx: 0, mb: 0.5 }}
        >
          {message ?? ' '}
        </FormHelperText>
        <JsonCodeEditor
          label="Rendering layers JSON"
          testId="style-json-editor"
          value={value}
          onChange={onChange}
          invalid={message !== null}
          height={EDITOR_HEIGHT}
        />
      </Box>
      <Box sx={{ flex: '1 1 45%', minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          Preview
        </Typography>
        <StylePreviewMap
          data={source}
          styles={preview.styles}
          images={preview.images}
          height={children ? PREVIEW_HEIGHT : EDITOR_HEIGHT + 24}
        />
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          data-testid="style-preview-note"
        >
          {[
            message !== null ? 'Showing the last valid styles.' : null,
            preview.usesDefaultStyle ? 'No drawable style: the default style is shown.' : null,
          ]
            .filter(Boolean)
            .join(' ')}
        </Typography>
      </Box>
    </Box>
  );
}
