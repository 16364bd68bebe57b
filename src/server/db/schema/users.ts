import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Always stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    /** scrypt hash; null for users who only sign in through Firebase. */
    passwordHash: text('password_hash'),
    firebaseUid: text('firebase_uid'),
    role: text('role', { enum: ['buyer', 'seller', 'admin'] })
      .notNull()
      .default('buyer'),
    phone: text('phone'),
    profilePicture: text('profile_picture'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** A new address asked for in the profile: it replaces `email` once its verification link is followed. */
    pendingEmail: text('pending_email'),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_firebase_uid_key').on(t.firebaseUid).where(sql`${t.firebaseUid} is not null`),
  ],
);

/** Opaque session tokens; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Counted events for the sign-in lock and the sign-up limit (src/server/services/accounts.ts):
 * sign-in attempts per address and account, per account, per address, and sign-ups per address;
 * and the mail allowances (src/server/services/rate-limit.ts): reset and verification mails,
 * messages to sellers, newsletter sign-ups.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    /** "pair:<ip>/<email>", "email:<email>", "ip:<ip>" or "register:<ip>". */
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_subject_idx').on(t.subject, t.createdAt)],
);

/** The address book: kept on the server so it follows the shopper to a new device. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    recipient: text('recipient'),
    phone: text('phone'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    town: text('town').notNull(),
    parish: text('parish').notNull(),
    postalZone: text('postal_zone'),
    country: text('country').notNull().default('Jamaica'),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);
