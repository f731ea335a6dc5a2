import {
  DEVICE_ASSIGNMENT_CREATED,
  DEVICE_ASSIGNMENT_UPDATED,
  DIALOG_WIDTHS,
  deviceAssignmentFormSchema,
} from '@asset-portal/shared';
import { Alert, Box, MenuItem, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { FormTextField } from '../../components/form-dialog/FormTextField.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { type AssignmentFormValues, initialAssignmentValues } from './assignment-form.ts';
import {
  type AssignmentOrganization,
  type DeviceAssignmentItem,
  useCreateDeviceAssignment,
  useUpdateDeviceAssignment,
} from './use-device-assignments.ts';

export interface DeviceAssignmentDialogProps {
  organization: AssignmentOrganization;
  /** The assignment to edit; null creates one. */
  assignment: DeviceAssignmentItem | null;
  /** The organization's assignments, for the overlap check. */
  assignments: readonly DeviceAssignmentItem[];
  onClose(): void;
}

/** 'New Assignment' / 'Edit Assignment': device, project and a UTC period. */
export function DeviceAssignmentDialog({
  organization,
  assignment,
  assignments,
  onClose,
}: DeviceAssignmentDialogProps) {
  const editing = assignment !== null;
  const createAssignment = useCreateDeviceAssignment();
  const updateAssignment = useUpdateDeviceAssignment();
  const { control, handleSubmit, formState } = useForm({
    resolver: schemaResolver<AssignmentFormValues>()(
      deviceAssignmentFormSchema(assignments, assignment?.id ?? null),
    ),
    defaultValues: initialAssignmentValues(assignment),
  });
  // The overlap concerns the whole period, so it is a form-wide error, renewed on each Save.
  const periodError = formState.errors.root?.period?.message;

  const handleSave = handleSubmit(async (variables) => {
    try {
      if (assignment) await updateAssignment(assignment.id, variables);
      else await createAssignment(variables);
    } catch {
      // The error link has shown the server's message; the dialog keeps the user's input.
      return;
    }
    snackbar.success(editing ? DEVICE_ASSIGNMENT_UPDATED : DEVICE_ASSIGNMENT_CREATED);
    onClose();
  });

  const dateField = (name: 'from' | 'to', label: string, required: boolean) => (
    <FormTextField
      name={name}
      control={control}
      type="datetime-local"
      label={label}
      required={required}
      helperText={required ? undefined : 'Blank: open-ended'}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': `assignment-${name}`, step: 60 },
      }}
    />
  );

  return (
    <FormDialog
      name="assignment"
      title={editing ? 'Edit Assignment' : 'New Assignment'}
      width={DIALOG_WIDTHS.user}
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={formState.isSubmitting}
    >
      <TextField label="Organization" value={organization.name} disabled />
      <Controller
        name="deviceId"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            label="Device"
            required
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            data-testid="assignment-device"
          >
            {organization.devices.map((device) => (
              <MenuItem key={device.id} value={device.id}>
                {device.name && device.name !== device.id
                  ? `${device.id} (${device.name})`
                  : device.id}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="projectId"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            label="Project"
            required
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            data-testid="assignment-project"
          >
            {organization.projects.map((project) => (
              <MenuItem key={project.id} value={project.id}>
                {project.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        {dateField('from', 'From (UTC)', true)}
        {dateField('to', 'To (UTC)', false)}
      </Box>
      {periodError ? (
        <Alert severity="error" data-testid="assignment-period-error">
          {periodError}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
