import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../tests/fixtures/database';
import { gatedSuiteRuns } from '../../../tests/fixtures/gated';
import { type Database, openDatabase } from './client';
import { MAX_PREPARED, PREPARE_AFTER, StatementNames } from './prepared-statements';

describe('StatementNames', () => {
  it(`names a text from its ${PREPARE_AFTER}th sending on, always with the same name`, () => {
    const names = new StatementNames();
    const statementName = (text: string) => names.nameOf(text);
    const text = `select 1 as "${randomUUID()}"`;
    for (let i = 1; i < PREPARE_AFTER; i++) expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^ym_[0-9a-f]{32}$/);
    expect(statementName(text)).toBe(name);
    const other = `select 2 as "${randomUUID()}"`;
    for (let i = 1; i < PREPARE_AFTER; i++) statementName(other);
    expect(statementName(other)).not.toBe(name);
  });

  it(`prepares at most ${MAX_PREPARED} texts, and keeps the ones it has`, () => {
    const names = new StatementNames();
    const statementName = (text: string) => names.nameOf(text);
    const first = `select 3 as "${randomUUID()}"`;
    for (let i = 0; i < PREPARE_AFTER; i++) statementName(first);
    const kept = statementName(first);
    for (let n = 0; n < MAX_PREPARED + 10; n++) {
      const text = `select ${n} as "${randomUUID()}"`;
      for (let i = 0; i < PREPARE_AFTER; i++) statementName(text);
    }
    const late = `select 4 as "${randomUUID()}"`;
    for (let i = 0; i < PREPARE_AFTER * 2; i++) expect(statementName(late)).toBeUndefined();
    expect(statementName(first)).toBe(kept);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(gatedSuiteRuns('postgres', Boolean(pgUrl), 'TEST_DATABASE_URL'))('on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  beforeAll(async () => {
    fresh = await createPostgresDatabase(pgUrl as string);
    database = await openDatabase({ url: fresh.url });
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  it('a statement sent again and again is prepared on its connection, and answers as before', async () => {
    const marker = `prepared_${randomUUID().replaceAll('-', '')}`;
    const statement = sql`select ${sql.raw(`'${marker}'`)} as marker, ${7}::int + 1 as eight`;
    const answers = await database.db.transaction(async (tx) => {
      const rows = [];
      const first = async (query: SQL) => ((await tx.execute(query)) as unknown as { rows: unknown[] }).rows[0];
      for (let i = 0; i < PREPARE_AFTER + 2; i++) rows.push(await first(statement));
      const prepared = await first(
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${marker}%`}`,
      );
      return { rows, prepared: prepared as { n: number } };
    });
    expect(answers.rows).toEqual(Array.from({ length: PREPARE_AFTER + 2 }, () => ({ marker, eight: 8 })));
    expect(answers.prepared.n).toBe(1);
  });
});
