import { text } from 'drizzle-orm/pg-core';

/** Text primary key filled with a random UUID by the application, so both databases agree. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
