import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxRow } from './outbox';

/*
 * Where a mail leaves the shop (docs/decisions/013): an SMTP server named by SMTP_URL, or, without
 * one, a folder of .eml files (DATA_DIR/outbox) so the shop runs offline and a tester can open
 * every mail (/dev/mail lists them). Both build the same RFC 5322 message with nodemailer.
 */

export type MailTransport = {
  /** Delivers one outbox row; resolves once the server accepted it (or the file is in place). */
  send: (row: OutboxRow) => Promise<void>;
  close: () => void;
  describe: string;
};

/**
 * The message nodemailer composes for a row. Its Message-ID is the row's, so a resend is
 * recognisable. Recipients go as `{ name, address }`, which nodemailer encodes and never parses:
 * a string would be read as an address list, and a comma in a name would add an address.
 * (`from` is MAIL_FROM, one address checked at start-up, src/server/env.ts.)
 */
function messageOf(row: OutboxRow, from: string, domain: string) {
  return {
    from,
    to: { name: '', address: row.to },
    replyTo: row.replyTo ? { name: row.replyToName ?? '', address: row.replyTo } : undefined,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: row.headers,
    messageId: `<${row.id}@${domain}>`,
    date: row.createdAt,
  };
}

/** The domain of the sender address, for Message-IDs. */
function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'yaadmarket.local';
}

/**
 * SMTP over a pool of up to `connections` open connections, each carrying one message at a time and
 * reused for up to 100 (many providers' limit per connection): a mail costs its envelope and data,
 * not a new connection and greeting. The worker keeps as many mails in flight as there are
 * connections, so none waits in nodemailer's queue while its lease runs.
 */
export function smtpTransport(
  url: string,
  from: string,
  options: { timeoutMs?: number; connections?: number } = {},
): MailTransport {
  const timeout = options.timeoutMs ?? 30_000;
  // The timeouts apply where the URL sets none (its query may: ?socketTimeout=…).
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.connections ?? 8,
    maxMessages: 100,
    // A message whose connection closed mid-send fails here and is tried again by the outbox, under
    // a new lease, never by nodemailer behind the lease's back (it requeues up to 5 times by default).
    maxRequeues: 0,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const domain = domainOf(from);
  return {
    describe: `SMTP ${new URL(url).host}, up to ${options.connections ?? 8} connections`,
    send: async (row) => {
      await transporter.sendMail(messageOf(row, from, domain));
    },
    close: () => transporter.close(),
  };
}

/**
 * Writes each mail as `<created>-<id>.eml` in `dir`: written under a temporary name and renamed,
 * so a reader never sees half a file, and a second write of the same row replaces the first.
 */
export function folderTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const domain = domainOf(from);
  return {
    describe: `folder ${dir}`,
    send: async (row) => {
      const info = (await composer.sendMail(messageOf(row, from, domain))) as unknown as { message: Buffer };
      mkdirSync(dir, { recursive: true });
      const name = `${row.createdAt.toISOString().replace(/[:.]/g, '-')}-${row.id}.eml`;
      const temporary = path.join(dir, `.${name}.tmp`);
      writeFileSync(temporary, info.message);
      renameSync(temporary, path.join(dir, name));
    },
    close: () => composer.close(),
  };
}

/** The folder .eml files go to when there is no SMTP server. */
export const outboxFolder = (dataDir: string) => path.resolve(dataDir, 'outbox');

export function transportFromConfig(config: {
  SMTP_URL?: string;
  MAIL_FROM: string;
  DATA_DIR: string;
  MAIL_CONCURRENCY: number;
}): MailTransport {
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, config.MAIL_FROM, { connections: config.MAIL_CONCURRENCY })
    : folderTransport(outboxFolder(config.DATA_DIR), config.MAIL_FROM);
}
