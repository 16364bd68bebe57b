import { count } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { Db } from '../client';
import { products, shippingRateParishes, shippingRates, stores, users } from '../schema';
import { sampleCatalog } from './sample-catalog';

const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Loads the sample catalogue into an empty database in one transaction; does nothing when
 * products exist, so a restart never reseeds. Demo accounts (known passwords) only on request.
 */
export async function seedSampleData(db: Db, options: { demoAccounts?: boolean } = {}): Promise<{ seeded: boolean }> {
  const [{ n }] = await db.select({ n: count() }).from(products);
  if (n > 0) return { seeded: false };
  const data = sampleCatalog();
  await db.transaction(async (tx) => {
    const owners = new Map<string, string>();
    if (options.demoAccounts) {
      // One hash for every demo account keeps seeding fast; the password is public anyway.
      const passwordHash = await hashPassword(data.users[0].password);
      const inserted = await tx
        .insert(users)
        .values(
          data.users.map((u) => ({
            name: u.name,
            email: u.email,
            passwordHash,
            role: u.role,
            emailVerified: true,
            verified: true,
          })),
        )
        .returning({ id: users.id, email: users.email });
      const byEmail = new Map(inserted.map((u) => [u.email, u.id]));
      for (const u of data.users) if (u.storeId) owners.set(u.storeId, byEmail.get(u.email) as string);
    }
    await tx.insert(stores).values(data.stores.map((s) => ({ ...s, ownerId: owners.get(s.id) ?? null })));
    await insertInBatches(data.shippingRates, (b) => tx.insert(shippingRates).values(b));
    await insertInBatches(data.shippingRateParishes, (b) => tx.insert(shippingRateParishes).values(b));
    await insertInBatches(data.products, (b) => tx.insert(products).values(b));
  });
  return { seeded: true };
}
