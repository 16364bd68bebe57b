/**
 * The signed-in user's own account: name, e-mail, phone and password. Every write names the user
 * in its WHERE, so a change can only ever reach the account that asked for it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AUTH_TEXT, type User } from '../../lib/contract/auth';
import { PROFILE_TEXT, type ProfileUpdate } from '../../lib/contract/users';
import { hashPassword, verifyPassword } from '../auth/password';
import { revokeAllSessions, type SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { ApiError } from '../http/errors';
import { toUser } from './accounts';

const emailTaken = () => new ApiError(409, 'conflict', AUTH_TEXT.emailTaken, { email: AUTH_TEXT.emailTaken });

/**
 * Changes the user's name, e-mail and phone (an empty phone is removed). The unique index on the
 * e-mail is the one rule for "already registered": an address another account holds, looked up or
 * taken by a parallel request at the same moment, both end in the same 409, never a 500.
 */
export async function updateProfile(db: Db, userId: string, input: ProfileUpdate): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ name: input.name, email: input.email, phone: input.phone ?? null, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
      throw error;
    });
  // The account went away after this request signed in.
  if (!row) throw new ApiError(401, 'unauthorized', 'Authentication required. Please log in.');
  return toUser(row);
}

const refuse = (message: string) => new ApiError(400, 'validation_failed', message, { currentPassword: message });

/**
 * Changes the password after checking the current one, then signs out every other session of the
 * user (the one asking, `keepToken`, stays). The new hash is written only over the hash that was
 * checked, so two changes at once cannot both win with the same old password.
 */
export async function changePassword(
  db: Db,
  user: Pick<SessionUser, 'id' | 'passwordHash'>,
  change: { currentPassword: string; newPassword: string },
  keepToken?: string,
): Promise<void> {
  if (!user.passwordHash) throw refuse(PROFILE_TEXT.noPassword);
  if (!(await verifyPassword(change.currentPassword, user.passwordHash))) throw refuse(PROFILE_TEXT.wrongPassword);
  const changed = await db
    .update(users)
    .set({ passwordHash: await hashPassword(change.newPassword), updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
    .returning({ id: users.id });
  if (changed.length === 0) throw refuse(PROFILE_TEXT.wrongPassword);
  await revokeAllSessions(db, user.id, keepToken);
}
