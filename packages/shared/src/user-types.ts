/** The three kinds of user the portal knows (spec §3, §6). */
export const USER_TYPES = ['Admin', 'Power User', 'Standard'] as const;

export type UserType = (typeof USER_TYPES)[number];

/** Organizations whose name starts with this prefix belong to the vendor itself. */
export const VENDOR_PREFIX = 'Lux';

/** True when the value is one of the known user types. */
export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

/** Admins and power users may submit processing and publishing jobs. */
export function canProcess(userType: UserType | null | undefined): boolean {
  return userType === 'Admin' || userType === 'Power User';
}

/** True for the vendor's own organization (name starts with the vendor prefix). */
export function isVendorOrganization(name: string | null | undefined): boolean {
  return typeof name === 'string' && name.startsWith(VENDOR_PREFIX);
}

/**
 * User-type choices in the user edit form: vendor staff are Admin or Standard,
 * customer organizations get Standard or Power User (spec §6).
 */
export function userTypeOptionsForOrganization(
  organizationName: string | null | undefined,
): readonly UserType[] {
  return isVendorOrganization(organizationName)
    ? ['Admin', 'Standard']
    : ['Standard', 'Power User'];
}

/** Only users of the vendor's own organization may mark a pipeline global. */
export function canMarkPipelineGlobal(organizationName: string | null | undefined): boolean {
  return isVendorOrganization(organizationName);
}

/**
 * Whether a user may edit or delete an annotation: a Standard user only the ones they wrote,
 * a Power User or Admin any in their scope. Ids are compared as text (the API sends them so).
 */
export function canModifyAnnotation(
  user: { id: string | number; userType: UserType },
  authorId: string | number | null | undefined,
): boolean {
  return user.userType !== 'Standard' || (authorId != null && String(authorId) === String(user.id));
}
