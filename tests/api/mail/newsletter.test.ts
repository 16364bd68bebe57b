import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_TEXT } from '../../../src/lib/contract/newsletter';
import { newsletterSignups } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { type MailHarness, mailHarness, tokenIn } from '../../fixtures/mail';
import { caller, signIn, signInOperator } from '../../fixtures/orders';

/*
 * The newsletter's consent (issue 15, Jamaica's Data Protection Act 2020): double opt-in, and an
 * unsubscribe link in every issue with RFC 8058 one-click unsubscribe.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
let mail: MailHarness;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  mail = await mailHarness(t);
});
afterAll(async () => {
  await mail?.close();
  await t?.close();
});

async function operator() {
  const who = await signInOperator(t.database.db, 'operator@yaad.test', 'Shop Operator');
  return who;
}

describe('newsletter', () => {
  it('a sign-up is only a request until its confirmation link is followed; issues go to confirmed readers only', async () => {
    const res = await call(null, 'POST', '/newsletter', { email: 'Reader@Yaad.test' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(NEWSLETTER_TEXT.checkMail);
    await call(null, 'POST', '/newsletter', { email: 'never-confirms@yaad.test' });
    await mail.deliver();
    const confirm = await mail.sink.waitFor('reader@yaad.test');
    expect(confirm.subject).toBe('Confirm your Yaad Market newsletter sign-up');
    const admin = await operator();

    // Nobody has confirmed yet: an issue reaches no one.
    expect(
      (await call(admin, 'POST', '/newsletter/issues', { subject: 'Issue 0', paragraphs: ['Hi'] })).body.recipients,
    ).toBe(0);

    const token = tokenIn(confirm.links.find((l) => l.includes('/newsletter/confirm#token=')));
    const confirmed = await call(null, 'POST', '/newsletter/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect((await call(null, 'POST', '/newsletter/confirm', { token })).status).toBe(400);

    const issue = await call(admin, 'POST', '/newsletter/issues', {
      subject: 'New from the island: June',
      paragraphs: ['Mango season is here.', 'Three new sellers from St. Thomas.'],
    });
    expect(issue.status).toBe(202);
    expect(issue.body.recipients).toBe(1);
    await mail.deliver();
    const sent = await mail.sink.waitFor('reader@yaad.test', (m) => m.subject === 'New from the island: June');
    expect(mail.sink.mailsTo('never-confirms@yaad.test').filter((m) => m.subject.startsWith('New from'))).toHaveLength(
      0,
    );
    expect(sent.text).toContain('Mango season is here.');
    const listUnsubscribe = sent.headers.get('list-unsubscribe') ?? '';
    expect(sent.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<(https?:\/\/[^>]+)>/.exec(listUnsubscribe)?.[1] ?? '';
    expect(oneClick).toMatch(/\/api\/v1\/newsletter\/unsubscribe\/[\w-]{43}$/);
    expect(sent.links.some((l) => l.includes('/newsletter/unsubscribe#token='))).toBe(true);

    // One-click unsubscribe as a mailbox provider sends it: a form POST, no Origin, no cookie.
    const path = new URL(oneClick).pathname.replace('/api/v1', '');
    const out = await t.call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(out.status).toBe(200);
    expect((await out.json()).message).toBe(NEWSLETTER_TEXT.unsubscribed);
    const [row] = await t.database.db
      .select()
      .from(newsletterSignups)
      .where(eq(newsletterSignups.email, 'reader@yaad.test'));
    expect(row.unsubscribedAt).not.toBeNull();
    expect(
      (await call(admin, 'POST', '/newsletter/issues', { subject: 'Issue 2', paragraphs: ['Hi'] })).body.recipients,
    ).toBe(0);
    // Following it again changes nothing; a made-up token is refused.
    expect((await t.call(path, { method: 'POST' })).status).toBe(200);
    expect((await t.call(`/newsletter/unsubscribe/${'x'.repeat(43)}`, { method: 'POST' })).status).toBe(404);
  });

  it('only operators send issues; other form posts stay refused', async () => {
    const shopper = await signIn(t.database.db, 'plain-shopper@yaad.test');
    expect((await call(shopper, 'POST', '/newsletter/issues', { subject: 'x', paragraphs: ['y'] })).status).toBe(403);
    expect((await call(null, 'POST', '/newsletter/issues', { subject: 'x', paragraphs: ['y'] })).status).toBe(401);
    const form = await t.call('/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.test',
    });
    expect(form.status).toBe(415);
  });

  it('signing up again when confirmed mails nothing and answers the same', async () => {
    const before = mail.sink.mailsTo('reader2@yaad.test').length;
    await call(null, 'POST', '/newsletter', { email: 'reader2@yaad.test' });
    await mail.deliver();
    const token = tokenIn(
      mail.sink
        .mailsTo('reader2@yaad.test')
        .at(-1)
        ?.links.find((l) => l.includes('#token=')),
    );
    await call(null, 'POST', '/newsletter/confirm', { token });
    const again = await call(null, 'POST', '/newsletter', { email: 'reader2@yaad.test' });
    expect(again.body.message).toBe(NEWSLETTER_TEXT.checkMail);
    await mail.deliver();
    expect(mail.sink.mailsTo('reader2@yaad.test').length).toBe(before + 1);
  });
});
