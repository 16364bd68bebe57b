import { count, inArray } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import { recountAllRatings } from '../../services/reviews/totals';
import type { Db } from '../client';
import {
  productReviews,
  products,
  productVariants,
  reviewVotes,
  sellerRatings,
  shippingRateParishes,
  shippingRates,
  stores,
  users,
} from '../schema';
import { sampleCatalog } from './sample-catalog';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for every table here. */
export const BATCH_SIZE = 500;

export async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = BATCH_SIZE) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Loads the sample catalogue into a database without products, in one transaction; does nothing
 * when products exist, so a restart never reseeds. `demoAccounts: false` leaves out the demo
 * users (their password is public), and the stores then have no owner.
 */
export async function seedSampleData(db: Db, options: { demoAccounts?: boolean } = {}): Promise<{ seeded: boolean }> {
  const [{ n }] = await db.select({ n: count() }).from(products);
  if (n > 0) return { seeded: false };
  const data = sampleCatalog();
  const owners = new Map<string, string>();
  // Hashing is deliberately slow; one hash of the one shared demo password serves every account.
  const passwordHash = options.demoAccounts === false ? undefined : await hashPassword(data.users[0].password);

  await db.transaction(async (tx) => {
    if (passwordHash) {
      await insertInBatches(data.users, (batch) =>
        tx
          .insert(users)
          .values(
            batch.map((u) => ({
              name: u.name,
              email: u.email,
              passwordHash,
              role: u.role,
              emailVerified: true,
              verified: true,
            })),
          )
          .onConflictDoNothing({ target: users.email }),
      );
      const emails = data.users.map((u) => u.email);
      const rows = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, emails));
      const idByEmail = new Map(rows.map((r) => [r.email, r.id]));
      for (const u of data.users) {
        const id = idByEmail.get(u.email);
        if (u.storeId && id) owners.set(u.storeId, id);
      }
    }
    const storeRows = data.stores.map((s) => ({ ...s, ownerId: owners.get(s.id as string) ?? null }));
    await insertInBatches(storeRows, (b) => tx.insert(stores).values(b).onConflictDoNothing());
    await insertInBatches(data.shippingRates, (b) => tx.insert(shippingRates).values(b).onConflictDoNothing());
    await insertInBatches(data.shippingRateParishes, (b) =>
      tx.insert(shippingRateParishes).values(b).onConflictDoNothing(),
    );
    await insertInBatches(data.products, (b) => tx.insert(products).values(b));
    // A product with options has no sole variant (the trigger leaves it alone): its rows are these.
    await insertInBatches(data.variants, (b) => tx.insert(productVariants).values(b));
    // The sample reviews need their authors: without demo accounts there are none, and every
    // rating stays 0 (docs/decisions/018).
    if (passwordHash) {
      const authors = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, [...new Set(data.reviews.map((r) => r.authorEmail))]));
      const idOf = new Map(authors.map((a) => [a.email, a.id]));
      const known = <T extends { authorEmail: string }>(rows: T[]) => rows.filter((r) => idOf.has(r.authorEmail));
      await insertInBatches(known(data.reviews), (b) =>
        tx
          .insert(productReviews)
          .values(b.map(({ authorEmail, ...r }) => ({ ...r, authorId: idOf.get(authorEmail) as string }))),
      );
      await insertInBatches(known(data.votes), (b) =>
        tx
          .insert(reviewVotes)
          .values(b.map(({ authorEmail, ...v }) => ({ ...v, userId: idOf.get(authorEmail) as string }))),
      );
      await insertInBatches(known(data.sellerRatings), (b) =>
        tx
          .insert(sellerRatings)
          .values(b.map(({ authorEmail, ...r }) => ({ ...r, authorId: idOf.get(authorEmail) as string }))),
      );
      await recountAllRatings(tx);
    }
  });
  return { seeded: true };
}
