/*
 * Reads back a message nodemailer wrote (RFC 5322 + MIME): its headers, its text and HTML parts
 * and the links in its text. For the development mail page (/dev/mail) and the tests, which read
 * what the SMTP server or the outbox folder received rather than what the shop meant to send.
 */

export type ReadMail = {
  headers: Map<string, string>;
  subject: string;
  to: string;
  from: string;
  replyTo: string | undefined;
  date: string | undefined;
  messageId: string | undefined;
  text: string;
  html: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
};

/** Decodes RFC 2047 encoded words (=?utf-8?Q?…?=) in a header value. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[\dA-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const normal = raw.replace(/\r\n/g, '\n');
  const end = normal.indexOf('\n\n');
  const head = end < 0 ? normal : normal.slice(0, end);
  const body = end < 0 ? '' : normal.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The leaf parts of a message: content type and decoded text. */
function leaves(headers: Map<string, string>, body: string): { type: string; content: string }[] {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary)
    return [{ type: type.split(';')[0].toLowerCase(), content: decodeBody(headers, body) }];
  const chunks = body.split(`--${boundary}`).slice(1);
  return chunks
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const part = splitHead(chunk.replace(/^\n/, ''));
      return leaves(part.headers, part.body.replace(/\n$/, ''));
    });
}

export function readMail(raw: string | Buffer): ReadMail {
  const { headers, body } = splitHead(raw.toString());
  const parts = leaves(headers, body);
  const text = parts.find((p) => p.type === 'text/plain')?.content ?? '';
  const html = parts.find((p) => p.type === 'text/html')?.content ?? '';
  const header = (name: string) => {
    const value = headers.get(name);
    return value === undefined ? undefined : decodeWords(value);
  };
  return {
    headers,
    subject: header('subject') ?? '',
    to: header('to') ?? '',
    from: header('from') ?? '',
    replyTo: header('reply-to'),
    date: header('date'),
    messageId: header('message-id'),
    text,
    html,
    links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
  };
}
