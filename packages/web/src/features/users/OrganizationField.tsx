import { MenuItem, TextField } from '@mui/material';
import type { OrganizationOption } from './use-users.ts';

export interface OrganizationFieldProps {
  value: string;
  options: readonly OrganizationOption[];
  /** Power users keep users in their own organization: the field is shown but fixed. */
  fixed: boolean;
  error?: string | undefined;
  onChange(organizationId: string): void;
  onBlur?(): void;
}

/** The Organization select of the user dialogs. */
export function OrganizationField({
  value,
  options,
  fixed,
  error,
  onChange,
  onBlur,
}: OrganizationFieldProps) {
  // Until the list has loaded, an id without its option would make MUI warn.
  const known = options.some((organization) => organization.id === value);
  return (
    <TextField
      select
      fullWidth
      required
      id="user-organization"
      label="Organization"
      value={known ? value : ''}
      disabled={fixed}
      error={Boolean(error)}
      helperText={error ?? ' '}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      slotProps={{
        select: {
          MenuProps: { slotProps: { paper: { 'data-testid': 'organization-options' } as object } },
        },
      }}
    >
      {options.map((organization) => (
        <MenuItem key={organization.id} value={organization.id}>
          {organization.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
