import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createMailTransport } from './create-mail-transport.ts';
import { OutboxMailTransport } from './outbox-mail-transport.ts';
import { SmtpMailTransport } from './smtp-mail-transport.ts';

const message = {
  to: 'jane.doe@example.com',
  subject: 'You are invited to Asset Portal',
  text: 'Set your password here:\nhttp://localhost:3000/oidc/invitation/abc\n',
};

interface Received {
  from: string;
  to: string[];
  data: string;
  user: string | undefined;
}

/** A tiny SMTP server on loopback that keeps what it receives. */
async function startSink(options: { requireAuth: boolean; reject?: boolean }) {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.requireAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.requireAuth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret-pw') {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.reject) return callback(new Error('Mailbox unavailable'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMTP mail transport', () => {
  let open: Awaited<ReturnType<typeof startSink>>;
  let authed: Awaited<ReturnType<typeof startSink>>;
  let refusing: Awaited<ReturnType<typeof startSink>>;
  beforeAll(async () => {
    open = await startSink({ requireAuth: false });
    authed = await startSink({ requireAuth: true });
    refusing = await startSink({ requireAuth: false, reject: true });
  });
  afterAll(async () => {
    await Promise.all([open.close(), authed.close(), refusing.close()]);
  });

  it('delivers the message with sender, recipient, subject and text', async () => {
    const transport = new SmtpMailTransport(`smtp://127.0.0.1:${open.port}`, {
      from: 'Asset Portal <no-reply@asset-portal.local>',
    });
    await transport.send(message);
    await transport.close();
    expect(open.received).toHaveLength(1);
    const [mail] = open.received;
    expect(mail?.from).toBe('no-reply@asset-portal.local');
    expect(mail?.to).toEqual(['jane.doe@example.com']);
    expect(mail?.data).toContain('Subject: You are invited to Asset Portal');
    expect(mail?.data).toContain('From: Asset Portal <no-reply@asset-portal.local>');
    expect(mail?.data).toContain('http://localhost:3000/oidc/invitation/abc');
  });

  it('signs in with the credentials of SMTP_URL, chosen by createMailTransport', async () => {
    const config = loadConfig({ SMTP_URL: `smtp://mailer:secret-pw@127.0.0.1:${authed.port}` });
    const transport = createMailTransport(config);
    expect(transport.kind).toBe('smtp');
    await transport.send(message);
    await transport.close();
    expect(authed.received.map((m) => m.user)).toEqual(['mailer']);
  });

  it('fails (and logs the recipient, not the text) when the server refuses the message', async () => {
    const logged: object[] = [];
    const transport = new SmtpMailTransport(
      `smtp://127.0.0.1:${refusing.port}`,
      { from: 'no-reply@asset-portal.local' },
      { error: (details) => logged.push(details) },
    );
    await expect(transport.send(message)).rejects.toThrow(/Mailbox unavailable/);
    await transport.close();
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).toContain('jane.doe@example.com');
    expect(JSON.stringify(logged[0])).not.toContain('/oidc/invitation/abc');
  });
});

describe('outbox mail transport', () => {
  it('is the default and writes each message as an .eml file in DATA_DIR/outbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-mail-'));
    try {
      const transport = createMailTransport(loadConfig({ DATA_DIR: dataDir }));
      expect(transport).toBeInstanceOf(OutboxMailTransport);
      await transport.send(message);
      await transport.send({ ...message, to: 'other@example.com' });
      const outbox = path.join(dataDir, 'outbox');
      const files = fs.readdirSync(outbox).sort();
      expect(files).toHaveLength(2);
      expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
      const text = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
      expect(text).toContain('From: Asset Portal <no-reply@asset-portal.local>');
      expect(text).toContain('To: jane.doe@example.com');
      expect(text).toContain('Subject: You are invited to Asset Portal');
      expect(text).toContain('http://localhost:3000/oidc/invitation/abc');
      expect(fs.statSync(path.join(outbox, files[0]!)).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
