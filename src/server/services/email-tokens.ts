import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { emailTokens } from '../db/schema';

/*
 * The single-use links the shop mails (a password reset, an address to verify, a newsletter
 * sign-up to confirm). The token is 256 random bits in the link; only its SHA-256 is stored, so a
 * copy of the database opens nothing. A newer token for the same purpose and account (or address)
 * voids the older ones, and taking a token marks it used in the same statement that checks it.
 */

export type TokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];
export type EmailToken = typeof emailTokens.$inferSelect;

export const hashEmailToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a token and voids the unused older ones of the same purpose for the same account (or address). */
export async function issueToken(
  tx: Tx | Db,
  input: { purpose: TokenPurpose; userId?: string; email: string; seconds: number },
): Promise<string> {
  await voidTokens(tx, input.purpose, input.userId ?? { email: input.email });
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({
    tokenHash: hashEmailToken(token),
    purpose: input.purpose,
    userId: input.userId ?? null,
    email: input.email,
    expiresAt: sql`now() + make_interval(secs => ${input.seconds})`,
  });
  return token;
}

/** Voids the unused tokens of `purpose` for an account (its id) or, without one, an address. */
export async function voidTokens(tx: Tx | Db, purpose: TokenPurpose, owner: string | { email: string }): Promise<void> {
  const whose = typeof owner === 'string' ? eq(emailTokens.userId, owner) : eq(emailTokens.email, owner.email);
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.purpose, purpose), whose, isNull(emailTokens.usedAt)));
}

/** A token's shape in a link: what is not one is refused before any query. */
export const looksLikeToken = (token: string) => /^[\w-]{43}$/.test(token);

/**
 * Takes a live token (unused, not expired) of `purpose`, marking it used; undefined when it is
 * unknown, used, voided or expired. One UPDATE decides, so two clicks at once cannot both take it.
 */
export async function takeToken(tx: Tx | Db, purpose: TokenPurpose, token: string): Promise<EmailToken | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, hashEmailToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}
