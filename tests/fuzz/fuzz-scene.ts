import { sql } from 'drizzle-orm';
import { DEMO_OPERATOR_EMAIL, sellerEmail } from '../../src/server/db/seed/sample-catalog';
import type { TestApp } from '../fixtures/app';
import { fillCart, KINGSTON_ADDRESS, signIn } from '../fixtures/orders';
import { storeApplication } from '../fixtures/store-application';
import type { LateContext } from './late-values';

/*
 * What the fuzzer starts from, made through the API as people would: a registered buyer (its
 * address not yet verified) with an address book and orders with two sellers, the seller of some
 * of those orders who has moved its parts along (one delivered, so the buyer may review and rate),
 * an operator, and two applicants whose stores wait for the operator.
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

export async function setUpScene(t: TestApp): Promise<{ sessions: Sessions; late: LateContext }> {
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
  await placeBuyerOrders(t, sessions);
  await moveSellerParts(t, sessions);
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

/** An address and several orders per seller: the buyer's cancels and the seller's moves use them up. */
async function placeBuyerOrders(t: TestApp, sessions: Sessions) {
  const auth = bearer(sessions.buyer.token);
  const list = await rowsOf<{ id: string; store: string; rate: string }>(
    t,
    sql`select distinct on (p.store_id) p.id as id, p.store_id as store, r.id as rate from products p
      join shipping_rates r on r.store_id = p.store_id
      join shipping_rate_parishes rp on rp.rate_id = r.id and rp.parish = 'St. Andrew'
     where p.stock > 5 and p.store_id in (${SELLER_STORE}, ${OTHER_STORE})
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
