import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LINK_TEXT } from '../../../src/lib/contract/auth';
import { emailTokens, mailOutbox, users } from '../../../src/server/db/schema';
import { EMAIL_CHANGES_PER_ACCOUNT, EMAIL_CHANGES_PER_ADDRESS } from '../../../src/server/services/email-verification';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { type MailHarness, mailHarness } from '../../fixtures/mail';

/*
 * A new address in the profile (issue 24): the mails it sends are limited like every other
 * mail-sending call, and the answer does not say whether another account holds the address.
 */

let t: TestApp;
let mail: MailHarness;
beforeAll(async () => {
  t = await createTestApp();
  mail = await mailHarness(t);
});
afterAll(async () => {
  await mail?.close();
  await t?.close();
});

async function signedIn(email: string): Promise<string> {
  expect(
    (await t.call('/auth/register', { method: 'POST', json: { name: 'Toots Hibbert', email, password: 'first-pass' } }))
      .status,
  ).toBe(201);
  const res = await t.call('/auth/login', { method: 'POST', json: { email, password: 'first-pass' } });
  return /token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
}
const putEmail = (session: string, email: string) =>
  t.call('/users/profile', {
    method: 'PUT',
    headers: { authorization: `Bearer ${session}` },
    json: { name: 'Toots Hibbert', email },
  });
const outboxTo = async (to: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

describe('changing the e-mail address', () => {
  it('mails one outside address at most EMAIL_CHANGES_PER_ADDRESS times; past that 429 and nothing mailed', async () => {
    const own = 'change-burst@yaad.test';
    const target = 'outsider@elsewhere.test';
    const session = await signedIn(own);
    const statuses: number[] = [];
    // The burst of the report: the address asked for over and over (typing the old one back between
    // asks cancels the waiting change, so each ask is a new change that mails).
    for (let i = 0; i < 26; i++) {
      statuses.push((await putEmail(session, target)).status);
      await putEmail(session, own);
    }
    expect(statuses.slice(0, EMAIL_CHANGES_PER_ADDRESS)).toEqual(Array(EMAIL_CHANGES_PER_ADDRESS).fill(200));
    expect(statuses.slice(EMAIL_CHANGES_PER_ADDRESS).every((s) => s === 429)).toBe(true);
    const refused = await putEmail(session, target);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(MAIL_LINK_TEXT.tooManyMails);
    await mail.deliver();
    expect(mail.sink.mailsTo(target)).toHaveLength(EMAIL_CHANGES_PER_ADDRESS);
    expect(await outboxTo(target)).toBe(EMAIL_CHANGES_PER_ADDRESS);
    // A refused ask changed nothing: the old address is back and nothing waits.
    const [row] = await t.database.db.select().from(users).where(eq(users.email, own));
    expect(row.pendingEmail).toBeNull();
  });

  it('one account mails at most EMAIL_CHANGES_PER_ACCOUNT new addresses', async () => {
    const session = await signedIn('change-spray@yaad.test');
    for (let i = 0; i < EMAIL_CHANGES_PER_ACCOUNT; i++)
      expect((await putEmail(session, `spray-${i}@elsewhere.test`)).status).toBe(200);
    const refused = await putEmail(session, 'spray-last@elsewhere.test');
    expect(refused.status).toBe(429);
    await mail.deliver();
    expect(mail.sink.mailsTo('spray-last@elsewhere.test')).toHaveLength(0);
    expect(await outboxTo('spray-last@elsewhere.test')).toBe(0);
    // Another account may still ask for that address.
    expect((await putEmail(await signedIn('change-other@yaad.test'), 'spray-last@elsewhere.test')).status).toBe(200);
  });

  it('answers the same whether or not another account holds the address; the holder is told, nothing changes', async () => {
    await signedIn('change-holder@yaad.test');
    const session = await signedIn('change-asker@yaad.test');
    const free = await putEmail(session, 'change-free@yaad.test');
    const taken = await putEmail(session, 'change-holder@yaad.test');
    expect(taken.status).toBe(free.status);
    const [freeBody, takenBody] = [await free.json(), await taken.json()];
    const shape = (body: { user: Record<string, unknown>; message: string }, address: string) => ({
      ...body,
      user: { ...body.user, pendingEmail: body.user.pendingEmail === address ? 'ADDRESS' : body.user.pendingEmail },
      message: body.message.replace(address, 'ADDRESS'),
    });
    expect(shape(takenBody, 'change-holder@yaad.test')).toEqual(shape(freeBody, 'change-free@yaad.test'));
    expect(takenBody.message).toBe(MAIL_LINK_TEXT.emailChangePending('change-holder@yaad.test'));

    await mail.deliver();
    const told = await mail.sink.waitFor('change-holder@yaad.test', (m) => m.subject.includes('already has'));
    expect(told.text).toContain('already has an account');
    expect(told.text).toMatch(/sign in or reset your password/i);
    // No link that would change anything: only the sign-in and reset pages, no token.
    expect(told.links.some((l) => l.includes('token='))).toBe(false);
    const holderMails = mail.sink.mailsTo('change-holder@yaad.test');
    expect(holderMails.some((m) => m.subject === 'Confirm your new e-mail address')).toBe(false);

    // No live link of the asker's opens anything (the one to the free address is voided too), and
    // both accounts keep their addresses.
    const [asker] = await t.database.db.select().from(users).where(eq(users.email, 'change-asker@yaad.test'));
    expect(asker.pendingEmail).toBe('change-holder@yaad.test');
    const live = await t.database.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, asker.id), isNull(emailTokens.usedAt)));
    expect(live.filter((x) => x.email !== asker.email)).toHaveLength(0);
    const [holder] = await t.database.db.select().from(users).where(eq(users.email, 'change-holder@yaad.test'));
    expect(holder).toBeDefined();

    // "Send again" on the waiting address tells the holder again, never a link.
    const again = await t.call('/auth/resend-verification', {
      method: 'POST',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(again.status).toBe(200);
    await mail.deliver();
    const after = mail.sink.mailsTo('change-holder@yaad.test');
    expect(after.length).toBe(holderMails.length + 1);
    expect(after.at(-1)?.subject).toBe(told.subject);
    expect(after.at(-1)?.links.some((l) => l.includes('token='))).toBe(false);
  });
});
