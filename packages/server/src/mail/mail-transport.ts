/** One plain-text e-mail the portal sends. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where outgoing e-mail goes: an SMTP server when SMTP_URL is set, otherwise the outbox folder,
 * which delivers nothing; callers then show the message's link to the person acting.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The sender written into every message; a display name with an address. */
export interface MailSettings {
  from: string;
}
