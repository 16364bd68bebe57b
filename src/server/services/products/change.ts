/**
 * THE write path of a change to an existing product (docs/decisions/016). The JSON edit, the bulk
 * edit, every CSV row that names a product the store has, and archiving each plan their change
 * with `planChange` and write it with `applyChanges`; no other code changes what a seller sets
 * (orders move stock and sales in services/orders/stock.ts, with the same zero-crossing rule).
 * The rules a change obeys are written here once:
 * - the subcategory must belong to the category, re-checked only when the change touches either;
 * - a compare-at price that is given must be above the price; a price at or above the compare-at
 *   price ends the sale (the compare-at price is cleared), so a stored compare-at price is always
 *   above its price and a later price drop cannot show an ended sale as "On sale" again;
 * - a change is published when the pages show something new: a field other than stock that
 *   changed value, stock that crosses zero (sold out, back in stock: the badge and the JSON-LD;
 *   other counts are the pages' live island), or archiving either way (docs/decisions/008). An
 *   archived product is on no page;
 * - a product with options (sizes, colours) has the price, compare-at and stock of its variants
 *   (the cheapest's, their sum): a change of them here is refused, they are set per variant
 *   through the variants door (variants.ts, docs/decisions/054).
 */
import { type SQL, sql } from 'drizzle-orm';
import { compareAtProblem, subcategoryProblem } from '../../../lib/product-rules';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { announceChange } from '../catalog-changes';
import { catalogChangedMany } from '../publish-queue';
import { type Seller, soldBy } from '../sellers';
import type { ProductRow } from './shapes';

/** What a seller may change, in cents; a field left undefined stays as it is. */
export type ProductChange = {
  name?: string;
  description?: string;
  category?: string;
  subcategory?: string;
  priceCents?: number;
  /** Null: not on sale. */
  compareAtCents?: number | null;
  stock?: number;
  sku?: string;
  tags?: string[];
  images?: string[];
  archived?: boolean;
};

type Values = Required<ProductChange>;

export type ChangePlan = {
  id: string;
  /** The product's values once the change is written. */
  after: Values;
  /** Refusals by the API's field names (`subcategory`, `compareAtPrice`); nothing is written while any. */
  problems: Record<string, string>;
  /** Whether the catalogue pages must be published again. */
  publish: boolean;
};

/** The fields the pages show, stock apart (its own rule below). */
const SHOWN = [
  'name',
  'description',
  'category',
  'subcategory',
  'priceCents',
  'compareAtCents',
  'sku',
  'tags',
  'images',
] as const;

/** Stock alone is a publish only when it crosses zero: the product sells out or comes back. */
export const crossesZero = (before: number, after: number) => before > 0 !== after > 0;

/**
 * The rules that need two fields, for the fields a change (or a new product: all of them)
 * touches, by the API's field names.
 */
export function ruleProblems(
  values: { category: string; subcategory: string; priceCents: number; compareAtCents: number | null },
  touched: { category: boolean; compareAt: boolean },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const sub = touched.category ? subcategoryProblem(values.category, values.subcategory) : undefined;
  if (sub) problems.subcategory = sub;
  const compare = touched.compareAt ? compareAtProblem(values.priceCents, values.compareAtCents) : undefined;
  if (compare) problems.compareAtPrice = compare;
  return problems;
}

/** The refusal of a price or stock set on a product with options, whichever door. */
export const SET_PER_VARIANT = 'This product has sizes or colours: set the price and stock of each variant';

/** The fields a product with options takes from its variants, by the API's names. */
const FROM_VARIANTS = [
  ['price', 'priceCents'],
  ['compareAtPrice', 'compareAtCents'],
  ['stock', 'stock'],
] as const;

const same = (a: unknown, b: unknown) => (Array.isArray(a) ? JSON.stringify(a) === JSON.stringify(b) : a === b);

/** What a change does to a product: its values after, what the rules refuse, whether to publish. */
export function planChange(before: ProductRow, change: ProductChange): ChangePlan {
  const was: Values = {
    name: before.name,
    description: before.description,
    category: before.category,
    subcategory: before.subcategory,
    priceCents: before.priceCents,
    compareAtCents: before.compareAtCents,
    stock: before.stock,
    sku: before.sku,
    tags: before.tags,
    images: before.images,
    archived: before.archivedAt !== null,
  };
  const after: Values = { ...was };
  for (const [key, value] of Object.entries(change)) if (value !== undefined) Object.assign(after, { [key]: value });
  const problems = ruleProblems(after, {
    category: change.category !== undefined || change.subcategory !== undefined,
    compareAt: change.compareAtCents != null,
  });
  if (before.options.length > 0)
    for (const [field, key] of FROM_VARIANTS) if (!same(was[key], after[key])) problems[field] = SET_PER_VARIANT;
  // A new price alone may reach the compare-at price, as the first seller call always allowed: that ends the sale.
  if (change.compareAtCents == null && after.compareAtCents !== null && after.compareAtCents <= after.priceCents)
    after.compareAtCents = null;
  const shownChanged = SHOWN.some((key) => !same(was[key], after[key]));
  const publish =
    was.archived !== after.archived || (!after.archived && (shownChanged || crossesZero(was.stock, after.stock)));
  return { id: before.id, after, problems, publish };
}

/** Rows a statement (each binds 12 values; PostgreSQL allows 65,535 a statement). */
const CHUNK = 500;

/**
 * Writes planned changes to the owner's products, many rows a statement, and queues the ones the
 * pages show for publishing in the same transaction. The rows must have been read `for update`
 * in this transaction (the plans were made from them). Answers the ids queued.
 */
export async function applyChanges(db: Db, seller: Seller, plans: ChangePlan[], reason: string): Promise<string[]> {
  for (const plan of plans)
    if (Object.keys(plan.problems).length) throw new Error(`product ${plan.id}: a refused change cannot be written`);
  for (let i = 0; i < plans.length; i += CHUNK) {
    const values: SQL[] = plans.slice(i, i + CHUNK).map(
      ({ id, after: a }) =>
        sql`(${id}::text, ${a.name}::text, ${a.description}::text, ${a.category}::text, ${a.subcategory}::text,
             ${a.priceCents}::bigint, ${a.compareAtCents}::bigint, ${a.stock}::integer, ${a.sku}::text,
             ${JSON.stringify(a.tags)}::jsonb, ${JSON.stringify(a.images)}::jsonb, ${a.archived}::boolean)`,
    );
    // Archived stays archived from its first date; active clears it.
    await db.execute(sql`
      update products
         set name = v.name, description = v.description, category = v.category, subcategory = v.subcategory,
             price_cents = v.price_cents, compare_at_cents = v.compare_at_cents, stock = v.stock, sku = v.sku,
             tags = v.tags, images = v.images,
             archived_at = case when v.archived then coalesce(products.archived_at, now()) else null end,
             updated_at = now()
        from (values ${sql.join(values, sql`, `)})
          as v(id, name, description, category, subcategory, price_cents, compare_at_cents, stock, sku, tags, images, archived)
       where products.id = v.id
         and ${soldBy(seller, products.storeId)}`);
  }
  const publish = plans.filter((p) => p.publish).map((p) => p.id);
  await catalogChangedMany(db, 'product', publish, reason);
  // The rest (a stock count that did not cross zero) is no publish, but the public answers show it.
  const answersOnly = plans.filter((p) => !p.publish).map((p) => p.id);
  await announceChange(db, { kind: 'product', refs: answersOnly, queued: false });
  return publish;
}
