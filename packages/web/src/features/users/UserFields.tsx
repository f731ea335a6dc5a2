import { TextField } from '@mui/material';
import { type Control, Controller } from 'react-hook-form';
import { OrganizationField } from './OrganizationField.tsx';
import type { OrganizationOption } from './use-users.ts';

/** The values both user dialogs hold for the fields below. */
export interface UserFieldValues {
  name: string;
  username: string;
  email: string;
  phone: string;
  organizationId: string;
}

export interface UserFieldsProps<T extends UserFieldValues, Output> {
  control: Control<T, unknown, Output>;
  organizations: readonly OrganizationOption[];
  /** Power users keep users in their own organization. */
  organizationFixed: boolean;
  /** Editing: username and e-mail are permanent, so they are shown disabled (spec §6). */
  editing?: boolean;
  onNameChange?(name: string): void;
  onUsernameChange?(username: string): void;
  onOrganizationChange?(organizationId: string): void;
}

/**
 * Full Name, Username, Email, Phone and Organization of the New and Edit User dialogs; the
 * dialog's resolver (the shared user schemas) supplies each field's message.
 */
export function UserFields<T extends UserFieldValues, Output>({
  control,
  organizations,
  organizationFixed,
  editing = false,
  onNameChange,
  onUsernameChange,
  onOrganizationChange,
}: UserFieldsProps<T, Output>) {
  // Control is invariant in its values type; these fields only touch the keys every T has.
  const fieldsControl = control as unknown as Control<UserFieldValues>;
  return (
    <>
      <Controller
        name="name"
        control={fieldsControl}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="user-name"
            label="Full Name"
            required
            autoFocus={!editing}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
            onChange={(event) => {
              field.onChange(event);
              onNameChange?.(event.target.value);
            }}
          />
        )}
      />
      {editing ? (
        <>
          <Controller
            name="username"
            control={fieldsControl}
            render={({ field }) => (
              <TextField
                id="user-username"
                label="Username"
                value={field.value}
                disabled
                helperText=" "
              />
            )}
          />
          <Controller
            name="email"
            control={fieldsControl}
            render={({ field }) => (
              <TextField
                id="user-email"
                label="Email"
                value={field.value}
                disabled
                helperText=" "
              />
            )}
          />
        </>
      ) : (
        <>
          <Controller
            name="username"
            control={fieldsControl}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id="user-username"
                label="Username"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Cannot be changed later'}
                onChange={(event) => {
                  onUsernameChange?.(event.target.value);
                  field.onChange(event);
                }}
              />
            )}
          />
          <Controller
            name="email"
            control={fieldsControl}
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
        </>
      )}
      <Controller
        name="phone"
        control={fieldsControl}
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
        control={fieldsControl}
        render={({ field, fieldState }) => (
          <OrganizationField
            value={field.value}
            options={organizations}
            fixed={organizationFixed}
            error={fieldState.error?.message}
            onChange={(id) => {
              field.onChange(id);
              onOrganizationChange?.(id);
            }}
            onBlur={field.onBlur}
          />
        )}
      />
    </>
  );
}
