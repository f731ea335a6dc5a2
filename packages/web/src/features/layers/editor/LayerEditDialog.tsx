import {
  checkLayerSource,
  countOf,
  formatSize,
  LAYER_CREATED,
  LAYER_DEFAULTS,
  LAYER_UPDATED,
  layerEditFormSchema,
} from '@asset-portal/shared';
import {
  Alert,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  FormHelperText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormCheckbox } from '../../../components/form-dialog/FormCheckbox.tsx';
import { FormDialog } from '../../../components/form-dialog/FormDialog.tsx';
import { FormTextField } from '../../../components/form-dialog/FormTextField.tsx';
import { schemaResolver } from '../../../components/form-dialog/schema-resolver.ts';
import { JsonCodeEditor } from '../../../components/json-editor/JsonCodeEditor.tsx';
import { snackbar } from '../../../snackbar/snackbar-service.ts';
import type { LayerRow, LayerWithSource } from '../layer-types.ts';
import { useLayerGroups } from '../use-layer-groups.ts';
import {
  useCreateProjectLayer,
  useLayerWithSource,
  useUpdateLayerGroup,
  useUpdateProjectLayer,
} from '../use-layers.ts';
import { StyleEditor } from './StyleEditor.tsx';
import { parseFeatureCollection } from './style-preview.ts';

const DIALOG_WIDTH = 1100;
const SOURCE_EDITOR_HEIGHT = 140;
/** Above this a source is shown as a summary: a text editor cannot handle it comfortably. */
export const SOURCE_EDIT_MAX_BYTES = 1024 * 1024;
const EMPTY_SOURCE = JSON.stringify({ type: 'FeatureCollection', features: [] }, null, 2);
const NO_GROUP = '';

interface LayerEditValues {
  name: string;
  comments: string;
  groupId: string;
  showByDefault: boolean;
  hidden: boolean;
  source: string;
  styles: string;
}

export interface LayerEditDialogProps {
  open: boolean;
  projectId: string;
  /** The layer to edit; null creates one. */
  layer: LayerRow | null;
  onClose(): void;
  onSaved(): void;
}

/** JSON text laid out for reading; text that does not parse stays as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** 'Create Layer' / 'Edit Layer': the layer's fields, its GeoJSON and its rendering layers. */
export function LayerEditDialog({ open, ...props }: LayerEditDialogProps) {
  if (!open) return null;
  if (props.layer === null) return <LayerEditForm key="new" {...props} layer={null} />;
  // Keyed, so each opening starts from the layer as it is now.
  return <LayerEditLoader key={props.layer.id} {...props} layerId={props.layer.id} />;
}

/** Fetches the layer's source (lists leave it out), then shows the form. */
function LayerEditLoader({
  layerId,
  ...props
}: Omit<LayerEditDialogProps, 'open' | 'layer'> & { layerId: string }) {
  const { layer, loading, error } = useLayerWithSource(layerId);
  if (layer) return <LayerEditForm {...props} layer={layer} />;
  return (
    <Dialog open onClose={props.onClose}>
      <DialogContent>
        {loading ? (
          <CircularProgress aria-label="Loading the layer" />
        ) : (
          <Alert severity="error">{error?.message ?? 'The layer could not be loaded'}</Alert>
        )}
      </DialogContent>
    </Dialog>
  );
}

function LayerEditForm({
  projectId,
  layer,
  onClose,
  onSaved,
}: Omit<LayerEditDialogProps, 'open' | 'layer'> & { layer: LayerWithSource | null }) {
  const editing = layer !== null;
  const { groups } = useLayerGroups(projectId);
  const { createProjectLayer } = useCreateProjectLayer();
  const { updateProjectLayer } = useUpdateProjectLayer();
  const { updateLayerGroup } = useUpdateLayerGroup();

  const sourceEditable = !layer || layer.sourceBytes <= SOURCE_EDIT_MAX_BYTES;
  const schema = useMemo(
    () => layerEditFormSchema({ checkSource: sourceEditable }),
    [sourceEditable],
  );
  const [defaultValues] = useState<LayerEditValues>(() => ({
    name: layer?.name ?? '',
    comments: layer?.comments ?? '',
    groupId: layer?.vendorId ?? NO_GROUP,
    showByDefault: layer?.showByDefault ?? LAYER_DEFAULTS.showByDefault,
    hidden: layer?.ignore ?? LAYER_DEFAULTS.ignore,
    source: layer ? (sourceEditable ? pretty(layer.source) : layer.source) : EMPTY_SOURCE,
    styles: layer ? pretty(layer.layers) : '[]',
  }));
  const { control, handleSubmit, formState } = useForm({
    mode: 'onTouched',
    resolver: schemaResolver<LayerEditValues>()(schema),
    defaultValues,
  });
  const values = useWatch({ control }) as LayerEditValues;
  const sourceText = values.source;
  const [sourceEdited, setSourceEdited] = useState(false);
  const saving = formState.isSubmitting;

  // The source and styles editors show their messages as the user types.
  const sourceCheck = useMemo(() => checkLayerSource(sourceText), [sourceText]);
  const sourceMessage = sourceCheck.ok ? null : sourceCheck.message;

  // The preview keeps the last source that parsed while the user is typing.
  const lastSource = useRef<GeoJSON.FeatureCollection | null>(null);
  const parsedSource = useMemo(
    () => (sourceCheck.ok ? parseFeatureCollection(sourceText) : null),
    [sourceCheck, sourceText],
  );
  if (parsedSource) lastSource.current = parsedSource;

  const valid = useMemo(() => schema.safeParse(values).success, [schema, values]);
  const submitDisabled = !valid || saving;

  const handleSave = handleSubmit(async (form) => {
    const draft = {
      name: form.name.trim(),
      comments: form.comments.trim() === '' ? null : form.comments.trim(),
      layers: form.styles.trim() === '' ? '[]' : form.styles,
      ignore: form.hidden,
      showByDefault: form.showByDefault,
    };
    const vendorId = form.groupId === NO_GROUP ? null : form.groupId;
    try {
      if (layer) {
        await updateProjectLayer(layer.id, {
          ...draft,
          ...(sourceEdited ? { source: form.source } : {}),
        });
        if (vendorId !== layer.vendorId) await updateLayerGroup(layer.id, vendorId);
      } else {
        await createProjectLayer({ ...draft, source: form.source, projectId, vendorId });
      }
    } catch {
      // The error link has shown the server's message; the dialog keeps the user's input.
      return;
    }
    snackbar.success(editing ? LAYER_UPDATED(draft.name) : LAYER_CREATED(draft.name));
    onSaved();
    onClose();
  });

  return (
    <FormDialog
      name="layer-edit"
      title={editing ? 'Edit Layer' : 'Create Layer'}
      width={DIALOG_WIDTH}
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={submitDisabled}
      persistent
      busy={saving}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <FormTextField
          name="name"
          control={control}
          label="Layer Name"
          required
          autoFocus
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'layer-name-input' } }}
        />
        <Controller
          name="groupId"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Group"
              size="small"
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              sx={{ flex: 1 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value={NO_GROUP}>
                <em>No group</em>
              </MenuItem>
              {layer?.vendor && !groups.some((group) => group.id === layer.vendor?.id) ? (
                // The layer's own group, until the list of groups is in.
                <MenuItem value={layer.vendor.id}>{layer.vendor.name}</MenuItem>
              ) : null}
              {groups.map((group) => (
                <MenuItem key={group.id} value={group.id}>
                  {group.name}
                  {group.projectId === null ? ' (Global)' : ''}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormCheckbox name="showByDefault" control={control} label="Show by default" />
        <FormCheckbox name="hidden" control={control} label="Hide" />
      </Box>
      <FormTextField
        name="comments"
        control={control}
        label="Comments"
        size="small"
        multiline
        maxRows={3}
      />
      <Controller
        name="styles"
        control={control}
        render={({ field: styles }) => (
          <StyleEditor value={styles.value} onChange={styles.onChange} source={lastSource.current}>
            <Typography variant="body2" color="text.secondary">
              Source (GeoJSON FeatureCollection) *
            </Typography>
            <FormHelperText
              error={sourceMessage !== null}
              data-testid="layer-source-message"
              sx={{ mx: 0, mb: 0.5 }}
            >
              {sourceMessage ??
                (sourceCheck.ok ? countOf(sourceCheck.featureCount, 'feature') : ' ')}
            </FormHelperText>
            {sourceEditable ? (
              <Controller
                name="source"
                control={control}
                render={({ field: source }) => (
                  <JsonCodeEditor
                    label="Layer source GeoJSON"
                    testId="layer-source-editor"
                    value={source.value}
                    onChange={(text) => {
                      source.onChange(text);
                      setSourceEdited(true);
                    }}
                    invalid={sourceMessage !== null}
                    height={SOURCE_EDITOR_HEIGHT}
                  />
                )}
              />
            ) : (
              <Alert severity="info" data-testid="layer-source-summary">
                The source is {formatSize(layer?.sourceBytes ?? 0)} ({layer?.featureCount ?? 0}{' '}
                features), too large to edit here; it is kept as it is. Upload a new file to replace
                it.
              </Alert>
            )}
          </StyleEditor>
        )}
      />
    </FormDialog>
  );
}
