import {
  type UserType,
  userTypeOptionsForOrganization,
  validateEmail,
  validatePhone,
  validateRequired,
} from '@asset-portal/shared';

/** react-hook-form rules built from the shared validators (true = valid, text = message). */
export const userFieldRules = {
  required: { validate: (value: string) => validateRequired(value) ?? true },
  email: { validate: (value: string) => validateEmail(value) ?? true },
  phone: { validate: (value: string) => validatePhone(value) ?? true },
} as const;

/** The user dialogs' field column: tight rows, since every field keeps room for its helper. */
export const USER_FORM_SX = { display: 'grid', gap: 0.5, pt: 1 } as const;

/** Blank optional text is sent as null. */
export const blankToNull = (value: string): string | null =>
  value.trim() === '' ? null : value.trim();

/**
 * The user type to show after the organization changed: kept when the new organization offers
 * it, otherwise Standard, which every organization offers (spec §6 'Lux' rule).
 */
export function userTypeForOrganization(
  current: UserType,
  organizationName: string | null | undefined,
): UserType {
  const options = userTypeOptionsForOrganization(organizationName);
  return options.includes(current) ? current : 'Standard';
}
