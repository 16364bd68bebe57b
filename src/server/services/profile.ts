/**
 * The signed-in user's own account: name, e-mail, phone and password. Every write names the user
 * in its WHERE, so a change can only ever reach the account that asked for it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { User } from '../../lib/contract/auth';
import { PROFILE_TEXT, type ProfileUpdate } from '../../lib/contract/users';
import { hashPassword, verifyPassword } from '../auth/password';
import { revokeAllSessions, type SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { ApiError } from '../http/errors';
import { toUser } from './accounts';
import { requestEmailChange, takeEmailChangeAllowance } from './email-verification';

/**
 * Changes the user's name and phone (an empty phone is removed). A different e-mail address is not
 * taken at once: it waits in pendingEmail and is mailed (services/email-verification.ts), and
 * replaces the old address only when the mailed link is followed. An address another account holds
 * answers the same (its holder is told instead of sent a link). Asks that mail are limited (429,
 * nothing changed). Answers the user and, when a new address waits, the words that say so.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: ProfileUpdate,
): Promise<{ user: User; pendingEmail?: string }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    // The account went away after this request signed in.
    if (!current) throw new ApiError(401, 'unauthorized', 'Authentication required. Please log in.');
    const changing = input.email !== current.email && input.email !== current.pendingEmail;
    // Counted under the row's lock, so asks racing each other cannot slip past the count.
    if (changing) await takeEmailChangeAllowance(tx, userId, input.email);
    const [row] = await tx
      .update(users)
      .set({
        name: input.name,
        phone: input.phone ?? null,
        // Typing the current address back cancels a change waiting for verification.
        ...(input.email === current.email ? { pendingEmail: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning();
    if (changing) {
      await requestEmailChange(tx, row, input.email);
      return { user: toUser({ ...row, pendingEmail: input.email }), pendingEmail: input.email };
    }
    return { user: toUser(row) };
  });
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
