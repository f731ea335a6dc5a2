import {
  EMAIL_PATTERN,
  isVendorOrganization,
  TEXT_LIMITS,
  VENDOR_PREFIX,
} from '@asset-portal/shared';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { AccountDirectory } from '../../identity/accounts/account-directory.ts';
import { organizationRepository } from '../organizations/organization.repository.ts';
import { userRepository } from './user.repository.ts';

export interface FirstAdminInput {
  organization: string;
  username: string;
  email: string;
  name: string;
}

export interface FirstAdminResult {
  userId: number;
  organizationId: number;
  organizationCreated: boolean;
  /** Where the administrator sets a password (built-in provider); null for an external provider. */
  invitationUrl: string | null;
}

export class FirstAdminError extends Error {
  override name = 'FirstAdminError';
}

/**
 * Creates the portal's first administrator, the only account nobody can add on the Users page.
 * `accounts` is the built-in provider's directory (the account gets an invitation link); with
 * an external provider it is null and the user row waits for its first sign-in, which links it
 * by username. Refused once any administrator exists, so it cannot be used to take over a portal.
 */
export async function createFirstAdmin(
  db: Db,
  accounts: ((trx: Db) => AccountDirectory) | null,
  input: FirstAdminInput,
): Promise<FirstAdminResult> {
  const organization = input.organization.trim();
  const username = input.username.trim();
  const email = input.email.trim();
  const name = input.name.trim();
  if (!isVendorOrganization(organization)) {
    throw new FirstAdminError(
      `Administrators belong to the vendor's organization, whose name starts with '${VENDOR_PREFIX}'; '${organization}' does not`,
    );
  }
  for (const [label, value] of [
    ['organization', organization],
    ['username', username],
    ['name', name],
  ] as const) {
    if (!value) throw new FirstAdminError(`The ${label} is required`);
    if (value.length > TEXT_LIMITS.name) {
      throw new FirstAdminError(`The ${label} is longer than ${TEXT_LIMITS.name} characters`);
    }
  }
  // The Users page's own rule: an address it would refuse could never be saved on an edit.
  if (!EMAIL_PATTERN.test(email)) throw new FirstAdminError(`'${email}' is not an e-mail address`);

  return inTransaction(db, async (trx) => {
    if (await userRepository.hasAdmin(trx)) {
      throw new FirstAdminError(
        'An administrator already exists; further users are added on the Users page',
      );
    }
    if (await userRepository.findConflict(trx, username, email)) {
      throw new FirstAdminError(`A user with username ${username} or e-mail ${email} exists`);
    }
    const existing = await organizationRepository.findByName(trx, organization);
    const org = existing ?? (await organizationRepository.create(trx, organization, []));
    const account = accounts ? await accounts(trx).createAccount({ username, email, name }) : null;
    const user = await userRepository.create(trx, {
      name,
      email,
      username,
      phone: null,
      organizationId: org.id,
      userType: 'Admin',
      enabled: true,
      awsUserId: account?.subject ?? null,
    });
    return {
      userId: user.id,
      organizationId: org.id,
      organizationCreated: !existing,
      invitationUrl: account?.invitationUrl ?? null,
    };
  });
}
