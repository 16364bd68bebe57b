import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderAnswer } from '../../../src/lib/contract/orders';
import { paidByCard } from '../../../src/lib/contract/payments';
import { PayoutRunDetail } from '../../../src/lib/contract/payouts';
import { ReturnAnswer } from '../../../src/lib/contract/returns';
import { toCents } from '../../../src/lib/money';
import { partShares } from '../../../src/lib/pricing';
import {
  ledgerEntries,
  orderLines,
  orderParts,
  orders,
  partDeliveries,
  refundParts,
  refunds,
  returnRequests,
  stores,
} from '../../../src/server/db/schema';
import { marketplaceSummary, releaseSettledParts, setCommissionRate } from '../../../src/server/services/ledger';
import {
  ledgerPartsMoved,
  postPartsPaid,
  postRefundMade,
  postReturnRefunded,
} from '../../../src/server/services/ledger/events';
import { PaymentHoldSweeper } from '../../../src/server/services/payments';
import { CARDS, gateway, log, openCardScene, payAtGateway, postReturn } from '../../fixtures/card-payments';
import { earningsOf, ledgerCounts, placeFrom, sellerSums, unbalancedTransactions } from '../../fixtures/ledger';
import { A, B, buyer, call, D, sellerA, sellerB, sellerD, t } from '../../fixtures/order-scene';
import { productOf, setProduct, signInOperator, type Who } from '../../fixtures/orders';

/*
 * Money never drifts (issue 27 #8, "Done when"; docs/decisions/036): random sequences of orders
 * of one to three sellers, paid by card (the test gateway over HTTP) or bank transfer (an
 * operator's recording) or cash on delivery (the seller's), cancelled by the buyer or a seller
 * (card refunds made by the gateway), delivered, swept past the return window, and paid out, all through
 * the API and the shop's own doors. After each sequence:
 *   - every ledger transaction adds up to zero, and the marketplace's books balance to the cent;
 *   - each seller's balance (GET /seller/earnings) is the sum of its entries;
 *   - each part's entries are what the buyer paid for it, split: the marketplace's cash holds its
 *     share (items + shipping + its share of the tax) less what was refunded, the seller is owed
 *     the share less commission and GCT (or owes them, on cash it collected), nothing once
 *     cancelled; a part not delivered has nothing available;
 *   - posting every event again (a replay) writes nothing;
 *   - a payout run (paid, failed or left in transit) pays each store exactly what it had available;
 *   - returns (issue 28, decision 042): a delivered part's unit returned and refunded by its seller,
 *     or rejected, escalated and refunded in part by an operator: the seller gives back what was
 *     refunded less the commission and GCT reversed in proportion (round half up of the frozen
 *     amount × refunded ÷ share, over all the part's returns), the buyer is owed it until the card
 *     refund is made, and a part's refunds never exceed its share.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL. PROPERTY_RUNS sets the number of sequences.
 */

// Jamaica's tax (decision 044): GCT at 15% on store A's parts only (registered below), none on B's and D's.
openCardScene({ MARKETPLACE_TRN: '123-456-789', TAX_MODE: 'gct' });

const DAY = 86_400_000;
/** Sequences per run: a few in the suite (it must stay fast); PROPERTY_RUNS=200 for a long search. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 4);
const STORES = [A, B, D] as const;
/** PAYOUT_MINIMUM's default, US$20. */
const PAYOUT_MINIMUM_CENTS = 2_000;
const db = () => t.database.db;
let sellers: Record<string, Who>;
let productOfStore: Record<string, string>;
let operator: Who;

beforeAll(async () => {
  sellers = { [A]: sellerA, [B]: sellerB, [D]: sellerD };
  productOfStore = {};
  for (const store of STORES)
    productOfStore[store] = (await productOf(db(), store, { priceCents: 1_000, stock: 100_000 })).id;
  operator = await signInOperator(db(), 'ledger-operator@yaad.test', 'Pat Operator');
  await db().update(stores).set({ trn: '111222333', gctRegistered: true, gctNumber: 'GCT-A' }).where(eq(stores.id, A));
  // Rates other than the marketplace's 10%: B's own, and D's product's category (store-and-category beats both).
  await setCommissionRate(db(), { storeId: B, category: null, basisPoints: 725 });
  const [{ category }] = await db()
    .select({ category: sql<string>`category` })
    .from(sql`products`)
    .where(sql`id = ${productOfStore[D]}`);
  await setCommissionRate(db(), { storeId: null, category, basisPoints: 1_250 });
});

type Step =
  | { do: 'pay' }
  | { do: 'buyerCancel' }
  | { do: 'sellerCancel'; part: number }
  | { do: 'deliver'; part: number }
  | { do: 'collectCash'; part: number }
  | { do: 'sweep' }
  | { do: 'payout'; outcome: 'paid' | 'failed' | 'leave' }
  | { do: 'return'; part: number; by: 'seller' | 'operator'; fraction: number };

const aPayoutOutcome = fc.constantFrom('paid' as const, 'failed' as const, 'leave' as const);
const aStep: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ do: 'pay' as const }),
  fc.constant({ do: 'pay' as const }),
  fc.constant({ do: 'buyerCancel' as const }),
  fc.nat(2).map((part) => ({ do: 'sellerCancel' as const, part })),
  fc.nat(2).map((part) => ({ do: 'deliver' as const, part })),
  fc.nat(2).map((part) => ({ do: 'collectCash' as const, part })),
  fc.constant({ do: 'sweep' as const }),
  aPayoutOutcome.map((outcome) => ({ do: 'payout' as const, outcome })),
  fc
    .record({
      part: fc.nat(2),
      by: fc.constantFrom('seller' as const, 'operator' as const),
      fraction: fc.double({ min: 0.01, max: 1, noNaN: true }),
    })
    .map((r) => ({ do: 'return' as const, ...r })),
);
const anOrder = fc.record({
  stores: fc.subarray([...STORES], { minLength: 1, maxLength: 3 }),
  quantities: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })),
  // Prices that make commission and tax round every way (x.5 cents included).
  prices: fc.tuple(
    fc.integer({ min: 1, max: 250_000 }),
    fc.integer({ min: 1, max: 250_000 }),
    fc.integer({ min: 1, max: 250_000 }),
  ),
  method: fc.constantFrom('credit_card', 'bank_transfer', 'cash_on_delivery'),
  steps: fc.array(aStep, { minLength: 1, maxLength: 5 }),
});

/** The payment sweeper eight days on: holds expire, delivered parts' return windows (7 days) pass. */
const sweepPastTheReturnWindow = () =>
  new PaymentHoldSweeper(db(), gateway.provider, { holdMinutes: 30, returnDays: 7, log }).sweep(
    new Date(Date.now() + 8 * DAY),
  );

/** One order's life, as the sequence says; a step the shop refuses (409, 404) is simply refused. */
type OrderPlan = typeof anOrder extends fc.Arbitrary<infer T> ? T : never;

async function live(plan: OrderPlan) {
  for (const [i, store] of plan.stores.entries())
    await setProduct(db(), productOfStore[store], { priceCents: plan.prices[i] });
  const placed: PlaceOrderAnswer = await placeFrom(
    buyer,
    plan.stores.map((store, i) => ({ storeId: store, productId: productOfStore[store], quantity: plan.quantities[i] })),
    plan.method,
  );
  const order = placed.order;
  const parts = order.sellers.map((s) => ({ partId: s.partId, seller: sellers[s.sellerId] }));
  let paid = false;
  const allowed = (status: number, body: unknown) => expect([200, 404, 409], JSON.stringify(body)).toContain(status);
  for (const step of plan.steps) {
    const part = 'part' in step ? parts[step.part % parts.length] : undefined;
    if (step.do === 'pay' && !paid) {
      paid = true;
      if (paidByCard(plan.method) && placed.payment) {
        const returned = await postReturn(await payAtGateway(placed.payment.next, CARDS.approve));
        expect(returned.status).toBe(303);
      } else if (plan.method === 'bank_transfer') {
        const res = await call(operator, 'POST', '/admin/payments/bank-transfers', {
          orderNumber: order.orderNumber,
          amountCents: toCents(order.total),
          receivedOn: new Date().toISOString().slice(0, 10),
          bankReference: `FT${crypto.randomUUID().slice(0, 12)}`.toUpperCase(),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
    }
    if (step.do === 'buyerCancel') {
      const res = await call(buyer, 'DELETE', `/orders/cancel/${order.id}`);
      allowed(res.status, res.body);
    }
    if (step.do === 'sellerCancel' && part) {
      const res = await call(part.seller, 'POST', `/seller/orders/${part.partId}/cancel`, {
        reason: 'Cannot send it.',
      });
      allowed(res.status, res.body);
    }
    if (step.do === 'deliver' && part)
      for (const action of ['accept', 'ship', 'deliver']) {
        const body = action === 'ship' ? { courier: 'Knutsford Express', trackingNumber: 'KE-1234' } : undefined;
        const res = await call(part.seller, 'POST', `/seller/orders/${part.partId}/${action}`, body);
        allowed(res.status, res.body);
        if (res.status !== 200) break;
      }
    if (step.do === 'collectCash' && part && plan.method === 'cash_on_delivery') {
      const res = await call(part.seller, 'POST', `/seller/orders/${part.partId}/payment`);
      allowed(res.status, res.body);
    }
    if (step.do === 'sweep') await sweepPastTheReturnWindow();
    if (step.do === 'payout') await payoutRun(step.outcome);
    if (step.do === 'return' && part) await returnOne(part, step);
  }
  return order.id;
}

const aReturn = fc.record({
  by: fc.constantFrom('seller' as const, 'operator' as const),
  fraction: fc.double({ min: 0.01, max: 1, noNaN: true }),
});

/** Each delivered, paid part of these orders: one unit returned, as `step` says. */
async function returnEach(orderIds: string[], step: { by: 'seller' | 'operator'; fraction: number }) {
  const parts = await db()
    .select({ id: orderParts.id, storeId: orderParts.storeId })
    .from(orderParts)
    .where(
      and(
        inArray(orderParts.orderId, orderIds),
        eq(orderParts.status, 'delivered'),
        eq(orderParts.paymentStatus, 'paid'),
      ),
    );
  for (const part of parts) await returnOne({ partId: part.id, seller: sellers[part.storeId] }, step);
}

/**
 * The buyer returns one unit of the part (refused unless delivered and paid, or when every unit is
 * asked for), then its seller refunds it, or rejects it and an operator decides a refund of
 * `fraction` of what the part may still be refunded.
 */
async function returnOne(part: { partId: string; seller: Who }, step: { by: 'seller' | 'operator'; fraction: number }) {
  const [line] = await db().select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.partId, part.partId));
  const asked = await call(buyer, 'POST', '/returns', {
    partId: part.partId,
    lines: [{ lineId: line.id, quantity: 1 }],
    reason: 'damaged',
  });
  expect([201, 409], JSON.stringify(asked.body)).toContain(asked.status);
  if (asked.status !== 201) return;
  const { id } = ReturnAnswer.parse(asked.body).request;
  if (step.by === 'seller') {
    const res = await call(part.seller, 'POST', `/seller/returns/${id}/refund`);
    expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
    return;
  }
  const rejected = await call(part.seller, 'POST', `/seller/returns/${id}/reject`, { reason: 'Used.' });
  expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
  const escalated = await call(buyer, 'POST', `/returns/${id}/escalate`);
  expect(escalated.status, JSON.stringify(escalated.body)).toBe(200);
  const left = toCents(ReturnAnswer.parse(escalated.body).request.partRefundable);
  const cents = Math.max(1, Math.floor(left * step.fraction));
  const res = await call(operator, 'POST', `/admin/disputes/${id}/decide`, {
    outcome: 'refund',
    amount: cents / 100,
    note: 'Part refund.',
  });
  expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
  if (left > 0) expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * An operator's payout run, then each payout marked as the sequence says: every payout is exactly
 * its store's available balance before the run (never more), at least the minimum; a store left
 * out had less, or no bank details.
 */
async function payoutRun(outcome: 'paid' | 'failed' | 'leave') {
  const before = new Map<string, number>();
  for (const store of STORES) before.set(store, -(await sellerSums(db(), store)).available || 0);
  const res = await call(operator, 'POST', '/admin/payout-runs');
  expect([201, 409], JSON.stringify(res.body)).toContain(res.status);
  const paid = res.status === 201 ? PayoutRunDetail.parse(res.body).payouts : [];
  for (const store of STORES) {
    const payout = paid.find((p) => p.storeId === store);
    if (payout) {
      expect(toCents(payout.amount)).toBe(before.get(store));
      expect(toCents(payout.amount)).toBeGreaterThanOrEqual(PAYOUT_MINIMUM_CENTS);
    } else if ((await storeBank(store)) !== null) expect(before.get(store)).toBeLessThan(PAYOUT_MINIMUM_CENTS);
  }
  for (const payout of paid) {
    if (outcome === 'leave') continue;
    const body =
      outcome === 'paid'
        ? { bankReference: `FT${payout.reference}`, paidOn: new Date().toISOString().slice(0, 10) }
        : { reason: 'Account number not found' };
    const marked = await call(operator, 'POST', `/admin/payouts/${payout.id}/${outcome}`, body);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
  }
}

const storeBank = async (store: string) =>
  (await db().select({ bank: stores.bankDetails }).from(stores).where(eq(stores.id, store)))[0].bank;

/** Every part of these orders moved on to delivered, as far as the shop lets it (a cancelled part stays). */
async function deliverAll(orderIds: string[]) {
  const parts = await db()
    .select({ id: orderParts.id, storeId: orderParts.storeId })
    .from(orderParts)
    .where(inArray(orderParts.orderId, orderIds));
  for (const part of parts)
    for (const action of ['accept', 'ship', 'deliver']) {
      const body = action === 'ship' ? { courier: 'Knutsford Express', trackingNumber: 'KE-1234' } : undefined;
      const res = await call(sellers[part.storeId], 'POST', `/seller/orders/${part.id}/${action}`, body);
      expect([200, 404, 409], JSON.stringify(res.body)).toContain(res.status);
      if (res.status !== 200) break;
    }
}

/** Each part's entries summed per account, in cents (debit positive). */
async function sumsByPart(partIds: string[]) {
  const rows = await db()
    .select({
      partId: ledgerEntries.partId,
      account: ledgerEntries.account,
      cents: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.partId, partIds))
    .groupBy(ledgerEntries.partId, ledgerEntries.account);
  return (partId: string, ...accounts: string[]) =>
    rows.filter((r) => r.partId === partId && accounts.includes(r.account)).reduce((n, r) => n + Number(r.cents), 0);
}

/** What each part's entries must be, from the orders, payments and refunds as the shop recorded them. */
async function checkParts(orderIds: string[]) {
  const parts = await db()
    .select({
      id: orderParts.id,
      orderId: orderParts.orderId,
      storeName: orderParts.storeName,
      subtotalCents: orderParts.subtotalCents,
      shippingCents: orderParts.shippingCents,
      status: orderParts.status,
      paymentStatus: orderParts.paymentStatus,
      commission: orderParts.commissionCents,
      gct: orderParts.commissionGctCents,
      method: orders.paymentMethod,
      orderTaxCents: orders.taxCents,
      // The part's own tax (decision 044), which its share carries.
      taxCents: orderParts.taxCents,
    })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .where(inArray(orderParts.orderId, orderIds));
  const ids = parts.map((p) => p.id);
  const refunded = await db()
    .select({ partId: refundParts.partId, cents: refundParts.amountCents })
    .from(refundParts)
    .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
    .where(and(inArray(refundParts.partId, ids), eq(refunds.status, 'refunded')));
  const returned = await db()
    .select({ partId: returnRequests.partId, cents: returnRequests.refundCents, refundStatus: refunds.status })
    .from(returnRequests)
    .leftJoin(refunds, eq(refunds.id, returnRequests.refundId))
    .where(and(inArray(returnRequests.partId, ids), sql`${returnRequests.refundCents} is not null`));
  const delivered = new Set(
    (await db().select().from(partDeliveries).where(inArray(partDeliveries.partId, ids))).map((d) => d.partId),
  );
  const sum = await sumsByPart(ids);
  for (const part of parts) {
    const share = partShares(
      part.orderTaxCents,
      parts.filter((p) => p.orderId === part.orderId),
    ).get(part.id) as number;
    const paid = part.paymentStatus === 'paid' ? 1 : 0;
    const live = part.status === 'cancelled' ? 0 : 1;
    const toMarketplace = part.method === 'cash_on_delivery' ? 0 : 1;
    const back = refunded.filter((r) => r.partId === part.id).reduce((n, r) => n + r.cents, 0);
    // Its returns: decided (owed to the buyer, charged to the seller) and made (left the marketplace's cash).
    const own = returned.filter((r) => r.partId === part.id);
    const returnedCents = own.reduce((n, r) => n + Number(r.cents), 0);
    const returnedMade = own.filter((r) => r.refundStatus === 'refunded').reduce((n, r) => n + Number(r.cents), 0);
    const halfUp = (a: number) =>
      share > 0 ? Number((BigInt(a) * BigInt(returnedCents) * 2n + BigInt(share)) / (BigInt(share) * 2n)) : 0;
    const commissionBack = halfUp(part.commission);
    const gctBack = halfUp(part.gct);
    expect(back + returnedCents, 'a part’s refunds never exceed what the buyer paid for it').toBeLessThanOrEqual(share);
    const what = `${part.method} part ${part.status}, ${part.paymentStatus}, share ${share}, returned ${returnedCents}`;
    // Cents as owed (credits negated); `|| 0` so that -0 and 0 are the same nothing.
    const expectCents = (actual: number, expected: number) => expect(actual || 0, what).toBe(expected || 0);
    expectCents(sum(part.id, 'marketplace_cash'), toMarketplace * paid * share - back - returnedMade);
    expectCents(
      -sum(part.id, 'refunds_due'),
      toMarketplace * paid * (1 - live) * share - back + returnedCents - returnedMade,
    );
    expectCents(-sum(part.id, 'commission_revenue'), paid * live * (part.commission - commissionBack));
    expectCents(-sum(part.id, 'gct_payable'), paid * live * (part.gct - gctBack));
    expectCents(
      -sum(part.id, 'seller_pending', 'seller_available'),
      paid * live * (toMarketplace * share - part.commission - part.gct) - returnedCents + commissionBack + gctBack,
    );
    if (!delivered.has(part.id)) expect(sum(part.id, 'seller_available'), what).toBe(0);
    // The sale: the buyer's payment for the part, whole, as the seller's sale.
    const sale = await db()
      .select({ kind: ledgerEntries.kind, account: ledgerEntries.account, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(
        sql`${ledgerEntries.transactionId} = (select id from ledger_transactions where key = ${`sale:${part.id}`})`,
      );
    if (paid)
      expect(
        sale.filter((e) => e.kind === 'sale' && e.account.startsWith('seller_')).map((e) => e.cents),
        what,
      ).toEqual([-share]);
    else expect(sale, what).toEqual([]);
  }
  return parts;
}

/** Every event of these parts posted again, as a replayed request or a retried door would. */
async function replay(parts: { id: string; status: string; paymentStatus: string }[]) {
  const before = await ledgerCounts(db());
  await db().transaction(async (tx) => {
    await postPartsPaid(
      tx,
      parts.filter((p) => p.paymentStatus === 'paid').map((p) => p.id),
    );
    await ledgerPartsMoved(
      tx,
      'cancelled',
      parts.filter((p) => p.status === 'cancelled').map((p) => p.id),
    );
    for (const refund of await tx.select().from(refunds).where(eq(refunds.status, 'refunded')))
      await postRefundMade(tx, refund);
    for (const r of await tx.select().from(returnRequests).where(sql`${returnRequests.refundCents} is not null`))
      await postReturnRefunded(tx, {
        id: r.id,
        orderId: r.orderId,
        partId: r.partId,
        amountCents: r.refundCents as number,
        shareCents: 1,
      });
  });
  await releaseSettledParts(db(), { now: new Date(Date.now() + 8 * DAY), returnDays: 7 });
  expect(await ledgerCounts(db())).toEqual(before);
}

describe('the books, over random sequences of money events', () => {
  it(
    'balance to the cent, per transaction, per seller and per part; a replay writes nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(anOrder, { minLength: 1, maxLength: 2 }),
          aPayoutOutcome,
          aReturn,
          async (plans, outcome, returned) => {
            const orderIds: string[] = [];
            for (const plan of plans) orderIds.push(await live(plan));
            await checkBooks(orderIds);
            // Then every delivered part's return window passes: its money is available, and still adds up.
            await sweepPastTheReturnWindow();
            await checkBooks(orderIds);
            // And the sellers deliver what is left of the last order (one only: the file must stay fast),
            // its window passes, and the operators pay it out.
            await deliverAll(orderIds.slice(-1));
            // Each of its delivered, paid parts then has a unit returned and refunded (issue 28).
            await returnEach(orderIds.slice(-1), returned);
            await checkBooks(orderIds);
            await sweepPastTheReturnWindow();
            await payoutRun(outcome);
            const parts = await checkBooks(orderIds);
            await replay(parts);
          },
        ),
        { numRuns: RUNS },
      );
    },
    30_000 + RUNS * 15_000,
  );
});

/** Every invariant, over the whole books and these orders' parts; answers the parts. */
async function checkBooks(orderIds: string[]) {
  expect(await unbalancedTransactions(db())).toEqual([]);
  const parts = await checkParts(orderIds);
  for (const store of STORES) {
    const { balance, pagination } = await earningsOf(call, sellers[store], '?limit=1');
    const sums = await sellerSums(db(), store);
    expect(toCents(balance.pending)).toBe(-sums.pending || 0);
    expect(toCents(balance.available)).toBe(-sums.available || 0);
    expect(pagination.total).toBe(
      (
        await db().select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(eq(ledgerEntries.storeId, store))
      )[0].n,
    );
  }
  const books = await marketplaceSummary(db());
  expect(books.balanced).toBe(true);
  return parts;
}
