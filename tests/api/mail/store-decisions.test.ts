import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP } from '../../../src/lib/site';
import { REVIEW_PROMISE } from '../../../src/lib/store-status';
import { mailOutbox, users } from '../../../src/server/db/schema';
import { DEMO_OPERATOR_EMAIL } from '../../../src/server/db/seed/sample-catalog';
import { siteLink } from '../../../src/server/mail/templates';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { type MailHarness, mailHarness } from '../../fixtures/mail';
import { caller, signIn, type Who } from '../../fixtures/orders';
import { storeApplication } from '../../fixtures/store-application';

/*
 * A store's owner is told of every operator decision, and the operators of every application and
 * resubmission (issue 24, item 9; decision 015 amended 2026-11-27): each mail queued in the
 * decision's transaction and read here off a real SMTP server. A reason is quoted as written in the
 * text and escaped in the HTML.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
let mail: MailHarness;
let operator: Who;
let applicant: Who;
/** A second operator: every account with role admin hears of an application. */
const SECOND_OPERATOR = 'second-operator@yaad.test';
const APPLICANT = 'marlene-applicant@yaad.test';
const HOSTILE = 'Photos <b>missing</b> & "logo" <script>alert(1)</script>';

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  mail = await mailHarness(t);
  operator = await signIn(t.database.db, DEMO_OPERATOR_EMAIL);
  await signIn(t.database.db, SECOND_OPERATOR, 'Second Operator');
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, SECOND_OPERATOR));
  applicant = await signIn(t.database.db, APPLICANT, 'Marlene Grant');
});
afterAll(async () => {
  await mail?.close();
  await t?.close();
});

/** What arrived for `to` since `before` mails in all. */
const arrivedSince = (before: number, to: string) =>
  mail.sink.mails.slice(before).filter((m) => m.envelopeTo.includes(to.toLowerCase()));

let storeId: string;

describe('mails about a store application and its decisions', () => {
  it('tells every operator of a new application, with a link to /admin/stores/', async () => {
    const before = mail.sink.mails.length;
    const res = await call(applicant, 'POST', '/seller/apply', storeApplication({ name: 'Grant & Sons <Pottery>' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    storeId = res.body.id;
    await mail.deliver();
    for (const to of [DEMO_OPERATOR_EMAIL, SECOND_OPERATOR]) {
      const [notice, ...more] = arrivedSince(before, to);
      expect(more, to).toEqual([]);
      expect(notice.subject).toBe('New store application: Grant & Sons <Pottery>');
      expect(notice.text).toContain('Marlene Grant applied to open Grant & Sons <Pottery>.');
      expect(notice.text).toContain(`Applicant  Marlene Grant (${APPLICANT})`);
      expect(notice.text).toContain(`Review pending stores: ${siteLink('/admin/stores/')}`);
      expect(notice.text).toContain(REVIEW_PROMISE.sentence);
      expect(notice.html).toContain('Grant &amp; Sons &lt;Pottery&gt;');
      // One mail each: no operator sees another's address.
      expect(notice.envelopeTo).toEqual([to]);
    }
    // The applicant and the shoppers hear nothing of it.
    expect(arrivedSince(before, APPLICANT)).toEqual([]);
    expect(mail.sink.mails.length - before).toBe(2);
  });

  it('tells the owner of a rejection with the reason (escaped in the HTML) and the way to resubmit', async () => {
    const before = mail.sink.mails.length;
    const res = await call(operator, 'POST', `/admin/stores/${storeId}/reject`, { reason: HOSTILE });
    expect(res.status).toBe(200);
    await mail.deliver();
    const [notice, ...more] = arrivedSince(before, APPLICANT);
    expect(more).toEqual([]);
    expect(notice.subject).toBe('Your application for Grant & Sons <Pottery> was not approved');
    expect(notice.text).toContain('Hello Marlene,');
    expect(notice.text).toContain(`> ${HOSTILE}`);
    expect(notice.html).toContain(
      'Photos &lt;b&gt;missing&lt;/b&gt; &amp; &quot;logo&quot; &lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(notice.html).not.toContain('<script>');
    expect(notice.html).not.toContain('<b>missing');
    expect(notice.text).toContain(`Correct and resubmit: ${siteLink('/sell')}`);
    expect(notice.replyTo).toContain(SHOP.email);
    expect(mail.sink.mails.length - before).toBe(1);
  });

  it('tells every operator of a resubmission', async () => {
    const before = mail.sink.mails.length;
    const res = await call(applicant, 'POST', '/seller/apply', storeApplication({ name: 'Grant & Sons <Pottery>' }));
    expect(res.status).toBe(200);
    await mail.deliver();
    for (const to of [DEMO_OPERATOR_EMAIL, SECOND_OPERATOR]) {
      const [notice] = arrivedSince(before, to);
      expect(notice.subject).toBe('Resubmitted store application: Grant & Sons <Pottery>');
      expect(notice.text).toContain('corrected the rejected application');
      expect(notice.text).toContain(`Review pending stores: ${siteLink('/admin/stores/')}`);
    }
    expect(mail.sink.mails.length - before).toBe(2);
  });

  it('tells the owner of an approval, with a link to the dashboard', async () => {
    const before = mail.sink.mails.length;
    expect((await call(operator, 'POST', `/admin/stores/${storeId}/approve`)).status).toBe(200);
    await mail.deliver();
    const [notice, ...more] = arrivedSince(before, APPLICANT);
    expect(more).toEqual([]);
    expect(notice.subject).toBe('Grant & Sons <Pottery> is approved and open on Yaad Market');
    expect(notice.text).toContain(`Open your dashboard: ${siteLink('/dashboard/')}`);
    expect(notice.text).toContain(`See your public store page: ${siteLink(`/seller/${storeId}/`)}`);
  });

  it('tells the owner of a suspension with the reason and how to appeal, and of the reinstatement', async () => {
    let before = mail.sink.mails.length;
    const reason = 'Three buyers report <em>no delivery</em> & no answer';
    expect((await call(operator, 'POST', `/admin/stores/${storeId}/suspend`, { reason })).status).toBe(200);
    await mail.deliver();
    const [suspended] = arrivedSince(before, APPLICANT);
    expect(suspended.subject).toBe('Grant & Sons <Pottery> is suspended on Yaad Market');
    expect(suspended.text).toContain(`> ${reason}`);
    expect(suspended.html).toContain('Three buyers report &lt;em&gt;no delivery&lt;/em&gt; &amp; no answer');
    expect(suspended.html).not.toContain('<em>no delivery');
    expect(suspended.text).toContain(`To appeal, reply to this e-mail or write to ${SHOP.email}`);
    expect(suspended.replyTo).toContain(SHOP.email);

    before = mail.sink.mails.length;
    expect((await call(operator, 'POST', `/admin/stores/${storeId}/reinstate`)).status).toBe(200);
    await mail.deliver();
    const [reinstated] = arrivedSince(before, APPLICANT);
    expect(reinstated.subject).toBe('Grant & Sons <Pottery> is open again on Yaad Market');
    expect(reinstated.text).toContain(`Open your dashboard: ${siteLink('/dashboard/')}`);
  });

  it('queues nothing for a refused decision or application', async () => {
    const queued = async () => (await t.database.db.select().from(mailOutbox)).length;
    const before = await queued();
    // Off the status table (an active store cannot be approved), without a reason, and a second store.
    expect((await call(operator, 'POST', `/admin/stores/${storeId}/approve`)).status).toBe(409);
    expect((await call(operator, 'POST', `/admin/stores/${storeId}/suspend`, {})).status).toBe(400);
    expect((await call(applicant, 'POST', '/seller/apply', storeApplication({ name: 'Second Store' }))).status).toBe(
      409,
    );
    expect(await queued()).toBe(before);
  });
});
