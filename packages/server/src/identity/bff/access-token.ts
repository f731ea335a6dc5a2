import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { AccessTokenVerifier } from './authenticate.ts';

const CLOCK_TOLERANCE_S = 5;

/** Built-in provider: JWT access tokens for the GraphQL resource, checked against the local key set. */
export function builtinAccessTokenVerifier(options: {
  jwks: JSONWebKeySet;
  issuer: string;
  audience: string;
}): AccessTokenVerifier {
  const keys = createLocalJWKSet(options.jwks);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        typ: 'at+jwt',
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp'],
      });
      return payload.sub ?? null;
    } catch {
      return null;
    }
  };
}

/**
 * External provider: access tokens signed by the issuer's published keys. Cognito access tokens
 * carry `client_id` (and token_use=access) instead of `aud`, so either identifies our client.
 */
export function externalAccessTokenVerifier(options: {
  jwksUri: string;
  issuer: string;
  clientId: string;
  keys?: JWTVerifyGetKey;
}): AccessTokenVerifier {
  const keys = options.keys ?? createRemoteJWKSet(new URL(options.jwksUri));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp'],
      });
      return isForClient(payload, options.clientId) ? (payload.sub ?? null) : null;
    } catch {
      return null;
    }
  };
}

function isForClient(payload: JWTPayload, clientId: string): boolean {
  if (payload.token_use !== undefined && payload.token_use !== 'access') return false;
  if (payload.client_id === clientId) return true;
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  return audience.includes(clientId);
}
