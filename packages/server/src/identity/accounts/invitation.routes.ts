import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/database.ts';
import { messagePage, setPasswordPage } from '../provider/interaction-pages.ts';
import { findOpenInvitation, INVITATION_MESSAGES, redeemInvitation } from './invitations.ts';

type TokenRequest = { Params: { token: string }; Body: Record<string, unknown> };

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .send(body);

const invalidPage = () =>
  messagePage('Set your password', INVITATION_MESSAGES.invalid, {
    href: '/login',
    text: 'Sign in',
  });

/** The invitation link: the invitee sets a password once, then signs in normally. */
export function registerInvitationRoutes(app: FastifyInstance, db: Db) {
  app.get<TokenRequest>('/oidc/invitation/:token', async (request, reply) => {
    const invitation = await findOpenInvitation(db, request.params.token);
    if (!invitation) return html(reply, invalidPage(), 404);
    const action = `/oidc/invitation/${encodeURIComponent(request.params.token)}`;
    return html(reply, setPasswordPage({ action, username: invitation.username }));
  });

  app.post<TokenRequest>('/oidc/invitation/:token', async (request, reply) => {
    const body = request.body ?? {};
    const password = typeof body.password === 'string' ? body.password : '';
    const confirm = typeof body.confirm === 'string' ? body.confirm : '';
    const invitation = await findOpenInvitation(db, request.params.token);
    if (!invitation) return html(reply, invalidPage(), 404);
    const result = await redeemInvitation(db, request.params.token, password, confirm);
    if (!result.ok) {
      if (result.error === INVITATION_MESSAGES.invalid) return html(reply, invalidPage(), 404);
      const action = `/oidc/invitation/${encodeURIComponent(request.params.token)}`;
      const page = setPasswordPage({ action, username: invitation.username, error: result.error });
      return html(reply, page, 400);
    }
    return html(
      reply,
      messagePage('Password set', 'Your password has been set. You can now sign in.', {
        href: '/login',
        text: 'Sign in',
      }),
    );
  });
}
