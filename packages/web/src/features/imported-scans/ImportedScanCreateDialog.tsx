import {
  formatSize,
  IMPORTED_SCAN_EXTENSION,
  IMPORTED_SCAN_SUBMITTED,
  importedScanCreateFormSchema,
  UTM_HINT,
} from '@asset-portal/shared';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, LinearProgress, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { HiddenFileInput } from '../../components/file-input/HiddenFileInput.tsx';
import { FormCheckbox } from '../../components/form-dialog/FormCheckbox.tsx';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { FormTextField } from '../../components/form-dialog/FormTextField.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { TransferError } from '../../lib/transfer-error.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { type FileUtm, utmFromFileHint, utmOfLasFile } from './file-utm.ts';
import {
  DETERMINE_TRAJECTORY_LABEL,
  IMPORTED_SCAN_CREATE_TITLE,
  IMPORTED_SCAN_DIALOG_WIDTH,
  localInputToIso,
  normalizeUtmInput,
} from './imported-scan-texts.ts';
import { uploadImportedScanFile } from './imported-scan-upload.ts';
import { UtmZoneWarning } from './UtmZoneWarning.tsx';
import { useImportedScanCalls } from './use-imported-scans.ts';

interface CreateForm {
  friendlyName: string;
  comment: string;
  utm: string;
  captured: string;
  file: File | null;
  determineTrajectory: boolean;
}

/**
 * The GraphQL calls' failures are shown by the error link; a failed PUT (or a missing answer)
 * is not, so its text is shown here.
 */
function reportUploadFailure(error: unknown): void {
  if (error instanceof TransferError) snackbar.error(`Upload failed: ${error.message}`);
  else if (error instanceof Error && error.name === 'Error') snackbar.error(error.message);
}

/** Asks the browser to warn before the page is left while the file is being sent. */
function useBlockUnload(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const block = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', block);
    return () => window.removeEventListener('beforeunload', block);
  }, [active]);
}

/**
 * 'Create Imported Scan': creates the record, uploads the LAS (in parts above 64 MiB) and
 * submits it for point-cloud generation. Nothing is left half-done: when the upload or the
 * submission fails, the new record is deleted again and the error shown.
 */
export function ImportedScanCreateDialog({
  projectId,
  onClose,
}: {
  projectId: string;
  onClose(): void;
}) {
  const calls = useImportedScanCalls();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The zone the picked file's CRS names, filled into a blank UTM field.
  const [fileUtm, setFileUtm] = useState<FileUtm | null>(null);
  const { control, handleSubmit, formState, getValues, setValue } = useForm({
    resolver: schemaResolver<CreateForm>()(importedScanCreateFormSchema<File>()),
    defaultValues: {
      friendlyName: '',
      comment: '',
      utm: '',
      captured: '',
      file: null,
      determineTrajectory: true,
    },
    mode: 'onTouched',
  });
  const utmInput = useWatch({ control, name: 'utm' });
  useBlockUnload(progress !== null);

  const handleCreate = handleSubmit(async (values) => {
    const file = values.file;
    if (!file) return;
    let scanId: string;
    try {
      const scan = await calls.create({
        friendlyName: values.friendlyName.trim(),
        comment: values.comment.trim() || null,
        projectId,
        metadata: { utm: normalizeUtmInput(values.utm) },
        capturedTimestamp: localInputToIso(values.captured),
      });
      scanId = scan.id;
    } catch {
      return;
    }
    setProgress(0);
    try {
      const s3Uri = await uploadImportedScanFile(file, calls.uploadApi(scanId), setProgress);
      await calls.process(scanId, s3Uri, values.determineTrajectory);
    } catch (error) {
      reportUploadFailure(error);
      await calls.remove(scanId).catch(() => {});
      await calls.refetch().catch(() => {});
      setProgress(null);
      return;
    }
    await calls.refetch().catch(() => {});
    snackbar.success(IMPORTED_SCAN_SUBMITTED);
    onClose();
  });

  // The latest pick: a slower read of a file picked before it does not fill the field.
  const lastPick = useRef<File | null>(null);
  const fillUtmFrom = async (file: File) => {
    lastPick.current = file;
    const previous = fileUtm;
    const found = await utmOfLasFile(file);
    if (lastPick.current !== file) return;
    // A blank field, or one still holding the zone of the file picked before, takes this one's.
    const current = normalizeUtmInput(getValues('utm'));
    const filledFromFile = previous !== null && current === previous.utm;
    if (current !== '' && !filledFromFile) return;
    setFileUtm(found);
    if (found) setValue('utm', found.utm, { shouldValidate: true });
    else if (filledFromFile) setValue('utm', '', { shouldValidate: false });
  };

  const busy = formState.isSubmitting;
  return (
    <FormDialog
      name="imported-scan"
      title={IMPORTED_SCAN_CREATE_TITLE}
      width={IMPORTED_SCAN_DIALOG_WIDTH}
      onSubmit={handleCreate}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={busy}
      busy={busy}
      persistent
    >
      <FormTextField
        name="friendlyName"
        control={control}
        label="Name"
        required
        autoFocus
        disabled={busy}
        slotProps={{ htmlInput: { 'data-testid': 'imported-scan-name' } }}
      />
      <Controller
        name="comment"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            label="Comment"
            multiline
            minRows={2}
            disabled={busy}
            slotProps={{ htmlInput: { 'data-testid': 'imported-scan-comment' } }}
          />
        )}
      />
      <FormTextField
        name="utm"
        control={control}
        label="UTM"
        required
        disabled={busy}
        helperText={
          fileUtm && normalizeUtmInput(utmInput) === fileUtm.utm
            ? utmFromFileHint(fileUtm.crs)
            : UTM_HINT
        }
        slotProps={{
          htmlInput: { 'data-testid': 'imported-scan-utm' },
          formHelperText: { 'data-testid': 'imported-scan-utm-helper' } as object,
        }}
      />
      <UtmZoneWarning utm={utmInput} />
      <Controller
        name="captured"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            type="datetime-local"
            label="Captured"
            disabled={busy}
            helperText="Optional: taken from the file's GPS time when it has one"
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'imported-scan-captured', step: 1 },
            }}
          />
        )}
      />
      <Controller
        name="file"
        control={control}
        render={({ field, fieldState }) => (
          <Box>
            <HiddenFileInput
              ref={inputRef}
              accept={IMPORTED_SCAN_EXTENSION}
              data-testid="imported-scan-file-input"
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                field.onChange(file);
                field.onBlur();
                event.target.value = '';
                if (file) void fillUtmFrom(file);
              }}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={busy}
                onClick={() => inputRef.current?.click()}
              >
                Choose .las file
              </Button>
              <Typography data-testid="imported-scan-file-name">
                {field.value ? `${field.value.name} (${formatSize(field.value.size)})` : ''}
              </Typography>
            </Box>
            {fieldState.error?.message ? (
              <FormHelperText error data-testid="imported-scan-file-error">
                {fieldState.error.message}
              </FormHelperText>
            ) : null}
          </Box>
        )}
      />
      <FormCheckbox
        name="determineTrajectory"
        control={control}
        label={DETERMINE_TRAJECTORY_LABEL}
        disabled={busy}
        checkboxProps={{
          slotProps: { input: { 'data-testid': 'imported-scan-trajectory' } as object },
        }}
      />
      {progress !== null ? (
        <Box>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label="Upload progress"
            data-testid="imported-scan-upload-progress"
          />
          <Typography variant="caption" color="text.secondary">
            {`Uploading ${progress.toFixed(1)} %`}
          </Typography>
        </Box>
      ) : null}
    </FormDialog>
  );
}
