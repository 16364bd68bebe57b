/**
 * Several mail workers on one PostgreSQL (docs/decisions/013): two instances' workers draining the
 * same outbox send each mail once (FOR UPDATE SKIP LOCKED and a lease), and a worker process killed
 * in the middle of a send loses nothing and sends nothing twice. Runs in the PostgreSQL pass
 * (`npm run test:pg`, CI); PGlite is one process and one connection, where this proves nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../src/server/db/client';
import { mailOutbox } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/http/logger';
import { enqueueMail } from '../../../src/server/mail/outbox';
import { storeMessageMail } from '../../../src/server/mail/templates';
import { smtpTransport } from '../../../src/server/mail/transport';
import { MailWorker } from '../../../src/server/mail/worker';
import { createPostgresDatabase } from '../../fixtures/database';
import { gatedSuiteRuns } from '../../fixtures/gated';
import { TEST_SENDER } from '../../fixtures/mail';
import { type SmtpSink, startSmtpSink } from '../../fixtures/smtp-sink';

const pgUrl = process.env.TEST_DATABASE_URL;
const onPostgres = gatedSuiteRuns('postgres', Boolean(pgUrl), 'TEST_DATABASE_URL');

let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
let one: Database;
let two: Database;
let sink: SmtpSink;
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

describe.skipIf(!onPostgres)('mail workers on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    fresh = await createPostgresDatabase(pgUrl as string);
    // Two pools: as two shop instances on one database.
    one = await openDatabase({ url: fresh.url });
    two = await openDatabase({ url: fresh.url });
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await one?.close();
    await two?.close();
    await fresh?.drop();
  });

  it('two workers draining the same outbox at once send each of 60 mails exactly once', async () => {
    for (let n = 0; n < 60; n++) await enqueueMail(one.db, note('two-workers@yaad.test', n));
    const workers = [one, two].map(
      (d) =>
        new MailWorker(d.db, smtpTransport(sink.url, TEST_SENDER, { timeoutMs: 10_000, connections: 3 }), silent, {
          concurrency: 3,
        }),
    );
    const sent = await Promise.all(workers.map((w) => w.drain()));
    expect(sent[0] + sent[1]).toBe(60);
    expect(sent[0]).toBeGreaterThan(0);
    expect(sent[1]).toBeGreaterThan(0); // both took part
    const got = sink.mailsTo('two-workers@yaad.test');
    expect(got).toHaveLength(60);
    expect(new Set(got.map((m) => m.subject)).size).toBe(60);
    const rows = await one.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'two-workers@yaad.test'));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    await Promise.all(workers.map((w) => w.stop()));
  });

  it('a worker process killed mid-send loses nothing and sends nothing twice', async () => {
    for (let n = 0; n < 3; n++) await enqueueMail(one.db, note('crash@yaad.test', n));
    sink.hold(true); // the first message's data arrives, the answer never comes: the worker is mid-send
    const startedBefore = sink.started();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/mail-worker-process.ts'], {
      env: { ...process.env, DATABASE_URL: fresh.url, SMTP_URL: sink.url, LEASE_MS: '3000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
    child.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
    const deadline = Date.now() + 60_000;
    while (sink.started() === startedBefore) {
      if (Date.now() > deadline) throw new Error(`the worker never sent:\n${output.join('')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    sink.hold(false);

    // The rows it held are still there, pending under its lease; nothing was accepted.
    const held = await one.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'crash@yaad.test'));
    expect(held).toHaveLength(3);
    expect(held.every((r) => r.status === 'pending')).toBe(true);
    expect(held.filter((r) => r.leaseToken !== null && r.leaseUntil !== null).length).toBeGreaterThan(0);
    expect(sink.mailsTo('crash@yaad.test')).toHaveLength(0);

    // Another instance's worker takes them over once the lease runs out, and sends each once.
    const survivor = new MailWorker(two.db, smtpTransport(sink.url, TEST_SENDER, { timeoutMs: 10_000 }), silent);
    expect(await survivor.drain()).toBe(0); // still leased to the dead worker
    await new Promise((r) => setTimeout(r, 3_200));
    expect(await survivor.drain()).toBe(3);
    expect(await survivor.drain()).toBe(0);
    const got = sink.mailsTo('crash@yaad.test');
    expect(got.map((m) => m.subject).sort()).toEqual(
      ['Question 0', 'Question 1', 'Question 2'].map((s) => `${s} (from Tanisha via Yaad Market)`),
    );
    const done = await one.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'crash@yaad.test'));
    expect(done.every((r) => r.status === 'sent')).toBe(true);
    await survivor.stop();
    // The outbox has nothing left due.
    const [{ n }] = await one.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    expect(n).toBe(0);
  });
});
