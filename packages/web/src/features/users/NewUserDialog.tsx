import {
  DIALOG_WIDTHS,
  deriveUsername,
  USER_CREATE_TITLE,
  USER_INVITE_LABEL,
} from '@asset-portal/shared';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { OrganizationField } from './OrganizationField.tsx';
import { type CreatedUser, type OrganizationOption, useCreateUser } from './use-users.ts';
import { blankToNull, userFieldRules } from './user-form.ts';

interface NewUserValues {
  name: string;
  username: string;
  email: string;
  phone: string;
  organizationId: string;
}

export interface NewUserDialogProps {
  organizations: readonly OrganizationOption[];
  /** A Power User's own organization, fixed in the form; null lets an Admin choose any. */
  fixedOrganizationId: string | null;
  onInvited(user: CreatedUser): void;
  onClose(): void;
}

/**
 * 'New User' (550 wide): the username follows the full name (spec §5) until the user edits it
 * themselves. 'Invite User' creates the account and sends the invitation.
 */
export function NewUserDialog({
  organizations,
  fixedOrganizationId,
  onInvited,
  onClose,
}: NewUserDialogProps) {
  const createUser = useCreateUser();
  // Becomes true once the user types a username of their own; clearing it resumes deriving.
  const usernameEdited = useRef(false);
  const { control, handleSubmit, setValue, getValues, formState } = useForm<NewUserValues>({
    mode: 'onTouched',
    defaultValues: {
      name: '',
      username: '',
      email: '',
      phone: '',
      organizationId: fixedOrganizationId ?? '',
    },
  });

  const handleNameChange = (name: string) => {
    if (usernameEdited.current) return;
    setValue('username', deriveUsername(name), {
      shouldValidate: formState.isSubmitted || Boolean(getValues('username')),
    });
  };

  const handleInvite = handleSubmit(async (values) => {
    let created: CreatedUser;
    try {
      created = await createUser({
        name: values.name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        phone: blankToNull(values.phone),
        organizationId: fixedOrganizationId ?? values.organizationId,
      });
    } catch {
      // The error link has shown the server's message; the dialog keeps the input.
      return;
    }
    onInvited(created);
  });

  return (
    <Dialog
      open
      onClose={formState.isSubmitting ? undefined : onClose}
      aria-labelledby="new-user-title"
      slotProps={{
        paper: {
          sx: { width: DIALOG_WIDTHS.user, maxWidth: DIALOG_WIDTHS.user },
          'data-testid': 'new-user-dialog',
        } as object,
      }}
    >
      <DialogTitle id="new-user-title">{USER_CREATE_TITLE}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="new-user-form"
          noValidate
          onSubmit={handleInvite}
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
                autoFocus
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
                onChange={(event) => {
                  field.onChange(event);
                  handleNameChange(event.target.value);
                }}
              />
            )}
          />
          <Controller
            name="username"
            control={control}
            rules={userFieldRules.required}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id="user-username"
                label="Username"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Cannot be changed later'}
                onChange={(event) => {
                  usernameEdited.current = event.target.value !== '';
                  field.onChange(event);
                }}
              />
            )}
          />
          <Controller
            name="email"
            control={control}
            rules={userFieldRules.email}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id="user-email"
                label="Email"
                type="email"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Cannot be changed later'}
              />
            )}
          />
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
                fixed={fixedOrganizationId !== null}
                error={fieldState.error?.message}
                onChange={field.onChange}
                onBlur={field.onBlur}
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
          form="new-user-form"
          variant="contained"
          disabled={formState.isSubmitting}
        >
          {USER_INVITE_LABEL}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
