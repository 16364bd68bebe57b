import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LINK_TEXT } from '../../../src/lib/contract/auth';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { type MailHarness, mailHarness, tokenIn } from '../../fixtures/mail';

/*
 * PASSWORD_RESET_SECONDS (issue 15): the operator's setting is how long a reset link really works,
 * and what the answer to /forgot-password and the mail say. Five seconds here, so the link is
 * seen to expire by the clock alone, with no row aged by hand.
 */

let t: TestApp;
let mail: MailHarness;
beforeAll(async () => {
  t = await createTestApp({ config: { PASSWORD_RESET_SECONDS: '5' } });
  mail = await mailHarness(t);
});
afterAll(async () => {
  await mail?.close();
  await t?.close();
});

const post = (path: string, json: unknown) => t.call(path, { method: 'POST', json });

describe('PASSWORD_RESET_SECONDS', () => {
  it('is how long the link works, and what the answer and the mail say', { timeout: 20_000 }, async () => {
    const email = 'reset-lifetime@yaad.test';
    expect((await post('/auth/register', { name: 'Toots Hibbert', email, password: 'first-pass' })).status).toBe(201);
    const asked = await post('/auth/forgot-password', { email });
    expect(asked.status).toBe(200);
    expect((await asked.json()).message).toBe(MAIL_LINK_TEXT.resetRequested('5 seconds'));
    await mail.deliver();
    const arrived = await mail.sink.waitFor(email, (m) => m.subject.startsWith('Reset your'));
    expect(arrived.text).toContain('The link works once, for 5 seconds.');
    const token = tokenIn(arrived.links.find((l) => l.includes('/reset-password#token=')));

    await new Promise((r) => setTimeout(r, 5_500));
    const late = await post('/auth/reset-password', { token, password: 'second-pass' });
    expect(late.status).toBe(400);
    expect((await late.json()).message).toBe(MAIL_LINK_TEXT.resetInvalid);
    expect((await post('/auth/login', { email, password: 'first-pass' })).status).toBe(200);
    expect((await post('/auth/login', { email, password: 'second-pass' })).status).toBe(401);
  });

  it("a link used within its lifetime works (so the refusal above is the clock's doing)", async () => {
    const email = 'reset-in-time@yaad.test';
    expect((await post('/auth/register', { name: 'Toots Hibbert', email, password: 'first-pass' })).status).toBe(201);
    expect((await post('/auth/forgot-password', { email })).status).toBe(200);
    await mail.deliver();
    const arrived = await mail.sink.waitFor(email, (m) => m.subject.startsWith('Reset your'));
    const token = tokenIn(arrived.links.find((l) => l.includes('/reset-password#token=')));
    expect((await post('/auth/reset-password', { token, password: 'second-pass' })).status).toBe(200);
  });
});
