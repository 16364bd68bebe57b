import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

export type SessionUser = typeof users.$inferSelect;

export const SESSION_COOKIE = 'token';
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session: a random 256-bit token for the client; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
  ttlDays: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/**
 * The user behind a token, or undefined when it is unknown, revoked or expired. A session in use
 * is renewed (rolling expiry) at most once a day, so reads stay cheap.
 */
export async function resolveSession(
  db: Db,
  token: string,
  ttlDays: number,
): Promise<{ user: SessionUser; expiresAt: Date; renewed: boolean } | undefined> {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  if (!row) return undefined;
  const fullTtl = ttlDays * 86_400_000;
  const age = fullTtl - (row.session.expiresAt.getTime() - Date.now());
  if (age < RENEW_AFTER_MS) return { user: row.user, expiresAt: row.session.expiresAt, renewed: false };
  const expiresAt = new Date(Date.now() + fullTtl);
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, row.session.id));
  return { user: row.user, expiresAt, renewed: true };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (after a password change, say), optionally keeping one. */
export async function revokeAllSessions(db: Db, userId: string, exceptToken?: string): Promise<void> {
  const where = exceptToken
    ? and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.tokenHash} <> ${hashToken(exceptToken)}`,
      )
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(where);
}
