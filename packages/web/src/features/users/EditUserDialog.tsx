import {
  DIALOG_WIDTHS,
  editUserFormSchema,
  USER_EDIT_TITLE,
  USER_UPDATED,
  type UserType,
  userTypeOptionsForOrganization,
} from '@asset-portal/shared';
import { MenuItem, TextField } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormCheckbox } from '../../components/form-dialog/FormCheckbox.tsx';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { UserFields, type UserFieldValues } from './UserFields.tsx';
import { type OrganizationOption, type UserItem, useUpdateUser } from './use-users.ts';
import { USER_FORM_SX, userTypeForOrganization } from './user-form.ts';

interface EditUserValues extends UserFieldValues {
  userType: UserType;
  enabled: boolean;
}

type EditUserOutput = z.output<typeof editUserFormSchema>;

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
  const { control, handleSubmit, setValue, getValues, formState } = useForm<
    EditUserValues,
    unknown,
    EditUserOutput
  >({
    mode: 'onTouched',
    resolver: schemaResolver<EditUserValues>()(editUserFormSchema),
    defaultValues: {
      name: user.name,
      username: user.username,
      email: user.email,
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

  const handleOrganizationChange = (id: string) => {
    const name = organizations.find((organization) => organization.id === id)?.name;
    setValue('userType', userTypeForOrganization(getValues('userType'), name));
  };

  const handleSave = handleSubmit(async (values) => {
    try {
      await updateUser({
        id: user.id,
        name: values.name,
        enabled: values.enabled,
        organizationId: String(values.organizationId),
        userType: values.userType,
        email: user.email,
        phone: values.phone,
      });
    } catch {
      // The error link has shown the server's message; the dialog keeps the input.
      return;
    }
    snackbar.success(USER_UPDATED(values.name));
    onClose();
  });

  return (
    <FormDialog
      name="edit-user"
      title={USER_EDIT_TITLE}
      width={DIALOG_WIDTHS.user}
      formSx={USER_FORM_SX}
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={formState.isSubmitting}
      busy={formState.isSubmitting}
    >
      <UserFields
        control={control}
        organizations={organizations}
        organizationFixed={organizationFixed}
        editing
        onOrganizationChange={handleOrganizationChange}
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
      <FormCheckbox
        name="enabled"
        control={control}
        label="Enabled"
        disabled={isSelf}
        checkboxProps={{ id: 'user-enabled' }}
      />
    </FormDialog>
  );
}
