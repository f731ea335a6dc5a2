import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/database.ts';
import { checkPassword } from '../accounts/local-accounts.ts';
import { loginPage, messagePage } from './interaction-pages.ts';

const WRONG_CREDENTIALS = 'Incorrect username or password.';
const EXPIRED = 'This sign-in request has expired. Please start again.';

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/**
 * The provider's login step. Only a browser holding the provider's interaction cookie (HttpOnly,
 * SameSite, scoped to this path) can load or submit it, which is what makes the form CSRF-safe.
 */
export function registerInteractionRoutes(app: FastifyInstance, provider: Provider, db: Db) {
  const details = async (request: UidRequest, reply: FastifyReply) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : null;
    } catch {
      return null;
    }
  };
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      .send(body);
  const expired = (reply: FastifyReply) =>
    html(reply, messagePage('Sign in', EXPIRED, { href: '/login', text: 'Sign in' }), 400);

  app.get('/oidc/interaction/:uid', async (request: UidRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    if (interaction.prompt.name !== 'login') {
      // Consent is implied for the portal's own client (see loadExistingGrant).
      const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: {} });
      return reply.redirect(returnTo, 303);
    }
    return html(reply, loginPage({ action: `/oidc/interaction/${interaction.uid}` }));
  });

  app.post('/oidc/interaction/:uid', async (request: UidRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username.slice(0, 200) : '';
    const password = typeof body.password === 'string' ? body.password.slice(0, 1000) : '';
    const subject = username && password ? await checkPassword(db, username, password) : null;
    if (!subject) {
      const page = loginPage({
        action: `/oidc/interaction/${interaction.uid}`,
        username,
        error: WRONG_CREDENTIALS,
      });
      return html(reply, page, 401);
    }
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: subject } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });
}
