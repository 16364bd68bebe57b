import { sql } from 'drizzle-orm';
import { monthBounds, nextMonth, shopDay, shopMonth } from '../../src/lib/shop-time';
import type { Db } from '../../src/server/db/client';
import { issueCommissionInvoices } from '../../src/server/services/tax-documents/commission-invoices';

/*
 * Values the fuzzer can only know when it sends a request, not when it draws it (every request is
 * drawn before the first is sent): the newest token the shop mailed, a store waiting for an
 * operator, the buyer's review, a seller's part that can still be shipped. A drawn request holds
 * a placeholder (`late('pendingStore')`), replaced just before sending by what the database says
 * then. Tokens are read from the mail the shop wrote (the outbox), as the person would read them
 * from their inbox: the shop stores only their hashes.
 */

/** The accounts and stores whose state the late values read (set up in fuzz-scene.ts). */
export type LateContext = {
  db: Db;
  buyerId: string;
  buyerEmail: string;
  sellerStore: string;
  /** The store the buyer also orders from: never suspended or decided on by the operator. */
  otherSellerStore: string;
  /** A counter, for values that must be new each time (a SKU). */
  serial: { n: number };
};

const rows = async <R>(db: Db, query: ReturnType<typeof sql>): Promise<R[]> => {
  const r = (await db.execute(query)) as unknown as { rows: R[] } | R[];
  return Array.isArray(r) ? r : r.rows;
};
const first = async (db: Db, query: ReturnType<typeof sql>): Promise<string | undefined> =>
  (await rows<{ v: string }>(db, query))[0]?.v;

/** The token of the newest mailed link of this kind (`/reset-password#token=…`) to `to` (anyone when omitted). */
const mailedToken = async (db: Db, link: string, to?: string) => {
  const text = await first(
    db,
    sql`select text as v from mail_outbox where text like ${`%${link}#token=%`} ${to ? sql`and to_address = ${to}` : sql``}
         order by created_at desc, id desc limit 1`,
  );
  return text?.match(new RegExp(`${link.replace(/[/]/g, '\\/')}#token=([\\w-]{43})`))?.[1];
};

/** A card order awaiting its payment is not its sellers' yet (docs/decisions/029): none of theirs to act on. */
const sellersSee = sql`o.awaiting_payment_until is null`;

/** A seller's part of the buyer's orders in one of these states, the oldest first. */
const partIn = (c: LateContext, statuses: string[]) =>
  first(
    c.db,
    sql`select p.id as v from order_parts p join orders o on o.id = p.order_id
         where o.buyer_id = ${c.buyerId} and p.store_id = ${c.sellerStore} and ${sellersSee}
           and p.status in (${sql.join(
             statuses.map((s) => sql`${s}`),
             sql`, `,
           )}) order by p.created_at, p.id limit 1`,
  );

/** A column of the buyer's oldest return whose refund is owed by the operators (decision 042). */
const returnOwed = (c: LateContext, column: 'r.id' | 'r.refund_cents::text') =>
  first(
    c.db,
    sql`select ${sql.raw(column)} as v from return_requests r join orders o on o.id = r.order_id
         where r.buyer_id = ${c.buyerId} and r.status in ('refunded', 'decided') and r.refund_id is null
           and r.refund_cents > 0 and o.payment_method in ('cash_on_delivery', 'bank_transfer')
         order by r.created_at, r.id limit 1`,
  );

/** A column of the oldest line of the seller's delivered paid parts of the buyer's with units not yet asked to be returned. */
const returnable = (c: LateContext, column: 'l.id' | 'l.part_id') =>
  first(
    c.db,
    sql`select ${sql.raw(column)} as v from order_lines l join order_parts p on p.id = l.part_id
         join orders o on o.id = p.order_id
         where o.buyer_id = ${c.buyerId} and p.store_id = ${c.sellerStore} and p.status = 'delivered'
           and p.payment_status = 'paid'
           and l.quantity > coalesce((select sum(r.quantity) from return_lines r where r.line_id = l.id), 0)
         order by p.created_at desc, l.id limit 1`,
  );

/** The buyer's newest return photo on a request to the fuzzing seller. */
const returnPhoto = (c: LateContext, column: string) =>
  first(
    c.db,
    sql`select ${sql.raw(column)} as v from return_photos p join return_requests r on r.id = p.request_id
         where r.buyer_id = ${c.buyerId} and r.store_id = ${c.sellerStore}
         order by p.created_at desc, p.key limit 1`,
  );

/** The buyer's return request with the seller in this status. */
const returnIn = (c: LateContext, status: string, order: 'asc' | 'desc') =>
  first(
    c.db,
    sql`select id as v from return_requests where buyer_id = ${c.buyerId} and store_id = ${c.sellerStore}
         and status = ${status} order by created_at ${sql.raw(order)}, id ${sql.raw(order)} limit 1`,
  );

/** A store in this state, not one of the two the fuzzing buyer orders from. */
const storeIn = (c: LateContext, status: string) =>
  first(
    c.db,
    sql`select id as v from stores where status = ${status} and id not in (${c.sellerStore}, ${c.otherSellerStore})
         order by updated_at desc, id limit 1`,
  );

const RESOLVERS = {
  resetToken: (c: LateContext) => mailedToken(c.db, '/reset-password', c.buyerEmail),
  verifyToken: (c: LateContext) => mailedToken(c.db, '/verify-email'),
  newsletterToken: (c: LateContext) => mailedToken(c.db, '/newsletter/confirm'),
  unsubscribeToken: (c: LateContext) => mailedToken(c.db, '/newsletter/unsubscribe'),
  pendingStore: (c: LateContext) => storeIn(c, 'pending'),
  activeStore: (c: LateContext) => storeIn(c, 'active'),
  suspendedStore: (c: LateContext) => storeIn(c, 'suspended'),
  /** The buyer's newest review. */
  myReview: (c: LateContext) =>
    first(
      c.db,
      sql`select id as v from product_reviews where author_id = ${c.buyerId} order by created_at desc limit 1`,
    ),
  /** A visible review by someone else, on a product of the fuzzing seller (it may reply; the buyer may vote and report). */
  othersReview: (c: LateContext) =>
    first(
      c.db,
      sql`select r.id as v from product_reviews r join products p on p.id = r.product_id
           where p.store_id = ${c.sellerStore} and r.hidden_at is null and r.author_id <> ${c.buyerId}
           order by r.id limit 1`,
    ),
  hiddenReview: (c: LateContext) =>
    first(c.db, sql`select id as v from product_reviews where hidden_at is not null order by hidden_at desc limit 1`),
  /** A review with an open report (what an operator dismisses). */
  reportedReview: (c: LateContext) =>
    first(
      c.db,
      sql`select review_id as v from review_reports where resolved_at is null order by created_at desc limit 1`,
    ),
  /** A product of a part delivered to the buyer that the buyer has not reviewed yet. */
  reviewableProduct: (c: LateContext) =>
    first(
      c.db,
      sql`select l.product_id as v from order_lines l join order_parts p on p.id = l.part_id
            join orders o on o.id = p.order_id
           where o.buyer_id = ${c.buyerId} and p.status = 'delivered'
             and not exists (select 1 from product_reviews r where r.product_id = l.product_id and r.author_id = ${c.buyerId})
           order by l.product_id limit 1`,
    ),
  /** An order with a part of the fuzzing seller delivered to the buyer and not rated yet. */
  unratedOrder: (c: LateContext) =>
    first(
      c.db,
      sql`select p.order_id as v from order_parts p join orders o on o.id = p.order_id
           where o.buyer_id = ${c.buyerId} and p.store_id = ${c.sellerStore} and p.status = 'delivered'
             and not exists (select 1 from seller_ratings s where s.order_part_id = p.id)
           order by p.id limit 1`,
    ),
  pendingPart: (c: LateContext) => partIn(c, ['pending']),
  processingPart: (c: LateContext) => partIn(c, ['processing']),
  shippedPart: (c: LateContext) => partIn(c, ['shipped']),
  livePart: (c: LateContext) => partIn(c, ['pending', 'processing', 'shipped', 'delivered']),
  /** An order of the buyer the buyer may still cancel (every live part pending or processing). */
  cancellableOrder: (c: LateContext) =>
    first(
      c.db,
      sql`select o.id as v from orders o where o.buyer_id = ${c.buyerId} and o.status in ('pending', 'processing')
           order by o.created_at, o.id limit 1`,
    ),
  /** An order of the buyer with a part of the fuzzing seller (what the seller may look at). */
  sellersOrder: (c: LateContext) =>
    first(
      c.db,
      sql`select p.order_id as v from order_parts p join orders o on o.id = p.order_id
           where o.buyer_id = ${c.buyerId} and p.store_id = ${c.sellerStore} and ${sellersSee}
           order by p.created_at desc, p.id limit 1`,
    ),
  /** An order of the buyer with a part of the fuzzing seller it can move on (for PUT /orders/update-status). */
  movableOrder: (c: LateContext) =>
    first(
      c.db,
      sql`select p.order_id as v from order_parts p join orders o on o.id = p.order_id
           where o.buyer_id = ${c.buyerId} and p.store_id = ${c.sellerStore} and p.status = 'pending' and ${sellersSee}
           order by p.created_at, p.id limit 1`,
    ),
  /** The buyer's newest card order still awaiting its payment (what Pay now and Try again start a payment for). */
  awaitingCardOrder: (c: LateContext) =>
    first(
      c.db,
      sql`select o.id as v from orders o
           where o.buyer_id = ${c.buyerId} and o.awaiting_payment_until is not null
             and o.payment_method in ('credit_card', 'debit_card')
             and o.payment_status = 'unpaid' and o.status <> 'cancelled'
           order by o.created_at desc, o.id limit 1`,
    ),
  /** The number of the buyer's bank-transfer order to the marketplace (an operator records transfers against it). */
  bankOrderNumber: (c: LateContext) =>
    first(
      c.db,
      sql`select o.order_number as v from orders o
           where o.buyer_id = ${c.buyerId} and o.bank_transfer_to is not null
           order by o.created_at desc, o.id limit 1`,
    ),
  /** A bank-transfer order the marketplace still owes money back for (the scene's over-paid one). */
  refundableBankOrder: (c: LateContext) =>
    first(
      c.db,
      sql`select o.order_number as v from orders o join payments p on p.order_id = o.id
           where o.buyer_id = ${c.buyerId} and p.provider = 'bank' and p.excess_cents > p.refunded_cents
           order by o.created_at, o.id limit 1`,
    ),
  /** The newest payout run (the valid round's), for its detail and its bank file. */
  payoutRun: (c: LateContext) =>
    first(c.db, sql`select id as v from payout_runs order by created_at desc, id desc limit 1`),
  /** Today in Jamaica (UTC−5), the day a payout run is made: a payout marked paid is paid on it. */
  jamaicaToday: async () => shopDay(new Date()),
  /** This month in Jamaica, YYYY-MM: its marketplace report; the scene's stores opened in it, so it has a statement. */
  jamaicaMonth: async () => shopMonth(new Date()),
  /** A payout marked paid, the newest: the bank returns it. */
  payoutPaid: (c: LateContext) =>
    first(c.db, sql`select id as v from payouts where status = 'paid' order by decided_at desc, id limit 1`),
  /** A payout still in transit, the oldest: marked paid first, then the next one failed. */
  payoutInTransit: (c: LateContext) =>
    first(c.db, sql`select id as v from payouts where status = 'in_transit' order by created_at, id limit 1`),
  /** A card refund of the buyer's that the gateway refused (the scene's), for an operator to settle. */
  refusedRefund: (c: LateContext) =>
    first(
      c.db,
      sql`select r.id as v from refunds r join orders o on o.id = r.order_id
           where o.buyer_id = ${c.buyerId} and r.status = 'refund_failed' order by r.created_at, r.id limit 1`,
    ),
  /** The buyer's newest attempt still pending at the gateway, of an order still awaiting it (its hand-over page). */
  pendingPayment: (c: LateContext) =>
    first(
      c.db,
      sql`select p.id as v from payments p join orders o on o.id = p.order_id
           where o.buyer_id = ${c.buyerId} and p.status = 'pending' and p.next_step is not null
             and o.awaiting_payment_until is not null and o.status <> 'cancelled'
           order by p.created_at desc, p.id limit 1`,
    ),
  /**
   * A line of the fuzzing seller's delivered, paid part of the buyer's that has units no return
   * request asked for yet (issue 28), and its part: the valid round asks to return one unit.
   */
  returnableLine: (c: LateContext) => returnable(c, 'l.id'),
  returnablePart: (c: LateContext) => returnable(c, 'l.part_id'),
  /** The buyer's return requests with the fuzzing seller in a state, for the next move of the status table. */
  returnRequestedOldest: (c: LateContext) => returnIn(c, 'requested', 'asc'),
  returnRequestedNewest: (c: LateContext) => returnIn(c, 'requested', 'desc'),
  returnAccepted: (c: LateContext) => returnIn(c, 'accepted', 'asc'),
  returnReceived: (c: LateContext) => returnIn(c, 'received', 'asc'),
  returnRejected: (c: LateContext) => returnIn(c, 'rejected', 'asc'),
  returnEscalated: (c: LateContext) => returnIn(c, 'escalated', 'asc'),
  /** A return's refund the operators owe the buyer (an order not paid by card, refunded, not yet paid back), and its cents. */
  returnOwedBack: (c: LateContext) => returnOwed(c, 'r.id'),
  returnOwedCents: (c: LateContext) => returnOwed(c, 'r.refund_cents::text'),
  anyReturnOrder: (c: LateContext) =>
    first(
      c.db,
      sql`select order_id as v from return_requests where buyer_id = ${c.buyerId} and store_id = ${c.sellerStore}
           order by created_at, id limit 1`,
    ),
  anyReturn: (c: LateContext) =>
    first(
      c.db,
      sql`select id as v from return_requests where buyer_id = ${c.buyerId} and store_id = ${c.sellerStore}
           order by created_at, id limit 1`,
    ),
  /** A tax document of one of the buyer's orders (issue 29, decision 045). */
  anyTaxDocument: (c: LateContext) =>
    first(
      c.db,
      sql`select d.id as v from tax_documents d join orders o on o.id = d.order_id
           where o.buyer_id = ${c.buyerId} order by d.issued_at, d.id limit 1`,
    ),
  /** The buyer's newest photo on a request to the fuzzing seller (decision 043): its request, key and largest file. */
  photoReturn: (c: LateContext) => returnPhoto(c, 'p.request_id'),
  returnPhoto: (c: LateContext) => returnPhoto(c, 'p.key'),
  returnPhotoFile: (c: LateContext) => returnPhoto(c, "p.width::text || '.webp'"),
  /** The buyer's newest address. */
  myAddress: (c: LateContext) =>
    first(c.db, sql`select id as v from addresses where user_id = ${c.buyerId} order by created_at desc, id limit 1`),
  /** The fuzzing seller's newest photo, and one of its files. */
  upload: (c: LateContext) =>
    first(c.db, sql`select key as v from uploads where store_id = ${c.sellerStore} order by created_at desc limit 1`),
  uploadFile: (c: LateContext) =>
    first(
      c.db,
      sql`select width::text || '.webp' as v from uploads where store_id = ${c.sellerStore} order by created_at desc limit 1`,
    ),
  serial: async (c: LateContext) => String(++c.serial.n),
  /** Last month in Jamaica: over, so the operators' CSV of its invoices for commission is answered. */
  lastJamaicaMonth: async () => {
    const month = shopMonth(new Date());
    const [y, m] = month.split('-').map(Number);
    return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
  },
  /**
   * The seller's invoice for this month's commission, issued as the shop issues it once the month
   * is over (decision 048): the fuzz scene's sales are all this month.
   */
  ownCommissionInvoice: async (c: LateContext) => {
    const month = shopMonth(new Date());
    await issueCommissionInvoices(
      c.db,
      { name: 'Yaad Market', trn: null, gctRegistered: false, gctNumber: null, gctBasisPoints: 0 },
      month,
      { storeId: c.sellerStore, now: monthBounds(nextMonth(month)).from },
    );
    return first(c.db, sql`select id as v from commission_invoices where store_id = ${c.sellerStore} limit 1`);
  },
} satisfies Record<string, (c: LateContext) => Promise<string | undefined>>;

export type LateName = keyof typeof RESOLVERS;

/** A placeholder for a value read when the request is sent; no percent-encoding changes it. */
export const late = (name: LateName) => `~late.${name}~`;
const PLACEHOLDER = /~late\.(\w+)~/g;
/**
 * A late number in a JSON body: its placeholder is a string (`"~late#name~"`), replaced with its
 * quotes by the bare value ("null" when there is none: a 400 then).
 */
export const lateNumber = (name: LateName) => `~late#${name}~`;
const NUMBER_PLACEHOLDER = /"~late#(\w+)~"/g;

/** The text with every placeholder replaced by its value now ("none" when there is none: a 404 or 400 then). */
export async function resolveLate(c: LateContext, text: string): Promise<string> {
  if (text.includes('~late#')) {
    const numbers = [...new Set([...text.matchAll(NUMBER_PLACEHOLDER)].map((m) => m[1] as LateName))];
    const found = new Map<string, string>();
    for (const name of numbers) {
      const value = await RESOLVERS[name]?.(c);
      found.set(name, value && /^-?\d+(\.\d+)?$/.test(value) ? value : 'null');
    }
    text = text.replace(NUMBER_PLACEHOLDER, (_, name: string) => found.get(name) ?? 'null');
  }
  if (!text.includes('~late.')) return text;
  const names = [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] as LateName))];
  const values = new Map<string, string>();
  for (const name of names) values.set(name, (await RESOLVERS[name]?.(c)) ?? 'none');
  return text.replace(PLACEHOLDER, (_, name: string) => values.get(name) ?? 'none');
}
