import { createHash, randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Parish } from '../../lib/catalog';
import type {
  Order,
  OrderLine,
  OrderPart,
  OrderStatus,
  PaymentMethod,
  PlaceOrderRequest,
  SellerOrder,
  UpdateStatusInput,
} from '../../lib/contract/orders';
import { MESSAGES } from '../../lib/messages';
import { toDollars } from '../../lib/money';
import { lineTotal, priceOrder } from '../../lib/pricing';
import { DEFAULT_PROCESSING_TIME } from '../../lib/seller-defaults';
import type { Db } from '../db/client';
import {
  cartLines,
  idempotencyKeys,
  orderLines,
  orderParts,
  orders,
  products,
  type ShippingAddressValue,
  type shippingRates,
  stores,
  users,
} from '../db/schema';
import { ApiError } from '../http/errors';
import { clearOrderedFromCart } from './checkout';
import {
  buyerMayCancel,
  canTransition,
  deriveOrderStatus,
  nextStatuses,
  orderCancellable,
  paymentStatusOf,
} from './order-status';
import { catalogChanged } from './publish-queue';
import { estimatedDays, ratesToParish } from './shipping';

/*
 * Orders: placing one (one transaction: stock taken with row locks in a fixed order, one part per
 * seller, the cart cleared, the Idempotency-Key remembered), reading them, cancelling, and
 * sellers moving their own parts through the status machine (./order-status.ts).
 *
 * Every read and write names its principal: a buyer's queries filter on buyer_id, a seller's on
 * the stores it owns, so another user's order cannot be reached by a forgotten check. A miss is
 * told apart only afterwards (403 when the order exists, 404 when it does not).
 */

const C = MESSAGES.checkout;
const O = MESSAGES.orders;
const T = MESSAGES.cart;

type Tx = Db;
type OrderRow = typeof orders.$inferSelect;
type PartRow = typeof orderParts.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type StoreRow = typeof stores.$inferSelect;
type RateRow = typeof shippingRates.$inferSelect;

/* ------------------------------------------------------------------ order numbers */

/** Crockford's base 32 without I, L, O, U: nothing to misread over the phone. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Human-friendly and unique: YM-<yymm>-<6 random characters>, e.g. YM-2611-4F7K2Q. */
export function newOrderNumber(at = new Date()): string {
  const yymm = `${String(at.getUTCFullYear() % 100).padStart(2, '0')}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `YM-${yymm}-${tail}`;
}

/* ------------------------------------------------------------------ placing */

export const invoiceUrlFor = (orderId: string) => `/api/v1/invoice/invoice-pdf/${encodeURIComponent(orderId)}`;

/** The hash an Idempotency-Key is bound to: the request as parsed (so spacing and key order do not matter). */
export function requestHash(request: PlaceOrderRequest): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

const insufficient = (name: string, available: number) =>
  new ApiError(409, 'insufficient_stock', T.insufficientStock(name, available));

/**
 * POST /orders/place. One transaction: the Idempotency-Key (or without one, the key the request
 * implies: see claimImplicitKey) claimed (a second request with the key
 * waits for the first and then gets its order), product rows locked in id order, every rule
 * checked again, stock taken, the order written with one part per seller, the cart cleared.
 * Any failure rolls everything back, the key included, so a corrected retry can use it again.
 */
export async function placeOrder(
  db: Db,
  buyerId: string,
  request: PlaceOrderRequest,
  options: { taxRate: number; idempotencyKey?: string; buyer: Loaded['buyer'] },
): Promise<{ orderId: string; replayed: boolean; loaded?: Loaded }> {
  const hash = requestHash(request);
  const key = options.idempotencyKey;
  // Taken before waiting for a connection or a lock: what "in flight at the same time" counts from.
  const arrivedAt = new Date().toISOString();
  return db.transaction(async (tx) => {
    if (key) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: buyerId, key, requestHash: hash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [prior] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, buyerId), eq(idempotencyKeys.key, key)));
        if (!prior || prior.requestHash !== hash) throw new ApiError(409, 'conflict', O.keyReused);
        if (!prior.orderId) throw new ApiError(409, 'conflict', O.keyReused);
        return { orderId: prior.orderId, replayed: true };
      }
    } else {
      const prior = await claimImplicitKey(tx as unknown as Tx, buyerId, hash, arrivedAt);
      if (prior) return { orderId: prior, replayed: true };
    }
    const loaded = await writeOrder(tx as unknown as Tx, options.buyer, request, options.taxRate);
    const orderId = loaded.order.id;
    await tx
      .update(idempotencyKeys)
      // An implicit key remembers when its order was written (see claimImplicitKey).
      .set({ orderId, ...(key ? {} : { createdAt: new Date() }) })
      .where(and(eq(idempotencyKeys.userId, buyerId), eq(idempotencyKeys.key, key ?? implicitKey(hash))));
    return { orderId, replayed: false, loaded };
  });
}

/** Not a valid Idempotency-Key (IDEMPOTENCY_KEY_PATTERN has no "~"), so a client's key can never collide. */
const implicitKey = (hash: string) => `~same-request:${hash}`;

/**
 * A place-order request without an Idempotency-Key (a double click, a resent submit) gets the key
 * its own content implies. The row's primary key makes identical requests queue behind the first;
 * once it commits, a request that arrived before the first's order was written (it was in flight
 * meanwhile) answers that order instead of placing a second one. A request arriving afterwards
 * takes the row over and places its own order: buying the same basket again later is allowed.
 * A first attempt that fails rolls its row back, and the next one goes ahead on its own.
 * Answers the order to give back, or undefined when this request is to place its own.
 */
async function claimImplicitKey(tx: Tx, buyerId: string, hash: string, arrivedAt: string) {
  const key = implicitKey(hash);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: buyerId, key, requestHash: hash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { orderId: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < ${arrivedAt}::timestamptz`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return undefined;
  const [prior] = await tx
    .select({ orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, buyerId), eq(idempotencyKeys.key, key)));
  return prior?.orderId ?? undefined;
}

/** Writes the order and answers it as read back (no second read after the commit). */
async function writeOrder(
  tx: Tx,
  buyer: Loaded['buyer'],
  request: PlaceOrderRequest,
  taxRate: number,
): Promise<Loaded> {
  const buyerId = buyer.id;
  const wanted = new Map<string, number>();
  for (const item of request.items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  const ids = [...wanted.keys()].sort();

  // Row locks in one fixed order (by id): two orders for the same products queue, never deadlock.
  const locked = await tx
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      images: products.images,
      priceCents: products.priceCents,
      stock: products.stock,
      storeId: products.storeId,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  const byId = new Map(locked.map((p) => [p.id, p]));
  for (const [id, quantity] of wanted) {
    const product = byId.get(id);
    if (!product?.storeId) throw new ApiError(404, 'not_found', T.unavailable(product?.name ?? id));
    if (product.stock < quantity) throw insufficient(product.name, product.stock);
  }

  // The price the shopper saw in the cart must still be today's (spec §5 "Price changed").
  const seen = await tx
    .select({ productId: cartLines.productId, priceCents: cartLines.priceCentsAtAdd })
    .from(cartLines)
    .where(and(eq(cartLines.userId, buyerId), inArray(cartLines.productId, ids)));
  for (const line of seen) {
    const product = byId.get(line.productId);
    if (product && line.priceCents !== null && line.priceCents !== product.priceCents)
      throw new ApiError(409, 'conflict', T.priceChanged(product.name));
  }

  // One part per seller, in the order the items came.
  const groups = new Map<string, { lines: { productId: string; quantity: number }[]; subtotalCents: number }>();
  for (const [id, quantity] of wanted) {
    const product = byId.get(id) as (typeof locked)[number];
    const storeId = product.storeId as string;
    const group = groups.get(storeId) ?? { lines: [], subtotalCents: 0 };
    group.lines.push({ productId: id, quantity });
    group.subtotalCents += lineTotal(product.priceCents, quantity);
    groups.set(storeId, group);
  }
  const storeIds = [...groups.keys()];
  const storeRows = await tx.select().from(stores).where(inArray(stores.id, storeIds));
  const storeById = new Map(storeRows.map((s) => [s.id, s]));

  const address = request.shippingAddress as ShippingAddressValue;
  const rates = await ratesToParish(tx, storeIds, address.parish as Parish);
  const chosen = new Map(request.shippingSelections.map((s) => [s.sellerId, s.shippingRateId]));
  const rateFor = new Map<string, RateRow>();
  for (const storeId of storeIds) {
    const rateId = chosen.get(storeId);
    if (!rateId) throw new ApiError(400, 'validation_failed', C.selectionsRequired);
    const rate = rates.get(storeId)?.find((r) => r.id === rateId);
    if (!rate) throw new ApiError(400, 'validation_failed', C.rateUnavailable);
    rateFor.set(storeId, rate);
  }

  const priced = priceOrder(
    storeIds.map((storeId) => ({
      sellerId: storeId,
      subtotalCents: (groups.get(storeId) as { subtotalCents: number }).subtotalCents,
      selectedRateCents: rateFor.get(storeId)?.costCents,
      freeShippingThresholdCents: storeById.get(storeId)?.freeShippingThresholdCents ?? null,
    })),
    taxRate,
  );

  const orderId = crypto.randomUUID();
  let orderRow: OrderRow | undefined;
  for (let attempt = 0; !orderRow; attempt++) {
    if (attempt > 5) throw new Error('could not find a free order number');
    [orderRow] = await tx
      .insert(orders)
      .values({
        id: orderId,
        orderNumber: newOrderNumber(),
        buyerId,
        status: 'pending',
        paymentMethod: request.paymentMethod,
        paymentStatus: 'unpaid',
        shippingAddress: address,
        customerNotes: request.customerNotes,
        subtotalCents: priced.subtotalCents,
        shippingCents: priced.shippingCents,
        taxCents: priced.taxCents,
        totalCents: priced.totalCents,
      })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning();
  }

  const partRows: (typeof orderParts.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  priced.parts.forEach((part) => {
    const store = storeById.get(part.sellerId) as StoreRow;
    const rate = rateFor.get(part.sellerId) as RateRow;
    const partId = crypto.randomUUID();
    partRows.push({
      id: partId,
      orderId,
      storeId: store.id,
      storeName: store.name,
      status: 'pending',
      shippingRateId: rate.id,
      shippingMethod: rate.method,
      shippingProvider: rate.provider,
      shippingCents: part.shippingCents,
      subtotalCents: part.subtotalCents,
      estimatedDays: estimatedDays(rate.minDays, rate.maxDays),
    });
    const lines = (groups.get(part.sellerId) as { lines: { productId: string; quantity: number }[] }).lines;
    for (const [n, line] of lines.entries()) {
      const product = byId.get(line.productId) as (typeof locked)[number];
      lineRows.push({
        // Ids that sort in the order the shopper listed the lines.
        id: `${partId}-${String(n + 1).padStart(4, '0')}`,
        orderId,
        partId,
        productId: product.id,
        productName: product.name,
        productDescription: product.description,
        image: product.images[0] ?? null,
        unitPriceCents: product.priceCents,
        quantity: line.quantity,
        lineTotalCents: lineTotal(product.priceCents, line.quantity),
      });
    }
  });
  const parts = await tx.insert(orderParts).values(partRows).returning();
  const lines = await tx.insert(orderLines).values(lineRows).returning();

  // The guarded decrement: the locks make it certain, the guard keeps it true whatever changes above.
  const taken = await moveStock(tx, wanted, -1);
  if (taken !== wanted.size) {
    const [short] = await tx.select().from(products).where(inArray(products.id, ids)).limit(1);
    throw insufficient(short?.name ?? ids[0], short?.stock ?? 0);
  }

  await clearOrderedFromCart(tx, buyerId, ids, storeIds);
  parts.sort(byStoreName);
  lines.sort(byLineId);
  return {
    order: orderRow,
    buyer,
    parts: parts.map((part) => ({ part, store: storeById.get(part.storeId) ?? null })),
    lines,
  };
}

/**
 * Stock (and the sales count) moved for many products in one statement, in id order:
 * direction -1 takes units (never below zero: the guard), +1 gives them back. Answers the rows changed.
 * A product that sells out or comes back into stock is queued for publishing in the same
 * transaction: its static page shows the badge and the JSON-LD availability. Other stock moves
 * are not a publish: the pages' live island shows the count (docs/decisions/008).
 */
async function moveStock(tx: Tx, quantities: Map<string, number>, direction: 1 | -1): Promise<number> {
  const entries = [...quantities.entries()].filter(([, q]) => q > 0).sort(([a], [b]) => (a < b ? -1 : 1));
  if (entries.length === 0) return 0;
  const values: SQL[] = entries.map(([id, q]) => sql`(${id}::text, ${q}::int)`);
  const result = await tx.execute(sql`
    update products p
       set stock = p.stock + ${direction}::int * v.q,
           sales_count = greatest(p.sales_count - ${direction}::int * v.q, 0),
           updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(id, q)
     where p.id = v.id and (${direction}::int > 0 or p.stock >= v.q)
    returning p.id, p.stock, v.q`);
  const rows = (result as unknown as { rows: { id: string; stock: number | string; q: number | string }[] }).rows;
  for (const row of rows) {
    const stock = Number(row.stock);
    const crossed = direction < 0 ? stock === 0 : stock === Number(row.q);
    if (crossed) await catalogChanged(tx, 'product', row.id, direction < 0 ? 'sold out' : 'back in stock');
  }
  return rows.length;
}

/* ------------------------------------------------------------------ reading */

/** Parts in store-name order, lines in the order they were listed: the same in every answer. */
const byStoreName = (x: PartRow, y: PartRow) =>
  x.storeName < y.storeName ? -1 : x.storeName > y.storeName ? 1 : x.id < y.id ? -1 : 1;
const byLineId = (x: LineRow, y: LineRow) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

type Loaded = {
  order: OrderRow;
  buyer: { id: string; name: string; email: string };
  parts: { part: PartRow; store: StoreRow | null }[];
  lines: LineRow[];
};

/** Orders with their buyer, parts (and stores) and lines; `where` names the principal. */
async function loadOrders(db: Db, where: SQL, limit = 1, offset = 0): Promise<Loaded[]> {
  const heads = await db
    .select({ order: orders, buyer: { id: users.id, name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  if (heads.length === 0) return [];
  const ids = heads.map((h) => h.order.id);
  const [parts, lines] = await Promise.all([
    db
      .select({ part: orderParts, store: stores })
      .from(orderParts)
      .leftJoin(stores, eq(stores.id, orderParts.storeId))
      .where(inArray(orderParts.orderId, ids))
      .orderBy(asc(orderParts.createdAt), asc(orderParts.storeName), asc(orderParts.id)),
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
  ]);
  return heads.map((h) => ({
    ...h,
    parts: parts.filter((p) => p.part.orderId === h.order.id).sort((x, y) => byStoreName(x.part, y.part)),
    lines: lines.filter((l) => l.orderId === h.order.id).sort(byLineId),
  }));
}

function toLine(line: LineRow, sellerId: string): OrderLine {
  return {
    id: line.id,
    productId: line.productId,
    productName: line.productName,
    productDescription: line.productDescription,
    quantity: line.quantity,
    price: toDollars(line.unitPriceCents),
    lineTotal: toDollars(line.lineTotalCents),
    image: line.image,
    sellerId,
  };
}

function toPart({ part, store }: Loaded['parts'][number], lines: LineRow[]): OrderPart {
  return {
    partId: part.id,
    sellerId: part.storeId,
    storeName: part.storeName,
    location: store?.location ?? null,
    contact: { email: store?.email ?? null, phone: store?.phone ?? null },
    status: part.status as OrderStatus,
    paymentStatus: part.paymentStatus,
    trackingNumber: part.trackingNumber,
    shipping: {
      rateId: part.shippingRateId,
      method: part.shippingMethod,
      provider: part.shippingProvider,
      cost: toDollars(part.shippingCents),
      estimatedDays: part.estimatedDays,
    },
    processingTime: store?.processingTime ?? DEFAULT_PROCESSING_TIME,
    subtotal: toDollars(part.subtotalCents),
    shippingCost: toDollars(part.shippingCents),
    total: toDollars(part.subtotalCents + part.shippingCents),
    items: lines.filter((l) => l.partId === part.id).map((l) => toLine(l, part.storeId)),
    updatedAt: part.updatedAt.toISOString(),
  };
}

export function toOrder(loaded: Loaded): Order {
  const { order } = loaded;
  const sellers = loaded.parts.map((p) => toPart(p, loaded.lines));
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status as OrderStatus,
    cancellable: orderCancellable(sellers.map((s) => s.status)),
    paymentMethod: order.paymentMethod as PaymentMethod,
    paymentStatus: order.paymentStatus,
    buyer: loaded.buyer,
    sellers,
    items: sellers.flatMap((s) => s.items),
    shippingAddress: order.shippingAddress,
    customerNotes: order.customerNotes,
    subtotal: toDollars(order.subtotalCents),
    shippingCost: toDollars(order.shippingCents),
    tax: toDollars(order.taxCents),
    totalAmount: toDollars(order.totalCents),
    total: toDollars(order.totalCents),
    totalItems: loaded.lines.reduce((n, l) => n + l.quantity, 0),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

function toSellerOrder(loaded: Loaded, ownStoreIds: Set<string>): SellerOrder {
  const own = loaded.parts.filter((p) => ownStoreIds.has(p.part.storeId));
  const parts = own.map((p) => toPart(p, loaded.lines));
  const subtotalCents = own.reduce((n, p) => n + p.part.subtotalCents, 0);
  const shippingCents = own.reduce((n, p) => n + p.part.shippingCents, 0);
  const { order } = loaded;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    paymentMethod: order.paymentMethod as PaymentMethod,
    // The seller sees its own parts' payment, not the others' (nor the whole order's).
    paymentStatus: paymentStatusOf(parts),
    buyer: { name: loaded.buyer.name, email: loaded.buyer.email },
    shippingAddress: order.shippingAddress,
    customerNotes: order.customerNotes,
    parts,
    subtotal: toDollars(subtotalCents),
    shippingCost: toDollars(shippingCents),
    total: toDollars(subtotalCents + shippingCents),
    nextStatuses: Object.fromEntries(parts.map((p) => [p.partId, [...nextStatuses(p.status)]])),
    createdAt: order.createdAt.toISOString(),
    updatedAt: new Date(
      Math.max(order.createdAt.getTime(), ...own.map((p) => p.part.updatedAt.getTime())),
    ).toISOString(),
  };
}

/** 403 when the order exists (it is someone else's), 404 when it does not. */
async function refuse(db: Db, orderId: string, forbidden: string): Promise<never> {
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (exists) throw new ApiError(403, 'forbidden', forbidden);
  throw new ApiError(404, 'not_found', O.notFound);
}

/** The buyer's own order (GET /orders/{id}). */
export async function getBuyerOrder(db: Db, principal: { orderId: string; buyerId: string }): Promise<Loaded> {
  const [loaded] = await loadOrders(
    db,
    and(eq(orders.id, principal.orderId), eq(orders.buyerId, principal.buyerId)) as SQL,
  );
  return loaded ?? refuse(db, principal.orderId, O.accessDeniedDetail);
}

export async function listBuyerOrders(db: Db, buyerId: string, page: number, limit: number): Promise<Order[]> {
  return (await loadOrders(db, eq(orders.buyerId, buyerId), limit, (page - 1) * limit)).map(toOrder);
}

/** The stores a user owns (a seller's principal). */
export async function ownedStoreIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.ownerId, userId));
  return new Set(rows.map((r) => r.id));
}

/** GET /orders/seller: the parts of orders that contain this seller's products, newest first. */
export async function listSellerOrders(db: Db, userId: string, page: number, limit: number): Promise<SellerOrder[]> {
  const own = await ownedStoreIds(db, userId);
  if (own.size === 0) throw new ApiError(403, 'forbidden', O.notSeller);
  const mine = sql`${orders.id} in (select ${orderParts.orderId} from ${orderParts} where ${inArray(orderParts.storeId, [...own])})`;
  return (await loadOrders(db, mine, limit, (page - 1) * limit)).map((l) => toSellerOrder(l, own));
}

/** One order as a seller of it sees it (only its own parts); 403 for an order without its products. */
export async function getSellerOrder(db: Db, principal: { orderId: string; userId: string }): Promise<SellerOrder> {
  const own = await ownedStoreIds(db, principal.userId);
  const mine =
    own.size === 0
      ? sql`false`
      : sql`${orders.id} = ${principal.orderId} and ${orders.id} in (select ${orderParts.orderId} from ${orderParts} where ${inArray(orderParts.storeId, [...own])})`;
  const [loaded] = await loadOrders(db, mine);
  if (!loaded) return refuse(db, principal.orderId, O.notYourPart);
  return toSellerOrder(loaded, own);
}

/**
 * Who may read an order's invoice: its buyer (everything) or one of its sellers (their parts).
 */
export async function invoiceAccess(
  db: Db,
  principal: { orderId: string; userId: string },
): Promise<{ loaded: Loaded; scope: 'buyer' } | { loaded: Loaded; scope: 'seller'; own: Set<string> }> {
  const [asBuyer] = await loadOrders(
    db,
    and(eq(orders.id, principal.orderId), eq(orders.buyerId, principal.userId)) as SQL,
  );
  if (asBuyer) return { loaded: asBuyer, scope: 'buyer' };
  const own = await ownedStoreIds(db, principal.userId);
  if (own.size > 0) {
    const [asSeller] = await loadOrders(
      db,
      sql`${orders.id} = ${principal.orderId} and ${orders.id} in (select ${orderParts.orderId} from ${orderParts} where ${inArray(orderParts.storeId, [...own])})`,
    );
    if (asSeller) return { loaded: asSeller, scope: 'seller', own };
  }
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, principal.orderId));
  if (exists) throw new ApiError(403, 'forbidden', MESSAGES.invoice.accessDenied);
  throw new ApiError(404, 'not_found', MESSAGES.invoice.notFound);
}

/* ------------------------------------------------------------------ changing */

/** Gives back the stock of the given parts' lines (their products that still exist). */
async function restockParts(tx: Tx, partIds: string[]) {
  if (partIds.length === 0) return;
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.partId, partIds));
  const back = new Map<string, number>();
  for (const l of lines) if (l.productId) back.set(l.productId, (back.get(l.productId) ?? 0) + l.quantity);
  await moveStock(tx, back, 1);
}

/**
 * The order row's status and payment status follow its parts. Its updatedAt ("last update", which
 * the delivery estimate counts from) moves when a part's status or tracking changes, not for a payment.
 */
async function settleOrder(tx: Tx, orderId: string, options: { touch: boolean }) {
  const parts = await tx
    .select({ status: orderParts.status, paymentStatus: orderParts.paymentStatus })
    .from(orderParts)
    .where(eq(orderParts.orderId, orderId));
  const statuses = parts.map((p) => ({ status: p.status as OrderStatus, paymentStatus: p.paymentStatus }));
  await tx
    .update(orders)
    .set({
      status: deriveOrderStatus(statuses.map((p) => p.status)),
      paymentStatus: paymentStatusOf(statuses),
      ...(options.touch ? { updatedAt: sql`now()` } : {}),
    })
    .where(eq(orders.id, orderId));
}

/**
 * DELETE /orders/cancel/{id}: the buyer cancels the whole order while nothing has shipped
 * (pending or processing); every part becomes cancelled and its stock goes back.
 */
export async function cancelOrder(db: Db, principal: { orderId: string; buyerId: string }): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, principal.orderId), eq(orders.buyerId, principal.buyerId)))
      .for('update');
    if (!order) return refuse(tx as unknown as Db, principal.orderId, O.accessDeniedDetail);
    const parts = await tx
      .select({ id: orderParts.id, status: orderParts.status })
      .from(orderParts)
      .where(eq(orderParts.orderId, order.id))
      .orderBy(asc(orderParts.id))
      .for('update');
    const statuses = parts.map((p) => p.status as OrderStatus);
    if (!orderCancellable(statuses)) throw new ApiError(409, 'conflict', O.notCancellable);
    const live = parts.filter((p) => buyerMayCancel(p.status as OrderStatus)).map((p) => p.id);
    await tx.update(orderParts).set({ status: 'cancelled', updatedAt: sql`now()` }).where(inArray(orderParts.id, live));
    await restockParts(tx as unknown as Tx, live);
    await settleOrder(tx as unknown as Tx, order.id, { touch: true });
    const lines = await tx
      .select({ productId: orderLines.productId })
      .from(orderLines)
      .where(inArray(orderLines.partId, live));
    return [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
  });
}

/**
 * PUT /orders/update-status/{id}: a seller moves its own part(s) of the order along the
 * transition table; the same status again only updates the tracking number. Cancelling a part
 * gives its stock back. Answers whether stock moved.
 */
export async function updatePartStatus(
  db: Db,
  principal: { orderId: string; userId: string },
  input: UpdateStatusInput,
): Promise<{ stockMoved: boolean }> {
  return db.transaction(async (tx) => {
    // The order row is the lock every change to the order takes first (buyer cancel, sellers).
    const [order] = await tx
      .select({ id: orders.id, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, principal.orderId))
      .for('update');
    const mine = order
      ? await tx
          .select({ id: orderParts.id, status: orderParts.status })
          .from(orderParts)
          .innerJoin(stores, eq(stores.id, orderParts.storeId))
          .where(and(eq(orderParts.orderId, order.id), eq(stores.ownerId, principal.userId)))
          .orderBy(asc(orderParts.id))
          .for('update', { of: orderParts })
      : [];
    if (!order) throw new ApiError(404, 'not_found', O.notFound);
    if (mine.length === 0) throw new ApiError(403, 'forbidden', O.notYourPart);
    const moving: string[] = [];
    for (const part of mine) {
      const from = part.status as OrderStatus;
      if (from === input.status) continue;
      if (!canTransition(from, input.status)) throw new ApiError(409, 'conflict', O.badTransition(from, input.status));
      moving.push(part.id);
    }
    if (input.paymentReceived && input.status === 'cancelled')
      throw new ApiError(409, 'conflict', O.badTransition('cancelled', 'paid'));
    const ids = mine.map((p) => p.id);
    const tracking = input.trackingNumber !== undefined ? { trackingNumber: input.trackingNumber } : {};
    if (moving.length > 0)
      await tx
        .update(orderParts)
        .set({ status: input.status, updatedAt: sql`now()`, ...tracking })
        .where(inArray(orderParts.id, moving));
    const staying = ids.filter((id) => !moving.includes(id));
    if (staying.length > 0 && input.trackingNumber !== undefined)
      await tx
        .update(orderParts)
        .set({ updatedAt: sql`now()`, ...tracking })
        .where(inArray(orderParts.id, staying));
    // The payment this seller received pays its own parts only (issue 12 #9).
    if (input.paymentReceived)
      await tx
        .update(orderParts)
        .set({ paymentStatus: 'paid' })
        .where(and(inArray(orderParts.id, ids), ne(orderParts.status, 'cancelled')));
    const stockMoved = input.status === 'cancelled' && moving.length > 0;
    if (stockMoved) await restockParts(tx as unknown as Tx, moving);
    const touch = moving.length > 0 || input.trackingNumber !== undefined;
    if (touch || input.paymentReceived) await settleOrder(tx as unknown as Tx, order.id, { touch });
    return { stockMoved };
  });
}
