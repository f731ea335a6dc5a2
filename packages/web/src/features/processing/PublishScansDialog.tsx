import {
  NO_BUCKETS,
  normalizePublishFolder,
  PUBLISH_SUBMITTED,
  publishFormSchema,
  validatePublishFolder,
} from '@asset-portal/shared';
import {
  Alert,
  Box,
  FormHelperText,
  InputAdornment,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormCheckbox } from '../../components/form-dialog/FormCheckbox.tsx';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import {
  alreadyPublishedNotice,
  noImagesNote,
  publishedVersionNote,
  publishFolderHint,
  publishScanInputs,
  publishSubtitle,
} from './publish-rules.ts';
import type { PublishScansDialogProps, PublishTarget } from './types.ts';
import { UnstoredScansAlert } from './UnstoredScansAlert.tsx';
import {
  usePublishBuckets,
  usePublishedScans,
  usePublishProject,
  usePublishScans,
  useScansWithoutStoredCloud,
} from './use-processing.ts';

const DIALOG_WIDTH = 520;

interface PublishFormValues {
  bucketId: string;
  folder: string;
  includeImages: boolean;
  transform: boolean;
}

/**
 * Publishes scans to one of the organization's buckets (spec §2 Publish Scans dialog), under
 * '<project name>/<folder>/'. Mounted only while open, so every opening starts from a clean form.
 */
export function PublishScansDialog(props: PublishScansDialogProps) {
  if (!props.open) return null;
  return (
    <PublishForm
      onClose={props.onClose}
      projectId={props.projectId}
      scans={props.scans}
      bulk={props.bulk}
      version={props.version ?? null}
    />
  );
}

function PublishForm({
  onClose,
  projectId,
  scans,
  bulk,
  version,
}: {
  onClose(): void;
  projectId: string;
  scans: PublishTarget[];
  bulk: boolean;
  version: string | null;
}) {
  const { project } = usePublishProject(projectId);
  const { buckets, loading: bucketsLoading } = usePublishBuckets(project?.organization.id ?? null);
  const publishScans = usePublishScans();
  const scanIds = useMemo(() => scans.map((scan) => scan.id), [scans]);
  const { unstored, checking } = useScansWithoutStoredCloud(scanIds);
  const publishable = useMemo(
    () => scans.filter((scan) => !unstored.includes(scan.id)),
    [scans, unstored],
  );
  const { control, handleSubmit, formState } = useForm({
    // On blur too: a required field left empty says so without a keystroke.
    mode: 'all',
    resolver: schemaResolver<PublishFormValues>()(publishFormSchema),
    defaultValues: { bucketId: '', folder: '', includeImages: true, transform: true },
  });
  const [bucketId, folder, includeImages] = useWatch({
    control,
    name: ['bucketId', 'folder', 'includeImages'],
  });
  const imagesNote = includeImages ? noImagesNote(publishable) : null;
  const publishableIds = useMemo(() => publishable.map((scan) => scan.id), [publishable]);
  const validFolder =
    validatePublishFolder(folder) === null ? normalizePublishFolder(folder) : null;
  const { published, checkedFolder } = usePublishedScans(
    projectId,
    bucketId,
    validFolder,
    publishableIds,
  );
  const hasProjection = Boolean(project?.projection?.trim());
  const noBuckets = project !== null && !bucketsLoading && buckets.length === 0;
  const busy = formState.isSubmitting;
  const publishDisabled =
    project === null ||
    !buckets.some((bucket) => bucket.id === bucketId) ||
    validatePublishFolder(folder) !== null ||
    publishable.length === 0 ||
    checking ||
    busy;

  const handlePublish = handleSubmit(async (values) => {
    try {
      await publishScans(
        {
          projectId,
          bucketId: values.bucketId,
          targetFolder: normalizePublishFolder(values.folder) ?? values.folder,
          includeImages: values.includeImages,
          // Without a projection there is nothing to transform to; the server refuses it.
          transform: hasProjection && values.transform,
        },
        publishScanInputs(publishable),
      );
    } catch {
      // The error snackbar has the server's message; the dialog keeps the user's choices.
      return;
    }
    snackbar.success(PUBLISH_SUBMITTED);
    onClose();
  });

  return (
    <FormDialog
      name="publish-scans"
      title="Publish Scans"
      width={DIALOG_WIDTH}
      onSubmit={handlePublish}
      onClose={onClose}
      submitLabel="Publish"
      submitDisabled={publishDisabled}
      busy={busy}
      persistent
    >
      <Typography data-testid="publish-scans-subtitle">{publishSubtitle(scans, bulk)}</Typography>
      <Typography variant="body2" color="text.secondary" data-testid="publish-version-note">
        {publishedVersionNote(bulk, version)}
      </Typography>
      <UnstoredScansAlert scanIds={unstored} to="publish" othersRemain={publishable.length > 0} />
      {noBuckets ? (
        <Alert severity="warning" data-testid="publish-no-buckets">
          {NO_BUCKETS}
        </Alert>
      ) : null}
      <Controller
        name="bucketId"
        control={control}
        render={({ field, fieldState }) => {
          const shown = fieldState.isTouched ? fieldState.error?.message : undefined;
          return (
            <TextField
              {...field}
              select
              label="Bucket"
              required
              disabled={noBuckets}
              error={Boolean(shown)}
              helperText={shown}
              slotProps={{ htmlInput: { 'data-testid': 'publish-bucket' } }}
            >
              {buckets.map((bucket) => (
                <MenuItem key={bucket.id} value={bucket.id}>
                  {bucket.name}
                </MenuItem>
              ))}
            </TextField>
          );
        }}
      />
      <Controller
        name="folder"
        control={control}
        render={({ field, fieldState }) => {
          const shown = fieldState.isTouched || field.value ? fieldState.error?.message : undefined;
          return (
            <TextField
              {...field}
              label="Folder"
              required
              error={Boolean(shown)}
              helperText={
                shown ??
                (project
                  ? publishFolderHint(
                      project.name,
                      field.value,
                      buckets.find((bucket) => bucket.id === bucketId) ?? null,
                    )
                  : undefined)
              }
              slotProps={{
                htmlInput: {
                  'data-testid': 'publish-folder',
                  'data-published-checked': checkedFolder ?? '',
                },
                input: {
                  startAdornment: project ? (
                    <InputAdornment position="start" data-testid="publish-folder-prefix">
                      {project.name}/
                    </InputAdornment>
                  ) : undefined,
                },
              }}
            />
          );
        }}
      />
      {published && published.length > 0 ? (
        <Alert severity="warning" data-testid="publish-already-published">
          {alreadyPublishedNotice(published, publishable.length)}
        </Alert>
      ) : null}
      <Box>
        <FormCheckbox name="includeImages" control={control} label="Publish images" />
        {imagesNote ? (
          <FormHelperText sx={{ mt: -0.5, ml: 4 }} data-testid="publish-no-images">
            {imagesNote}
          </FormHelperText>
        ) : null}
      </Box>
      {hasProjection ? <FormCheckbox name="transform" control={control} label="Transform" /> : null}
    </FormDialog>
  );
}
