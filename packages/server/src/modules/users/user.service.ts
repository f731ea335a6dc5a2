import {
  type UserCreateInput,
  type UserUpdateInput,
  userTypeOptionsForOrganization,
} from '@asset-portal/shared';
import mercurius from 'mercurius';
import type { UserRow } from '../../db/schema.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { organizationScope } from '../../policies/scope.ts';
import { userPolicy } from '../../policies/user.policy.ts';
import { organizationRepository } from '../organizations/organization.repository.ts';
import { invitationExpiry, invitationMail } from './invitation.mail.ts';
import { userRepository as repo } from './user.repository.ts';

export const USER_MESSAGES = {
  emailPermanent: 'E-mail cannot be changed.',
  usernameTaken: (username: string) => `The username '${username}' is already taken.`,
  emailTaken: (email: string) => `A user with the e-mail '${email}' already exists.`,
  ownOrganizationOnly: 'Power users can only manage users of their own organization.',
  adminOnly: 'Only an Admin can make a user an Admin.',
  userTypeNotAvailable: (userType: string, organization: string, options: readonly string[]) =>
    `User type '${userType}' is not available in organization '${organization}'; choose ${options.join(' or ')}.`,
  cannotDeleteSelf: 'You cannot delete your own user.',
  cannotDisableSelf: 'You cannot disable your own user.',
  accountFailed: 'The sign-in account could not be created; please try again later.',
} as const;

/** The identity provider refused or failed to create the sign-in account. */
class AccountProviderError extends mercurius.ErrorWithProps {
  constructor(cause: unknown) {
    super(USER_MESSAGES.accountFailed, { code: 'ACCOUNT_PROVIDER_ERROR' });
    this.cause = cause;
  }
}

/**
 * How the invitation reached the invitee: EMAIL over SMTP; OUTBOX written to the embedded outbox,
 * which delivers nothing; FAILED the mail server refused it. With OUTBOX and FAILED the admin gets
 * the link to pass on. null: the external provider sends its own invitation.
 */
export type InvitationDelivery = 'EMAIL' | 'OUTBOX' | 'FAILED' | null;

/** A user as returned by createOrgUser: the row plus the invitation link, shown once. */
export type CreatedUser = UserRow & {
  invitationUrl: string | null;
  invitationDelivery: InvitationDelivery;
};

/** Portal users and their sign-in accounts at the identity provider. */
export const userService = {
  list(ctx: RequestContext) {
    return repo.list(ctx.db, organizationScope(ctx.viewer));
  },

  async listByOrganization(ctx: RequestContext, organizationId: number) {
    const organization = await organizationRepository.findById(ctx.db, organizationId);
    if (!organization || !userPolicy.canList(ctx.viewer, organizationId)) throw new NotFoundError();
    return repo.list(ctx.db, organizationId);
  },

  /** The user with this identity subject, if the caller may read them. */
  async getBySubject(ctx: RequestContext, awsUserId: string) {
    const user = await repo.findByAwsUserId(ctx.db, awsUserId);
    if (!user || !userPolicy.canRead(ctx.viewer, user)) throw new NotFoundError();
    return user;
  },

  /**
   * Creates the sign-in account, then the user row with the account's subject. Never leaves one
   * without the other: when the row cannot be written, the account is deleted again.
   */
  async create(ctx: RequestContext, input: UserCreateInput): Promise<CreatedUser> {
    if (!userPolicy.canAssignOrganization(ctx.viewer, input.organizationId)) {
      throw new ValidationError(USER_MESSAGES.ownOrganizationOnly);
    }
    const organization = await requireOrganization(ctx, input.organizationId);
    await checkUnique(ctx, input.username, input.email);
    const account = await ctx.accounts
      .createAccount({ username: input.username, email: input.email, name: input.name })
      .catch((error: unknown) => {
        // The provider's own errors may carry internals; the admin gets a clear sentence.
        throw new AccountProviderError(error);
      });
    try {
      const user = await repo.create(ctx.db, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        username: input.username,
        organizationId: input.organizationId,
        userType: 'Standard',
        enabled: true,
        awsUserId: account.subject,
      });
      if (!account.invitationUrl) return { ...user, invitationUrl: null, invitationDelivery: null };
      const delivery = await sendInvitation(ctx, {
        name: user.name,
        email: user.email,
        username: user.username,
        organizationName: organization.name,
        invitedBy: ctx.viewer.user.name,
        url: account.invitationUrl,
        expiresAt: invitationExpiry(),
      });
      // A link that went out by e-mail stays with the invitee.
      const invitationUrl = delivery === 'EMAIL' ? null : account.invitationUrl;
      return { ...user, invitationUrl, invitationDelivery: delivery };
    } catch (error) {
      await ctx.accounts.deleteAccount(account.subject).catch((cleanupError: unknown) => {
        throw new AggregateError(
          [error, cleanupError],
          'User creation failed; account left behind',
        );
      });
      // Another request took the username or e-mail between the check and the insert.
      if (isUniqueViolation(error)) await checkUnique(ctx, input.username, input.email);
      throw error;
    }
  },

  async update(ctx: RequestContext, input: UserUpdateInput) {
    const target = await requireManageable(ctx, input.id);
    if (input.email.toLowerCase() !== target.email.toLowerCase()) {
      throw new ValidationError(USER_MESSAGES.emailPermanent);
    }
    if (
      input.organizationId !== target.organizationId &&
      !userPolicy.canAssignOrganization(ctx.viewer, input.organizationId)
    ) {
      throw new ValidationError(USER_MESSAGES.ownOrganizationOnly);
    }
    const organization = await requireOrganization(ctx, input.organizationId);
    const options = userTypeOptionsForOrganization(organization.name);
    if (!options.includes(input.userType)) {
      throw new ValidationError(
        USER_MESSAGES.userTypeNotAvailable(input.userType, organization.name, options),
      );
    }
    if (!userPolicy.canGrantUserType(ctx.viewer, input.userType, organization.name)) {
      throw new ForbiddenError(USER_MESSAGES.adminOnly);
    }
    if (target.id === ctx.viewer.user.id && !input.enabled) {
      throw new ValidationError(USER_MESSAGES.cannotDisableSelf);
    }
    const updated = await repo.update(ctx.db, target.id, {
      name: input.name,
      enabled: input.enabled,
      organizationId: input.organizationId,
      userType: input.userType,
      phone: input.phone,
    });
    // A disabled user is signed out everywhere now, not when their tokens expire.
    if (target.enabled && !updated.enabled && updated.awsUserId) {
      await ctx.accounts.endSessions(updated.awsUserId);
    }
    return updated;
  },

  async delete(ctx: RequestContext, id: number) {
    const target = await requireManageable(ctx, id);
    if (target.id === ctx.viewer.user.id) throw new ValidationError(USER_MESSAGES.cannotDeleteSelf);
    await repo.delete(ctx.db, target.id);
    if (target.awsUserId) {
      await ctx.accounts.endSessions(target.awsUserId);
      await ctx.accounts.deleteAccount(target.awsUserId);
    }
    return true;
  },
};

/** A user the caller may change; users they cannot see answer as missing. */
async function requireManageable(ctx: RequestContext, id: number) {
  const user = await repo.findById(ctx.db, id);
  if (!user || !userPolicy.canRead(ctx.viewer, user)) throw new NotFoundError();
  if (!userPolicy.canChange(ctx.viewer, user)) throw new ForbiddenError();
  return user;
}

/**
 * Sends the invitation e-mail. A failed delivery does not undo the user: the admin is told and
 * gets the link to pass on (the transport logs the cause).
 */
async function sendInvitation(
  ctx: RequestContext,
  details: Parameters<typeof invitationMail>[0],
): Promise<InvitationDelivery> {
  try {
    await ctx.mail.send(invitationMail(details));
  } catch {
    return 'FAILED';
  }
  return ctx.mail.kind === 'smtp' ? 'EMAIL' : 'OUTBOX';
}

async function requireOrganization(ctx: RequestContext, organizationId: number) {
  const organization = await organizationRepository.findById(ctx.db, organizationId);
  if (!organization || !userPolicy.canList(ctx.viewer, organizationId)) throw new NotFoundError();
  return organization;
}

async function checkUnique(ctx: RequestContext, username: string, email: string) {
  const conflict = await repo.findConflict(ctx.db, username, email);
  if (!conflict) return;
  if (conflict.username.toLowerCase() === username.toLowerCase()) {
    throw new ValidationError(USER_MESSAGES.usernameTaken(username));
  }
  throw new ValidationError(USER_MESSAGES.emailTaken(email));
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
