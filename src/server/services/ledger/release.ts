import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, orderParts, orders, partDeliveries } from '../../db/schema';
import { partKey } from './accounts-of';
import { post } from './post';

/*
 * Pending becomes available (docs/decisions/036): a part delivered RETURN_DAYS ago (its buyer can
 * no longer return it) has what it holds on its seller's pending account moved to available, by
 * a `release:<part id>` transaction, once. Run by the payment sweeper every 30 s in every shop
 * process (payments/sweeper.ts); each part under its order's row lock taken FOR UPDATE SKIP LOCKED
 * (a part being moved right now is left to the next sweep), so a cash payment recorded at the same
 * moment lands before the release or after it (then straight on available: ./accounts-of.ts),
 * never lost between. A part that held nothing is released all the same (an empty transaction):
 * its settlement is done, and what is recorded for it later is available at once.
 */

const DAY_MS = 86_400_000;
const BATCH = 200;
/** At most this many batches a sweep; the rest waits for the next sweep. */
const MAX_BATCHES = 20;

export async function releaseSettledParts(db: Db, options: { now?: Date; returnDays: number }): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.returnDays * DAY_MS);
  let released = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await db
      .select({ partId: partDeliveries.partId, storeId: partDeliveries.storeId })
      .from(partDeliveries)
      .where(
        and(
          lte(partDeliveries.deliveredAt, cutoff),
          sql`not exists (select 1 from ledger_transactions where key = 'release:' || ${partDeliveries.partId})`,
        ),
      )
      .orderBy(asc(partDeliveries.deliveredAt), asc(partDeliveries.partId))
      .limit(BATCH);
    let skipped = 0;
    for (const part of due) {
      if (await releasePart(db, part)) released += 1;
      else skipped += 1;
    }
    // A short batch was the last; one where every part was busy is left to the next sweep.
    if (due.length < BATCH || skipped === due.length) break;
  }
  return released;
}

async function releasePart(db: Db, part: { partId: string; storeId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        sql`${orders.id} = (select ${orderParts.orderId} from ${orderParts} where ${orderParts.id} = ${part.partId})`,
      )
      .for('update', { skipLocked: true });
    if (!order) return false;
    const [held] = await tx
      .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.partId, part.partId),
          eq(ledgerEntries.account, 'seller_pending'),
          eq(ledgerEntries.storeId, part.storeId),
        ),
      );
    const pending = Number(held.cents);
    const posted = await post(tx, {
      key: partKey('release', part.partId),
      event: 'release',
      orderId: order.id,
      partId: part.partId,
      entries: [
        { account: 'seller_pending', storeId: part.storeId, kind: 'release', amountCents: -pending },
        { account: 'seller_available', storeId: part.storeId, kind: 'release', amountCents: pending },
      ],
    });
    return posted === 'posted';
  });
}
