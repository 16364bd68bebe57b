import { and, inArray, sql } from 'drizzle-orm';
import { parseUploadPath } from '../../../lib/uploads';
import type { Db } from '../../db/client';
import { products, uploads } from '../../db/schema';
import { type Seller, soldBy } from '../sellers';

/** A product's photo list that names one photo twice. */
export const PHOTO_TWICE = 'Photos hold the same photo twice: remove the copy';

/**
 * The photos a product may show: ones the store uploaded (`/uploads/<key>/…` with the store's
 * key), or ones already on one of the store's products (the sample catalogue's drawn pictures,
 * a copy's photos, an export imported again). Field errors name each refused photo.
 */
export async function photoProblems(db: Db, seller: Seller, images: string[], field = 'images') {
  const problems: Record<string, string> = {};
  const keys = [...new Set(images.map((url) => parseUploadPath(url)?.hash).filter((k): k is string => !!k))];
  const uploaded = new Set(
    keys.length
      ? (
          await db
            .select({ key: uploads.key })
            .from(uploads)
            .where(and(soldBy(seller, uploads.storeId), inArray(uploads.key, keys)))
        ).map((r) => r.key)
      : [],
  );
  const others = [...new Set(images.filter((url) => !uploaded.has(parseUploadPath(url)?.hash ?? '')))];
  const used = new Set<string>();
  if (others.length) {
    const rows = (await db.execute(sql`
      select distinct photo from ${products}, jsonb_array_elements_text(${products.images}) as photo
       where ${soldBy(seller, products.storeId)} and photo in (${sql.join(
         others.map((o) => sql`${o}`),
         sql`, `,
       )})`)) as unknown as { rows: { photo: string }[] };
    for (const r of rows.rows) used.add(r.photo);
  }
  images.forEach((url, i) => {
    if (!uploaded.has(parseUploadPath(url)?.hash ?? '') && !used.has(url))
      problems[`${field}.${i}`] =
        `Photo ${i + 1} is not one of your store's uploads: remove it and upload the photo here`;
  });
  if (new Set(images).size !== images.length) problems[field] = PHOTO_TWICE;
  return problems;
}
