import { DEVICE_REGISTERED, REGISTER_DEVICE, registerDeviceFormSchema } from '@asset-portal/shared';
import { MenuItem, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { FormTextField } from '../../components/form-dialog/FormTextField.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { ORGANIZATION_DIALOG_WIDTH } from './organization-texts.ts';
import { type OrganizationItem, useRegisterDevice } from './use-organizations.ts';

interface RegisterDeviceValues {
  id: string;
  name: string;
  organizationId: string;
}

/**
 * 'Register device': a new device id, its name and the organization it captures for. The server
 * checks the id against the rule package manifests follow, so its packages can be ingested.
 */
export function RegisterDeviceDialog({
  organizations,
  onClose,
}: {
  organizations: readonly OrganizationItem[];
  onClose(): void;
}) {
  const register = useRegisterDevice();
  // Checked on Save; afterwards each field clears its message as soon as it is filled in.
  const { control, handleSubmit, formState } = useForm({
    resolver: schemaResolver<RegisterDeviceValues>()(registerDeviceFormSchema),
    defaultValues: { id: '', name: '', organizationId: '' },
  });

  const handleRegister = handleSubmit(async (values) => {
    const trimmed = {
      id: values.id.trim(),
      name: values.name.trim(),
      organizationId: values.organizationId,
    };
    try {
      await register(trimmed);
    } catch {
      // The error link has shown the server's message; the dialog keeps the input.
      return;
    }
    snackbar.success(DEVICE_REGISTERED(trimmed.id));
    onClose();
  });

  return (
    <FormDialog
      name="register-device"
      title={REGISTER_DEVICE}
      width={ORGANIZATION_DIALOG_WIDTH}
      onSubmit={handleRegister}
      onClose={onClose}
      submitLabel="Register"
      submitDisabled={formState.isSubmitting}
      autoComplete="off"
    >
      <Controller
        name="id"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Device ID"
            required
            error={fieldState.invalid}
            helperText={
              fieldState.error?.message ??
              "As in the device's packages: letters, digits, '_', '-' and '.'"
            }
            slotProps={{ htmlInput: { 'data-testid': 'register-device-id' } }}
          />
        )}
      />
      <FormTextField
        name="name"
        control={control}
        label="Name"
        required
        slotProps={{ htmlInput: { 'data-testid': 'register-device-name' } }}
      />
      <Controller
        name="organizationId"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            label="Organization"
            required
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            data-testid="register-device-organization"
          >
            {organizations.map((organization) => (
              <MenuItem key={organization.id} value={organization.id}>
                {organization.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
