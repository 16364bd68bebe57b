/**
 * Who is an operator (role `admin`, docs/decisions/015). The first operator is made by
 * `npm run admin:create -- EMAIL` (promote) or named in ADMIN_EMAILS, which is applied when a
 * listed user signs in or registers and at start-up for the accounts that already exist.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** Makes an existing user an operator; undefined when no account has that e-mail. */
export async function promoteToOperator(
  db: Db,
  email: string,
): Promise<{ id: string; email: string; was: string } | undefined> {
  const address = email.trim().toLowerCase();
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, address));
  if (!user) return undefined;
  if (user.role !== 'admin') {
    await db.update(users).set({ role: 'admin', updatedAt: sql`now()` }).where(eq(users.id, user.id));
  }
  return { id: user.id, email: address, was: user.role };
}

/** At start-up: every existing account named in ADMIN_EMAILS becomes an operator. Answers how many changed. */
export async function promoteListedOperators(db: Db, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const changed = await db
    .update(users)
    .set({ role: 'admin', updatedAt: sql`now()` })
    .where(and(inArray(users.email, [...emails]), ne(users.role, 'admin')))
    .returning({ id: users.id });
  return changed.length;
}

/** At sign-in or registration: the user as an operator when ADMIN_EMAILS names it, else as it is. */
export async function withListedRole<U extends Pick<SessionUser, 'id' | 'email' | 'role'>>(
  db: Db,
  emails: readonly string[],
  user: U,
): Promise<U> {
  if (user.role === 'admin' || !emails.includes(user.email)) return user;
  await db.update(users).set({ role: 'admin', updatedAt: sql`now()` }).where(eq(users.id, user.id));
  return { ...user, role: 'admin' };
}
