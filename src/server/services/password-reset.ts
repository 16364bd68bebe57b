import { eq, sql } from 'drizzle-orm';
import { MAIL_LINK_TEXT } from '../../lib/contract/auth';
import { durationInWords } from '../../lib/duration';
import { hashPassword } from '../auth/password';
import { revokeAllSessions, type SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { ApiError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { passwordResetMail, siteLink } from '../mail/templates';
import { issueToken, takeToken } from './email-tokens';
import { takeAllowance } from './rate-limit';

/*
 * Password reset by e-mail (issue 15). Asking always answers the same, whether or not an account
 * uses the address (the limits count the address asked for, not the account found, so they tell
 * nothing either). The link works once, for PASSWORD_RESET_SECONDS (30 minutes unless the operator
 * sets it), and a newer one voids it; setting the new password signs out every session of the account.
 */

/** Within 15 minutes: reset mails asked for one address, and asked from one client address. */
export const RESETS_PER_ACCOUNT = 3;
export const RESETS_PER_CLIENT = 10;

/**
 * Mails a reset link that works for `linkSeconds` when an account uses `email`; answers the words
 * for that lifetime ("30 minutes"), which the answer and the mail both say.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  clientAddress: string,
  linkSeconds: number,
): Promise<string> {
  const lifetime = durationInWords(linkSeconds);
  await takeAllowance(
    db,
    [
      { subject: `reset:${email}`, max: RESETS_PER_ACCOUNT },
      ...(clientAddress === 'unknown' ? [] : [{ subject: `reset-ip:${clientAddress}`, max: RESETS_PER_CLIENT }]),
    ],
    MAIL_LINK_TEXT.tooManyMails,
  );
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    if (!user) return;
    const token = await issueToken(tx, {
      purpose: 'password_reset',
      userId: user.id,
      email,
      seconds: linkSeconds,
    });
    const link = siteLink(`/reset-password#token=${token}`);
    await enqueueMail(tx, { to: email, ...passwordResetMail({ name: user.name, link, lifetime }) });
  });
  return lifetime;
}

/**
 * Sets a new password with a live reset link and ends every session of the account. Following a
 * link sent to the account's address also proves the address: it counts as verified.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<SessionUser> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const taken = await takeToken(tx, 'password_reset', token);
    if (!taken?.userId) throw new ApiError(400, 'invalid_token', MAIL_LINK_TEXT.resetInvalid);
    const [user] = await tx.select().from(users).where(eq(users.id, taken.userId));
    if (!user) throw new ApiError(400, 'invalid_token', MAIL_LINK_TEXT.resetInvalid);
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerified: user.emailVerified || taken.email === user.email,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id))
      .returning();
    await revokeAllSessions(tx, user.id);
    return row;
  });
}
