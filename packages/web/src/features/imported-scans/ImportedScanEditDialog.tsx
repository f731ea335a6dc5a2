import {
  IMPORTED_SCAN_SUBMITTED,
  importedScanEditFormSchema,
  SCAN_NOT_REPROCESSABLE,
  UTM_HINT,
} from '@asset-portal/shared';
import { TextField } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { FormTextField } from '../../components/form-dialog/FormTextField.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { metadataRecord, utmOf } from './imported-scan-format.ts';
import {
  IMPORTED_SCAN_DIALOG_WIDTH,
  IMPORTED_SCAN_EDIT_TITLE,
  IMPORTED_SCAN_UPDATED,
  normalizeUtmInput,
} from './imported-scan-texts.ts';
import { UtmZoneWarning } from './UtmZoneWarning.tsx';
import {
  type ImportedScanItem,
  useImportedScanCalls,
  useUpdateImportedScanHeader,
} from './use-imported-scans.ts';

interface EditForm {
  friendlyName: string;
  comment: string;
  utm: string;
}

/**
 * 'Edit Imported Scan': name, comment and UTM, saved with updateScanHeader (the metadata
 * merged). A changed UTM reprocesses the uploaded file when the scan has an artifact; without
 * one it warns that the scan cannot be reprocessed (spec §4, §8).
 */
export function ImportedScanEditDialog({
  scan,
  onClose,
}: {
  scan: ImportedScanItem;
  onClose(): void;
}) {
  const updateHeader = useUpdateImportedScanHeader();
  const calls = useImportedScanCalls();
  const storedUtm = utmOf(scan.metadata);
  const { control, handleSubmit, formState } = useForm({
    resolver: schemaResolver<EditForm>()(importedScanEditFormSchema),
    defaultValues: {
      friendlyName: scan.friendlyName,
      comment: scan.comment ?? '',
      utm: storedUtm,
    },
    mode: 'onTouched',
  });
  const utmInput = useWatch({ control, name: 'utm' });

  const handleSave = handleSubmit(async (values) => {
    const utm = normalizeUtmInput(values.utm);
    try {
      await updateHeader({
        id: scan.id,
        friendlyName: values.friendlyName.trim(),
        comment: values.comment.trim() || null,
        metadata: { ...metadataRecord(scan.metadata), utm },
      });
    } catch {
      // The error link has shown the server's message; the dialog keeps the user's input.
      return;
    }
    const utmChanged = utm !== normalizeUtmInput(storedUtm);
    if (utmChanged && scan.artifacts.length > 0 && scan.sourceS3Url) {
      try {
        await calls.process(scan.id, scan.sourceS3Url, scan.trajectory);
        snackbar.success(IMPORTED_SCAN_SUBMITTED);
      } catch {
        // Shown by the error link; the header change itself was saved.
      }
    } else if (utmChanged) {
      snackbar.warning(SCAN_NOT_REPROCESSABLE);
    } else {
      snackbar.success(IMPORTED_SCAN_UPDATED);
    }
    await calls.refetch().catch(() => {});
    onClose();
  });

  const busy = formState.isSubmitting;
  return (
    <FormDialog
      name="imported-scan-edit"
      title={IMPORTED_SCAN_EDIT_TITLE}
      width={IMPORTED_SCAN_DIALOG_WIDTH}
      onSubmit={handleSave}
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
        slotProps={{ htmlInput: { 'data-testid': 'imported-scan-edit-name' } }}
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
            slotProps={{ htmlInput: { 'data-testid': 'imported-scan-edit-comment' } }}
          />
        )}
      />
      <FormTextField
        name="utm"
        control={control}
        label="UTM"
        required
        helperText={UTM_HINT}
        slotProps={{ htmlInput: { 'data-testid': 'imported-scan-edit-utm' } }}
      />
      <UtmZoneWarning utm={utmInput} />
    </FormDialog>
  );
}
