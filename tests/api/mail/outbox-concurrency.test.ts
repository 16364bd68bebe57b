/**
 * The outbox worker sends several mails at once over pooled SMTP connections (docs/decisions/013,
 * 2026-11-27): never more at once than its concurrency, over no more connections, leasing only the
 * rows it is sending, and still each mail once: with two workers on one database, and with a
 * server that refuses some mails for a while. Against a real SMTP server (tests/fixtures/smtp-sink.ts).
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/http/logger';
import { dueRows, enqueueMail } from '../../../src/server/mail/outbox';
import { storeMessageMail } from '../../../src/server/mail/templates';
import { smtpTransport } from '../../../src/server/mail/transport';
import { MailWorker } from '../../../src/server/mail/worker';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { TEST_SENDER } from '../../fixtures/mail';
import { type SmtpSink, startSmtpSink } from '../../fixtures/smtp-sink';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const silent = createLogger('silent');
const note = (to: string, n: number) => ({
  to,
  ...storeMessageMail({
    storeName: 'Negril Gems',
    senderName: 'Tanisha',
    senderEmail: 'buyer@yaad.test',
    subject: `Question ${n}`,
    body: `Message number ${n}`,
  }),
});
const enqueue = (to: string, count: number) =>
  enqueueMail(
    t.database.db,
    Array.from({ length: count }, (_, n) => note(to, n)),
  );
const rowsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const makeDue = (to: string) =>
  t.database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.to, to));
const worker = (sink: SmtpSink, concurrency: number, timeoutMs = 10_000) =>
  new MailWorker(t.database.db, smtpTransport(sink.url, TEST_SENDER, { timeoutMs, connections: concurrency }), silent, {
    concurrency,
  });
/** Each mail to `to` arrived exactly once: `count` messages, `count` distinct Message-IDs, every row sent. */
async function eachOnce(sink: SmtpSink, to: string, count: number) {
  const got = sink.mailsTo(to);
  expect(got).toHaveLength(count);
  expect(new Set(got.map((m) => m.messageId)).size).toBe(count);
  const rows = await rowsTo(to);
  expect(rows.filter((r) => r.status === 'sent')).toHaveLength(count);
  expect(got.map((m) => m.messageId).sort()).toEqual(rows.map((r) => `<${r.id}@yaadmarket.com>`).sort());
}

describe('the outbox worker sending several mails at once', () => {
  it('sends 40 mails with up to 4 in flight over at most 4 reused connections, each once', async () => {
    // The server takes 100 ms over each message: mails sent one at a time would never overlap.
    const sink = await startSmtpSink({ answerMs: 100 });
    const four = worker(sink, 4);
    try {
      await enqueue('pooled@yaad.test', 40);
      expect(await four.drain()).toBe(40);
      await eachOnce(sink, 'pooled@yaad.test', 40);
      const load = sink.load();
      expect(load.mostInFlight).toBeGreaterThan(1);
      expect(load.mostInFlight).toBeLessThanOrEqual(4);
      // Connections are kept and reused: not one per mail.
      expect(load.connections).toBeLessThanOrEqual(4);
      expect(load.mostConnections).toBeLessThanOrEqual(4);
    } finally {
      await four.stop();
      await sink.close();
    }
  });

  it('leases only the rows it is sending: the others stay free for another instance', async () => {
    const sink = await startSmtpSink();
    // The server never answers: the worker's 3 sends hang until its 2 s timeout.
    sink.hold(true);
    const three = worker(sink, 3, 2_000);
    try {
      await enqueue('leased@yaad.test', 10);
      const draining = three.drain();
      while (sink.started() < 3) await new Promise((r) => setTimeout(r, 20));
      const rows = await rowsTo('leased@yaad.test');
      expect(rows.filter((r) => r.leaseToken !== null)).toHaveLength(3);
      expect(rows.filter((r) => r.leaseToken === null && r.attempts === 0)).toHaveLength(7);
      sink.hold(false);
      // The 3 time out (tried again later); the 7 others go once the slots free up.
      expect(await draining).toBe(7);
      const failed = (await rowsTo('leased@yaad.test')).filter((r) => r.status === 'pending');
      expect(failed).toHaveLength(3);
      expect(failed.every((r) => r.attempts === 1 && r.leaseUntil === null && r.lastError)).toBe(true);
      await makeDue('leased@yaad.test');
      expect(await three.drain()).toBe(3);
      await eachOnce(sink, 'leased@yaad.test', 10);
    } finally {
      await three.stop();
      await sink.close();
    }
  });

  it('two workers on one database, 8 mails in flight each, send each of 160 mails exactly once', async () => {
    const sink = await startSmtpSink();
    const workers = [worker(sink, 8), worker(sink, 8)];
    try {
      await enqueue('two-pooled@yaad.test', 160);
      const sent = await Promise.all(workers.map((w) => w.drain()));
      expect(sent[0] + sent[1]).toBe(160);
      expect(Math.min(...sent)).toBeGreaterThan(0); // both took part
      await eachOnce(sink, 'two-pooled@yaad.test', 160);
      expect((await rowsTo('two-pooled@yaad.test')).every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await sink.close();
    }
  });

  it('a server that refuses some mails (451): those are tried again later, and every mail arrives once', async () => {
    const sink = await startSmtpSink();
    const refusedOnce = new Set<string>();
    // Every third message is refused the first time it comes, as a provider over its rate does.
    sink.refuse((raw) => {
      const id = /^Message-ID: (.+)$/im.exec(raw)?.[1] ?? '';
      const n = Number(/Question (\d+)/.exec(raw)?.[1]);
      if (n % 3 !== 0 || refusedOnce.has(id)) return undefined;
      refusedOnce.add(id);
      return 'Too many messages, try again later';
    });
    const eight = worker(sink, 8);
    try {
      await enqueue('refused@yaad.test', 60);
      expect(await eight.drain()).toBe(40);
      expect(refusedOnce.size).toBe(20);
      const waiting = await t.database.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.to} = 'refused@yaad.test' and ${mailOutbox.status} = 'pending'`);
      expect(waiting).toHaveLength(20);
      expect(waiting.every((r) => r.attempts === 1 && /try again later/.test(r.lastError ?? ''))).toBe(true);
      expect(await eight.drain()).toBe(0); // not due yet: the back-off holds
      await makeDue('refused@yaad.test');
      expect(await eight.drain()).toBe(20);
      await eachOnce(sink, 'refused@yaad.test', 60);
      const retried = await t.database.db.select().from(mailOutbox).where(like(mailOutbox.to, 'refused@%'));
      expect(retried.filter((r) => r.attempts === 2)).toHaveLength(20);
    } finally {
      await eight.stop();
      await sink.close();
    }
  });

  it('a claim reads only the rows it takes, however long the backlog: the due index in its order, no sort', async () => {
    await enqueue('backlog@yaad.test', 2000);
    await t.database.db.execute(sql`analyze mail_outbox`);
    const explained = (await t.database.db.execute(sql`explain (format json) ${dueRows(8)}`)) as unknown as {
      rows: unknown[];
    };
    const plan = JSON.stringify(explained.rows);
    expect(plan).toContain('"Index Name":"mail_outbox_due_idx"');
    expect(plan).not.toContain('"Node Type":"Sort"');
    await t.database.db.delete(mailOutbox).where(eq(mailOutbox.to, 'backlog@yaad.test'));
  });
});
