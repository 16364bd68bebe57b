/**
 * One store per account is the database's rule (docs/decisions/027): a second store for an owner
 * is refused by the unique index, and migration 0015 brings a database that already has an owner
 * of several stores under it (the oldest is kept, the others are detached and logged) instead of
 * failing. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, users } from '../../../src/server/db/schema';
import { openTestDatabase } from '../../fixtures/database';
import { databaseAt } from '../../fixtures/database-at';

describe('a second store for one owner', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('is refused by the database (unique index stores_owner_unique); stores without an owner are not limited', async () => {
    const { db } = database;
    const [owner] = await db.insert(users).values({ name: 'Twin Stores', email: 'twin@yaad.test' }).returning();
    const store = (id: string, ownerId: string | null) => ({
      id,
      ownerId,
      name: id,
      location: 'Kingston',
      parish: 'Kingston',
      joinDate: '2026-11-27',
    });
    await db.insert(stores).values(store('first-of-two', owner.id));
    const second = await db
      .insert(stores)
      .values(store('second-of-two', owner.id))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const cause = (second as { cause?: unknown })?.cause ?? second;
    expect(cause).toMatchObject({ code: '23505' });
    expect(
      String((cause as { constraint?: string; message?: string }).constraint ?? (cause as Error).message),
    ).toContain('stores_owner_unique');
    await db.insert(stores).values([store('no-owner-a', null), store('no-owner-b', null)]);
    const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.ownerId, owner.id));
    expect(rows).toEqual([{ id: 'first-of-two' }]);
  });
});

describe('migration 0015 on a database where one account owns several stores', () => {
  let at: Awaited<ReturnType<typeof databaseAt>>;
  beforeAll(async () => {
    at = await databaseAt('0014_mail_reply_to_name');
  });
  afterAll(() => at?.close());

  it('keeps the oldest store with its owner, detaches the others, logs each detachment, then refuses a second store', async () => {
    await at.exec(`insert into users (id, name, email) values
      ('u-many', 'Many Stores', 'many@yaad.test'), ('u-one', 'One Store', 'one@yaad.test')`);
    await at.exec(`insert into stores (id, owner_id, name, location, parish, join_date, status, created_at) values
      ('newest', 'u-many', 'Newest', 'Kingston', 'Kingston', '2026-01-01', 'pending', '2026-03-01'),
      ('oldest', 'u-many', 'Oldest', 'Kingston', 'Kingston', '2026-01-01', 'active', '2026-01-01'),
      ('middle', 'u-many', 'Middle', 'Kingston', 'Kingston', '2026-01-01', 'suspended', '2026-02-01'),
      ('single', 'u-one', 'Single', 'Kingston', 'Kingston', '2026-01-01', 'active', '2026-01-01'),
      ('sample-a', null, 'Sample A', 'Kingston', 'Kingston', '2026-01-01', 'active', '2026-01-01'),
      ('sample-b', null, 'Sample B', 'Kingston', 'Kingston', '2026-01-01', 'active', '2026-01-01')`);

    await at.migrateRest();

    expect(await at.exec('select id, owner_id from stores order by id')).toEqual([
      { id: 'middle', owner_id: null },
      { id: 'newest', owner_id: null },
      { id: 'oldest', owner_id: 'u-many' },
      { id: 'sample-a', owner_id: null },
      { id: 'sample-b', owner_id: null },
      { id: 'single', owner_id: 'u-one' },
    ]);
    expect(
      await at.exec(
        'select operator_id, operator_email, action, target_type, target_id, from_status, to_status, reason from operator_actions order by target_id',
      ),
    ).toEqual(
      [
        ['middle', 'suspended'],
        ['newest', 'pending'],
      ].map(([id, status]) => ({
        operator_id: null,
        operator_email: 'migration 0015',
        action: 'detach_owner',
        target_type: 'store',
        target_id: id,
        from_status: status,
        to_status: status,
        reason:
          'One store per account: its owner many@yaad.test keeps the older store oldest; this one has no owner now.',
      })),
    );
    const again = await at
      .exec(`insert into stores (id, owner_id, name, location, parish, join_date) values
        ('another', 'u-one', 'Another', 'Kingston', 'Kingston', '2026-01-01')`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(again).toMatchObject({ code: '23505' });
  });
});
