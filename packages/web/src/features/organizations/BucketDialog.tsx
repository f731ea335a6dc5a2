import {
  BUCKET_DIALOG_WIDTH,
  type BucketConnectionResult,
  bucketFormInput,
  bucketMessages,
  DEFAULT_BUCKET_REGION,
} from '@asset-portal/shared';
import { Alert, Box, Button, CircularProgress, FormHelperText, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormCheckbox } from '../../components/form-dialog/FormCheckbox.tsx';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { ORGANIZATION_TEXTS } from './organization-texts.ts';
import {
  type BucketItem,
  type BucketVariables,
  useCreateBucket,
  useTestBucketSettings,
  useUpdateBucket,
} from './use-buckets.ts';

type FormInput = z.input<typeof bucketFormInput>;
type FormOutput = z.output<typeof bucketFormInput>;

export interface BucketDialogProps {
  organizationId: string;
  /** The bucket to edit; null adds one. */
  bucket: BucketItem | null;
  onClose(): void;
}

const TEXT_FIELDS: {
  name: FieldPath<FormInput>;
  label: string;
  required?: boolean;
  wide?: boolean;
}[] = [
  { name: 'name', label: 'Name', required: true, wide: true },
  { name: 'endpoint', label: 'Endpoint', wide: true },
  { name: 'bucket', label: 'Bucket name', required: true },
  { name: 'region', label: 'Region', required: true },
  { name: 'prefix', label: 'Prefix' },
];

// Two columns: the short settings pair up, the wide ones span the row.
const BUCKET_FORM_SX = { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: 1 } as const;

function toVariables(values: FormOutput): BucketVariables {
  return { ...values, prefix: values.prefix || null };
}

/**
 * 'New Bucket' / 'Edit Bucket': the S3 connection of one bucket. The credentials are
 * write-only: the dialog never shows them, and blank fields on an edit keep the saved ones.
 */
export function BucketDialog({ organizationId, bucket, onClose }: BucketDialogProps) {
  const { createBucket } = useCreateBucket();
  const { updateBucket } = useUpdateBucket();
  const { testBucketSettings } = useTestBucketSettings();
  const [testResult, setTestResult] = useState<BucketConnectionResult | null>(null);
  const [testing, setTesting] = useState(false);
  const { control, handleSubmit, formState, trigger, getValues } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: schemaResolver<FormInput>()(bucketFormInput),
    defaultValues: {
      name: bucket?.name ?? '',
      endpoint: bucket?.endpoint ?? '',
      region: bucket?.region ?? DEFAULT_BUCKET_REGION,
      bucket: bucket?.bucket ?? '',
      prefix: bucket?.prefix ?? '',
      forcePathStyle: bucket?.forcePathStyle ?? true,
      accessKeyId: '',
      secretAccessKey: '',
    },
  });
  const keepsCredentials = Boolean(bucket?.hasCredentials);

  const handleSave = handleSubmit(async (values) => {
    try {
      if (bucket) await updateBucket({ ...toVariables(values), id: bucket.id });
      else await createBucket({ ...toVariables(values), organizationId });
    } catch {
      // The error link has shown the server's message; the dialog keeps the user's input.
      return;
    }
    snackbar.success(bucket ? bucketMessages.updated : bucketMessages.created);
    onClose();
  });

  // Validates like Save, without submitting the form (Save stays usable while the test runs).
  const handleTest = async () => {
    if (!(await trigger())) return;
    const parsed = bucketFormInput.safeParse(getValues());
    if (!parsed.success) return;
    setTesting(true);
    setTestResult(null);
    try {
      const { name: _name, ...settings } = toVariables(parsed.data);
      const result = await testBucketSettings({ ...settings, id: bucket?.id ?? null });
      if (result) setTestResult(result);
    } catch {
      // Shown by the error link.
    } finally {
      setTesting(false);
    }
  };

  return (
    <FormDialog
      name="bucket"
      title={bucket ? ORGANIZATION_TEXTS.editBucketTitle : ORGANIZATION_TEXTS.newBucketTitle}
      width={BUCKET_DIALOG_WIDTH}
      formSx={BUCKET_FORM_SX}
      autoComplete="off"
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={formState.isSubmitting}
      extraActions={
        <Button
          onClick={() => void handleTest()}
          disabled={testing}
          startIcon={testing ? <CircularProgress size={16} /> : undefined}
          sx={{ mr: 'auto' }}
        >
          {ORGANIZATION_TEXTS.testConnection}
        </Button>
      }
    >
      {TEXT_FIELDS.map(({ name, label, required, wide }) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              value={field.value ?? ''}
              label={label}
              required={required}
              autoFocus={name === 'name'}
              sx={wide ? { gridColumn: '1 / -1' } : undefined}
              error={fieldState.invalid}
              helperText={
                fieldState.error?.message ??
                (name === 'endpoint' ? ORGANIZATION_TEXTS.endpointHint : undefined)
              }
            />
          )}
        />
      ))}
      <Box sx={{ alignSelf: 'center' }}>
        <FormCheckbox name="forcePathStyle" control={control} label="Force path style" />
        <FormHelperText sx={{ mt: -1 }}>{ORGANIZATION_TEXTS.pathStyleHint}</FormHelperText>
      </Box>
      {(['accessKeyId', 'secretAccessKey'] as const).map((name) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              value={field.value ?? ''}
              type={name === 'secretAccessKey' ? 'password' : 'text'}
              label={name === 'accessKeyId' ? 'Access key id' : 'Secret access key'}
              placeholder={keepsCredentials ? '••••••••' : undefined}
              slotProps={{
                htmlInput: {
                  autoComplete: name === 'secretAccessKey' ? 'new-password' : 'off',
                },
                inputLabel: keepsCredentials ? { shrink: true } : undefined,
              }}
              error={fieldState.invalid}
              helperText={
                fieldState.error?.message ??
                (keepsCredentials && name === 'accessKeyId'
                  ? ORGANIZATION_TEXTS.credentialsKept
                  : undefined)
              }
            />
          )}
        />
      ))}
      {testResult ? (
        <Alert
          severity={testResult.ok ? 'success' : 'error'}
          data-testid="bucket-test-result"
          sx={{ gridColumn: '1 / -1' }}
        >
          {testResult.message}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
