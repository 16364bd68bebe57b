import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/lib/contract/orders';
import { toCents } from '../../../src/lib/money';
import { partShares } from '../../../src/lib/pricing';
import {
  commissionRates,
  ledgerEntries,
  ledgerTransactions,
  orderLines,
  orderParts,
  partDeliveries,
  products,
} from '../../../src/server/db/schema';
import { marketplaceSummary, releaseSettledParts, setCommissionRate } from '../../../src/server/services/ledger';
import { ledgerPartsMoved, postPartsPaid } from '../../../src/server/services/ledger/events';
import { post, UnbalancedPosting } from '../../../src/server/services/ledger/post';
import { PaymentHoldSweeper } from '../../../src/server/services/payments';
import { payOrder } from '../../../src/server/services/payments/decide';
import { gateway, log, openCardScene, paidCardOrder } from '../../fixtures/card-payments';
import { gatedSuiteRuns } from '../../fixtures/gated';
import {
  earningsOf,
  entriesOfPart,
  ledgerCounts,
  placeFrom,
  sellerSums,
  unbalancedTransactions,
} from '../../fixtures/ledger';
import {
  A,
  B,
  b,
  buyer,
  call,
  D,
  deliver,
  placeOne,
  sellerA,
  sellerB,
  sellerD,
  stranger,
  t,
} from '../../fixtures/order-scene';
import { productOf } from '../../fixtures/orders';

/*
 * The seller ledger (issue 27 #1–#3, #7, #8; docs/decisions/036) through the API and the doors of
 * money events: commission frozen at sale; a card sale, cash on delivery, a cancel and its refund,
 * a delivery and its release in the books; the books balance; a replay writes nothing; nothing
 * updates or deletes a ledger row; GET /seller/earnings is the seller's own. The marketplace is
 * GCT-registered here (15% on commission). PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

openCardScene({ MARKETPLACE_TRN: '123-456-789' });

const DAY = 86_400_000;
const db = () => t.database.db;

/** A card order of stores A and B, paid on the test gateway. */

const partOf = (order: Order, store: string) => order.sellers.find((s) => s.sellerId === store)!.partId;
const shareOf = (order: Order, store: string) =>
  partShares(
    toCents(order.tax),
    order.sellers.map((s) => ({
      id: s.partId,
      storeName: s.storeName,
      subtotalCents: toCents(s.subtotal),
      shippingCents: toCents(s.shippingCost),
    })),
  ).get(partOf(order, store))!;
const frozen = async (partId: string) =>
  (
    await db()
      .select({ commission: orderParts.commissionCents, gct: orderParts.commissionGctCents })
      .from(orderParts)
      .where(eq(orderParts.id, partId))
  )[0];

describe('commission, frozen when the order is placed', () => {
  it('is 10% of the items (not shipping), rounded once; GCT 15% of it; a later rate change does not touch it', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    // A: 2 × 12.50 + 9.99 = 34.99 → 3.499 → 3.50, GCT 0.525 → 0.53. B: 49.99 → 4.999 → 5.00, GCT 0.75.
    expect(await frozen(partOf(order, A))).toEqual({ commission: 350, gct: 53 });
    expect(await frozen(partOf(order, B))).toEqual({ commission: 500, gct: 75 });
    const lines = await db()
      .select({ bp: orderLines.commissionBasisPoints })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => l.bp)).toEqual([1_000, 1_000, 1_000]);

    await setCommissionRate(db(), { storeId: A, category: null, basisPoints: 500 });
    expect(await frozen(partOf(order, A))).toEqual({ commission: 350, gct: 53 });
    await db().delete(commissionRates);
  });

  it('the most specific rate wins: the store’s for a category, the store’s, the category’s, the marketplace’s', async () => {
    const [{ category }] = await db()
      .select({ category: products.category })
      .from(products)
      .where(eq(products.id, b.id));
    await setCommissionRate(db(), { storeId: null, category, basisPoints: 1_500 });
    await setCommissionRate(db(), { storeId: B, category: null, basisPoints: 800 });
    const byStore = (await placeOne(buyer, { paymentMethod: 'cash_on_delivery' })).order;
    // B's own 8% beats its category's 15%: 49.99 × 8% = 3.9992 → 4.00.
    expect((await frozen(partOf(byStore, B))).commission).toBe(400);
    await setCommissionRate(db(), { storeId: B, category, basisPoints: 300 });
    const byBoth = (await placeOne(buyer, { paymentMethod: 'cash_on_delivery' })).order;
    expect((await frozen(partOf(byBoth, B))).commission).toBe(150); // 3% of 49.99 = 1.4997
    // A store without its own rate: the category's, if its products are in it; else the marketplace's.
    expect((await frozen(partOf(byBoth, A))).commission).toBe(350);
    await db().delete(commissionRates);
  });
});

describe('a card sale in the books', () => {
  it('the marketplace holds the part’s share; the seller is owed it less commission and GCT, pending', async () => {
    const order = await paidCardOrder();
    const partA = partOf(order, A);
    const share = shareOf(order, A);
    expect(await entriesOfPart(db(), partA)).toEqual([
      { key: `sale:${partA}`, account: 'marketplace_cash', storeId: null, kind: 'sale', amountCents: share },
      { key: `sale:${partA}`, account: 'seller_pending', storeId: A, kind: 'sale', amountCents: -share },
      { key: `sale:${partA}`, account: 'seller_pending', storeId: A, kind: 'commission', amountCents: 350 },
      { key: `sale:${partA}`, account: 'commission_revenue', storeId: null, kind: 'commission', amountCents: -350 },
      { key: `sale:${partA}`, account: 'seller_pending', storeId: A, kind: 'gct_on_commission', amountCents: 53 },
      { key: `sale:${partA}`, account: 'gct_payable', storeId: null, kind: 'gct_on_commission', amountCents: -53 },
    ]);
    const earnings = await earningsOf(call, sellerA, '?limit=100');
    const mine = earnings.entries.filter((e) => e.partId === partA);
    expect(mine.map((e) => [e.kind, e.balance, toCents(e.amount)])).toEqual([
      ['sale', 'pending', share],
      ['commission', 'pending', -350],
      ['gct_on_commission', 'pending', -53],
    ]);
    expect(mine[0].orderNumber).toBe(order.orderNumber);
    // The balance is the sum of the store's entries, as the seller reads them.
    const sums = await sellerSums(db(), A);
    expect(toCents(earnings.balance.pending)).toBe(-sums.pending || 0);
    expect(toCents(earnings.balance.available)).toBe(-sums.available || 0);
    expect(earnings.balance.paidOut).toBe(0);
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect((await marketplaceSummary(db())).balanced).toBe(true);
  });

  it('a replay of the payment, the cancel or the delivery writes nothing', async () => {
    const order = await paidCardOrder();
    const parts = order.sellers.map((s) => s.partId);
    expect((await call(sellerA, 'POST', `/seller/orders/${partOf(order, A)}/cancel`, { reason: 'Gone.' })).status).toBe(
      200,
    );
    await deliver(sellerB, order.id);
    const before = await ledgerCounts(db());
    const deliveries = await db()
      .select()
      .from(partDeliveries)
      .where(eq(partDeliveries.partId, partOf(order, B)));
    await db().transaction(async (tx) => {
      await postPartsPaid(tx, parts);
      await ledgerPartsMoved(tx, 'cancelled', [partOf(order, A)]);
      await ledgerPartsMoved(tx, 'delivered', [partOf(order, B)]);
    });
    await db().transaction((tx) => postPartsPaid(tx, parts));
    expect(await ledgerCounts(db())).toEqual(before);
    expect(
      await db()
        .select()
        .from(partDeliveries)
        .where(eq(partDeliveries.partId, partOf(order, B))),
    ).toEqual(deliveries);
  });
});

describe('cancelled, refunded, delivered, released', () => {
  it('a seller cancels a paid card part: reversed, then refunded; the other part is untouched', async () => {
    const order = await paidCardOrder();
    const before = await marketplaceSummary(db());
    const partA = partOf(order, A);
    const cancel = await call(sellerA, 'POST', `/seller/orders/${partA}/cancel`, { reason: 'Out of stock, sorry.' });
    expect(cancel.status).toBe(200);
    const entries = await entriesOfPart(db(), partA);
    const by = (key: string) => entries.filter((e) => e.key === key);
    expect(by(`cancel:${partA}`).map((e) => [e.account, e.kind, e.amountCents])).toEqual([
      ['refunds_due', 'cancellation', -shareOf(order, A)],
      ['seller_pending', 'cancellation', shareOf(order, A)],
      ['seller_pending', 'cancellation', -350],
      ['commission_revenue', 'cancellation', 350],
      ['seller_pending', 'cancellation', -53],
      ['gct_payable', 'cancellation', 53],
    ]);
    expect(by(`refund:${partA}`).map((e) => [e.account, e.amountCents])).toEqual([
      ['refunds_due', shareOf(order, A)],
      ['marketplace_cash', -shareOf(order, A)],
    ]);
    // The part's entries on the seller's accounts now add up to nothing.
    expect(entries.filter((e) => e.storeId).reduce((n, e) => n + e.amountCents, 0)).toBe(0);
    const after = await marketplaceSummary(db());
    expect(after.holdsCents).toBe(before.holdsCents - shareOf(order, A));
    expect(after.commissionEarnedCents).toBe(before.commissionEarnedCents - 350);
    expect(after.refundsDueCents).toBe(before.refundsDueCents);
    expect(after.balanced).toBe(true);
    expect(await entriesOfPart(db(), partOf(order, B))).toHaveLength(6);
  });

  it('cash on delivery: the seller owes its commission, a negative pending balance that becomes available after the return window', async () => {
    // Store D sells only this, so its balance is this part's alone.
    const d = await productOf(db(), D, { priceCents: 2_000, stock: 10 });
    const { order } = await placeFrom(buyer, [{ storeId: D, productId: d.id, quantity: 3 }], 'cash_on_delivery');
    const partD = partOf(order, D);
    await deliver(sellerD, order.id);
    expect((await call(sellerD, 'POST', `/seller/orders/${partD}/payment`)).status).toBe(200);
    // 10% of 60.00 = 6.00, GCT 0.90: the seller owes 6.90.
    const owed = 600 + 90;
    const share = toCents(order.total);
    expect((await entriesOfPart(db(), partD)).map((e) => [e.account, e.kind, e.amountCents])).toEqual([
      ['seller_pending', 'sale', -share],
      ['seller_pending', 'cash_collected', share],
      ['seller_pending', 'commission', 600],
      ['commission_revenue', 'commission', -600],
      ['seller_pending', 'gct_on_commission', 90],
      ['gct_payable', 'gct_on_commission', -90],
    ]);
    expect((await earningsOf(call, sellerD)).balance).toEqual({
      pending: -6.9,
      available: 0,
      paidOut: 0,
      inTransit: 0,
    });

    // Six days later: still inside the window. Eight: released, by the sweeper, once.
    const sweeper = new PaymentHoldSweeper(db(), gateway.provider, { holdMinutes: 30, returnDays: 7, log });
    await sweeper.sweep(new Date(Date.now() + 6 * DAY));
    expect((await entriesOfPart(db(), partD)).some((e) => e.kind === 'release')).toBe(false);
    await sweeper.sweep(new Date(Date.now() + 8 * DAY));
    await sweeper.sweep(new Date(Date.now() + 9 * DAY));
    expect((await entriesOfPart(db(), partD)).filter((e) => e.kind === 'release')).toEqual([
      { key: `release:${partD}`, account: 'seller_pending', storeId: D, kind: 'release', amountCents: -owed },
      { key: `release:${partD}`, account: 'seller_available', storeId: D, kind: 'release', amountCents: owed },
    ]);
    // Owed to the marketplace, carried over: shown as a negative available balance.
    expect((await earningsOf(call, sellerD)).balance).toEqual({
      pending: 0,
      available: -6.9,
      paidOut: 0,
      inTransit: 0,
    });
  });

  it('a delivered card part is released after RETURN_DAYS; cash recorded after the release is available at once', async () => {
    const order = await paidCardOrder();
    await deliver(sellerA, order.id);
    const partA = partOf(order, A);
    const owed = shareOf(order, A) - 350 - 53;
    expect(await releaseSettledParts(db(), { now: new Date(Date.now() + 3 * DAY), returnDays: 7 })).toBe(0);
    expect(
      await releaseSettledParts(db(), { now: new Date(Date.now() + 7 * DAY + 60_000), returnDays: 7 }),
    ).toBeGreaterThan(0);
    const release = (await entriesOfPart(db(), partA)).filter((e) => e.kind === 'release');
    expect(release.map((e) => [e.account, e.amountCents])).toEqual([
      ['seller_pending', owed],
      ['seller_available', -owed],
    ]);
    expect(await releaseSettledParts(db(), { now: new Date(Date.now() + 30 * DAY), returnDays: 7 })).toBe(0);

    // A cash-on-delivery part delivered, released with nothing in it, then its cash recorded late.
    const { order: cod } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    await deliver(sellerA, cod.id);
    await releaseSettledParts(db(), { now: new Date(Date.now() + 8 * DAY), returnDays: 7 });
    const partCod = partOf(cod, A);
    expect(await entriesOfPart(db(), partCod)).toEqual([]);
    expect((await call(sellerA, 'POST', `/seller/orders/${partCod}/payment`)).status).toBe(200);
    const late = await entriesOfPart(db(), partCod);
    expect(new Set(late.filter((e) => e.storeId).map((e) => e.account))).toEqual(new Set(['seller_available']));
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('the buyer cancels a paid bank-transfer order: what it paid is owed back to the buyer until an operator refunds it', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
    const before = await marketplaceSummary(db());
    // What an operator's recorded transfer does: the order paid through the one door (payments/decide.ts).
    await db().transaction((tx) => payOrder(tx, order.id));
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
    const after = await marketplaceSummary(db());
    const total = toCents(order.total);
    expect(after.holdsCents - before.holdsCents).toBe(total);
    expect(after.refundsDueCents - before.refundsDueCents).toBe(total);
    expect(after.owedToSellersCents).toBe(before.owedToSellersCents);
    expect(after.commissionEarnedCents).toBe(before.commissionEarnedCents);
    expect(after.balanced).toBe(true);
  });
});

describe('the books themselves', () => {
  it('refuse entries that do not add up to zero, or a seller account without its store, writing nothing', async () => {
    const before = await ledgerCounts(db());
    const bad = [
      [{ account: 'marketplace_cash', kind: 'sale', amountCents: 100 }],
      [
        { account: 'marketplace_cash', kind: 'sale', amountCents: 100 },
        { account: 'seller_pending', kind: 'sale', amountCents: -100 },
      ],
      [
        { account: 'marketplace_cash', kind: 'sale', amountCents: 100.5 },
        { account: 'commission_revenue', kind: 'sale', amountCents: -100.5 },
      ],
    ] as const;
    for (const entries of bad)
      await expect(
        db().transaction((tx) => post(tx, { key: `test:${crypto.randomUUID()}`, event: 'test', entries })),
      ).rejects.toThrow(UnbalancedPosting);
    expect(await ledgerCounts(db())).toEqual(before);
  });

  it('refuse every update and delete of a ledger row', async () => {
    await paidCardOrder();
    const before = await ledgerCounts(db());
    const [one] = await db().select().from(ledgerEntries).limit(1);
    await expect(
      db().update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.id, one.id)),
    ).rejects.toThrow();
    await expect(db().delete(ledgerEntries).where(eq(ledgerEntries.id, one.id))).rejects.toThrow();
    await expect(
      db().update(ledgerTransactions).set({ key: 'changed' }).where(eq(ledgerTransactions.id, one.transactionId)),
    ).rejects.toThrow();
    await expect(db().delete(ledgerTransactions)).rejects.toThrow();
    await expect(db().execute(sql`truncate ledger_entries, ledger_transactions`)).rejects.toThrow();
    expect(await ledgerCounts(db())).toEqual(before);
    expect((await db().select().from(ledgerEntries).where(eq(ledgerEntries.id, one.id)))[0]).toEqual(one);
  });
});

describe('GET /seller/earnings', () => {
  it('is the seller’s own: signed out 401, a buyer 403, another store’s entries never', async () => {
    await paidCardOrder();
    expect((await call(null, 'GET', '/seller/earnings')).status).toBe(401);
    expect((await call(stranger, 'GET', '/seller/earnings')).status).toBe(403);
    const mine = await earningsOf(call, sellerA, '?limit=100');
    const partIds = mine.entries.map((e) => e.partId).filter((id): id is string => id !== null);
    const stores = await db()
      .selectDistinct({ storeId: orderParts.storeId })
      .from(orderParts)
      .where(inArray(orderParts.id, [...new Set(partIds)]));
    expect(stores).toEqual([{ storeId: A }]);
  });

  it('filters by kind, pages newest first, and refuses a kind it does not know', async () => {
    await paidCardOrder();
    const commissions = await earningsOf(call, sellerB, '?kind=commission&limit=2');
    expect(commissions.entries.every((e) => e.kind === 'commission')).toBe(true);
    expect(commissions.entries.length).toBeLessThanOrEqual(2);
    expect(commissions.pagination.total).toBeGreaterThanOrEqual(2);
    const all = await earningsOf(call, sellerB, '?limit=100');
    const times = all.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await earningsOf(call, sellerB, '?limit=1&page=2');
    expect(second.entries[0].id).toBe(all.entries[1].id);
    const bad = await call(sellerB, 'GET', '/seller/earnings?kind=bonus');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.kind).toMatch(/kind must be one of sale, commission/);
  });
});

const onPostgres = gatedSuiteRuns('postgres', Boolean(process.env.TEST_DATABASE_URL), 'TEST_DATABASE_URL');

describe.skipIf(!onPostgres)('on PostgreSQL: the same event at the same moment', () => {
  it('posted by two transactions at once is written once', async () => {
    const key = `race:${crypto.randomUUID()}`;
    const entries = [
      { account: 'marketplace_cash', kind: 'sale', amountCents: 1_234 },
      { account: 'seller_pending', storeId: A, kind: 'sale', amountCents: -1_234 },
    ] as const;
    const before = await ledgerCounts(db());
    // The first holds its insert uncommitted while the second arrives: the second waits on the key, then writes nothing.
    const outcomes = await Promise.all([
      db().transaction(async (tx) => {
        const posted = await post(tx, { key, event: 'race', entries });
        await new Promise((resolve) => setTimeout(resolve, 300));
        return posted;
      }),
      new Promise<string>((resolve, reject) =>
        setTimeout(
          () =>
            db()
              .transaction((tx) => post(tx, { key, event: 'race', entries }))
              .then(resolve, reject),
          100,
        ),
      ),
    ]);
    expect(outcomes.sort()).toEqual(['posted', 'replayed']);
    const after = await ledgerCounts(db());
    expect(after).toEqual({ transactions: before.transactions + 1, entries: before.entries + 2 });
  });

  it('a cash payment recorded twice at once and two sweeps at once: one sale, one release', async () => {
    const d = await productOf(db(), D, { priceCents: 1_500, stock: 10 });
    const { order } = await placeFrom(buyer, [{ storeId: D, productId: d.id, quantity: 1 }], 'cash_on_delivery');
    const partD = partOf(order, D);
    await deliver(sellerD, order.id);
    const answers = await Promise.all([
      call(sellerD, 'POST', `/seller/orders/${partD}/payment`),
      call(sellerD, 'PUT', `/orders/update-status/${order.id}`, { status: 'delivered', paymentReceived: true }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const later = new Date(Date.now() + 8 * DAY);
    await Promise.all([
      releaseSettledParts(db(), { now: later, returnDays: 7 }),
      releaseSettledParts(db(), { now: later, returnDays: 7 }),
    ]);
    const keys = (await entriesOfPart(db(), partD)).map((e) => e.key);
    expect(keys.filter((k) => k.startsWith('sale:'))).toHaveLength(6);
    expect(keys.filter((k) => k.startsWith('release:'))).toHaveLength(2);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });
});

describe('GET /selling-terms', () => {
  it('says what selling costs as the shop is configured, to anyone', async () => {
    const res = await call(null, 'GET', '/selling-terms');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      commissionRate: 0.1,
      gctOnCommissionRate: 0.15,
      returnDays: 14,
      payoutMinimum: 20,
    });
  });
});
