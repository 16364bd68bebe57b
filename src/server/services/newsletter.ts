import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { NEWSLETTER_TEXT } from '../../lib/contract/newsletter';
import type { Db } from '../db/client';
import { newsletterSignups } from '../db/schema';
import { ApiError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { newsletterConfirmMail, newsletterIssueMail, siteLink } from '../mail/templates';
import { issueToken, takeToken } from './email-tokens';
import { takeAllowance } from './rate-limit';

/*
 * The newsletter with double opt-in (Jamaica's Data Protection Act 2020: consent must be given,
 * and shown): a sign-up is only a request until the link in its confirmation mail is followed;
 * every issue carries a one-click unsubscribe (RFC 8058) that needs no sign-in.
 */

const CONFIRM_LINK_MINUTES = 3 * 24 * 60;
/** Within 15 minutes: confirmation mails to one address, and sign-ups from one client address. */
export const SIGNUPS_PER_EMAIL = 3;
export const SIGNUPS_PER_CLIENT = 20;

/**
 * Signing up mails a confirmation link; an address already confirmed gets nothing new. The answer
 * is the same either way, so the form tells nobody who is subscribed.
 */
export async function subscribeToNewsletter(db: Db, email: string, clientAddress = 'unknown'): Promise<void> {
  await takeAllowance(
    db,
    [
      { subject: `newsletter:${email}`, max: SIGNUPS_PER_EMAIL },
      ...(clientAddress === 'unknown' ? [] : [{ subject: `newsletter-ip:${clientAddress}`, max: SIGNUPS_PER_CLIENT }]),
    ],
    NEWSLETTER_TEXT.tooMany,
  );
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSignups).where(eq(newsletterSignups.email, email)).for('update');
    if (row?.confirmedAt && !row.unsubscribedAt) return;
    if (!row) await tx.insert(newsletterSignups).values({ email });
    const token = await issueToken(tx, { purpose: 'newsletter', email, seconds: CONFIRM_LINK_MINUTES * 60 });
    await enqueueMail(tx, {
      to: email,
      ...newsletterConfirmMail({ link: siteLink(`/newsletter/confirm#token=${token}`) }),
    });
  });
}

export async function confirmNewsletter(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const taken = await takeToken(tx, 'newsletter', token);
    if (!taken) throw new ApiError(400, 'invalid_token', NEWSLETTER_TEXT.confirmInvalid);
    await tx
      .update(newsletterSignups)
      .set({
        confirmedAt: sql`now()`,
        unsubscribedAt: null,
        unsubscribeToken: sql`coalesce(${newsletterSignups.unsubscribeToken}, ${randomBytes(32).toString('base64url')})`,
      })
      .where(eq(newsletterSignups.email, taken.email));
  });
}

/** Unsubscribes the address of an unsubscribe link; following it again changes nothing. */
export async function unsubscribe(db: Db, token: string): Promise<void> {
  const [row] = await db
    .update(newsletterSignups)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSignups.unsubscribedAt}, now())` })
    .where(eq(newsletterSignups.unsubscribeToken, token))
    .returning({ email: newsletterSignups.email });
  if (!row) throw new ApiError(404, 'not_found', NEWSLETTER_TEXT.unsubscribeInvalid);
}

/** The links of an address's unsubscribe: the page a person opens, and the one-click POST (RFC 8058). */
export const unsubscribeLinks = (token: string) => ({
  page: siteLink(`/newsletter/unsubscribe#token=${token}`),
  oneClick: siteLink(`/api/v1/newsletter/unsubscribe/${token}`),
});

/** Queues an issue for every confirmed subscriber who has not left, each with its own unsubscribe link. */
export async function sendNewsletterIssue(db: Db, issue: { subject: string; paragraphs: string[] }): Promise<number> {
  return db.transaction(async (tx) => {
    const readers = await tx
      .select({ email: newsletterSignups.email, token: newsletterSignups.unsubscribeToken })
      .from(newsletterSignups)
      .where(
        and(
          isNotNull(newsletterSignups.confirmedAt),
          isNull(newsletterSignups.unsubscribedAt),
          isNotNull(newsletterSignups.unsubscribeToken),
        ),
      );
    for (const reader of readers)
      await enqueueMail(tx, {
        to: reader.email,
        ...newsletterIssueMail(issue, unsubscribeLinks(reader.token as string)),
      });
    return readers.length;
  });
}
