import { INVITATION_TTL_MS } from '../../identity/accounts/invitations.ts';
import type { MailMessage } from '../../mail/mail-transport.ts';

export const INVITATION_SUBJECT = 'You are invited to Asset Portal';

export interface InvitationDetails {
  name: string;
  email: string;
  username: string;
  organizationName: string;
  invitedBy: string;
  url: string;
  expiresAt: Date;
}

/** When a link created now stops working. */
export const invitationExpiry = (now = new Date()) => new Date(now.getTime() + INVITATION_TTL_MS);

const VALID_DAYS = Math.round(INVITATION_TTL_MS / 86_400_000);

/** The invitation e-mail: who invited whom, the one-time link and when it expires. */
export function invitationMail(details: InvitationDetails): MailMessage {
  const expiry = details.expiresAt.toISOString().replace('T', ' ').slice(0, 16);
  return {
    to: details.email,
    subject: INVITATION_SUBJECT,
    text: [
      `Hello ${details.name},`,
      '',
      `${details.invitedBy} has invited you to Asset Portal (${details.organizationName}).`,
      `Your username is ${details.username}.`,
      '',
      'Set your password here:',
      details.url,
      '',
      `The link works once and expires on ${expiry} UTC (valid for ${VALID_DAYS} days).`,
      'If you did not expect this invitation, you can ignore this e-mail.',
      '',
    ].join('\n'),
  };
}
