import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { RegisterInput, User } from '../../lib/contract/auth';
import { AUTH_TEXT } from '../../lib/contract/auth';
import { toSingleLine } from '../../lib/contract/single-line';
import type { FirebaseIdentity } from '../auth/firebase';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { loginFailures, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { sendVerification } from './email-verification';
import { takeAllowance } from './rate-limit';

/**
 * Spec deviation (README): the sign-in lock. Within 15 minutes, 5 failures at one account from one
 * address lock that account at that address only (a shared carrier, office or proxy address is
 * common, and a guesser must not lock the owner out everywhere); an address failing at 30
 * accounts is refused for every account (spraying); 50 failures at one account from any number of
 * addresses lock it everywhere (guessing spread over many addresses).
 */
export const LOCKOUT = { attempts: 5, accountsPerAddress: 30, attemptsPerAccount: 50, windowMinutes: 15 } as const;

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
    ...(u.pendingEmail ? { pendingEmail: u.pendingEmail } : {}),
  };
}

/**
 * Creates a shopper account. Each attempt from a known client address is counted first (in
 * login_failures, as `register:<address>`, under an advisory lock so parallel sign-ups cannot
 * overshoot), so one address cannot make accounts, or probe which e-mails exist, in bulk.
 */
export async function register(
  db: Db,
  input: RegisterInput,
  limit?: { ip: string; perAddress: number },
): Promise<User> {
  if (limit && limit.ip !== 'unknown') await takeSignUp(db, `register:${limit.ip}`, limit.perAddress);
  const passwordHash = await hashPassword(input.password);
  // The account and its verification mail commit together (docs/decisions/013).
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash, role: 'buyer' })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (created) await sendVerification(tx, created, created.email);
    return created;
  });
  if (!row) throw new ApiError(409, 'conflict', AUTH_TEXT.emailTaken, { email: AUTH_TEXT.emailTaken });
  return toUser(row);
}

/** Counts a sign-up from an address (SIGNUPS_PER_ADDRESS within the window), or refuses with 429. */
async function takeSignUp(db: Db, subject: string, perAddress: number) {
  await pruneFailures(db);
  await takeAllowance(db, [{ subject, max: perAddress }], AUTH_TEXT.tooManySignUps);
}

const windowStart = () => sql`now() - make_interval(mins => ${LOCKOUT.windowMinutes})`;

/**
 * The rows a failure leaves in login_failures, by subject: one for the address and account
 * together, one for the account, and one for the address the first time it fails at that account
 * within the window (so the address's rows count the accounts it failed at). An unknown address
 * (in-process requests) only counts per account.
 */
function subjectsOf(email: string, ip: string) {
  return {
    pair: `pair:${ip}/${email}`,
    account: `email:${email}`,
    address: ip === 'unknown' ? undefined : `ip:${ip}`,
  };
}

/**
 * Takes one of the limited sign-in attempts, or refuses with 429. The attempt is recorded as a
 * failure before the password is checked (a success deletes it again), and the count and the
 * record happen under advisory locks on the address and the account, so parallel guesses queue
 * here one after another: 100 sent at once get 5 checks, not 100. Returns the rows recorded.
 */
async function takeAttempt(db: Db, email: string, ip: string): Promise<string[]> {
  const { pair, account, address } = subjectsOf(email, ip);
  const keys = [pair, account, ...(address ? [address] : [])];
  return db.transaction(async (tx) => {
    // Always the address before the account, so two attempts never wait on each other in a cycle.
    for (const key of [`ip:${ip}`, account])
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${key}`}))`);
    const since = windowStart();
    const recent = await tx
      .select({ subject: loginFailures.subject, n: count() })
      .from(loginFailures)
      .where(and(inArray(loginFailures.subject, keys), gt(loginFailures.createdAt, since)))
      .groupBy(loginFailures.subject);
    const n = (subject: string | undefined) => recent.find((r) => r.subject === subject)?.n ?? 0;
    if (
      n(pair) >= LOCKOUT.attempts ||
      n(account) >= LOCKOUT.attemptsPerAccount ||
      n(address) >= LOCKOUT.accountsPerAddress
    )
      throw new ApiError(429, 'rate_limited', AUTH_TEXT.tooManyAttempts);
    const record = [pair, account, ...(address && n(pair) === 0 ? [address] : [])];
    const rows = await tx
      .insert(loginFailures)
      .values(record.map((subject) => ({ subject })))
      .returning({ id: loginFailures.id });
    return rows.map((r) => r.id);
  });
}

/** Failures and sign-ups older than the window count for nothing: dropped at most once a minute per process. */
let lastPrune = 0;
async function pruneFailures(db: Db) {
  if (Date.now() - lastPrune < 60_000) return;
  lastPrune = Date.now();
  await db.delete(loginFailures).where(sql`${loginFailures.createdAt} < ${windowStart()}`);
}

/**
 * Checks a sign-in. Counts failures in the database (so the limit holds across server
 * instances), answers the same for an unknown e-mail and a wrong password, and hashes a dummy on
 * the unknown path so both take the same time.
 */
export async function authenticate(db: Db, email: string, password: string, ip: string): Promise<SessionUser> {
  await pruneFailures(db);
  const attempt = await takeAttempt(db, email, ip);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  // A failure stays counted: it was recorded when the attempt was taken.
  if (!user?.passwordHash || !ok) throw new ApiError(401, 'unauthorized', AUTH_TEXT.invalidLogin);
  // The owner proved it: the account's counts start again, and this attempt counts against nothing.
  const { pair, account } = subjectsOf(email, ip);
  await db
    .delete(loginFailures)
    .where(or(inArray(loginFailures.subject, [pair, account]), inArray(loginFailures.id, attempt)));
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

  // A provider's display name cannot be refused with a 400 as a typed one is: it is made one line.
  const name = toSingleLine(identity.name ?? registrationName ?? '').slice(0, 120) || identity.email.split('@')[0];
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
