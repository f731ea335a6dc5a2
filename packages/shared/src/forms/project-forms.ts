/** The New/Edit Project dialog (spec §2 Projects, §5): text fields checked as the user types. */
import { z } from 'zod';
import { TEXT_LIMITS } from '../constants.ts';
import { HELMERT_FORM_FIELDS, type HelmertParameters } from '../helmert.ts';
import { TEXT_TOO_LONG, VALUE_REQUIRED } from '../messages.ts';
import { PROJECT_UTM_INVALID, projectionError } from '../project-rules.ts';
import { isValidUtmZone } from '../validation.ts';
import { requiredChoice, textCheckedBy } from './form-fields.ts';

export const HELMERT_NOT_A_NUMBER = 'Must be a number';

/** Message for a Helmert number typed as text: blank means 0; anything else must be a number. */
export function helmertFieldError(value: string): string | null {
  const text = value.trim();
  return text === '' || Number.isFinite(Number(text)) ? null : HELMERT_NOT_A_NUMBER;
}

/** Spec §5: a UTM not ending in N or S stops the save; the field says why. */
export function projectUtmError(value: string): string | null {
  if (value.trim() === '') return VALUE_REQUIRED;
  return isValidUtmZone(value) ? null : PROJECT_UTM_INVALID;
}

const helmertForm = z.object(
  Object.fromEntries(
    HELMERT_FORM_FIELDS.map(({ key }) => [
      key,
      key === 'name' ? z.string() : textCheckedBy(helmertFieldError),
    ]),
  ) as Record<keyof HelmertParameters, z.ZodString>,
);

/**
 * The project dialog's text values. The organization is checked only where the user chooses it
 * (Admins); a Power User's project goes to their own organization.
 */
export function projectFormSchema({ chooseOrganization }: { chooseOrganization: boolean }) {
  return z.object({
    name: z
      .string()
      .refine((value) => value.trim() !== '', VALUE_REQUIRED)
      .refine((value) => value.trim().length <= TEXT_LIMITS.name, TEXT_TOO_LONG(TEXT_LIMITS.name)),
    organizationId: chooseOrganization ? requiredChoice : z.string(),
    active: z.boolean(),
    comments: z.string().max(TEXT_LIMITS.text, TEXT_TOO_LONG(TEXT_LIMITS.text)),
    utm: textCheckedBy(projectUtmError),
    projection: textCheckedBy(projectionError),
    geoidGridFile: z.string().nullable(),
    helmert: helmertForm,
    tagOptions: z.array(z.string()),
  });
}
