import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/http/logger';
import { devMailPage, devMailPageEnabled } from '../../../src/server/mail/dev-mail-page';
import { claimDue, enqueueMail, markSent } from '../../../src/server/mail/outbox';
import { readMail } from '../../../src/server/mail/read-eml';
import { storeMessageMail } from '../../../src/server/mail/templates';
import { folderTransport, smtpTransport } from '../../../src/server/mail/transport';
import { MailWorker, retryDelay } from '../../../src/server/mail/worker';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { type MailHarness, mailHarness, TEST_SENDER } from '../../fixtures/mail';
import { startSmtpSink } from '../../fixtures/smtp-sink';

/*
 * The outbox and its worker (docs/decisions/013) on the test's database: mail commits with its
 * cause or not at all, is sent once, is tried again with back-off, and a worker that died holding
 * a row does not lose it. Two workers on PostgreSQL, and a worker killed mid-send: outbox-workers.test.ts.
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

const note = (to: string, body = 'Is the coffee whole bean?') =>
  ({
    to,
    ...storeMessageMail({
      storeName: 'Blue Mountain Roasters',
      senderName: 'Tanisha',
      senderEmail: 'buyer@yaad.test',
      subject: 'Beans',
      body,
    }),
  }) as const;
const rowsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const silent = createLogger('silent');

describe('the outbox', () => {
  it('a mail queued in a transaction that rolls back is never sent', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, note('rolled-back@yaad.test'));
        throw new Error('the cause failed');
      })
      .catch(() => {});
    await mail.deliver();
    expect(await rowsTo('rolled-back@yaad.test')).toHaveLength(0);
    expect(mail.sink.mailsTo('rolled-back@yaad.test')).toHaveLength(0);
  });

  it('sends each due mail once and marks it sent', async () => {
    for (let i = 0; i < 12; i++) await enqueueMail(t.database.db, note('once@yaad.test', `message ${i}`));
    expect(await mail.deliver()).toBe(12);
    expect(await mail.deliver()).toBe(0);
    const got = mail.sink.mailsTo('once@yaad.test');
    expect(got).toHaveLength(12);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(12);
    const rows = await rowsTo('once@yaad.test');
    expect(rows.every((r) => r.status === 'sent' && r.sentAt && r.attempts === 1 && r.leaseUntil === null)).toBe(true);
    // The Message-ID is the row's: a resend after a crash would be recognisable.
    expect(got.map((m) => m.messageId).sort()).toEqual(rows.map((r) => `<${r.id}@yaadmarket.com>`).sort());
  });

  it('a failed send is tried again after a growing wait, and given up after the last attempt', async () => {
    const down = await startSmtpSink();
    await down.close(); // a port where nothing answers
    const failing = new MailWorker(t.database.db, smtpTransport(down.url, TEST_SENDER, { timeoutMs: 2_000 }), silent, {
      maxAttempts: 3,
      backoffMs: 60_000,
    });
    await enqueueMail(t.database.db, note('retry@yaad.test'));
    expect(await failing.drain()).toBe(0);
    let [row] = await rowsTo('retry@yaad.test');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, leaseUntil: null });
    expect(row.lastError).toBeTruthy();
    const wait = row.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(61_000);
    // Not due yet: nothing is tried.
    expect(await failing.drain()).toBe(0);
    expect((await rowsTo('retry@yaad.test'))[0].attempts).toBe(1);
    const due = () =>
      t.database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.to, 'retry@yaad.test'));
    await due();
    await failing.drain();
    [row] = await rowsTo('retry@yaad.test');
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(110_000); // twice the first wait
    // The SMTP server is back: the next attempt goes through, once.
    await due();
    expect(await mail.deliver()).toBe(1);
    expect(mail.sink.mailsTo('retry@yaad.test')).toHaveLength(1);
    expect((await rowsTo('retry@yaad.test'))[0].status).toBe('sent');

    await enqueueMail(t.database.db, note('give-up@yaad.test'));
    for (let i = 0; i < 3; i++) {
      await t.database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.to, 'give-up@yaad.test'));
      await failing.drain();
    }
    [row] = await rowsTo('give-up@yaad.test');
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await mail.deliver()).toBe(0);
    expect(mail.sink.mailsTo('give-up@yaad.test')).toHaveLength(0);
    await failing.stop();
  });

  it('the back-off doubles up to its ceiling and stops after the last attempt', () => {
    const options = { maxAttempts: 8, backoffMs: 30_000, maxBackoffMs: 3_600_000 };
    expect([1, 2, 3, 4, 7].map((n) => retryDelay(n, options))).toEqual([30_000, 60_000, 120_000, 240_000, 1_920_000]);
    expect(retryDelay(7, { ...options, maxBackoffMs: 600_000 })).toBe(600_000);
    expect(retryDelay(8, options)).toBeUndefined();
  });

  it('a worker that died holding rows loses nothing: they wait for its lease, then go once; its late mark does nothing', async () => {
    await enqueueMail(t.database.db, note('orphan@yaad.test'));
    const [claimed] = await claimDue(t.database.db, { limit: 50, leaseMs: 60_000, token: 'dead-worker' }).then((rows) =>
      rows.filter((r) => r.to === 'orphan@yaad.test'),
    );
    expect(claimed).toBeDefined();
    expect(await mail.deliver()).toBe(0); // leased to the dead worker
    await t.database.db
      .update(mailOutbox)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, claimed.id));
    expect(await mail.deliver()).toBe(1);
    expect(await markSent(t.database.db, claimed)).toBe(false);
    expect(mail.sink.mailsTo('orphan@yaad.test')).toHaveLength(1);
    const [row] = await rowsTo('orphan@yaad.test');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('the one duplicate it admits: a worker that died after the server accepted a mail, before marking it, has it sent again with the same Message-ID', async () => {
    await mail.deliver(); // nothing else pending: the claim below takes this mail alone
    await enqueueMail(t.database.db, note('accepted-then-died@yaad.test'));
    const [claimed] = await claimDue(t.database.db, { limit: 50, leaseMs: 60_000, token: 'died-after-250' });
    expect(claimed.to).toBe('accepted-then-died@yaad.test');
    // The dying worker's send: the SMTP server answers 250; the worker dies before markSent.
    const dying = smtpTransport(mail.sink.url, TEST_SENDER, { timeoutMs: 5_000 });
    await dying.send(claimed);
    dying.close();
    expect(await mail.deliver()).toBe(0); // its lease still holds
    await t.database.db
      .update(mailOutbox)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, claimed.id));
    expect(await mail.deliver()).toBe(1);
    const got = mail.sink.mailsTo('accepted-then-died@yaad.test');
    expect(got).toHaveLength(2);
    expect(got.map((m) => m.messageId)).toEqual([`<${claimed.id}@yaadmarket.com>`, `<${claimed.id}@yaadmarket.com>`]);
    expect(got[1].text).toBe(got[0].text);
    expect((await rowsTo('accepted-then-died@yaad.test'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sending never holds up the request that queued it', async () => {
    mail.sink.hold(true); // the SMTP server takes the data and never answers
    const stuck = new MailWorker(
      t.database.db,
      smtpTransport(mail.sink.url, TEST_SENDER, { timeoutMs: 8_000 }),
      silent,
      {
        pollMs: 100,
      },
    );
    stuck.start();
    await enqueueMail(t.database.db, note('stuck@yaad.test'));
    await new Promise((r) => setTimeout(r, 1_000)); // the worker is now waiting on the server
    const started = Date.now();
    const res = await t.call('/auth/register', {
      method: 'POST',
      json: { name: 'Quick Shopper', email: 'quick@yaad.test', password: 'quick-pass' },
    });
    expect(res.status).toBe(201);
    // The worker waits up to 8 s on that server; the request waits for none of it.
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(await rowsTo('quick@yaad.test')).toHaveLength(1); // waiting its turn in the outbox
    mail.sink.hold(false);
    await stuck.stop(); // its send times out: that row is tried again later
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.status, 'pending'));
    await mail.deliver();
    expect(mail.sink.mailsTo('quick@yaad.test')).toHaveLength(1);
    expect(mail.sink.mailsTo('stuck@yaad.test')).toHaveLength(1);
  });
});

describe('without SMTP_URL', () => {
  it('writes each mail as an .eml file, once, that reads back whole; /dev/mail lists them with their links', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'yaad-mail-'));
    try {
      const worker = new MailWorker(t.database.db, folderTransport(path.join(dataDir, 'outbox'), TEST_SENDER), silent);
      await enqueueMail(t.database.db, {
        to: 'file@yaad.test',
        ...storeMessageMail({
          storeName: 'Negril Gems',
          senderName: 'Tanisha',
          senderEmail: 'buyer@yaad.test',
          subject: 'Larimar',
          body: `A long line with a link http://localhost:4321/reset-password#token=${'a'.repeat(43)} and ü`,
        }),
      });
      expect(await worker.drain()).toBe(1);
      const files = readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const read = readMail(readFileSync(path.join(dataDir, 'outbox', files[0])));
      expect(read.to).toBe('file@yaad.test');
      expect(read.subject).toBe('Larimar (from Tanisha via Yaad Market)');
      expect(read.text).toContain('and ü');
      expect(read.links).toContain(`http://localhost:4321/reset-password#token=${'a'.repeat(43)}`);

      const page = devMailPage(dataDir);
      const html = await (await page.request('/')).text();
      expect(html).toContain('Larimar (from Tanisha via Yaad Market)');
      expect(html).toContain(`reset-password#token=${'a'.repeat(43)}`);
      expect((await page.request(`/${files[0]}`)).status).toBe(200);
      expect((await page.request('/..%2Fpg.lock')).status).toBe(404);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('/dev/mail exists only with no SMTP server and a loopback-only shop', () => {
    expect(devMailPageEnabled({ HOST: '127.0.0.1' })).toBe(true);
    expect(devMailPageEnabled({ HOST: '0.0.0.0' })).toBe(false);
    expect(devMailPageEnabled({ HOST: '127.0.0.1', SMTP_URL: 'smtp://mail.example:587' })).toBe(false);
  });
});
