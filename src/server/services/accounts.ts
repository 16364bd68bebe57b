import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { RegisterInput, User } from '../../lib/contract/auth';
import { AUTH_TEXT } from '../../lib/contract/auth';
import type { FirebaseIdentity } from '../auth/firebase';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { loginFailures, users } from '../db/schema';
import { ApiError } from '../http/errors';

/** Spec deviation (README): 5 failed sign-ins within 15 minutes, per account or per address, lock sign-in. */
export const LOCKOUT = { attempts: 5, windowMinutes: 15 } as const;

export function toUser(u: SessionUser): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    phone: u.phone,
    verified: u.verified,
    emailVerified: u.emailVerified,
    profilePicture: u.profilePicture,
  };
}

export async function register(db: Db, input: RegisterInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash, role: 'buyer' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) throw new ApiError(409, 'conflict', AUTH_TEXT.emailTaken, { email: AUTH_TEXT.emailTaken });
  return toUser(row);
}

/** What a failure counts against: the account, and the client address when it is known. */
const subjects = (email: string, ip: string) =>
  ip === 'unknown' ? [`email:${email}`] : [`email:${email}`, `ip:${ip}`];

/**
 * Takes one of the limited sign-in attempts, or refuses with 429. The attempt is recorded as a
 * failure before the password is checked (a success deletes it again), and the count and the
 * record happen under advisory locks on the subjects, so parallel guesses queue here one after
 * another: 100 sent at once get 5 checks, not 100.
 */
async function takeAttempt(db: Db, keys: string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    // One lock per subject, always in the same order, so two attempts never wait on each other in a cycle.
    for (const key of [...keys].sort())
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${key}`}))`);
    const since = sql`now() - make_interval(mins => ${LOCKOUT.windowMinutes})`;
    const recent = await tx
      .select({ subject: loginFailures.subject, n: count() })
      .from(loginFailures)
      .where(and(inArray(loginFailures.subject, keys), gt(loginFailures.createdAt, since)))
      .groupBy(loginFailures.subject);
    if (recent.some((r) => r.n >= LOCKOUT.attempts)) throw new ApiError(429, 'rate_limited', AUTH_TEXT.tooManyAttempts);
    const rows = await tx
      .insert(loginFailures)
      .values(keys.map((subject) => ({ subject })))
      .returning({ id: loginFailures.id });
    return rows.map((r) => r.id);
  });
}

/**
 * Checks a sign-in. Counts failures in the database (so the limit holds across server
 * instances), answers the same for an unknown e-mail and a wrong password, and hashes a dummy on
 * the unknown path so both take the same time.
 */
export async function authenticate(db: Db, email: string, password: string, ip: string): Promise<SessionUser> {
  const keys = subjects(email, ip);
  const attempt = await takeAttempt(db, keys);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  // A failure stays counted: it was recorded when the attempt was taken.
  if (!user?.passwordHash || !ok) throw new ApiError(401, 'unauthorized', AUTH_TEXT.invalidLogin);
  // The owner proved it: the account's count starts again, and this attempt counts against nothing.
  await db
    .delete(loginFailures)
    .where(or(eq(loginFailures.subject, `email:${email}`), inArray(loginFailures.id, attempt)));
  return user;
}

/**
 * The shop user behind a verified Firebase identity: the one already linked to the uid; else the
 * account with the same e-mail, linked now, but only when Firebase has verified that e-mail (or
 * anyone could claim an account by registering its address with Firebase); else a new shopper.
 */
export async function signInWithFirebase(
  db: Db,
  identity: FirebaseIdentity,
  registrationName?: string,
): Promise<SessionUser> {
  const [linked] = await db.select().from(users).where(eq(users.firebaseUid, identity.uid));
  if (linked) return refreshFromFirebase(db, linked, identity);
  if (!identity.email) throw new ApiError(400, 'validation_failed', AUTH_TEXT.emailNeeded);

  const [same] = await db.select().from(users).where(eq(users.email, identity.email));
  if (same) {
    if (same.firebaseUid || !identity.emailVerified)
      throw new ApiError(409, 'conflict', AUTH_TEXT.emailTaken, { email: AUTH_TEXT.emailTaken });
    const [row] = await db
      .update(users)
      .set({ firebaseUid: identity.uid, updatedAt: sql`now()` })
      .where(and(eq(users.id, same.id), isNull(users.firebaseUid)))
      .returning();
    if (!row) throw new ApiError(409, 'conflict', AUTH_TEXT.emailTaken, { email: AUTH_TEXT.emailTaken });
    return refreshFromFirebase(db, row, identity);
  }

  const name = (identity.name ?? registrationName?.trim() ?? '').slice(0, 120) || identity.email.split('@')[0];
  const [created] = await db
    .insert(users)
    .values({
      name,
      email: identity.email,
      firebaseUid: identity.uid,
      role: 'buyer',
      emailVerified: identity.emailVerified,
      profilePicture: identity.picture,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Another request created it at the same moment: take that one when it is the same identity.
  const [raced] = await db.select().from(users).where(eq(users.firebaseUid, identity.uid));
  if (raced) return raced;
  throw new ApiError(409, 'conflict', AUTH_TEXT.emailTaken, { email: AUTH_TEXT.emailTaken });
}

/** Takes over what Firebase knows better: a verified e-mail, a picture the shopper had none of. */
async function refreshFromFirebase(db: Db, user: SessionUser, identity: FirebaseIdentity): Promise<SessionUser> {
  const emailVerified = user.emailVerified || (identity.emailVerified && identity.email === user.email);
  const profilePicture = user.profilePicture ?? identity.picture;
  if (emailVerified === user.emailVerified && profilePicture === user.profilePicture) return user;
  const [row] = await db
    .update(users)
    .set({ emailVerified, profilePicture, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return row ?? user;
}
