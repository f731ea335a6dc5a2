import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { type AccessTokenVerifier, authenticate } from './authenticate.ts';
import {
  clearLoginState,
  readLoginState,
  safeRedirectPath,
  saveLoginState,
} from './login-state.ts';
import type { RelyingParty } from './relying-party.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session-cookie.ts';
import { findOrganizationName, findUserForSignIn, recordSignIn } from './sign-in.repository.ts';
import { webSessionRepository } from './web-session.repository.ts';

const UNAUTHORIZED_PATH = '/unauthorized';
const SIGNED_OUT_PATH = '/logout?signedOut=1';

interface BffDeps {
  config: AppConfig;
  db: Db;
  relyingParty: RelyingParty;
  verifyAccessToken: AccessTokenVerifier;
}

/**
 * Backend-for-frontend sign-in: the server runs the authorization-code flow and keeps the tokens;
 * the browser only gets an HttpOnly session cookie.
 */
export function registerBffRoutes(app: FastifyInstance, deps: BffDeps): void {
  const { config, db, relyingParty: rp } = deps;

  const currentSessionId = (request: FastifyRequest): string | null => {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  };

  const failSignIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const sessionId = currentSessionId(request);
    // The cookie is cleared even when the database cannot drop the session row (it expires).
    if (sessionId) {
      await webSessionRepository.delete(db, sessionId).catch((cause: unknown) => {
        request.log.error({ err: cause }, 'Could not delete the web session on a failed sign-in');
      });
    }
    clearSessionCookie(reply, config);
    clearLoginState(reply, config);
    return reply.redirect(UNAUTHORIZED_PATH, 302);
  };

  app.get<{ Querystring: { redirect?: string } }>('/login', async (request, reply) => {
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    saveLoginState(reply, config, {
      state,
      nonce,
      codeVerifier,
      redirect: safeRedirectPath(request.query.redirect),
    });
    const url = client.buildAuthorizationUrl(rp.configuration, {
      redirect_uri: rp.redirectUri,
      scope: rp.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...rp.extraParams,
    });
    return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/login/oauth2/code/cognito',
    async (request, reply) => {
      const { error, error_description: description } = request.query;
      if (error) {
        request.log.warn(`OAuth error ${error} Description ${description ?? ''}`);
        return failSignIn(request, reply);
      }
      const saved = readLoginState(request);
      if (!saved) {
        request.log.warn('Sign-in callback without a valid login state');
        return failSignIn(request, reply);
      }
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(
          rp.configuration,
          new URL(request.url, config.publicUrl),
          {
            pkceCodeVerifier: saved.codeVerifier,
            expectedState: saved.state,
            expectedNonce: saved.nonce,
            idTokenExpected: true,
          },
          rp.extraParams,
        );
      } catch (cause) {
        request.log.error({ err: cause }, 'Failed to exchange authorization code');
        return failSignIn(request, reply);
      }
      const claims = tokens.claims();
      if (!claims?.sub) return failSignIn(request, reply);
      const username = await externalUsername(rp, tokens.access_token, claims, request);
      let user: Awaited<ReturnType<typeof findUserForSignIn>>;
      try {
        user = await findUserForSignIn(
          db,
          { subject: claims.sub, username },
          rp.kind === 'external',
        );
      } catch (cause) {
        // Spec §4: a lookup failure signs the user out, as a refusal does.
        request.log.error({ err: cause, subject: claims.sub }, 'Sign-in user lookup failed');
        return failSignIn(request, reply);
      }
      if (!user?.enabled || !user.awsUserId) {
        request.log.warn({ subject: claims.sub }, 'Sign-in refused: no enabled portal user');
        return failSignIn(request, reply);
      }
      const sessionId = await webSessionRepository.create(db, {
        subject: user.awsUserId,
        idToken: tokens.id_token ?? null,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? null,
        ttlMs: config.sessionTtlMs,
      });
      setSessionCookie(reply, config, sessionId);
      clearLoginState(reply, config);
      await recordSignIn(db, user).catch((cause: unknown) =>
        request.log.error({ err: cause }, 'Failed to write the sign-in activity log'),
      );
      return reply.redirect(saved.redirect, 302);
    },
  );

  app.get('/auth/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const auth = await authenticate(request, db, deps.verifyAccessToken);
    if (auth.kind !== 'signed-in') return reply.code(401).send({ error: 'unauthorized' });
    const { user, organizationName } = auth.viewer;
    return {
      user: {
        id: String(user.id),
        name: user.name,
        userType: user.userType,
        username: user.username,
        email: user.email,
        phone: user.phone,
        awsUserId: user.awsUserId,
        organization: {
          id: String(user.organizationId),
          name: organizationName || (await findOrganizationName(db, user.organizationId)),
        },
      },
    };
  });

  // A POST, and only from the portal's own pages: a link or a page of another site must not be
  // able to sign a user out.
  const publicOrigin = new URL(config.publicUrl).origin;
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin) {
      return reply.code(403).send({ error: 'Requests from another site are not accepted' });
    }
    const sessionId = currentSessionId(request);
    const session = sessionId ? await webSessionRepository.find(db, sessionId) : undefined;
    if (sessionId) await webSessionRepository.delete(db, sessionId);
    clearSessionCookie(reply, config);
    if (!session) return reply.redirect(SIGNED_OUT_PATH, 302);
    return reply.redirect(rp.endSessionUrl(session.idToken), 302);
  };
  app.post('/auth/logout', logout);
}

/** Cognito-style providers name the account in userInfo; a failure there only loses the fallback. */
async function externalUsername(
  rp: RelyingParty,
  accessToken: string,
  claims: client.IDToken,
  request: FastifyRequest,
): Promise<string | null> {
  const fromClaims = (source: Record<string, unknown>) => {
    const value = source.username ?? source['cognito:username'] ?? source.preferred_username;
    return typeof value === 'string' && value ? value : null;
  };
  if (rp.kind !== 'external') return fromClaims(claims);
  try {
    const userInfo = await client.fetchUserInfo(rp.configuration, accessToken, claims.sub);
    return fromClaims(userInfo) ?? fromClaims(claims);
  } catch (cause) {
    request.log.warn({ err: cause }, 'userInfo request failed');
    return fromClaims(claims);
  }
}
