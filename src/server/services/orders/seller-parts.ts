import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus, PaymentMethod } from '../../../lib/contract/orders';
import type {
  PartAction,
  SellerPartDetail,
  SellerPartList,
  SellerPartSummary,
} from '../../../lib/contract/seller-orders';
import { ACTION_STATUS } from '../../../lib/contract/seller-orders';
import { toDollars } from '../../../lib/money';
import type { Db } from '../../db/client';
import { orderLines, orderParts, orders, productVariants, users } from '../../db/schema';
import { ownPart, partsSoldBy, type Seller } from '../sellers';
import { nextStatuses } from './status';

/*
 * A seller's order parts, one row each (the seller's workspace): the list with its filter, search
 * and pages, and one part in full. The seller's principal is in every WHERE (`soldBy`, its store
 * and owner: services/sellers.ts), so another seller's part is simply not found (404).
 */

/** The seller's parts (not those of an order awaiting its card payment). */
const partsOf = (seller: Seller): SQL => partsSoldBy(seller);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** An order number (or part of one), the buyer's account name or e-mail, or the name on the delivery address. */
function matching(q: string): SQL {
  const like = `%${escapeLike(q)}%`;
  return or(
    ilike(orders.orderNumber, like),
    ilike(users.name, like),
    ilike(users.email, like),
    sql`${orders.shippingAddress}->>'name' ilike ${like}`,
  ) as SQL;
}

const summaryColumns = {
  partId: orderParts.id,
  orderId: orderParts.orderId,
  orderNumber: orders.orderNumber,
  status: orderParts.status,
  paymentStatus: orderParts.paymentStatus,
  paymentMethod: orders.paymentMethod,
  buyerName: users.name,
  buyerEmail: users.email,
  subtotalCents: orderParts.subtotalCents,
  shippingCents: orderParts.shippingCents,
  itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.partId} = ${orderParts.id})`,
  placedAt: orderParts.createdAt,
  updatedAt: orderParts.updatedAt,
};

/** Part summaries matching `where` (which must name the owner), in the order given. */
export async function partSummaries(
  db: Db,
  where: SQL,
  order: 'newest' | 'oldest',
  limit: number,
  offset = 0,
): Promise<SellerPartSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(where)
    .orderBy(
      ...(order === 'newest'
        ? [desc(orderParts.createdAt), desc(orderParts.id)]
        : [asc(orderParts.createdAt), asc(orderParts.id)]),
    )
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    partId: r.partId,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    status: r.status as OrderStatus,
    paymentStatus: r.paymentStatus,
    paymentMethod: r.paymentMethod as PaymentMethod,
    buyer: { name: r.buyerName, email: r.buyerEmail },
    itemCount: Number(r.itemCount),
    total: toDollars(r.subtotalCents + r.shippingCents),
    placedAt: r.placedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** GET /seller/orders: this seller's parts, newest first, by status and search, a page at a time. */
export async function listSellerParts(
  db: Db,
  seller: Seller,
  query: { status?: OrderStatus; q?: string; page: number; limit: number },
): Promise<Omit<SellerPartList, 'success'>> {
  const filters = [partsOf(seller)];
  if (query.status) filters.push(eq(orderParts.status, query.status));
  if (query.q) filters.push(matching(query.q));
  const where = and(...filters) as SQL;
  const [parts, [{ total }], byStatus] = await Promise.all([
    partSummaries(db, where, 'newest', query.limit, (query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(orderParts)
      .innerJoin(orders, eq(orders.id, orderParts.orderId))
      .innerJoin(users, eq(users.id, orders.buyerId))
      .where(where),
    statusCounts(db, seller),
  ]);
  return {
    parts,
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
    },
    counts: byStatus,
  };
}

/** How many of the seller's parts are at each status. */
export async function statusCounts(db: Db, seller: Seller): Promise<Record<OrderStatus, number>> {
  const rows = await db
    .select({ status: orderParts.status, n: count() })
    .from(orderParts)
    .where(partsOf(seller))
    .groupBy(orderParts.status);
  const counts: Record<OrderStatus, number> = { pending: 0, processing: 0, shipped: 0, delivered: 0, cancelled: 0 };
  for (const r of rows) counts[r.status as OrderStatus] = r.n;
  return counts;
}

/** What the seller may do to a part in this state: the status table's next steps, and payment. */
export function partActions(status: OrderStatus, paymentStatus: string): PartAction[] {
  const next = nextStatuses(status);
  const moves = (Object.keys(ACTION_STATUS) as (keyof typeof ACTION_STATUS)[]).filter((a) =>
    next.includes(ACTION_STATUS[a]),
  );
  const pay: PartAction[] = status !== 'cancelled' && paymentStatus !== 'paid' ? ['record-payment'] : [];
  return [...moves, ...pay];
}

/** GET /seller/orders/{partId}: one of this seller's parts in full; another seller's (or none) is 404. */
export async function getSellerPart(db: Db, seller: Seller, partId: string): Promise<SellerPartDetail> {
  const row = await ownPart(db, seller, partId);
  const lines = await db
    .select({ line: orderLines, sku: productVariants.sku })
    .from(orderLines)
    .leftJoin(productVariants, eq(productVariants.id, orderLines.variantId))
    .where(eq(orderLines.partId, row.part.id))
    .orderBy(asc(orderLines.id));
  const { part, order } = row;
  const status = part.status as OrderStatus;
  return {
    partId: part.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    storeId: part.storeId,
    storeName: part.storeName,
    status,
    paymentStatus: part.paymentStatus,
    paymentMethod: order.paymentMethod as PaymentMethod,
    buyer: row.buyer,
    shippingAddress: order.shippingAddress,
    customerNotes: order.customerNotes,
    shipping: {
      method: part.shippingMethod,
      provider: part.shippingProvider,
      cost: toDollars(part.shippingCents),
      estimatedDays: part.estimatedDays,
    },
    courier: part.courier,
    trackingNumber: part.trackingNumber,
    cancelReason: part.cancelReason,
    items: lines.map(({ line, sku }) => ({
      id: line.id,
      productId: line.productId,
      productName: line.productName,
      variantLabel: line.variantLabel,
      sku: sku ?? null,
      quantity: line.quantity,
      price: toDollars(line.unitPriceCents),
      lineTotal: toDollars(line.lineTotalCents),
      image: line.image,
    })),
    subtotal: toDollars(part.subtotalCents),
    shippingCost: toDollars(part.shippingCents),
    total: toDollars(part.subtotalCents + part.shippingCents),
    actions: partActions(status, part.paymentStatus),
    placedAt: part.createdAt.toISOString(),
    updatedAt: part.updatedAt.toISOString(),
  };
}
