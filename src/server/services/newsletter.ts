import type { Db } from '../db/client';
import { newsletterSignups } from '../db/schema';

/** Signing up twice is fine: the address is kept once and the second sign-up changes nothing. */
export async function subscribeToNewsletter(db: Db, email: string): Promise<void> {
  await db.insert(newsletterSignups).values({ email }).onConflictDoNothing();
}
