import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { smallChips } from '../../components/chips/small-chips.tsx';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import {
  type FocusedScan,
  type HeaderForm,
  headerChanges,
  headerFormOf,
  pointcloudVersions,
  SCAN_ACTION_TEXTS,
  tagChoices,
} from './scan-action-rules.ts';
import { useUpdateScanHeader } from './use-scan-actions.ts';

const DIALOG_WIDTH = 550;

/** Friendly name, comment, tags (from the project's tag options) and default version. */
export function EditScanHeaderDialog({
  scan,
  tagOptions,
  onClose,
}: {
  scan: FocusedScan;
  tagOptions: readonly string[];
  onClose(): void;
}) {
  const updateHeader = useUpdateScanHeader();
  const versions = pointcloudVersions(scan.artifacts);
  const { control, handleSubmit, formState } = useForm<HeaderForm>({
    defaultValues: headerFormOf(scan),
  });

  const handleSave = handleSubmit(async (form) => {
    const changes = headerChanges(scan, form);
    if (Object.keys(changes).length > 0) {
      try {
        await updateHeader(scan.id, changes);
      } catch {
        // The error link has shown the server's reason in the red snackbar; the input stays.
        return;
      }
      snackbar.success(SCAN_ACTION_TEXTS.headerSaved);
    }
    onClose();
  });

  return (
    <FormDialog
      name="scan-header"
      title={`${SCAN_ACTION_TEXTS.editTitle}: ${scan.id}`}
      width={DIALOG_WIDTH}
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={formState.isSubmitting}
      busy={formState.isSubmitting}
    >
      <Controller
        name="friendlyName"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            label="Friendly Name"
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'scan-header-friendly-name' } }}
          />
        )}
      />
      <Controller
        name="comment"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            label="Comment"
            multiline
            rows={2}
            slotProps={{ htmlInput: { 'data-testid': 'scan-header-comment' } }}
          />
        )}
      />
      <Controller
        name="tags"
        control={control}
        render={({ field }) => (
          <Autocomplete
            multiple
            options={tagChoices(tagOptions, scan.tags)}
            value={field.value}
            onChange={(_event, value) => field.onChange(value)}
            renderValue={smallChips}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Tags"
                helperText={tagOptions.length === 0 ? 'The project has no tag options' : undefined}
              />
            )}
            data-testid="scan-header-tags"
          />
        )}
      />
      <Controller
        name="defaultVersion"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            select
            label="Default Version"
            disabled={versions.length === 0}
            helperText={versions.length === 0 ? SCAN_ACTION_TEXTS.noArtifact : undefined}
            data-testid="scan-header-default-version"
          >
            {versions.map((artifact) => (
              <MenuItem key={artifact.id} value={artifact.name}>
                {artifact.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
