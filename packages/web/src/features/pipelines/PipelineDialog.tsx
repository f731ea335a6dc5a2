import {
  DIALOG_WIDTHS,
  needsBoundingBox,
  PIPELINE_CREATE_TITLE,
  PIPELINE_CREATED,
  PIPELINE_DEPENDENCIES,
  PIPELINE_DESCRIPTION_MAX,
  PIPELINE_EDIT_TITLE,
  PIPELINE_GLOBAL_LABEL,
  PIPELINE_JSON_TEMPLATE,
  PIPELINE_PLACEHOLDERS_NEED_DEPENDENCY,
  PIPELINE_PLACEHOLDERS_TEXT,
  PIPELINE_UPDATED,
  pipelineDescriptionCounter,
  pipelineFormSchema,
  usesBoundingBoxPlaceholders,
} from '@asset-portal/shared';
import {
  Alert,
  Autocomplete,
  Box,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { smallChips } from '../../components/chips/small-chips.tsx';
import { FormCheckbox } from '../../components/form-dialog/FormCheckbox.tsx';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { pipelineJsonMessage } from './json-error.ts';
import { PipelineEngineVerdict } from './PipelineEngineVerdict.tsx';
import { PipelineJsonEditor } from './PipelineJsonEditor.tsx';
import { usePipelineEngineCheck } from './use-pipeline-engine-check.ts';
import {
  type PipelineItem,
  type PipelineVariables,
  useCreatePipeline,
  useUpdatePipeline,
} from './use-pipelines.ts';

interface PipelineFormValues {
  name: string;
  dependencies: string[];
  description: string;
  global: boolean;
  pipeline: string;
}

export interface PipelineDialogProps {
  /** The pipeline to edit; null creates one. */
  pipeline: PipelineItem | null;
  /** The selected project, which a non-global pipeline belongs to. */
  projectId: string;
  /** Whether the user may see and tick 'Global Pipeline' (vendor organization only). */
  canMarkGlobal: boolean;
  onClose(): void;
}

function initialValues(pipeline: PipelineItem | null): PipelineFormValues {
  return {
    name: pipeline?.name ?? '',
    dependencies: [...(pipeline?.dependencies ?? [])],
    description: pipeline?.description ?? '',
    global: pipeline?.global ?? false,
    pipeline: pipeline?.pipeline ?? PIPELINE_JSON_TEMPLATE,
  };
}

/** What create and update send: a global pipeline goes with no project id (spec §5). */
export function toPipelineVariables(
  values: PipelineFormValues,
  projectId: string,
  canMarkGlobal: boolean,
): PipelineVariables {
  const global = canMarkGlobal && values.global;
  return {
    projectId: global ? null : projectId,
    name: values.name.trim(),
    description: values.description.trim(),
    pipeline: values.pipeline,
    dependencies: values.dependencies,
    global,
  };
}

/**
 * 'Create Pipeline' / 'Edit Pipeline' (850 wide, persistent: a backdrop click or Escape does not
 * close it). OK stays disabled until name, description and valid pipeline JSON are there.
 */
export function PipelineDialog({
  pipeline,
  projectId,
  canMarkGlobal,
  onClose,
}: PipelineDialogProps) {
  const editing = pipeline !== null;
  const { createPipeline } = useCreatePipeline();
  const { updatePipeline } = useUpdatePipeline();
  const { control, handleSubmit, formState } = useForm({
    mode: 'onChange',
    resolver: schemaResolver<PipelineFormValues>()(pipelineFormSchema),
    defaultValues: initialValues(pipeline),
  });
  const values = useWatch({ control });
  const pipelineText = values.pipeline ?? '';

  // The editor's message carries the parser's reason and position; the schema decides validity.
  const jsonMessage = pipelineJsonMessage(pipelineText);
  // A new pipeline's untouched template (no stage yet) is not worth a warning.
  const engineCheck = usePipelineEngineCheck(
    jsonMessage === null && (editing || pipelineText !== PIPELINE_JSON_TEMPLATE)
      ? pipelineText
      : null,
  );
  const dependencies = values.dependencies ?? [];
  const placeholdersWithoutDependency =
    usesBoundingBoxPlaceholders(pipelineText) && !needsBoundingBox({ dependencies });
  const okDisabled =
    !pipelineFormSchema.safeParse(values).success || jsonMessage !== null || formState.isSubmitting;

  const handleSave = handleSubmit(async (values) => {
    const variables = toPipelineVariables(values, projectId, canMarkGlobal);
    try {
      if (pipeline) await updatePipeline({ ...variables, id: pipeline.id });
      else await createPipeline(variables);
    } catch {
      // The error link has shown the server's message; the dialog keeps the user's input.
      return;
    }
    snackbar.success(editing ? PIPELINE_UPDATED : PIPELINE_CREATED);
    onClose();
  });

  return (
    <FormDialog
      name="pipeline"
      title={editing ? PIPELINE_EDIT_TITLE : PIPELINE_CREATE_TITLE}
      width={DIALOG_WIDTHS.pipeline}
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="OK"
      submitDisabled={okDisabled}
      persistent
    >
      <Controller
        name="name"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Pipeline Name"
            required
            autoFocus
            error={fieldState.invalid && fieldState.isTouched}
            helperText={fieldState.isTouched ? fieldState.error?.message : undefined}
          />
        )}
      />
      <Controller
        name="dependencies"
        control={control}
        render={({ field }) => (
          <Autocomplete
            multiple
            freeSolo
            autoSelect
            options={[...PIPELINE_DEPENDENCIES]}
            value={field.value}
            onChange={(_event, value) =>
              field.onChange([...new Set(value.map((v) => v.trim()).filter(Boolean))])
            }
            onBlur={field.onBlur}
            renderValue={smallChips}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Dependencies"
                placeholder="Choose or type a dependency"
              />
            )}
          />
        )}
      />
      {needsBoundingBox({ dependencies }) ? (
        <Alert severity="info" data-testid="pipeline-placeholders">
          {PIPELINE_PLACEHOLDERS_TEXT}
        </Alert>
      ) : null}
      <Controller
        name="description"
        control={control}
        render={({ field, fieldState }) => {
          const tooLong = field.value.length > PIPELINE_DESCRIPTION_MAX;
          const shown = tooLong || fieldState.isTouched ? fieldState.error?.message : undefined;
          return (
            <TextField
              {...field}
              label="Description"
              required
              multiline
              minRows={2}
              error={Boolean(shown)}
              helperText={
                <Box component="span" sx={{ display: 'flex', gap: 2 }}>
                  <span>{shown ?? ' '}</span>
                  <Box component="span" sx={{ ml: 'auto' }} data-testid="description-counter">
                    {pipelineDescriptionCounter(field.value)}
                  </Box>
                </Box>
              }
            />
          );
        }}
      />
      {canMarkGlobal ? (
        <FormCheckbox name="global" control={control} label={PIPELINE_GLOBAL_LABEL} />
      ) : null}
      <Controller
        name="pipeline"
        control={control}
        render={({ field }) => (
          <Box>
            <Typography variant="body2" color="text.secondary">
              Pipeline (JSON) *
            </Typography>
            {/* Above the editor, so the reasons stay in view while the user types. */}
            <FormHelperText
              error={jsonMessage !== null}
              data-testid="pipeline-json-message"
              sx={{ mx: 0, mb: 0.5 }}
            >
              {/* An empty line keeps its height, unless the engine's verdict takes its place. */}
              {jsonMessage ?? (engineCheck.result ? '' : ' ')}
            </FormHelperText>
            <Stack spacing={1} sx={{ mb: 1 }}>
              {placeholdersWithoutDependency ? (
                <Alert severity="warning" data-testid="pipeline-placeholders-dependency">
                  {PIPELINE_PLACEHOLDERS_NEED_DEPENDENCY}
                </Alert>
              ) : null}
              <PipelineEngineVerdict check={engineCheck} />
            </Stack>
            <PipelineJsonEditor
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={jsonMessage !== null}
            />
          </Box>
        )}
      />
    </FormDialog>
  );
}
