import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';
import { ApiError } from '../http/errors';

/*
 * Counted allowances (sign-ups per address, reset mails per address and per account, and so on):
 * each use is a row in login_failures under its subject, counted within the last 15 minutes under
 * an advisory lock on the subject, so parallel requests cannot overshoot and the count holds
 * across server instances. Rows older than the window are pruned (services/accounts.ts).
 */

export const ALLOWANCE_WINDOW_MINUTES = 15;

const windowStart = () => sql`now() - make_interval(mins => ${ALLOWANCE_WINDOW_MINUTES})`;

/**
 * Takes one use of every subject's allowance (`max` within the window each), or refuses with 429
 * and takes none. Subjects are locked in sorted order, so two requests never wait on each other in a cycle.
 */
export async function takeAllowance(
  db: Db,
  limits: { subject: string; max: number }[],
  message: string,
): Promise<void> {
  const sorted = [...limits].sort((a, b) => (a.subject < b.subject ? -1 : 1));
  await db.transaction(async (tx) => {
    for (const { subject } of sorted) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${subject}))`);
    for (const { subject, max } of sorted) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.subject, subject), gt(loginFailures.createdAt, windowStart())));
      if (n >= max) throw new ApiError(429, 'rate_limited', message);
    }
    await tx.insert(loginFailures).values(sorted.map(({ subject }) => ({ subject })));
  });
}
