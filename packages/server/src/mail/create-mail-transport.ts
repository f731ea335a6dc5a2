import path from 'node:path';
import type { AppConfig } from '../config/config.ts';
import type { MailTransport } from './mail-transport.ts';
import { OutboxMailTransport } from './outbox-mail-transport.ts';
import { type MailLogger, SmtpMailTransport } from './smtp-mail-transport.ts';

/** The outbox folder of the embedded mail transport. */
export const outboxDirectory = (config: AppConfig) => path.join(config.dataDir, 'outbox');

/** SMTP when SMTP_URL is set, otherwise the outbox folder in DATA_DIR. */
export function createMailTransport(config: AppConfig, log?: MailLogger): MailTransport {
  const settings = { from: config.mail.from };
  if (config.mail.smtpUrl) return new SmtpMailTransport(config.mail.smtpUrl, settings, log);
  return new OutboxMailTransport(outboxDirectory(config), settings);
}
