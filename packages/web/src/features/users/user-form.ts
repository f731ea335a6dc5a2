import { type UserType, userTypeOptionsForOrganization } from '@asset-portal/shared';

/** The user dialogs' field column: tight rows, since every field keeps room for its helper. */
export const USER_FORM_SX = { display: 'grid', gap: 0.5, pt: 1 } as const;

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
