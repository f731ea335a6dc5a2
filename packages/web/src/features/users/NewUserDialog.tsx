import {
  DIALOG_WIDTHS,
  deriveUsername,
  newUserFormSchema,
  USER_CREATE_TITLE,
  USER_INVITE_LABEL,
} from '@asset-portal/shared';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { UserFields, type UserFieldValues } from './UserFields.tsx';
import { type CreatedUser, type OrganizationOption, useCreateUser } from './use-users.ts';
import { USER_FORM_SX } from './user-form.ts';

type NewUserValues = z.output<typeof newUserFormSchema>;

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
  const { control, handleSubmit, setValue, getValues, formState } = useForm<
    UserFieldValues,
    unknown,
    NewUserValues
  >({
    mode: 'onTouched',
    resolver: schemaResolver<UserFieldValues>()(newUserFormSchema),
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

  const handleUsernameChange = (username: string) => {
    usernameEdited.current = username !== '';
  };

  const handleInvite = handleSubmit(async (values) => {
    let created: CreatedUser;
    try {
      created = await createUser({
        name: values.name,
        username: values.username,
        email: values.email,
        phone: values.phone,
        organizationId: fixedOrganizationId ?? String(values.organizationId),
      });
    } catch {
      // The error link has shown the server's message; the dialog keeps the input.
      return;
    }
    onInvited(created);
  });

  return (
    <FormDialog
      name="new-user"
      title={USER_CREATE_TITLE}
      width={DIALOG_WIDTHS.user}
      formSx={USER_FORM_SX}
      onSubmit={handleInvite}
      onClose={onClose}
      submitLabel={USER_INVITE_LABEL}
      submitDisabled={formState.isSubmitting}
      busy={formState.isSubmitting}
    >
      <UserFields
        control={control}
        organizations={organizations}
        organizationFixed={fixedOrganizationId !== null}
        onNameChange={handleNameChange}
        onUsernameChange={handleUsernameChange}
      />
    </FormDialog>
  );
}
