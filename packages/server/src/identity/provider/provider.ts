import { randomBytes } from 'node:crypto';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { localAccountRepository } from '../accounts/local-account.repository.ts';
import { findLocalAccount } from '../accounts/local-accounts.ts';
import { logoutPage, messagePage } from './interaction-pages.ts';
import { KyselyOidcAdapter } from './oidc-payload.repository.ts';
import type { ProviderKeys } from './signing-keys.ts';

export const PORTAL_CLIENT_ID = 'asset-portal';
const OIDC_SCOPES = 'openid profile email';

/** Where the built-in provider lives and what the portal's own client looks like there. */
export interface BuiltinSettings {
  issuer: string;
  /** Resource indicator (and access-token audience) of the GraphQL API. */
  resource: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

export function builtinSettings(config: AppConfig, keys: ProviderKeys): BuiltinSettings {
  return {
    issuer: `${config.publicUrl}/oidc`,
    resource: `${config.publicUrl}/graphql`,
    clientId: PORTAL_CLIENT_ID,
    clientSecret: keys.clientSecret,
    redirectUri: `${config.publicUrl}/login/oauth2/code/cognito`,
    postLogoutRedirectUri: `${config.publicUrl}/logout?signedOut=1`,
  };
}

/** The built-in OpenID Connect provider: local accounts, one client (the portal), JWT access tokens. */
export function createBuiltinProvider(deps: {
  config: AppConfig;
  db: Db;
  keys: ProviderKeys;
  settings: BuiltinSettings;
}): Provider {
  const { config, db, keys, settings } = deps;
  const sessionTtl = Math.floor(config.sessionTtlMs / 1000);

  const configuration: Configuration = {
    adapter: (model: string) => new KyselyOidcAdapter(db, model),
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: [settings.redirectUri],
        post_logout_redirect_uris: [settings.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: keys.signing as Configuration['jwks'],
    cookies: { keys: keys.cookieKeys },
    pkce: { required: () => true },
    scopes: OIDC_SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: sessionTtl,
      Grant: sessionTtl,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form, randomBytes(16).toString('base64'));
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You have been logged out', {
            href: '/login',
            text: 'Sign in again',
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => settings.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== settings.resource) throw new errors.InvalidTarget();
          return {
            scope: '',
            audience: settings.resource,
            accessTokenTTL: 3600,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${settings.issuer}/interaction/${interaction.uid}`,
    },
    // The portal is the only client, so consent is implied: grant what it asks for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      const grant =
        existing ?? new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(OIDC_SCOPES);
      grant.addResourceScope(settings.resource, '');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, subject) => {
      const account = await findLocalAccount(db, subject);
      if (!account) return undefined;
      return {
        accountId: subject,
        claims: async () => {
          const name = await localAccountRepository.userName(db, subject);
          return {
            sub: subject,
            preferred_username: account.username,
            email: account.email,
            name: name ?? account.username,
          };
        },
      };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in problem', out.error_description ?? 'Something went wrong.', {
        href: '/login',
        text: 'Back to sign in',
      });
    },
  };

  const provider = new Provider(settings.issuer, configuration);
  provider.proxy = config.isProduction;
  return provider;
}
