import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type {
  AccountDirectory,
  CreatedAccount,
  NewAccount,
} from '../accounts/account-directory.ts';
import { externalAccessTokenVerifier } from './access-token.ts';
import type { AccessTokenVerifier } from './authenticate.ts';
import { externalRelyingParty, type RelyingParty } from './relying-party.ts';
import { webSessionRepository } from './web-session.repository.ts';

type ExternalIdentityConfig = Extract<AppConfig['identity'], { kind: 'external' }>;

/**
 * Accounts at an external provider. Creating accounts needs that provider's admin API (for
 * Cognito: AdminCreateUser), which is not wired up; users are created there and then linked by
 * subject or username on first sign-in. Ending sessions only ends the portal's own sessions.
 */
export class ExternalAccountDirectory implements AccountDirectory {
  constructor(
    private readonly db: Db,
    private readonly issuer: string,
  ) {}

  async createAccount(_account: NewAccount): Promise<CreatedAccount> {
    throw new Error(`Inviting users through ${this.issuer} is not configured`);
  }

  async endSessions(subject: string): Promise<void> {
    await webSessionRepository.deleteForSubject(this.db, subject);
  }

  async deleteAccount(subject: string): Promise<void> {
    await this.endSessions(subject);
  }
}

/** Discovers the external issuer at start-up; a wrong issuer stops the server with its error. */
export async function createExternalIdentityParts(
  config: AppConfig,
  db: Db,
  identity: ExternalIdentityConfig,
): Promise<{
  relyingParty: RelyingParty;
  verifyAccessToken: AccessTokenVerifier;
  accounts: AccountDirectory;
}> {
  const relyingParty = await externalRelyingParty(config, identity);
  const metadata = relyingParty.configuration.serverMetadata();
  if (!metadata.jwks_uri) throw new Error(`${identity.issuer} publishes no jwks_uri`);
  return {
    relyingParty,
    verifyAccessToken: externalAccessTokenVerifier({
      jwksUri: metadata.jwks_uri,
      issuer: metadata.issuer,
      clientId: identity.clientId,
    }),
    accounts: new ExternalAccountDirectory(db, identity.issuer),
  };
}
