import { sql } from 'drizzle-orm';
import { PlaceOrderAnswer } from '../../src/lib/contract/orders';
import { DEMO_OPERATOR_EMAIL, sellerEmail } from '../../src/server/db/seed/sample-catalog';
import { releaseSettledParts } from '../../src/server/services/ledger';
import type { TestApp } from '../fixtures/app';
import { fillCart, KINGSTON_ADDRESS, signIn } from '../fixtures/orders';
import { card, payOnHostedPage } from '../fixtures/payments/test-gateway-browser';
import { storeApplication } from '../fixtures/store-application';
import type { LateContext } from './late-values';

/*
 * What the fuzzer starts from, made through the API as people would: a registered buyer (its
 * address not yet verified) with an address book and orders with two sellers, the seller of some
 * of those orders who has moved its parts along (one delivered, so the buyer may review and rate),
 * an operator, and two applicants whose stores wait for the operator. The buyer also has card
 * orders (the app's gateway is the offline test gateway, tests/api/fuzz.test.ts): one still
 * awaiting its payment, and three paid or declined on the gateway's hosted page whose returns the
 * browser has not brought back yet, so the return and the callback have real answers to verify.
 * And money owed back for the operators to settle: an over-paid bank-transfer order, and a paid
 * card order cancelled while the gateway refused its refunds. And money for a payout run (decision
 * 039): a card order of both sellers, paid, delivered and past its return window, so each of the
 * two stores (with bank details) has at least the payout minimum available.
 */

export type Principal = 'guest' | 'buyer' | 'seller' | 'operator';
export const PRINCIPALS: Principal[] = ['guest', 'buyer', 'seller', 'operator'];
export type Sessions = Record<Exclude<Principal, 'guest'>, { id: string; token: string }>;

export const FUZZ_PASSWORD = 'fuzz-password-1';
export const BUYER_EMAIL = 'fuzz-buyer@yaad.test';
export const SELLER_STORE = 'blue-mountain-roasters';
export const OTHER_STORE = 'half-way-tree-electronics';
export const ADDRESS = { ...KINGSTON_ADDRESS, state: 'St. Andrew' };

type Row = Record<string, string>;
const rowsOf = async <R = Row>(t: TestApp, query: ReturnType<typeof sql>): Promise<R[]> => {
  const r = (await t.database.db.execute(query)) as unknown as { rows: R[] } | R[];
  return Array.isArray(r) ? r : r.rows;
};

async function must(t: TestApp, what: string, path: string, init: Parameters<TestApp['call']>[1]) {
  const res = await t.call(path, init);
  if (res.status >= 300) throw new Error(`the fuzzer's scene: ${what} answered ${res.status}: ${await res.text()}`);
  return res.headers.get('content-type')?.includes('json') ? res.json() : undefined;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The gateway's returns of the scene's card orders (PowerTranz `Response` texts), not yet sent to the shop. */
export type CardReturns = { approved: [string, string]; declined: string };

export async function setUpScene(
  t: TestApp,
): Promise<{ sessions: Sessions; late: LateContext; cardReturns: CardReturns }> {
  const db = t.database.db;
  // A registered buyer (with a password, so login, reset and change-password can succeed too).
  await must(t, 'registering the buyer', '/auth/register', {
    method: 'POST',
    json: { name: 'Fuzz Buyer', email: BUYER_EMAIL, password: FUZZ_PASSWORD },
  });
  const sessions: Sessions = {
    buyer: await signIn(db, BUYER_EMAIL, 'Fuzz Buyer'),
    seller: await signIn(db, sellerEmail(SELLER_STORE)),
    operator: await signIn(db, DEMO_OPERATOR_EMAIL),
  };
  const products = await placeBuyerOrders(t, sessions);
  await moveSellerParts(t, sessions);
  const cardReturns = await placeCardOrders(t, sessions, products);
  // Before the bank-transfer order awaiting its transfer: that one stays the buyer's newest.
  await owedBack(t, sessions, products);
  await placeBankTransferOrder(t, sessions, products);
  await availableForPayouts(t, sessions, products);
  await returnOwedInCash(t, sessions, products);
  // Two stores waiting for the operator (one to approve, one to reject).
  for (const n of [1, 2]) {
    const applicant = await signIn(db, `fuzz-applicant-${n}@yaad.test`, `Applicant ${n}`);
    await must(t, 'an application', '/seller/apply', {
      method: 'POST',
      headers: bearer(applicant.token),
      json: storeApplication({ name: `Fuzz Applicant Store ${n}`, email: `fuzz-applicant-${n}@yaad.test` }),
    });
  }
  return {
    sessions,
    cardReturns,
    late: {
      db,
      buyerId: sessions.buyer.id,
      buyerEmail: BUYER_EMAIL,
      sellerStore: SELLER_STORE,
      otherSellerStore: OTHER_STORE,
      serial: { n: 0 },
    },
  };
}

type SceneProduct = { id: string; store: string; rate: string };

/** An address and several orders per seller: the buyer's cancels and the seller's moves use them up. */
async function placeBuyerOrders(t: TestApp, sessions: Sessions): Promise<SceneProduct[]> {
  const auth = bearer(sessions.buyer.token);
  // Six cash orders and four card orders of each product.
  const list = await rowsOf<SceneProduct>(
    t,
    sql`select distinct on (p.store_id) p.id as id, p.store_id as store, r.id as rate from products p
      join shipping_rates r on r.store_id = p.store_id
      join shipping_rate_parishes rp on rp.rate_id = r.id and rp.parish = 'St. Andrew'
     where p.stock > 10 and p.store_id in (${SELLER_STORE}, ${OTHER_STORE})
     order by p.store_id, p.id, r.id`,
  );
  await must(t, "the buyer's address", '/users/addresses', {
    method: 'POST',
    headers: auth,
    json: { label: 'Home', line1: '14 Hope Road', town: 'Kingston 6', parish: 'St. Andrew', country: 'Jamaica' },
  });
  for (const p of [...list, ...list, ...list, ...list, ...list, ...list]) {
    await fillCart(t.database.db, sessions.buyer.id, [{ productId: p.id, quantity: 1 }]);
    await must(t, 'an order', '/orders/place', {
      method: 'POST',
      headers: auth,
      json: {
        items: [{ productId: p.id, quantity: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'cash_on_delivery',
        shippingSelections: [{ sellerId: p.store, shippingRateId: p.rate }],
      },
    });
  }
  return list;
}

/**
 * Four card orders with both sellers: the first stays awaiting its payment untouched; on the
 * others the shopper pays on the test gateway's hosted page (two approved cards, one declined),
 * and the return its page would post is kept for the valid round to bring back.
 */
async function placeCardOrders(t: TestApp, sessions: Sessions, products: SceneProduct[]): Promise<CardReturns> {
  const returns: string[] = [];
  for (const cardNumber of [undefined, '4111 1111 1111 1111', '4111 1111 1111 1111', '4000 0000 0000 0002']) {
    await fillCart(
      t.database.db,
      sessions.buyer.id,
      products.map((p) => ({ productId: p.id, quantity: 1 })),
    );
    const placed = PlaceOrderAnswer.parse(
      await must(t, 'a card order', '/orders/place', {
        method: 'POST',
        headers: bearer(sessions.buyer.token),
        json: {
          items: products.map((p) => ({ productId: p.id, quantity: 1 })),
          shippingAddress: ADDRESS,
          paymentMethod: 'credit_card',
          shippingSelections: products.map((p) => ({ sellerId: p.store, shippingRateId: p.rate })),
        },
      }),
    );
    if (!placed.payment) throw new Error("the fuzzer's scene: a card order started no payment at the test gateway");
    if (!cardNumber) continue;
    const paid = await payOnHostedPage(placed.payment.next, card(cardNumber));
    if (!paid.returned)
      throw new Error(`the fuzzer's scene: the test gateway sent no return: ${paid.html.slice(0, 200)}`);
    returns.push(paid.returned.body.Response);
  }
  return { approved: [returns[0], returns[1]], declined: returns[2] };
}

/** A bank-transfer order with both sellers, awaiting its transfer to the marketplace (docs/decisions/034). */
async function placeBankTransferOrder(t: TestApp, sessions: Sessions, products: SceneProduct[]) {
  await fillCart(
    t.database.db,
    sessions.buyer.id,
    products.map((p) => ({ productId: p.id, quantity: 1 })),
  );
  await must(t, 'a bank-transfer order', '/orders/place', {
    method: 'POST',
    headers: bearer(sessions.buyer.token),
    json: {
      items: products.map((p) => ({ productId: p.id, quantity: 1 })),
      shippingAddress: ADDRESS,
      paymentMethod: 'bank_transfer',
      shippingSelections: products.map((p) => ({ sellerId: p.store, shippingRateId: p.rate })),
    },
  });
}

/**
 * What the marketplace owes the buyer back, for the operators' refund calls (decision 034's
 * update): a bank-transfer order over-paid by US$100, and a card order paid, then cancelled part
 * by part (its seller's part, then the rest by the buyer) while the gateway refuses refunds.
 */
async function owedBack(t: TestApp, sessions: Sessions, products: SceneProduct[]) {
  const items = products.map((p) => ({ productId: p.id, quantity: 1 }));
  const place = async (paymentMethod: string) => {
    await fillCart(t.database.db, sessions.buyer.id, items);
    return PlaceOrderAnswer.parse(
      await must(t, `a ${paymentMethod} order`, '/orders/place', {
        method: 'POST',
        headers: bearer(sessions.buyer.token),
        json: {
          items,
          shippingAddress: ADDRESS,
          paymentMethod,
          shippingSelections: products.map((p) => ({ sellerId: p.store, shippingRateId: p.rate })),
        },
      }),
    );
  };
  const bank = await place('bank_transfer');
  await must(t, 'an over-payment', '/admin/payments/bank-transfers', {
    method: 'POST',
    headers: bearer(sessions.operator.token),
    json: {
      orderNumber: bank.order.orderNumber,
      amountCents: Math.round(bank.order.total * 100) + 10_000,
      receivedOn: '2026-01-02',
      bankReference: 'FT-SCENE-OVER',
    },
  });

  const byCard = await place('credit_card');
  if (!byCard.payment) throw new Error("the fuzzer's scene: a card order started no payment at the test gateway");
  const paid = await payOnHostedPage(byCard.payment.next, card('4111 1111 1111 1111'));
  if (!paid.returned) throw new Error("the fuzzer's scene: the test gateway sent no return");
  await must(t, 'a card payment', '/payments/callback', {
    method: 'POST',
    json: { Response: paid.returned.body.Response },
  });
  // The merchant gave it all back in the gateway's own back office: the gateway refuses any refund.
  await t.database.db.execute(
    sql`update test_gateway_transactions set refunded_cents = amount_cents
         where id in (select gateway_reference from payments where order_id = ${byCard.order.id})`,
  );
  const part = byCard.order.sellers.find((s) => s.sellerId === SELLER_STORE);
  await must(t, "the seller's cancel", `/seller/orders/${part?.partId}/cancel`, {
    method: 'POST',
    headers: bearer(sessions.seller.token),
    json: { reason: 'Sold out in the shop, sorry.' },
  });
  await must(t, "the buyer's cancel", `/orders/cancel/${byCard.order.id}`, {
    method: 'DELETE',
    headers: bearer(sessions.buyer.token),
  });
}

/** The seller moves its first parts: two delivered, one shipped, one processing; the others stay pending. */
async function moveSellerParts(t: TestApp, sessions: Sessions) {
  const auth = bearer(sessions.seller.token);
  const parts = await rowsOf<{ id: string }>(
    t,
    sql`select p.id as id from order_parts p join orders o on o.id = p.order_id
         where o.buyer_id = ${sessions.buyer.id} and p.store_id = ${SELLER_STORE} order by p.created_at, p.id`,
  );
  const steps = ['accept', 'ship', 'deliver'] as const;
  const moves = [3, 3, 2, 1];
  for (const [i, n] of moves.entries()) {
    for (const step of steps.slice(0, n))
      await must(t, `the seller's ${step}`, `/seller/orders/${parts[i].id}/${step}`, {
        method: 'POST',
        headers: auth,
        json: step === 'ship' ? { courier: 'Zipmail', trackingNumber: `ZM-SCENE-${i}` } : undefined,
      });
  }
}

/**
 * Money for the operators' payout run: a card order with three of each seller's product, paid
 * through the gateway's callback, accepted, shipped and delivered by both sellers, then released
 * as the sweeper would after the return window (its clock 8 days on). Each store has bank details
 * (a sample store without them is given the sample account the seed gives the others).
 */
async function availableForPayouts(t: TestApp, sessions: Sessions, products: SceneProduct[]) {
  const db = t.database.db;
  const items = products.map((p) => ({ productId: p.id, quantity: 3 }));
  await fillCart(db, sessions.buyer.id, items);
  const placed = PlaceOrderAnswer.parse(
    await must(t, 'a card order to pay out', '/orders/place', {
      method: 'POST',
      headers: bearer(sessions.buyer.token),
      json: {
        items,
        shippingAddress: ADDRESS,
        paymentMethod: 'credit_card',
        shippingSelections: products.map((p) => ({ sellerId: p.store, shippingRateId: p.rate })),
      },
    }),
  );
  if (!placed.payment) throw new Error("the fuzzer's scene: a card order started no payment at the test gateway");
  const paid = await payOnHostedPage(placed.payment.next, card('4111 1111 1111 1111'));
  if (!paid.returned) throw new Error("the fuzzer's scene: the test gateway sent no return");
  await must(t, 'a card payment', '/payments/callback', {
    method: 'POST',
    json: { Response: paid.returned.body.Response },
  });
  const other = await signIn(db, sellerEmail(OTHER_STORE));
  for (const part of placed.order.sellers) {
    const token = part.sellerId === SELLER_STORE ? sessions.seller.token : other.token;
    for (const step of ['accept', 'ship', 'deliver'] as const)
      await must(t, `the seller's ${step}`, `/seller/orders/${part.partId}/${step}`, {
        method: 'POST',
        headers: bearer(token),
        json: step === 'ship' ? { courier: 'Zipmail', trackingNumber: `ZM-PAYOUT-${part.partId}` } : undefined,
      });
  }
  await releaseSettledParts(db, { now: new Date(Date.now() + 8 * 86_400_000), returnDays: 7 });
  // A return request of one unit of the seller's part (issue 28), for the fuzzer to reject, escalate and close.
  const own = placed.order.sellers.find((p) => p.sellerId === SELLER_STORE);
  if (!own) throw new Error("the fuzzer's scene: the payout order has no part of the fuzzing seller");
  await must(t, 'a return request', '/returns', {
    method: 'POST',
    headers: bearer(sessions.buyer.token),
    json: { partId: own.partId, lines: [{ lineId: own.items[0].id, quantity: 1 }], reason: 'wrong_item' },
  });

  const sample = {
    bankName: 'NCB (sample)',
    branch: 'Half Way Tree',
    accountName: 'Fuzz Store (sample)',
    accountNumber: '0000-0000-0099',
  };
  await db.execute(
    sql`update stores set bank_details = ${JSON.stringify(sample)}::jsonb
         where id in (${SELLER_STORE}, ${OTHER_STORE}) and bank_details is null`,
  );
  // At least the default PAYOUT_MINIMUM (US$20) each, as the sellers read it.
  for (const token of [sessions.seller.token, other.token]) {
    const earnings = (await must(t, "a seller's earnings", '/seller/earnings', { headers: bearer(token) })) as {
      balance: { available: number };
    };
    if (earnings.balance.available < 20)
      throw new Error(`the fuzzer's scene: US$${earnings.balance.available} available, under the payout minimum`);
  }
}

/**
 * A return's refund the operators owe (issue 28, decision 042): a cash-on-delivery order of one
 * of the fuzzing seller's products, delivered and its cash recorded, one unit asked back and
 * refunded by the seller, for the operator to record as paid back in cash.
 */
async function returnOwedInCash(t: TestApp, sessions: Sessions, products: SceneProduct[]) {
  const own = products.find((p) => p.store === SELLER_STORE);
  if (!own) throw new Error("the fuzzer's scene: no product of the fuzzing seller");
  const items = [{ productId: own.id, quantity: 1 }];
  await fillCart(t.database.db, sessions.buyer.id, items);
  const placed = PlaceOrderAnswer.parse(
    await must(t, 'a cash-on-delivery order to return', '/orders/place', {
      method: 'POST',
      headers: bearer(sessions.buyer.token),
      json: {
        items,
        shippingAddress: ADDRESS,
        paymentMethod: 'cash_on_delivery',
        shippingSelections: [{ sellerId: own.store, shippingRateId: own.rate }],
      },
    }),
  );
  const part = placed.order.sellers[0];
  const auth = bearer(sessions.seller.token);
  for (const step of ['accept', 'ship', 'deliver', 'payment'] as const)
    await must(t, `the seller's ${step}`, `/seller/orders/${part.partId}/${step}`, {
      method: 'POST',
      headers: auth,
      json: step === 'ship' ? { courier: 'Zipmail', trackingNumber: `ZM-RETURN-${part.partId}` } : undefined,
    });
  const asked = (await must(t, 'a return of cash-on-delivery items', '/returns', {
    method: 'POST',
    headers: bearer(sessions.buyer.token),
    json: { partId: part.partId, lines: [{ lineId: part.items[0].id, quantity: 1 }], reason: 'damaged' },
  })) as { request: { id: string } };
  await must(t, "the seller's refund of a return", `/seller/returns/${asked.request.id}/refund`, {
    method: 'POST',
    headers: auth,
  });
}
