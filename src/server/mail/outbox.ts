import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { RenderedMail } from './templates';

/*
 * The outbox (docs/decisions/013): mail is a row written inside the transaction of what caused
 * it, and leaves through the worker (./worker.ts). The three verbs below are the whole protocol:
 * enqueue (in the cause's transaction), claim (a lease, FOR UPDATE SKIP LOCKED), then mark sent or
 * failed under the lease's token, so only the worker that holds a row may settle it.
 */

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A name and an address, kept apart all the way to nodemailer (never one "Name <address>" string). */
export type MailAddress = { name: string; address: string };

/** `to` is one bare address (an account's or a store's, validated where it was saved). */
export type QueuedMail = RenderedMail & { to: string; replyTo?: MailAddress };

/**
 * Queues mail in the caller's transaction: it is sent only if that transaction commits. Several
 * mails of one event (an order's buyer and sellers) go in one statement.
 */
export async function enqueueMail(tx: Tx | Db, mail: QueuedMail | QueuedMail[]): Promise<void> {
  const mails = Array.isArray(mail) ? mail : [mail];
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(
    mails.map((m) => ({
      kind: m.kind,
      to: m.to,
      replyTo: m.replyTo?.address ?? null,
      replyToName: m.replyTo?.name ?? null,
      subject: m.subject,
      html: m.html,
      text: m.text,
      headers: m.headers ?? {},
    })),
  );
}

/**
 * The due rows a claim takes, first due first, locked; rows another worker is claiming are skipped.
 * Read in the order of the partial index `mail_outbox_due_idx` (next_attempt_at, pending rows
 * only), so a claim stops after `limit` rows however long the backlog: ordering by another column
 * as well (id) sorted every pending row on every claim, and the claims slowed as the backlog grew.
 */
export const dueRows = (limit: number) => sql`
  select id from mail_outbox
   where status = 'pending'
     and next_attempt_at <= now()
     and (lease_until is null or lease_until < now())
   order by next_attempt_at
   limit ${limit}
   for update skip locked`;

/**
 * Takes up to `limit` due rows for `leaseMs`: pending, due, and not leased by a live worker. Rows
 * another worker is claiming at this moment are skipped (SKIP LOCKED), never waited for, and a
 * lease that ran out (its worker died mid-send) is taken over. The claim commits at once; the
 * sending happens outside any transaction.
 */
export async function claimDue(
  db: Db,
  options: { limit: number; leaseMs: number; token: string },
): Promise<OutboxRow[]> {
  // One statement: the claim returns the rows it took, whole (a worker claims as often as a send ends).
  const rows = await db
    .update(mailOutbox)
    .set({
      leaseUntil: sql`now() + make_interval(secs => ${options.leaseMs / 1000})`,
      leaseToken: options.token,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(sql`${mailOutbox.id} in (${dueRows(options.limit)})`)
    .returning();
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || (a.id < b.id ? -1 : 1));
}

const held = (row: OutboxRow) => and(eq(mailOutbox.id, row.id), eq(mailOutbox.leaseToken, row.leaseToken ?? ''));

/** Marks a row sent, only while this worker still holds its lease. False when it lost the row. */
export async function markSent(db: Db, row: OutboxRow): Promise<boolean> {
  const done = await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, leaseUntil: null, lastError: null })
    .where(and(held(row), eq(mailOutbox.status, 'pending')))
    .returning({ id: mailOutbox.id });
  return done.length > 0;
}

/**
 * A failed attempt: tried again after `retryInMs`, or given up (`failed`) after the last attempt.
 * The lease ends, so the row is free for whichever worker comes next.
 */
export async function markFailed(
  db: Db,
  row: OutboxRow,
  failure: { error: string; retryInMs: number | undefined },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: failure.retryInMs === undefined ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + make_interval(secs => ${(failure.retryInMs ?? 0) / 1000})`,
      leaseUntil: null,
      lastError: failure.error.slice(0, 500),
    })
    .where(and(held(row), eq(mailOutbox.status, 'pending')));
}
