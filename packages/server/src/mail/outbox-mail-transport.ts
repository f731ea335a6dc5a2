import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailSettings, MailTransport } from './mail-transport.ts';

/**
 * The embedded default: each message becomes an RFC 5322 .eml file in the outbox folder
 * (DATA_DIR/outbox), readable by any mail client. Nothing is delivered.
 */
export class OutboxMailTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  // nodemailer's stream transport composes the complete message without sending it.
  private readonly composer: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });

  constructor(
    readonly directory: string,
    private readonly settings: MailSettings,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = (await this.composer.sendMail({ from: this.settings.from, ...message })) as {
      message: Buffer;
    };
    // Owner-only: the messages carry one-time links.
    await fs.mkdir(this.directory, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
    await fs.writeFile(path.join(this.directory, name), info.message, { mode: 0o600 });
  }

  async close(): Promise<void> {}
}
