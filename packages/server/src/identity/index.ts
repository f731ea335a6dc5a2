import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type { AccountDirectory } from './accounts/account-directory.ts';
import { registerInvitationRoutes } from './accounts/invitation.routes.ts';
import { LocalAccountDirectory } from './accounts/local-account-directory.ts';
import { builtinAccessTokenVerifier } from './bff/access-token.ts';
import type { AccessTokenVerifier } from './bff/authenticate.ts';
import { registerBffRoutes } from './bff/bff.routes.ts';
import { createExternalIdentityParts } from './bff/external-provider.ts';
import { builtinRelyingParty } from './bff/relying-party.ts';
import { registerInteractionRoutes } from './provider/interaction.routes.ts';
import { registerProviderRoutes } from './provider/provider.routes.ts';
import { builtinSettings, createBuiltinProvider } from './provider/provider.ts';
import { loadProviderKeys } from './provider/signing-keys.ts';

export type { AccountDirectory, CreatedAccount, NewAccount } from './accounts/account-directory.ts';
export { createLocalAccount, setPassword } from './accounts/local-accounts.ts';
export { purgeExpired } from './purge-expired.ts';

/** The sign-in side of the app: routes for the OIDC flow and bearer-token checks. */
export interface Identity {
  register(app: FastifyInstance): Promise<void>;
  verifyAccessToken: AccessTokenVerifier;
  accounts: AccountDirectory;
  close(): Promise<void>;
}

/**
 * Sign-in through the built-in OpenID Connect provider (default) or an external issuer
 * (OIDC_ISSUER); either way the portal is a confidential client using code + PKCE.
 */
export async function createIdentity({
  config,
  db,
}: {
  config: AppConfig;
  db: Db;
}): Promise<Identity> {
  if (config.identity.kind === 'external') {
    const parts = await createExternalIdentityParts(config, db, config.identity);
    return {
      register: async (app) => {
        registerBffRoutes(app, {
          config,
          db,
          relyingParty: parts.relyingParty,
          verifyAccessToken: parts.verifyAccessToken,
        });
      },
      verifyAccessToken: parts.verifyAccessToken,
      accounts: parts.accounts,
      close: async () => {},
    };
  }

  const keys = loadProviderKeys(config.dataDir);
  const settings = builtinSettings(config, keys);
  const provider = createBuiltinProvider({ config, db, keys, settings });
  const verifyAccessToken = builtinAccessTokenVerifier({
    jwks: keys.verification,
    issuer: settings.issuer,
    audience: settings.resource,
  });
  return {
    register: async (app) => {
      registerInteractionRoutes(app, provider, db);
      registerInvitationRoutes(app, db);
      await registerProviderRoutes(app, provider);
      registerBffRoutes(app, {
        config,
        db,
        relyingParty: builtinRelyingParty(app, settings),
        verifyAccessToken,
      });
    },
    verifyAccessToken,
    accounts: new LocalAccountDirectory(db, config.publicUrl),
    close: async () => {},
  };
}
