import { DEVICE_REGISTERED, REGISTER_DEVICE, VALUE_REQUIRED } from '@asset-portal/shared';
import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { ORGANIZATION_DIALOG_WIDTH } from './organization-texts.ts';
import { type OrganizationItem, useRegisterDevice } from './use-organizations.ts';

type Field = 'id' | 'name' | 'organizationId';

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
  const [values, setValues] = useState<Record<Field, string>>({
    id: '',
    name: '',
    organizationId: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = {
      id: values.id.trim(),
      name: values.name.trim(),
      organizationId: values.organizationId,
    };
    const missing = Object.fromEntries(
      (Object.keys(trimmed) as Field[])
        .filter((field) => !trimmed[field])
        .map((field) => [field, VALUE_REQUIRED]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      await register(trimmed);
    } catch {
      // The error link has shown the server's message; the dialog keeps the input.
      setBusy(false);
      return;
    }
    snackbar.success(DEVICE_REGISTERED(trimmed.id));
    onClose();
  };

  return (
    <FormDialog
      name="register-device"
      title={REGISTER_DEVICE}
      width={ORGANIZATION_DIALOG_WIDTH}
      onSubmit={(event) => void handleSubmit(event)}
      onClose={onClose}
      submitLabel="Register"
      submitDisabled={busy}
      autoComplete="off"
    >
      <TextField
        label="Device ID"
        required
        value={values.id}
        onChange={change('id')}
        error={Boolean(errors.id)}
        helperText={errors.id ?? "As in the device's packages: letters, digits, '_', '-' and '.'"}
        slotProps={{ htmlInput: { 'data-testid': 'register-device-id' } }}
      />
      <TextField
        label="Name"
        required
        value={values.name}
        onChange={change('name')}
        error={Boolean(errors.name)}
        helperText={errors.name}
        slotProps={{ htmlInput: { 'data-testid': 'register-device-name' } }}
      />
      <TextField
        select
        label="Organization"
        required
        value={values.organizationId}
        onChange={change('organizationId')}
        error={Boolean(errors.organizationId)}
        helperText={errors.organizationId}
        data-testid="register-device-organization"
      >
        {organizations.map((organization) => (
          <MenuItem key={organization.id} value={organization.id}>
            {organization.name}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
