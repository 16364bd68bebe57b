import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { testGatewayRefunds as refunds, testGatewayTransactions as transactions } from '../../db/schema';
import type { CardBehaviour } from './cards';

/*
 * The test gateway's ledger: every change is one conditional UPDATE, so a return and a status
 * read, two completions or two refunds at the same moment each find the row in one state only.
 */

export type GatewayTransaction = typeof transactions.$inferSelect;

export async function recordSale(
  db: Db,
  sale: Pick<
    GatewayTransaction,
    'id' | 'spiToken' | 'orderIdentifier' | 'amountCents' | 'currencyCode' | 'merchantResponseUrl'
  >,
): Promise<GatewayTransaction | undefined> {
  const [row] = await db.insert(transactions).values(sale).onConflictDoNothing().returning();
  return row;
}

export async function byToken(db: Db, spiToken: string): Promise<GatewayTransaction | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.spiToken, spiToken));
  return row;
}

export async function byId(db: Db, id: string): Promise<GatewayTransaction | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

/** Moves a transaction on from `from`; undefined when it was not there any more (someone else moved it). */
async function move(
  db: Db,
  spiToken: string,
  from: GatewayTransaction['stage'][],
  to: Partial<GatewayTransaction>,
): Promise<GatewayTransaction | undefined> {
  const [row] = await db
    .update(transactions)
    .set(to)
    .where(and(eq(transactions.spiToken, spiToken), inArray(transactions.stage, from)))
    .returning();
  return row;
}

/** The card asks for 3-D Secure: the hosted page shows the challenge next. */
export const startChallenge = (db: Db, spiToken: string, suffix: string) =>
  move(db, spiToken, ['awaiting_card'], { stage: 'challenge', card: 'challenge', cardSuffix: suffix });

/** The hosted page has the card: HP0, nothing charged until the merchant completes. */
export const collect = (db: Db, spiToken: string, card: CardBehaviour, suffix: string) =>
  move(db, spiToken, ['awaiting_card'], {
    stage: 'collected',
    card,
    cardSuffix: suffix,
    isoResponseCode: 'HP0',
    responseMessage: 'HPP preprocessing complete',
    collectedAt: new Date(),
  });

/** The shopper answered the 3-D Secure challenge. */
export const answerChallenge = (db: Db, spiToken: string, passed: boolean) =>
  move(
    db,
    spiToken,
    ['challenge'],
    passed
      ? {
          stage: 'collected',
          isoResponseCode: 'HP0',
          responseMessage: 'HPP preprocessing complete',
          collectedAt: new Date(),
        }
      : {
          stage: 'declined',
          isoResponseCode: '3D2',
          responseMessage: '3DS Authentication Failed',
          decidedAt: new Date(),
        },
  );

/** The payment completion: the issuer's answer for the card, decided once. */
export async function decide(db: Db, row: GatewayTransaction): Promise<GatewayTransaction> {
  const approved = row.card !== 'decline';
  const decided = await move(
    db,
    row.spiToken,
    ['collected'],
    approved
      ? { stage: 'approved', isoResponseCode: '00', responseMessage: 'Transaction is approved', decidedAt: new Date() }
      : { stage: 'declined', isoResponseCode: '05', responseMessage: 'Do not honour', decidedAt: new Date() },
  );
  // Decided by a completion that ran at the same moment: its answer is the answer.
  return decided ?? ((await byToken(db, row.spiToken)) as GatewayTransaction);
}

export type GatewayRefund = { id: string; amountCents: number };

class RefundPassesCapture extends Error {}

/**
 * Adds a refund, never past what was captured; undefined when it would pass it or nothing was
 * captured. The merchant's refund id (ExternalIdentifier) is the refund: the same id again answers
 * the refund already made and takes nothing more (docs/decisions/033), even when both arrive at once
 * (the second insert waits for the first and finds its row).
 */
export async function refund(
  db: Db,
  id: string,
  amountCents: number,
  externalIdentifier: string = randomUUID(),
): Promise<GatewayRefund | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(refunds)
        .values({ id: randomUUID(), transactionId: id, externalIdentifier, amountCents })
        .onConflictDoNothing()
        .returning();
      if (!made) {
        const [first] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.transactionId, id), eq(refunds.externalIdentifier, externalIdentifier)));
        return { id: first.id, amountCents: first.amountCents };
      }
      const [row] = await tx
        .update(transactions)
        .set({ refundedCents: sql`${transactions.refundedCents} + ${amountCents}` })
        .where(
          and(
            eq(transactions.id, id),
            eq(transactions.stage, 'approved'),
            sql`${transactions.refundedCents} + ${amountCents} <= ${transactions.amountCents}`,
          ),
        )
        .returning();
      if (!row) throw new RefundPassesCapture();
      return { id: made.id, amountCents };
    });
  } catch (error) {
    if (error instanceof RefundPassesCapture) return undefined;
    throw error;
  }
}
