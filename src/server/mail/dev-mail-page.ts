import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { isLoopbackHost } from '../env';
import { readMail } from './read-eml';
import { outboxFolder } from './transport';

/*
 * /dev/mail: the mails of a shop without SMTP_URL, as the .eml files under DATA_DIR/outbox, newest
 * first with their links, so a tester can follow a reset or verification link offline. It shows
 * every account's links, so it exists only where nobody else can reach it (docs/decisions/013):
 * mail goes to the folder (no SMTP_URL) and the shop listens on a loopback address only.
 */

export function devMailPageEnabled(config: { SMTP_URL?: string; HOST: string }): boolean {
  return !config.SMTP_URL && isLoopbackHost(config.HOST);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const FILE = /^[\w.-]+\.eml$/;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;margin:0;padding:16px;color:#1a1f1c;background:#f6f7f5;max-width:960px">
<h1 style="font-size:22px;color:#054a2a">${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function devMailPage(dataDir: string) {
  const dir = outboxFolder(dataDir);
  const app = new Hono();
  app.get('/', (c) => {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => FILE.test(f))
          .sort()
          .reverse()
          .slice(0, 100)
      : [];
    const items = files.map((file) => {
      const mail = readMail(readFileSync(path.join(dir, file)));
      const links = mail.links
        .map(
          (l) => `<li><a href="${escapeHtml(l)}" style="color:#065f35;word-break:break-all">${escapeHtml(l)}</a></li>`,
        )
        .join('');
      return `<li style="background:#fff;border-radius:8px;padding:12px 16px;margin:0 0 12px;list-style:none">
<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(mail.subject)}</p>
<p style="margin:0 0 8px;font-size:14px;color:#4b5563">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.date ?? '')} · <a href="/dev/mail/${encodeURIComponent(file)}" style="color:#065f35">view</a> · <a href="/dev/mail/${encodeURIComponent(file)}?raw=1" style="color:#065f35">.eml</a></p>
${links ? `<ul style="margin:0;padding-left:18px;font-size:14px">${links}</ul>` : ''}</li>`;
    });
    const intro = `<p style="font-size:14px">Development only: the shop has no <code>SMTP_URL</code>, so its mail is written to <code>${escapeHtml(dir)}</code>. Newest first.</p>`;
    return c.html(
      page(
        'Mail sent by this shop',
        `${intro}<ul style="padding:0">${items.join('') || '<li style="list-style:none">No mail yet.</li>'}</ul>`,
      ),
    );
  });
  app.get('/:file', (c) => {
    const file = c.req.param('file');
    const full = path.join(dir, file);
    if (!FILE.test(file) || !existsSync(full)) return c.text('No such mail', 404);
    const raw = readFileSync(full);
    if (c.req.query('raw')) return c.body(raw, 200, { 'content-type': 'text/plain; charset=utf-8' });
    return c.html(readMail(raw).html);
  });
  return app;
}
