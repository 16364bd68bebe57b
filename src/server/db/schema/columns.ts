import { bigint, text } from 'drizzle-orm/pg-core';

/** Text primary key filled with a random UUID by the application, so both databases agree. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/**
 * Money in whole cents, 64-bit: a 32-bit column stops at $21,474,836.47, which one cart line of
 * a $1,000,000 product already passes. Read as a JS number: exact up to 2^53 cents, far above the
 * largest cart the contract allows (200 lines × 10,000 units × $1,000,000 = 2e14 cents).
 */
export const cents = (name: string) => bigint(name, { mode: 'number' });
