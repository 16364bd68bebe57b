import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/fixtures/database';

// The settings are given at every open (src/server/db/client.ts), a copy of the run's template too.
it.skipIf(process.env.TEST_DATABASE_URL)(
  "the embedded database keeps its buffers small: they live in the server's own memory",
  async () => {
    const database = await openTestDatabase();
    try {
      const result = (await database.db.execute(
        sql`select current_setting('shared_buffers') as shared, current_setting('maintenance_work_mem') as maintenance`,
      )) as unknown as { rows: { shared: string; maintenance: string }[] };
      expect(result.rows[0]).toEqual({ shared: '16MB', maintenance: '16MB' });
    } finally {
      await database.close();
    }
  },
);
