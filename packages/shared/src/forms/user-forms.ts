/** The New User and Edit User dialogs, validated with the server's user inputs (spec §5, §6). */
import { z } from 'zod';
import { userCreateInput, userUpdateInput } from '../api-inputs.ts';

/** 'New User': exactly what createUser accepts. */
export const newUserFormSchema = userCreateInput;

/** 'Edit User': username and e-mail are permanent, shown disabled and not checked again. */
export const editUserFormSchema = userUpdateInput
  .omit({ id: true, email: true })
  .extend({ username: z.string(), email: z.string() });
