import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { AppConfig } from '../../config/config.ts';
import { inProcessFetch } from '../provider/in-process-fetch.ts';
import type { BuiltinSettings } from '../provider/provider.ts';

const DEFAULT_SCOPES = 'openid profile email';

/** The portal as an OpenID Connect client of the configured provider. */
export interface RelyingParty {
  kind: 'builtin' | 'external';
  configuration: client.Configuration;
  redirectUri: string;
  scopes: string;
  /** Extra parameters for the authorization and token requests (the built-in resource). */
  extraParams: Record<string, string>;
  /** Where the browser goes after the portal session ends. */
  endSessionUrl(idToken: string | null): string;
}

export const signedOutUrl = (config: AppConfig) => `${config.publicUrl}/logout?signedOut=1`;
export const callbackUrl = (config: AppConfig) => `${config.publicUrl}/login/oauth2/code/cognito`;

/**
 * Client of the built-in provider, built from its known endpoints (no discovery request to self);
 * its back-channel calls are answered in process.
 */
export function builtinRelyingParty(app: FastifyInstance, settings: BuiltinSettings): RelyingParty {
  const { issuer } = settings;
  const configuration = new client.Configuration(
    {
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      userinfo_endpoint: `${issuer}/me`,
      end_session_endpoint: `${issuer}/session/end`,
      id_token_signing_alg_values_supported: ['RS256'],
    },
    settings.clientId,
    { redirect_uris: [settings.redirectUri] },
    client.ClientSecretBasic(settings.clientSecret),
  );
  if (issuer.startsWith('http:')) client.allowInsecureRequests(configuration);
  configuration[client.customFetch] = inProcessFetch(app, issuer) as never;
  return {
    kind: 'builtin',
    configuration,
    redirectUri: settings.redirectUri,
    scopes: DEFAULT_SCOPES,
    extraParams: { resource: settings.resource },
    endSessionUrl: (idToken) =>
      client
        .buildEndSessionUrl(configuration, {
          client_id: settings.clientId,
          post_logout_redirect_uri: settings.postLogoutRedirectUri,
          ...(idToken ? { id_token_hint: idToken } : {}),
        })
        .toString(),
  };
}

/** Client of an external provider (for example Cognito), discovered at start-up. */
export async function externalRelyingParty(
  config: AppConfig,
  identity: Extract<AppConfig['identity'], { kind: 'external' }>,
): Promise<RelyingParty> {
  const insecure = identity.issuer.startsWith('http:');
  const configuration = await client.discovery(
    new URL(identity.issuer),
    identity.clientId,
    { redirect_uris: [callbackUrl(config)] },
    identity.clientSecret ? client.ClientSecretBasic(identity.clientSecret) : client.None(),
    insecure ? { execute: [client.allowInsecureRequests] } : undefined,
  );
  const endSessionEndpoint = configuration.serverMetadata().end_session_endpoint;
  return {
    kind: 'external',
    configuration,
    redirectUri: callbackUrl(config),
    scopes: identity.scopes || DEFAULT_SCOPES,
    extraParams: {},
    endSessionUrl: (idToken) => {
      if (identity.logoutUrl) {
        // Cognito's hosted sign-out takes client_id and logout_uri rather than the OIDC names.
        const url = new URL(identity.logoutUrl);
        url.searchParams.set('client_id', identity.clientId);
        url.searchParams.set('logout_uri', signedOutUrl(config));
        return url.toString();
      }
      if (!endSessionEndpoint) return signedOutUrl(config);
      return client
        .buildEndSessionUrl(configuration, {
          client_id: identity.clientId,
          post_logout_redirect_uri: signedOutUrl(config),
          ...(idToken ? { id_token_hint: idToken } : {}),
        })
        .toString();
    },
  };
}
