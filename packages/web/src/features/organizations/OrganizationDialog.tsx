import { organizationInput } from '@asset-portal/shared';
import { Alert, Autocomplete, Chip, Divider, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { FormTextField } from '../../components/form-dialog/FormTextField.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { BucketList } from './BucketList.tsx';
import {
  deviceLabel,
  devicesHelperText,
  ORGANIZATION_DIALOG_WIDTH,
  ORGANIZATION_TEXTS,
} from './organization-texts.ts';
import {
  type DeviceOption,
  type OrganizationItem,
  useCreateOrganization,
  useDeviceOptions,
  useUpdateOrganization,
} from './use-organizations.ts';

type FormInput = z.input<typeof organizationInput>;
type FormOutput = z.output<typeof organizationInput>;

export interface OrganizationDialogProps {
  /** The organization to edit; null creates one. */
  organization: OrganizationItem | null;
  onClose(): void;
}

/** Devices this organization may take: free ones and those it already holds. */
export function assignableDevices(
  devices: readonly DeviceOption[],
  organizationId: string | null,
): DeviceOption[] {
  return devices.filter((d) => d.organization === null || d.organization.id === organizationId);
}

/**
 * 'New Organization' / 'Edit Organization': the name, the assigned devices and, once the
 * organization exists, its buckets. A server refusal keeps the dialog open with the input.
 */
export function OrganizationDialog({ organization, onClose }: OrganizationDialogProps) {
  const editing = organization !== null;
  const { devices } = useDeviceOptions();
  const { createOrganization } = useCreateOrganization();
  const { updateOrganization } = useUpdateOrganization();
  const { control, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver<FormInput>()(organizationInput),
    defaultValues: {
      name: organization?.name ?? '',
      deviceIds: organization?.devices.map((d) => d.id) ?? [],
    },
  });
  const options = assignableDevices(devices, organization?.id ?? null);
  const byId = new Map(devices.map((d) => [d.id, d]));

  const handleSave = handleSubmit(async (values) => {
    try {
      if (organization) await updateOrganization({ ...values, id: organization.id });
      else await createOrganization(values);
    } catch {
      // The error link has shown the server's message; the dialog keeps the user's input.
      return;
    }
    snackbar.success(editing ? ORGANIZATION_TEXTS.updated : ORGANIZATION_TEXTS.created);
    onClose();
  });

  return (
    <FormDialog
      name="organization"
      title={editing ? ORGANIZATION_TEXTS.editTitle : ORGANIZATION_TEXTS.newTitle}
      width={ORGANIZATION_DIALOG_WIDTH}
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={formState.isSubmitting}
      footer={
        <>
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle1" component="h2" gutterBottom>
            Buckets
          </Typography>
          {organization ? (
            <BucketList organizationId={organization.id} />
          ) : (
            <Alert severity="info">{ORGANIZATION_TEXTS.bucketsAfterSave}</Alert>
          )}
        </>
      }
    >
      <FormTextField name="name" control={control} label="Name" required autoFocus />
      <Controller
        name="deviceIds"
        control={control}
        render={({ field }) => (
          <Autocomplete
            multiple
            options={options.map((d) => d.id)}
            value={field.value ?? []}
            onChange={(_event, value) => field.onChange(value)}
            onBlur={field.onBlur}
            getOptionLabel={(id) => deviceLabel(byId.get(id) ?? { id, name: null })}
            renderValue={(values, getItemProps) =>
              values.map((id, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return (
                  <Chip
                    key={key}
                    size="small"
                    label={deviceLabel(byId.get(id) ?? { id, name: null })}
                    {...itemProps}
                  />
                );
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label="Devices"
                placeholder="Choose devices"
                helperText={devicesHelperText(
                  (organization?.devices ?? [])
                    .map((device) => device.id)
                    .filter((id) => !(field.value ?? []).includes(id)),
                )}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'device-select' },
                }}
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
