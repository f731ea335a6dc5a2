/** A new sign-in account for a portal user, as the identity provider sees it. */
export interface NewAccount {
  username: string;
  email: string;
  name: string;
}

export interface CreatedAccount {
  /** The identity subject; stored as the user's awsUserId. */
  subject: string;
  /** Link where the invitee sets a password (built-in provider); null when the provider mails it. */
  invitationUrl: string | null;
}

/**
 * The identity provider's user administration: the built-in provider's local accounts and
 * invitations, or an external provider's admin API.
 */
export interface AccountDirectory {
  createAccount(account: NewAccount): Promise<CreatedAccount>;
  /** Ends every signed-in session of the subject (used when a user is disabled or deleted). */
  endSessions(subject: string): Promise<void>;
  deleteAccount(subject: string): Promise<void>;
}
