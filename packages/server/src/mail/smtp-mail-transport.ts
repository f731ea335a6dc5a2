import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailSettings, MailTransport } from './mail-transport.ts';

/** Logs a failed delivery; the server passes its own logger. */
export type MailLogger = { error(details: object, message: string): void };

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly settings: MailSettings,
    private readonly log?: MailLogger,
  ) {
    // Short timeouts: the admin's request waits for the server's answer.
    this.transporter = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transporter.sendMail({ from: this.settings.from, ...message });
    } catch (error) {
      // The recipient is logged, never the text: it carries a one-time link.
      this.log?.error({ err: error, to: message.to }, 'SMTP delivery failed');
      throw error;
    }
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
