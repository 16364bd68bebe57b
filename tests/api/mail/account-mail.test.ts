import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LINK_TEXT } from '../../../src/lib/contract/auth';
import { emailTokens, mailOutbox, users } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { type MailHarness, mailHarness, tokenIn } from '../../fixtures/mail';

/*
 * Password reset and address verification over a real SMTP server (issue 15): what arrives in
 * the mailbox, and what its links do.
 */

let t: TestApp;
let mail: MailHarness;
beforeAll(async () => {
  // TRUST_PROXY: a request names its client address in X-Forwarded-For (the per-client limit below).
  t = await createTestApp({ config: { TRUST_PROXY: 'true' } });
  mail = await mailHarness(t);
});
afterAll(async () => {
  await mail?.close();
  await t?.close();
});

const post = (path: string, json?: unknown, token?: string) =>
  t.call(path, { method: 'POST', json, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function register(email: string, password = 'first-pass') {
  const res = await post('/auth/register', { name: 'Marcia Griffiths', email, password });
  expect(res.status).toBe(201);
}
async function login(email: string, password: string) {
  const res = await post('/auth/login', { email, password });
  return { status: res.status, token: /token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '' };
}
const me = async (token: string) =>
  (await t.call('/auth/me', { headers: { authorization: `Bearer ${token}` } })).status;

async function resetLink(email: string): Promise<string> {
  const before = mail.sink.mailsTo(email).length;
  const res = await post('/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  await mail.deliver();
  expect(mail.sink.mailsTo(email).length).toBeGreaterThan(before);
  const mails = mail.sink.mailsTo(email).filter((m) => m.subject.startsWith('Reset your'));
  const link = mails.at(-1)?.links.find((l) => l.includes('/reset-password#token='));
  return tokenIn(link);
}

describe('password reset', () => {
  it('mails a single-use link; the new password works, every session ends, the link fails a second time', async () => {
    const email = 'reset-1@yaad.test';
    await register(email);
    const phone = await login(email, 'first-pass');
    const laptop = await login(email, 'first-pass');
    expect(await me(phone.token)).toBe(200);

    const token = await resetLink(email);
    const arrived = mail.sink.mailsTo(email).at(-1);
    expect(arrived?.from).toContain('no-reply@yaadmarket.com');
    expect(arrived?.text).toContain('The link works once, for 30 minutes.'); // PASSWORD_RESET_SECONDS' default
    expect(arrived?.html).toContain('Choose a new password');
    // Only the hash of the token is stored.
    const rows = await t.database.db.select().from(emailTokens).where(eq(emailTokens.email, email));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);

    const reset = await post('/auth/reset-password', { token, password: 'second-pass' });
    expect(reset.status).toBe(200);
    expect(reset.headers.get('set-cookie')).toMatch(/token=/);
    expect(await me(phone.token)).toBe(401);
    expect(await me(laptop.token)).toBe(401);
    expect((await login(email, 'first-pass')).status).toBe(401);
    expect((await login(email, 'second-pass')).status).toBe(200);

    const again = await post('/auth/reset-password', { token, password: 'third-pass' });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(MAIL_LINK_TEXT.resetInvalid);
    expect((await login(email, 'third-pass')).status).toBe(401);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const known = await post('/auth/forgot-password', { email: 'reset-1@yaad.test' });
    const unknown = await post('/auth/forgot-password', { email: 'nobody-here@yaad.test' });
    expect(unknown.status).toBe(known.status);
    const answer = await known.json();
    expect(answer.message).toBe(MAIL_LINK_TEXT.resetRequested('30 minutes'));
    expect(await unknown.json()).toEqual(answer);
    await mail.deliver();
    expect(mail.sink.mailsTo('nobody-here@yaad.test')).toHaveLength(0);
  });

  it('fails after 30 minutes', async () => {
    const email = 'reset-expiry@yaad.test';
    await register(email);
    const token = await resetLink(email);
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(emailTokens.email, email), eq(emailTokens.purpose, 'password_reset')));
    const res = await post('/auth/reset-password', { token, password: 'second-pass' });
    expect(res.status).toBe(400);
    expect((await login(email, 'first-pass')).status).toBe(200);
  });

  it('a newer request voids the older link', async () => {
    const email = 'reset-newer@yaad.test';
    await register(email);
    const older = await resetLink(email);
    const newer = await resetLink(email);
    expect(newer).not.toBe(older);
    expect((await post('/auth/reset-password', { token: older, password: 'second-pass' })).status).toBe(400);
    expect((await post('/auth/reset-password', { token: newer, password: 'second-pass' })).status).toBe(200);
  });

  it('refuses a short password and keeps the link', async () => {
    const email = 'reset-short@yaad.test';
    await register(email);
    const token = await resetLink(email);
    const short = await post('/auth/reset-password', { token, password: '12345' });
    expect(short.status).toBe(400);
    expect((await post('/auth/reset-password', { token, password: '123456' })).status).toBe(200);
  });

  it('is limited per address asked for: the 4th within 15 minutes answers 429 and mails nothing', async () => {
    const email = 'reset-limit@yaad.test';
    await register(email);
    for (let i = 0; i < 3; i++) expect((await post('/auth/forgot-password', { email })).status).toBe(200);
    const outboxBefore = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const fourth = await post('/auth/forgot-password', { email });
    expect(fourth.status).toBe(429);
    expect((await fourth.json()).message).toBe(MAIL_LINK_TEXT.tooManyMails);
    const outboxAfter = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(outboxAfter.length).toBe(outboxBefore.length);
    // An unknown address is limited alike: the limit tells nothing about who has an account.
    for (let i = 0; i < 3; i++) await post('/auth/forgot-password', { email: 'ghost@yaad.test' });
    expect((await post('/auth/forgot-password', { email: 'ghost@yaad.test' })).status).toBe(429);
  });

  it('is limited per client address: the 11th request from one address within 15 minutes answers 429', async () => {
    const from = (address: string, email: string) =>
      t.call('/auth/forgot-password', { method: 'POST', json: { email }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.7', `sprayed-${i}@yaad.test`)).status).toBe(200);
    expect((await from('203.0.113.7', 'sprayed-10@yaad.test')).status).toBe(429);
    expect((await from('203.0.113.8', 'sprayed-10@yaad.test')).status).toBe(200);
  });
});

describe('address verification', () => {
  it('registration mails a link; following it verifies the address', async () => {
    const email = 'verify-1@yaad.test';
    await register(email);
    await mail.deliver();
    const arrived = await mail.sink.waitFor(email, (m) => m.subject.startsWith('Verify your e-mail'));
    const token = tokenIn(arrived.links.find((l) => l.includes('/verify-email#token=')));
    const { token: session } = await login(email, 'first-pass');
    const before = await (await t.call('/auth/me', { headers: { authorization: `Bearer ${session}` } })).json();
    expect(before.user.emailVerified).toBe(false);

    const res = await post('/auth/verify-email', { token });
    expect(res.status).toBe(200);
    expect((await res.json()).user.emailVerified).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row.emailVerified).toBe(true);
    expect((await post('/auth/verify-email', { token })).status).toBe(400);
    // Verified: "send again" has nothing to send.
    expect((await post('/auth/resend-verification', undefined, session)).status).toBe(409);
  });

  it('"send again" voids the older link and is rate-limited', async () => {
    const email = 'verify-again@yaad.test';
    await register(email);
    const { token: session } = await login(email, 'first-pass');
    await mail.deliver();
    const first = tokenIn(
      mail.sink
        .mailsTo(email)
        .at(-1)
        ?.links.find((l) => l.includes('#token=')),
    );
    const again = await post('/auth/resend-verification', undefined, session);
    expect(again.status).toBe(200);
    expect((await again.json()).message).toBe(MAIL_LINK_TEXT.verifySent);
    await mail.deliver();
    const second = tokenIn(
      mail.sink
        .mailsTo(email)
        .at(-1)
        ?.links.find((l) => l.includes('#token=')),
    );
    expect(second).not.toBe(first);
    expect((await post('/auth/verify-email', { token: first })).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await post('/auth/resend-verification', undefined, session)).status).toBe(200);
    expect((await post('/auth/resend-verification', undefined, session)).status).toBe(429);
    expect((await post('/auth/resend-verification')).status).toBe(401);
    expect((await post('/auth/verify-email', { token: second })).status).toBe(400); // voided by the later ones
  });

  it('a new address in the profile replaces the old one only when its link is followed', async () => {
    const email = 'verify-change@yaad.test';
    const next = 'verify-changed@yaad.test';
    await register(email);
    const { token: session } = await login(email, 'first-pass');
    const res = await t.call('/users/profile', {
      method: 'PUT',
      headers: { authorization: `Bearer ${session}` },
      json: { name: 'Marcia Griffiths', email: next },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(MAIL_LINK_TEXT.emailChangePending(next));
    expect(body.user).toMatchObject({ email, pendingEmail: next });
    // Still the old address for signing in until the link is followed.
    expect((await login(email, 'first-pass')).status).toBe(200);
    await mail.deliver();
    const arrived = await mail.sink.waitFor(next, (m) => m.subject === 'Confirm your new e-mail address');
    expect(mail.sink.mailsTo(email).some((m) => m.subject === 'Confirm your new e-mail address')).toBe(false);
    const res2 = await post('/auth/verify-email', { token: tokenIn(arrived.links.find((l) => l.includes('#token='))) });
    expect(res2.status).toBe(200);
    expect((await res2.json()).user).toMatchObject({ email: next, emailVerified: true });
    expect((await login(next, 'first-pass')).status).toBe(200);
    expect((await login(email, 'first-pass')).status).toBe(401);
  });

  it('a new address another account holds opens nothing, and one taken meanwhile is refused at the link (409)', async () => {
    await register('verify-holder@yaad.test');
    await register('verify-mover@yaad.test');
    const { token: session } = await login('verify-mover@yaad.test', 'first-pass');
    const put = (email: string) =>
      t.call('/users/profile', {
        method: 'PUT',
        headers: { authorization: `Bearer ${session}` },
        json: { name: 'Mover', email },
      });
    // Answered as any new address (tests/api/mail/email-change.test.ts); its holder gets no link.
    expect((await put('verify-holder@yaad.test')).status).toBe(200);
    expect((await put('verify-later@yaad.test')).status).toBe(200);
    await register('verify-later@yaad.test'); // someone registers it before the link is followed
    await mail.deliver();
    const arrived = await mail.sink.waitFor(
      'verify-later@yaad.test',
      (m) => m.subject === 'Confirm your new e-mail address',
    );
    const res = await post('/auth/verify-email', { token: tokenIn(arrived.links.find((l) => l.includes('#token='))) });
    expect(res.status).toBe(409);
    const [mover] = await t.database.db.select().from(users).where(eq(users.email, 'verify-mover@yaad.test'));
    expect(mover).toBeDefined();
  });
});
