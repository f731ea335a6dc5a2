import {
  ADVANCED_JSON_EDITOR_HEIGHT,
  availablePipelines,
  type BoundingBox,
  fillPipelinePlaceholders,
  PIPELINE_REFUSED_MARK,
  PROCESSING_SUBMITTED,
  postProcessingFormSchema,
  SCAN_NOT_REPROCESSABLE,
} from '@asset-portal/shared';
import { Alert, Box, CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormCheckbox } from '../../components/form-dialog/FormCheckbox.tsx';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { type PipelineItem, useProjectPipelines } from '../pipelines/use-pipelines.ts';
import { useCurrentProject } from '../projects/current-project-store.ts';
import { revalidateWhileBusy } from '../viewer/scan-summary-fetch.ts';
import {
  mergeValidationErrors,
  otherVersionsNotice,
  preparePipelineText,
  processingHeading,
  processingSourcesOf,
  scansWithOtherVersions,
  versionNameClash,
} from './processing-rules.ts';
import { watchProcessing } from './processing-watch.ts';
import type { PostProcessingDialogProps, ProcessingTarget } from './types.ts';
import { UnstoredScansAlert } from './UnstoredScansAlert.tsx';
import { usePdalCheck, useProcessScans, useScansWithoutStoredCloud } from './use-processing.ts';

// CodeMirror is fetched the first time 'Advanced' is ticked, so the screens that open this
// dialog (the viewer among them) do not carry it.
const PipelineJsonEditor = lazy(() =>
  import('../pipelines/PipelineJsonEditor.tsx').then((module) => ({
    default: module.PipelineJsonEditor,
  })),
);

// Wide enough for a PDAL stage on one line of the editor.
const DIALOG_WIDTH = 720;

interface ProcessingFormValues {
  pipelineId: string;
  versionName: string;
  advanced: boolean;
  pipelineText: string;
}

/**
 * Submits scans for post processing (spec §2 Post Processing dialog): a pipeline of the project,
 * the Version Name of the new point clouds and, under 'Advanced', the pipeline's JSON to adjust.
 * Mounted only while open, so every opening starts from a clean form.
 */
export function PostProcessingDialog(props: PostProcessingDialogProps) {
  if (!props.open) return null;
  return (
    <PostProcessingForm
      onClose={props.onClose}
      scans={props.scans}
      bulk={props.bulk}
      focusedVersion={props.focusedVersion ?? null}
      boundingBox={props.boundingBox ?? null}
    />
  );
}

function PostProcessingForm({
  onClose,
  scans,
  bulk,
  focusedVersion,
  boundingBox,
}: {
  onClose(): void;
  scans: ProcessingTarget[];
  bulk: boolean;
  focusedVersion: string | null;
  boundingBox: BoundingBox | null;
}) {
  const { project } = useCurrentProject();
  const { pipelines: projectPipelines, loading } = useProjectPipelines(project?.id ?? null);
  const pipelines = useMemo(
    () => availablePipelines(projectPipelines, boundingBox),
    [projectPipelines, boundingBox],
  );
  const scanIds = useMemo(() => scans.map((scan) => scan.id), [scans]);
  const { unstored, checking } = useScansWithoutStoredCloud(scanIds);
  const sources = useMemo(
    () => processingSourcesOf(scans, focusedVersion, unstored),
    [scans, focusedVersion, unstored],
  );
  const withOtherVersions = useMemo(
    () => (bulk ? scansWithOtherVersions(scans) : []),
    [bulk, scans],
  );
  const checkPipeline = usePdalCheck();
  const processScans = useProcessScans();
  const [engineErrors, setEngineErrors] = useState<string[]>([]);

  const { control, handleSubmit, setValue, formState } = useForm({
    // On blur too: a required field left empty says so without a keystroke.
    mode: 'all',
    resolver: schemaResolver<ProcessingFormValues>()(postProcessingFormSchema),
    defaultValues: { pipelineId: '', versionName: '', advanced: false, pipelineText: '' },
  });
  const [pipelineId, versionName, advanced, pipelineText] = useWatch({
    control,
    name: ['pipelineId', 'versionName', 'advanced', 'pipelineText'],
  });
  const chosen = pipelines.find((pipeline) => pipeline.id === pipelineId) ?? null;
  const clash = versionNameClash(scans, sources, versionName);
  const busy = formState.isSubmitting;
  const okDisabled =
    chosen === null ||
    clash !== null ||
    !postProcessingFormSchema.safeParse({ pipelineId, versionName, advanced, pipelineText })
      .success ||
    sources.artifactIds.length === 0 ||
    checking ||
    busy;

  const handlePipelineChosen = (pipeline: PipelineItem | null) => {
    // The editor always starts from the pipeline just chosen.
    setValue('pipelineText', pipeline?.pipeline ?? '');
    setEngineErrors([]);
  };

  const handleSave = handleSubmit(async (values) => {
    if (!chosen) return;
    const text = values.advanced ? values.pipelineText : chosen.pipeline;
    // The engine gets the text as it will run: with the box's values in place.
    const checked = boundingBox ? fillPipelinePlaceholders(text, boundingBox) : text;
    const leftOut = [...sources.missingScanIds, ...sources.unstoredScanIds];
    const targets = scans.filter((scan) => !leftOut.includes(scan.id));
    let errors: string[];
    try {
      const results = await Promise.all(
        targets.map((scan) => checkPipeline(checked, scan.id, boundingBox)),
      );
      errors = mergeValidationErrors(results);
    } catch {
      // The error snackbar has the server's message.
      return;
    }
    const prepared = preparePipelineText(text, boundingBox);
    if (errors.length === 0 && !prepared.ok) errors = [prepared.error];
    setEngineErrors(errors);
    if (errors.length > 0 || !prepared.ok) return;
    try {
      await processScans({
        artifactIds: sources.artifactIds,
        name: values.versionName.trim(),
        pipeline: prepared.text,
      });
    } catch {
      // The error snackbar has the server's message; the dialog keeps the user's choices.
      return;
    }
    snackbar.success(PROCESSING_SUBMITTED);
    watchProcessing(
      targets.map((scan) => scan.id),
      values.versionName.trim(),
    );
    revalidateWhileBusy();
    onClose();
  });

  return (
    <FormDialog
      name="post-processing"
      title={processingHeading(scans, focusedVersion, bulk)}
      width={DIALOG_WIDTH}
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="OK"
      submitDisabled={okDisabled}
      busy={busy}
      persistent
    >
      {sources.missingScanIds.length > 0 ? (
        <Alert severity="warning" data-testid="processing-missing-artifact">
          {SCAN_NOT_REPROCESSABLE}
          {scans.length > 1 ? (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Left out: {sources.missingScanIds.join(', ')}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
      {withOtherVersions.length > 0 ? (
        <Alert severity="info" data-testid="processing-other-versions">
          {otherVersionsNotice(withOtherVersions)}
        </Alert>
      ) : null}
      <UnstoredScansAlert
        scanIds={sources.unstoredScanIds}
        to="process"
        othersRemain={sources.artifactIds.length > 0}
      />
      <Controller
        name="pipelineId"
        control={control}
        render={({ field, fieldState }) => {
          const shown = fieldState.isTouched ? fieldState.error?.message : undefined;
          return (
            <TextField
              {...field}
              select
              label="Pipeline"
              required
              error={Boolean(shown)}
              helperText={shown}
              onChange={(event) => {
                field.onChange(event.target.value);
                handlePipelineChosen(
                  pipelines.find((pipeline) => pipeline.id === event.target.value) ?? null,
                );
              }}
              slotProps={{ htmlInput: { 'data-testid': 'processing-pipeline' } }}
            >
              {pipelines.length === 0 ? (
                <MenuItem value="" disabled>
                  {loading ? 'Loading pipelines…' : 'No pipelines for this project'}
                </MenuItem>
              ) : null}
              {pipelines.map((pipeline) => (
                <MenuItem key={pipeline.id} value={pipeline.id}>
                  {pipeline.name}
                  {pipeline.engineErrors.length > 0 ? (
                    // Said before it is picked; OK then names the reasons, as the editor does.
                    <Typography
                      component="span"
                      variant="caption"
                      color="warning.main"
                      sx={{ ml: 1 }}
                    >
                      {PIPELINE_REFUSED_MARK}
                    </Typography>
                  ) : null}
                </MenuItem>
              ))}
            </TextField>
          );
        }}
      />
      <Controller
        name="versionName"
        control={control}
        render={({ field, fieldState }) => {
          const shown =
            (fieldState.isTouched || field.value ? fieldState.error?.message : undefined) ?? clash;
          return (
            <TextField
              {...field}
              label="Version Name"
              required
              error={Boolean(shown)}
              helperText={shown}
              slotProps={{ htmlInput: { 'data-testid': 'processing-version-name' } }}
            />
          );
        }}
      />
      <FormCheckbox
        name="advanced"
        control={control}
        label="Advanced"
        // Only a chosen pipeline gives the editor something to start from.
        disabled={chosen === null}
        onChange={() => setEngineErrors([])}
      />
      {advanced ? (
        <Controller
          name="pipelineText"
          control={control}
          render={({ field }) => (
            <Suspense
              fallback={
                <Box
                  sx={{
                    height: ADVANCED_JSON_EDITOR_HEIGHT,
                    display: 'grid',
                    placeItems: 'center',
                  }}
                >
                  <CircularProgress size={24} aria-label="Loading the pipeline editor" />
                </Box>
              }
            >
              <PipelineJsonEditor
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  setEngineErrors([]);
                }}
                onBlur={field.onBlur}
                invalid={engineErrors.length > 0}
                height={ADVANCED_JSON_EDITOR_HEIGHT}
              />
            </Suspense>
          )}
        />
      ) : null}
      {engineErrors.length > 0 ? (
        <Alert severity="error" data-testid="processing-pipeline-errors">
          {engineErrors.map((error) => (
            <Typography key={error} variant="body2">
              {error}
            </Typography>
          ))}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
