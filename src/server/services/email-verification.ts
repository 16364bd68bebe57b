import { and, eq, sql } from 'drizzle-orm';
import { AUTH_TEXT, MAIL_LINK_TEXT } from '../../lib/contract/auth';
import type { SessionUser } from '../auth/sessions';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { ApiError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { emailTakenMail, siteLink, verifyEmailMail } from '../mail/templates';
import { issueToken, takeToken, voidTokens } from './email-tokens';
import { takeAllowance } from './rate-limit';

/*
 * Verified addresses (issue 15): registration mails a link; following it sets emailVerified. A new
 * address asked for in the profile waits in pendingEmail and replaces the old one only when its
 * own link is followed, so an account never moves to an address its owner cannot read.
 */

export const VERIFY_LINK_MINUTES = 3 * 24 * 60;
/** "Send again" at most this often per account within 15 minutes. */
export const RESENDS_PER_WINDOW = 3;
/** Within 15 minutes: new-address mails to one address (whoever asks), and asked by one account. */
export const EMAIL_CHANGES_PER_ADDRESS = 3;
export const EMAIL_CHANGES_PER_ACCOUNT = 5;

/** Mails a verification link for `email` (the account's own address, or the pending new one), in the caller's transaction. */
export async function sendVerification(tx: Tx | Db, user: Pick<SessionUser, 'id' | 'name' | 'email'>, email: string) {
  const token = await issueToken(tx, {
    purpose: 'verify_email',
    userId: user.id,
    email,
    seconds: VERIFY_LINK_MINUTES * 60,
  });
  const link = siteLink(`/verify-email#token=${token}`);
  await enqueueMail(tx, { to: email, ...verifyEmailMail({ name: user.name, link, change: email !== user.email }) });
}

/** "Send again": a new link (voiding the old one) to the address waiting for verification; rate-limited. */
export async function resendVerification(db: Db, user: SessionUser): Promise<void> {
  const email = user.pendingEmail ?? (user.emailVerified ? undefined : user.email);
  if (!email) throw new ApiError(409, 'conflict', MAIL_LINK_TEXT.alreadyVerified);
  await takeAllowance(db, [{ subject: `verify:${user.id}`, max: RESENDS_PER_WINDOW }], MAIL_LINK_TEXT.tooManyMails);
  await db.transaction((tx) =>
    email === user.email ? sendVerification(tx, user, email) : mailNewAddress(tx, user, email),
  );
}

/**
 * Follows a verification link: the account's address is verified, or its pending address becomes
 * its address (verified). An address another account took meanwhile answers 409 and changes nothing.
 */
export async function verifyEmail(db: Db, token: string): Promise<SessionUser> {
  return db
    .transaction(async (tx) => {
      const taken = await takeToken(tx, 'verify_email', token);
      if (!taken?.userId) throw new ApiError(400, 'invalid_token', MAIL_LINK_TEXT.verifyInvalid);
      const [user] = await tx.select().from(users).where(eq(users.id, taken.userId)).for('update');
      if (!user) throw new ApiError(400, 'invalid_token', MAIL_LINK_TEXT.verifyInvalid);
      if (taken.email === user.email) {
        const [row] = await tx
          .update(users)
          .set({ emailVerified: true, updatedAt: sql`now()` })
          .where(eq(users.id, user.id))
          .returning();
        return row;
      }
      // A link for an address that is no longer the one waiting (a newer change replaced it) opens nothing.
      if (taken.email !== user.pendingEmail) throw new ApiError(400, 'invalid_token', MAIL_LINK_TEXT.verifyInvalid);
      const [row] = await tx
        .update(users)
        .set({ email: taken.email, pendingEmail: null, emailVerified: true, updatedAt: sql`now()` })
        .where(and(eq(users.id, user.id), eq(users.pendingEmail, taken.email)))
        .returning();
      return row;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'users_email_key'))
        throw new ApiError(409, 'conflict', AUTH_TEXT.emailTaken, { email: AUTH_TEXT.emailTaken });
      throw error;
    });
}

/**
 * Takes one use of the new-address allowances (per address asked for, per account), or refuses
 * with 429 before anything changes. Called only for an ask that would mail.
 */
export async function takeEmailChangeAllowance(db: Db, userId: string, email: string): Promise<void> {
  await takeAllowance(
    db,
    [
      { subject: `email-change-to:${email}`, max: EMAIL_CHANGES_PER_ADDRESS },
      { subject: `email-change:${userId}`, max: EMAIL_CHANGES_PER_ACCOUNT },
    ],
    MAIL_LINK_TEXT.tooManyMails,
  );
}

/**
 * The profile asks for a new address: it waits in pendingEmail whether or not another account
 * holds it, so the answer and the account look the same either way (no one learns who has an
 * account by asking). A free address gets its link; a taken one is told instead, with no link
 * (services/email-verification.ts verifyEmail would refuse it anyway).
 */
export async function requestEmailChange(tx: Tx, user: Pick<SessionUser, 'id' | 'name' | 'email'>, email: string) {
  await tx.update(users).set({ pendingEmail: email }).where(eq(users.id, user.id));
  await mailNewAddress(tx, user, email);
}

/**
 * Mails the address waiting to become the account's: its link, or, when another account holds it,
 * word that it does (to that account's own inbox). Either way older links of the account are
 * voided, so only the newest ask can ever be followed.
 */
async function mailNewAddress(tx: Tx, user: Pick<SessionUser, 'id' | 'name' | 'email'>, email: string) {
  const [holder] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
  if (!holder || holder.id === user.id) return sendVerification(tx, user, email);
  await voidTokens(tx, 'verify_email', user.id);
  await enqueueMail(tx, { to: email, ...emailTakenMail({ name: holder.name }) });
}
