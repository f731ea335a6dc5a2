import type { GeoTiffMode } from '@asset-portal/layer-formats';
import {
  formatSize,
  LAYER_CREATED,
  LAYER_DEFAULTS,
  LAYER_FILE_EXTENSIONS,
  LAYER_UPLOAD_AUTO_CLOSE_MS,
  layerFileKind,
  layerUploadFormSchema,
} from '@asset-portal/shared';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  FormHelperText,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { HiddenFileInput } from '../../components/file-input/HiddenFileInput.tsx';
import { FormCheckbox } from '../../components/form-dialog/FormCheckbox.tsx';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { convertInWorker } from './convert-in-worker.ts';
import { layerNameFromFile } from './layer-format.ts';
import { type LayerUploadForm, type UploadPhase, uploadLayer } from './layer-upload.ts';
import { useCreateProjectLayer, useLayerGroupChoices } from './use-layers.ts';

const DIALOG_WIDTH = 600;
const NO_GROUP = '';
const PHASE_TEXT: Record<UploadPhase, string> = {
  converting: 'Converting the file…',
  saving: 'Saving the layer…',
};

type Status =
  | { state: 'editing' }
  | { state: 'working'; phase: UploadPhase }
  | { state: 'failed'; title?: string; message: string; warnings: string[] }
  | { state: 'done'; name: string; warnings: string[] };

/**
 * The layer upload: a GeoJSON, KML, KMZ, zipped Shapefile or GeoTIFF file is converted in a Web
 * Worker, then sent as a new layer with the conversion's styles. After success the dialog shows
 * the result and closes itself 1.5 s later.
 */
export function LayerUploadDialog({ projectId, onClose }: { projectId: string; onClose(): void }) {
  const { groups } = useLayerGroupChoices(projectId);
  const { createUploadedLayer } = useCreateProjectLayer();
  const inputRef = useRef<HTMLInputElement>(null);
  const autoName = useRef('');
  const abort = useRef<AbortController | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'editing' });
  const { control, handleSubmit, setValue, getValues, watch } = useForm({
    resolver: schemaResolver<LayerUploadForm>()(layerUploadFormSchema<File, GeoTiffMode>()),
    defaultValues: {
      file: null,
      name: '',
      comments: '',
      showByDefault: LAYER_DEFAULTS.showByDefault,
      ignore: LAYER_DEFAULTS.ignore,
      vendorId: NO_GROUP,
      geotiffMode: LAYER_DEFAULTS.geoTiffMode,
    },
    mode: 'onChange',
  });
  const file = watch('file');
  const isGeoTiff = file !== null && layerFileKind(file.name) === 'geotiff';

  // A running conversion stops with the dialog; the auto-close timer too.
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (status.state !== 'done') return;
    const timer = window.setTimeout(onClose, LAYER_UPLOAD_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [status.state, onClose]);

  const handleFile = (chosen: File | null) => {
    setValue('file', chosen, { shouldValidate: true, shouldDirty: true });
    if (!chosen) return;
    // The name follows the file until the user types one of their own.
    const current = getValues('name');
    if (current === '' || current === autoName.current) {
      autoName.current = layerNameFromFile(chosen.name);
      setValue('name', autoName.current, { shouldValidate: true, shouldDirty: true });
    }
    if (status.state === 'failed') setStatus({ state: 'editing' });
  };

  const handleUpload = handleSubmit(async (form) => {
    const controller = new AbortController();
    abort.current = controller;
    const outcome = await uploadLayer(
      form,
      projectId,
      {
        convert: (chosen, options, signal) =>
          convertInWorker(chosen, { convert: options, ...(signal ? { signal } : {}) }),
        create: createUploadedLayer,
        onPhase: (phase) => setStatus({ state: 'working', phase }),
      },
      controller.signal,
    ).catch(() => null);
    abort.current = null;
    if (!outcome || controller.signal.aborted) return;
    if (!outcome.ok) {
      setStatus({ state: 'failed', ...outcome });
      return;
    }
    snackbar.success(LAYER_CREATED(outcome.layer.name));
    for (const warning of outcome.warnings) snackbar.warning(warning);
    setStatus({ state: 'done', name: outcome.layer.name, warnings: outcome.warnings });
  });

  const handleClose = () => {
    abort.current?.abort();
    onClose();
  };

  const working = status.state === 'working';
  const locked = working || status.state === 'done';
  return (
    <FormDialog
      name="layer-upload"
      title="Upload Layer"
      width={DIALOG_WIDTH}
      onSubmit={handleUpload}
      onClose={handleClose}
      submitLabel="Upload"
      submitDisabled={locked}
      busy={status.state === 'working' && status.phase === 'saving'}
      persistent={working}
      footer={<UploadStatus status={status} />}
    >
      <Controller
        name="file"
        control={control}
        render={({ fieldState }) => (
          <Box>
            <HiddenFileInput
              ref={inputRef}
              accept={LAYER_FILE_EXTENSIONS.join(',')}
              data-testid="layer-file-input"
              onChange={(event) => {
                handleFile(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={locked}
                onClick={() => inputRef.current?.click()}
              >
                Choose file
              </Button>
              <Typography data-testid="layer-file-name">
                {file ? `${file.name} (${formatSize(file.size)})` : ''}
              </Typography>
            </Stack>
            <FormHelperText>GeoJSON, KML, KMZ, Shapefile ZIP or GeoTIFF</FormHelperText>
            {fieldState.error?.message ? (
              <FormHelperText error data-testid="layer-file-error">
                {fieldState.error.message}
              </FormHelperText>
            ) : null}
          </Box>
        )}
      />
      <Controller
        name="name"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Layer Name"
            required
            disabled={locked}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'layer-name-input' } }}
          />
        )}
      />
      <Controller
        name="comments"
        control={control}
        render={({ field }) => (
          <TextField {...field} label="Comments" multiline minRows={2} disabled={locked} />
        )}
      />
      <Controller
        name="vendorId"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            select
            label="Group"
            disabled={locked}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={NO_GROUP}>
              <em>No group</em>
            </MenuItem>
            {groups.map((group) => (
              <MenuItem key={group.id} value={group.id}>
                {group.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {isGeoTiff ? (
        <Controller
          name="geotiffMode"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              select
              label="Mode"
              disabled={locked}
              helperText="Bounds draws the image's outline; grid draws sampled elevation points."
            >
              <MenuItem value={'bounds' satisfies GeoTiffMode}>Bounds</MenuItem>
              <MenuItem value={'grid' satisfies GeoTiffMode}>Grid</MenuItem>
            </TextField>
          )}
        />
      ) : null}
      <Stack direction="row" spacing={2}>
        <FormCheckbox
          name="showByDefault"
          control={control}
          label="Show by default"
          disabled={locked}
        />
        <FormCheckbox name="ignore" control={control} label="Hide" disabled={locked} />
      </Stack>
    </FormDialog>
  );
}

/** Progress while working, then the outcome with the conversion's warnings. */
function UploadStatus({ status }: { status: Status }) {
  if (status.state === 'editing') return null;
  if (status.state === 'working') {
    return (
      <Box sx={{ mt: 2 }} data-testid="layer-upload-progress">
        <Typography variant="body2" color="text.secondary">
          {PHASE_TEXT[status.phase]}
        </Typography>
        <LinearProgress aria-label={PHASE_TEXT[status.phase]} />
      </Box>
    );
  }
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {status.state === 'failed' ? (
        <Alert severity="error" data-testid="layer-upload-error">
          {status.title ? <AlertTitle>{status.title}</AlertTitle> : null}
          <span data-testid="layer-upload-error-message">{status.message}</span>
        </Alert>
      ) : (
        <Alert severity="success" data-testid="layer-upload-success">
          {LAYER_CREATED(status.name)}
        </Alert>
      )}
      {status.warnings.map((warning) => (
        <Alert key={warning} severity="warning" data-testid="layer-upload-warning">
          {warning}
        </Alert>
      ))}
    </Stack>
  );
}
