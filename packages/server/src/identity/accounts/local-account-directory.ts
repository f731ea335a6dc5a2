import type { Db } from '../../db/database.ts';
import { webSessionRepository } from '../bff/web-session.repository.ts';
import { destroyProviderRecordsFor } from '../provider/oidc-payload.repository.ts';
import type { AccountDirectory, CreatedAccount, NewAccount } from './account-directory.ts';
import { createInvitation } from './invitations.ts';
import { localAccountRepository } from './local-account.repository.ts';
import { createLocalAccount, deleteLocalAccount } from './local-accounts.ts';

/** Accounts of the built-in provider: created without a password, activated by an invitation link. */
export class LocalAccountDirectory implements AccountDirectory {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async createAccount(account: NewAccount): Promise<CreatedAccount> {
    const taken = await localAccountRepository.findByUsername(this.db, account.username);
    if (taken) throw new Error(`A sign-in account for username ${account.username} already exists`);
    const { subject } = await createLocalAccount(this.db, {
      username: account.username.trim(),
      email: account.email,
    });
    const token = await createInvitation(this.db, subject);
    return { subject, invitationUrl: `${this.publicUrl}/oidc/invitation/${token}` };
  }

  async endSessions(subject: string): Promise<void> {
    await webSessionRepository.deleteForSubject(this.db, subject);
    await destroyProviderRecordsFor(this.db, subject);
  }

  async deleteAccount(subject: string): Promise<void> {
    await this.endSessions(subject);
    await deleteLocalAccount(this.db, subject);
  }
}
