import { and, asc, count, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { SalesFigure, SellerDashboard } from '../../lib/contract/seller-orders';
import { LOW_STOCK_MAX } from '../../lib/listing';
import { toDollars } from '../../lib/money';
import { reviewerName } from '../../lib/ratings';
import { addDays, type DayKey, monthStart, SHOP_TIME_ZONE, shopDay, startOfShopDay } from '../../lib/shop-time';
import { variantLabel } from '../../lib/variants';
import type { Db } from '../db/client';
import { orderParts, productReviews, products, productVariants, reviewReplies, users } from '../db/schema';
import { partSummaries, statusCounts } from './orders';
import { visible } from './reviews/read';
import { partsSoldBy, type Seller, soldBy } from './sellers';

/*
 * GET /seller/dashboard (docs/decisions/017): a seller's day and month in Jamaica's calendar, the
 * last 30 days of sales, products low on stock, the parts waiting for it and the newest reviews of
 * its products (with how many await its reply). "Sales" are order
 * parts not cancelled, counted on the day they were placed, at subtotal + shipping (what the
 * buyer pays this seller; tax is the shop's), summed in cents in SQL. Every query names the owner
 * (`soldBy`: the store and its owner).
 */

export const DASHBOARD_DAYS = 30;
const LIST_SIZE = 10;

type Range = { key: string; from: Date; to: Date };

/** Orders and sales of this seller's live parts placed within each range, in one statement. */
async function salesIn(db: Db, seller: Seller, ranges: Range[]): Promise<Map<string, SalesFigure>> {
  const values = ranges.map(
    (r) => sql`(${r.key}::text, ${r.from.toISOString()}::timestamptz, ${r.to.toISOString()}::timestamptz)`,
  );
  const result = await db.execute(sql`
    select d.key, count(p.id)::int as orders, coalesce(sum(p.subtotal_cents + p.shipping_cents), 0)::bigint as cents
      from (values ${sql.join(values, sql`, `)}) as d(key, lo, hi)
      left join (
        select ${orderParts.id} as id, ${orderParts.createdAt} as created_at,
               ${orderParts.subtotalCents} as subtotal_cents, ${orderParts.shippingCents} as shipping_cents
          from ${orderParts}
         where ${partsSoldBy(seller)} and ${orderParts.status} <> 'cancelled'
      ) p on p.created_at >= d.lo and p.created_at < d.hi
     group by d.key`);
  const rows = (result as unknown as { rows: { key: string; orders: number | string; cents: number | string }[] }).rows;
  return new Map(rows.map((r) => [r.key, { orders: Number(r.orders), sales: toDollars(Number(r.cents)) }] as const));
}

/** The products of this seller's store (its owner in the WHERE). */
const ownProducts = (seller: Seller): SQL => soldBy(seller, products.storeId);

const REVIEWS_SHOWN = 5;

/** The newest visible reviews of this owner's products, and how many of all have no reply (the owner in the WHERE). */
async function reviewsOf(db: Db, seller: Seller): Promise<SellerDashboard['reviews']> {
  const mine = and(
    visible,
    inArray(productReviews.productId, db.select({ id: products.id }).from(products).where(ownProducts(seller))),
  ) as SQL;
  const [rows, [{ unanswered }]] = await Promise.all([
    db
      .select({
        id: productReviews.id,
        productId: productReviews.productId,
        productName: products.name,
        rating: productReviews.rating,
        title: productReviews.title,
        author: users.name,
        createdAt: productReviews.createdAt,
        replied: sql<boolean>`${reviewReplies.reviewId} is not null`,
      })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .innerJoin(users, eq(users.id, productReviews.authorId))
      .leftJoin(reviewReplies, eq(reviewReplies.reviewId, productReviews.id))
      .where(mine)
      .orderBy(desc(productReviews.createdAt), asc(productReviews.id))
      .limit(REVIEWS_SHOWN),
    db
      .select({ unanswered: count() })
      .from(productReviews)
      .leftJoin(reviewReplies, eq(reviewReplies.reviewId, productReviews.id))
      .where(and(mine, isNull(reviewReplies.reviewId))),
  ]);
  return {
    unanswered,
    latest: rows.map(({ author, createdAt, ...r }) => ({
      ...r,
      authorName: reviewerName(author),
      createdAt: createdAt.toISOString(),
    })),
  };
}

const dayRange = (day: DayKey): Range => ({
  key: day,
  from: startOfShopDay(day),
  to: startOfShopDay(addDays(day, 1)),
});

export async function sellerDashboard(db: Db, seller: Seller, now = new Date()): Promise<SellerDashboard> {
  const today = shopDay(now);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(today, i - DASHBOARD_DAYS + 1));
  const month: Range = { key: 'month', from: startOfShopDay(monthStart(today)), to: startOfShopDay(addDays(today, 1)) };
  // Low stock is per variant (issue 30 #4): a product without options is its one variant, so one read covers both.
  const lowWhere = and(ownProducts(seller), lte(productVariants.stock, LOW_STOCK_MAX)) as SQL;
  const waitingWhere = and(partsSoldBy(seller), inArray(orderParts.status, ['pending', 'processing'])) as SQL;

  const [sales, lowProducts, [{ lowTotal }], waitingParts, counts, reviews] = await Promise.all([
    salesIn(db, seller, [...days.map(dayRange), month]),
    db
      .select({
        id: productVariants.id,
        productId: products.id,
        name: products.name,
        options: products.options,
        values: productVariants.optionValues,
        sku: productVariants.sku,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(lowWhere)
      .orderBy(asc(productVariants.stock), asc(products.name), asc(productVariants.position), asc(productVariants.id))
      .limit(LIST_SIZE),
    db
      .select({ lowTotal: count() })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(lowWhere),
    partSummaries(db, waitingWhere, 'oldest', LIST_SIZE),
    statusCounts(db, seller),
    reviewsOf(db, seller),
  ]);
  const zero = { orders: 0, sales: 0 };
  const daily = days.map((day) => ({ day, ...(sales.get(day) ?? zero) }));
  return {
    success: true,
    timeZone: SHOP_TIME_ZONE,
    today,
    figures: { today: sales.get(today) ?? zero, month: sales.get('month') ?? zero },
    daily,
    lowStock: {
      threshold: LOW_STOCK_MAX,
      total: lowTotal,
      products: lowProducts.map(({ options, values, ...v }) => ({ ...v, variant: variantLabel(options, values) })),
    },
    waiting: { counts: { pending: counts.pending, processing: counts.processing }, parts: waitingParts },
    reviews,
  };
}
