import {
  BASESTATION_CONTENT_TYPE,
  BASESTATION_EXTENSION,
  BASESTATION_SUBMITTED,
  BASESTATION_UPLOAD_HINT,
  basestationUploadFormSchema,
  DIALOG_WIDTHS,
  formatSize,
} from '@asset-portal/shared';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, LinearProgress, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { HiddenFileInput } from '../../components/file-input/HiddenFileInput.tsx';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { putFile } from '../../lib/put-file.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { useBasestationUploadUrl, useRegisterBasestation } from './use-basestations.ts';

interface UploadForm {
  file: File | null;
}

/**
 * The base-station upload: one RINEX zip, checked with the shared rules before any call, then
 * signed URL → PUT → register. Success closes the dialog with the green message.
 */
export function BasestationUploadDialog({
  projectId,
  onClose,
}: {
  projectId: string;
  onClose(): void;
}) {
  const uploadUrl = useBasestationUploadUrl();
  const register = useRegisterBasestation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { control, handleSubmit, formState } = useForm({
    resolver: schemaResolver<UploadForm>()(basestationUploadFormSchema<File>()),
    defaultValues: { file: null },
    mode: 'onChange',
  });

  const handleUpload = handleSubmit(async ({ file }) => {
    if (!file) return;
    setProgress(0);
    try {
      const { uploadUrl: url } = await uploadUrl(projectId, file.name, file.size);
      await putFile(url, file, BASESTATION_CONTENT_TYPE, setProgress).catch((error: Error) => {
        // The GraphQL calls' failures are shown by the error link; the PUT's are not.
        snackbar.error(error.message);
        throw error;
      });
      await register(projectId, file.name);
    } catch {
      setProgress(null);
      return;
    }
    snackbar.success(BASESTATION_SUBMITTED(file.name));
    onClose();
  });

  const busy = formState.isSubmitting;
  return (
    <FormDialog
      name="basestation-upload"
      title="Upload Basestation File"
      width={DIALOG_WIDTHS.basestationUpload}
      onSubmit={handleUpload}
      onClose={onClose}
      submitLabel="Upload"
      submitDisabled={busy || !formState.isValid}
      busy={busy}
    >
      <Controller
        name="file"
        control={control}
        render={({ field, fieldState }) => (
          <Box>
            <HiddenFileInput
              ref={inputRef}
              accept={BASESTATION_EXTENSION}
              data-testid="basestation-file-input"
              onChange={(event) => {
                field.onChange(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={busy}
                onClick={() => inputRef.current?.click()}
              >
                Choose .zip file
              </Button>
              <Typography data-testid="basestation-file-name">
                {field.value ? `${field.value.name} (${formatSize(field.value.size)})` : ''}
              </Typography>
            </Box>
            <FormHelperText>{BASESTATION_UPLOAD_HINT}</FormHelperText>
            {fieldState.error?.message ? (
              <FormHelperText error data-testid="basestation-file-error">
                {fieldState.error.message}
              </FormHelperText>
            ) : null}
          </Box>
        )}
      />
      {progress !== null ? (
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label="Upload progress"
          data-testid="basestation-upload-progress"
        />
      ) : null}
    </FormDialog>
  );
}
