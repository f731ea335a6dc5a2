import {
  DIALOG_WIDTHS,
  USER_EDIT_TITLE,
  USER_UPDATED,
  type UserType,
  userTypeOptionsForOrganization,
} from '@asset-portal/shared';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { OrganizationField } from './OrganizationField.tsx';
import { type OrganizationOption, type UserItem, useUpdateUser } from './use-users.ts';
import { blankToNull, userFieldRules, userTypeForOrganization } from './user-form.ts';

interface EditUserValues {
  name: string;
  phone: string;
  organizationId: string;
  userType: UserType;
  enabled: boolean;
}

export interface EditUserDialogProps {
  user: UserItem;
  organizations: readonly OrganizationOption[];
  /** True when a Power User edits: the organization stays their own. */
  organizationFixed: boolean;
  /** The signed-in user cannot disable themselves (the server refuses it too). */
  isSelf: boolean;
  onClose(): void;
}

/**
 * 'Edit User' (550 wide): username and e-mail are permanent and shown disabled; the user-type
 * choices follow the chosen organization (spec §6).
 */
export function EditUserDialog({
  user,
  organizations,
  organizationFixed,
  isSelf,
  onClose,
}: EditUserDialogProps) {
  const updateUser = useUpdateUser();
  const { control, handleSubmit, setValue, getValues, formState } = useForm<EditUserValues>({
    mode: 'onTouched',
    defaultValues: {
      name: user.name,
      phone: user.phone ?? '',
      organizationId: user.organization?.id ?? '',
      userType: user.userType,
      enabled: user.enabled,
    },
  });
  const organizationId = useWatch({ control, name: 'organizationId' });
  const organizationName =
    organizations.find((organization) => organization.id === organizationId)?.name ??
    user.organization?.name;
  const userTypeOptions = userTypeOptionsForOrganization(organizationName);

  const handleOrganizationChange = (id: string, onChange: (id: string) => void) => {
    onChange(id);
    const name = organizations.find((organization) => organization.id === id)?.name;
    setValue('userType', userTypeForOrganization(getValues('userType'), name));
  };

  const handleSave = handleSubmit(async (values) => {
    try {
      await updateUser({
        id: user.id,
        name: values.name.trim(),
        enabled: values.enabled,
        organizationId: values.organizationId,
        userType: values.userType,
        email: user.email,
        phone: blankToNull(values.phone),
      });
    } catch {
      // The error link has shown the server's message; the dialog keeps the input.
      return;
    }
    snackbar.success(USER_UPDATED(values.name.trim()));
    onClose();
  });

  return (
    <Dialog
      open
      onClose={formState.isSubmitting ? undefined : onClose}
      aria-labelledby="edit-user-title"
      slotProps={{
        paper: {
          sx: { width: DIALOG_WIDTHS.user, maxWidth: DIALOG_WIDTHS.user },
          'data-testid': 'edit-user-dialog',
        } as object,
      }}
    >
      <DialogTitle id="edit-user-title">{USER_EDIT_TITLE}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="edit-user-form"
          noValidate
          onSubmit={handleSave}
          sx={{ display: 'grid', gap: 0.5, pt: 1 }}
        >
          <Controller
            name="name"
            control={control}
            rules={userFieldRules.required}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id="user-name"
                label="Full Name"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              />
            )}
          />
          <TextField
            id="user-username"
            label="Username"
            value={user.username}
            disabled
            helperText=" "
          />
          <TextField id="user-email" label="Email" value={user.email} disabled helperText=" " />
          <Controller
            name="phone"
            control={control}
            rules={userFieldRules.phone}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id="user-phone"
                label="Phone"
                type="tel"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              />
            )}
          />
          <Controller
            name="organizationId"
            control={control}
            rules={userFieldRules.required}
            render={({ field, fieldState }) => (
              <OrganizationField
                value={field.value}
                options={organizations}
                fixed={organizationFixed}
                error={fieldState.error?.message}
                onChange={(id) => handleOrganizationChange(id, field.onChange)}
                onBlur={field.onBlur}
              />
            )}
          />
          <Controller
            name="userType"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                select
                id="user-type"
                label="User Type"
                helperText=" "
                slotProps={{
                  select: {
                    MenuProps: {
                      slotProps: { paper: { 'data-testid': 'user-type-options' } as object },
                    },
                  },
                }}
              >
                {userTypeOptions.map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="enabled"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label="Enabled"
                disabled={isSelf}
                control={
                  <Checkbox
                    id="user-enabled"
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
              />
            )}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button
          type="submit"
          form="edit-user-form"
          variant="contained"
          disabled={formState.isSubmitting}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
