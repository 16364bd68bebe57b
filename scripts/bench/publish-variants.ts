/**
 * Products in sizes and colours for `npm run bench:publish` (issue 30): which generated products
 * get options, the rows they are given, and the timed change of one variant's stock through the
 * seller's own door (`PUT /seller/products/{id}/variants`, docs/decisions/054).
 *
 * The rows are written in bulk (the door one product at a time would publish each), but as the
 * door writes them (services/products/variants.ts): `products.options`, one `product_variants` row
 * per combination with the id `variantIdFor` gives, SKUs of their own, no photos of their own; the
 * product's price and compare-at its cheapest variant's, its stock their sum; and no sole variant
 * (the products_sole_variant trigger leaves a product with options alone). Every timed change reads
 * the grid back and sends it through the door, which checks those sums against its own.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SellerProduct, VariantsInputBody } from '../../src/lib/contract/seller-products';
import { type ProductOption, variantIdFor } from '../../src/lib/variants';
import type { Db } from '../../src/server/db/client';
import { products, productVariants } from '../../src/server/db/schema';

/** The subcategories whose products come in sizes (and colours), and their grids: the first option is the size. */
const GRIDS: Record<string, ProductOption[]> = {
  'Clothing/Shoes': [
    { name: 'Size', values: ['7', '8', '9', '10', '11'] },
    { name: 'Colour', values: ['Brown', 'Black'] },
  ],
  "Clothing/Men's": [
    { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
    { name: 'Colour', values: ['Navy', 'White'] },
  ],
  "Clothing/Women's": [
    { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
    { name: 'Colour', values: ['Coral', 'Sand'] },
  ],
  'Clothing/Kids': [{ name: 'Size', values: ['Age 2-3', 'Age 4-5', 'Age 6-7', 'Age 8-10'] }],
  'Jewelry/Rings': [{ name: 'Ring size', values: ['5', '6', '7', '8', '9'] }],
};

/** Every combination of the options' values, the first option outermost (the seller's grid order). */
const combinations = (options: ProductOption[]): string[][] =>
  options.reduce<string[][]>((rows, o) => rows.flatMap((r) => o.values.map((v) => [...r, v])), [[]]);

const BATCH = 500;

/**
 * Gives every other generated product of the GRIDS' subcategories (by id) options and variants:
 * the largest size 2 US$ dearer, stocks 1–12, the last combination sold out (as a shop's grid has
 * one). Answers how many products and variants.
 */
export async function giveVariants(db: Db): Promise<{ products: number; variants: number }> {
  const rows = (
    await db
      .select({
        id: products.id,
        sku: products.sku,
        priceCents: products.priceCents,
        compareAtCents: products.compareAtCents,
        category: products.category,
        subcategory: products.subcategory,
      })
      .from(products)
      .where(
        and(
          inArray(products.category, ['Clothing', 'Jewelry']),
          // The generated ones (generateCatalog's ids end in -g<seed>-<n>); the sample's have theirs.
          sql`${products.id} ~ '-g[0-9]+-[0-9]+$'`,
          sql`jsonb_array_length(${products.options}) = 0`,
        ),
      )
      .orderBy(products.id)
  ).filter((p) => GRIDS[`${p.category}/${p.subcategory}`]);
  const chosen = rows.filter((_, i) => i % 2 === 0);
  let variants = 0;
  for (let start = 0; start < chosen.length; start += BATCH) {
    const batch = chosen.slice(start, start + BATCH);
    await db.transaction(async (tx) => {
      const inserts: (typeof productVariants.$inferInsert)[] = [];
      for (const [n, p] of batch.entries()) {
        const options = GRIDS[`${p.category}/${p.subcategory}`] as ProductOption[];
        const largest = options[0]?.values.at(-1);
        const grid = combinations(options);
        const rowsOf = grid.map((values, position) => {
          const dearer = values[0] === largest ? 200 : 0;
          return {
            id: variantIdFor(p.id, values),
            productId: p.id,
            position,
            optionValues: values,
            sku: `${p.sku}-${values.map((v) => v.toUpperCase().replace(/[^A-Z0-9]+/g, '')).join('-')}`,
            priceCents: p.priceCents + dearer,
            compareAtCents: p.compareAtCents === null ? null : p.compareAtCents + dearer,
            stock: position === grid.length - 1 ? 0 : 1 + ((start + n + position) % 12),
            images: [],
          };
        });
        inserts.push(...rowsOf);
        // Its price and compare-at stay its own: the first size's, its cheapest variant's (the door's rule).
        await tx
          .update(products)
          .set({ options, stock: rowsOf.reduce((sum, r) => sum + r.stock, 0), updatedAt: sql`now()` })
          .where(eq(products.id, p.id));
      }
      // Their sole variants go, as the door's do when a product gains options.
      await tx.delete(productVariants).where(
        inArray(
          productVariants.id,
          batch.map((p) => p.id),
        ),
      );
      await tx.insert(productVariants).values(inserts);
      variants += inserts.length;
    });
  }
  return { products: chosen.length, variants };
}

/**
 * Stock for the timed run: every product sold one way 1,000,000 (what the bench always set), every
 * variant in stock 1,000 and its product the sum, the sold-out ones left at 0. Answers, for each
 * product with options, its variants in stock (what an order may name).
 */
export async function stockForRun(db: Db): Promise<Map<string, string[]>> {
  await db.update(products).set({ stock: 1_000_000 }).where(sql`jsonb_array_length(${products.options}) = 0`);
  const withOptions = sql`${productVariants.productId} <> ${productVariants.id}`;
  await db
    .update(productVariants)
    .set({ stock: 1000 })
    .where(and(withOptions, ne(productVariants.stock, 0)));
  await db.execute(sql`update products p set stock = v.total
    from (select product_id, sum(stock)::int as total from product_variants where product_id <> id group by product_id) v
    where p.id = v.product_id`);
  const inStock = await db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(and(withOptions, ne(productVariants.stock, 0)));
  const byProduct = new Map<string, string[]>();
  for (const v of inStock) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v.id]);
  return byProduct;
}

/** A variant the bench sold out: its product, and the size the product page strikes through. */
export type SoldOut = { productId: string; storeId: string; variantId: string; value: string };

/**
 * Whether the product page strikes `value` of the first option (the size) through: its radio is
 * disabled (src/components/product/VariantPicker.astro). The page is built on the default variant,
 * so this is the size of the default's colour.
 */
export function struckThrough(html: string, value: string): boolean {
  const literal = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const input = html.match(new RegExp(`<input[^>]*name="option-0"[^>]*value="${literal}"[^>]*>`))?.[0];
  if (!input) throw new Error(`the product page has no size ${value}`);
  return /\sdisabled(\s|=|>|\/)/.test(input);
}

/**
 * Sets one variant's stock through the seller's door, as the product editor does: reads the grid,
 * sends it back whole with that stock changed. The variant is `variantId`, else one in stock that
 * differs from the default only in its size (the page, built on the default, strikes that size
 * out). Throws when the door's answer is not the grid sent, with the same sums the bench wrote.
 */
export async function setVariantStock(
  shop: string,
  headers: Record<string, string>,
  productId: string,
  stock: number,
  variantId?: string,
): Promise<{ variantId: string; value: string; sentAt: number }> {
  const read = await fetch(`${shop}/api/v1/seller/products/${encodeURIComponent(productId)}`, { headers });
  if (read.status !== 200) throw new Error(`reading ${productId} answered ${read.status}: ${await read.text()}`);
  const before = (await read.json()) as SellerProduct;
  const variants = before.variants ?? [];
  const [first] = variants;
  const target =
    variants.find((v) => v.id === variantId) ??
    variants.find(
      (v) =>
        v.stock > 0 &&
        v.options[0] !== first?.options[0] &&
        v.options.slice(1).join() === first?.options.slice(1).join(),
    );
  if (!target) throw new Error(`${productId} has no variant to change`);
  const body: VariantsInputBody = {
    options: before.options,
    variants: variants.map((v) => ({
      id: v.id,
      options: v.options,
      sku: v.sku,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      stock: v.id === target.id ? stock : v.stock,
    })),
  };
  // The change is timed from its request, as the others are (reading the grid is opening the editor).
  const sentAt = Date.now();
  const res = await fetch(`${shop}/api/v1/seller/products/${encodeURIComponent(productId)}/variants`, {
    method: 'PUT',
    headers,
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`the variants door answered ${res.status}: ${await res.text()}`);
  const after = (await res.json()) as SellerProduct;
  const ids = (p: SellerProduct) => (p.variants ?? []).map((v) => v.id).join();
  // The door's price and compare-at (its cheapest variant's) against the bench's; its stock is their sum.
  const sum = variants.reduce((total, v) => total + v.stock, 0);
  if (
    ids(after) !== ids(before) ||
    after.price !== before.price ||
    after.compareAtPrice !== before.compareAtPrice ||
    before.stock !== sum
  )
    throw new Error(`the door's grid of ${productId} is not the one the bench wrote`);
  return { variantId: target.id, value: target.options[0] as string, sentAt };
}
